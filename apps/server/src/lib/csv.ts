export type CsvValue = string | number | boolean | null | undefined;

/** One column of a CSV export: its header and how a record fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** The fields of a record that go into a cell as they are. */
type PlainField<Row> = { [K in keyof Row]: Row[K] extends CsvValue ? K : never }[keyof Row] & string;

/** An export's columns: a field's name stands for that field as it is, under its own name. */
export const csvColumns = <Row>(...columns: (PlainField<Row> | CsvColumn<Row>)[]): CsvColumn<Row>[] =>
  columns.map((c) => (typeof c === 'string' ? { header: c, value: (r: Row) => r[c] as CsvValue } : c));

/** A cell as CSV text; strings that a spreadsheet would run as a formula are defused with a quote. */
export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const csvLine = (cells: CsvValue[]) => `${cells.map((v) => csvCell(v)).join(',')}\r\n`;

/** The header line of a file with these columns. */
export const csvHeader = <Row>(columns: CsvColumn<Row>[]): string => csvLine(columns.map((c) => c.header));

/** The lines of these records. */
export const csvRows = <Row>(columns: CsvColumn<Row>[], rows: Row[]): string =>
  rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
