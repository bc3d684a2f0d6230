import type { Language } from '@sapi/contract';

/** A column's header in each language of the console. */
export type CsvHeader = Record<Language, string>;

/** What a text cell may hold. */
export type CsvText = string | boolean | null | undefined;
/**
 * What a number cell may hold: a number, or a decimal string (a report's sums beyond a double's exact
 * range travel as text, contract `reportMoneySchema`).
 */
export type CsvNumber = number | bigint | string | null | undefined;

/**
 * One column of a CSV export: its header, and how a record fills it. The column says whether its cells
 * are numbers (written plain, so a spreadsheet can sum them) or text (defused against formulas): a
 * cell's kind is never guessed from how its value looks, since a text like the username "-5" is still text.
 */
export type CsvColumn<Row> =
  | { kind: 'text'; header: CsvHeader; value: (row: Row) => CsvText }
  | { kind: 'number'; header: CsvHeader; value: (row: Row) => CsvNumber; decimals?: number };

/** A text column. */
export const textColumn = <Row>(header: CsvHeader, value: (row: Row) => CsvText): CsvColumn<Row> => ({
  kind: 'text',
  header,
  value,
});

/** A number column (counts); with `decimals`, numbers are written with exactly that many. */
export const numberColumn = <Row>(
  header: CsvHeader,
  value: (row: Row) => CsvNumber,
  decimals?: number,
): CsvColumn<Row> => ({ kind: 'number', header, value, ...(decimals === undefined ? {} : { decimals }) });

/** Money in major units (baht), or a percentage: a number with two decimals. */
export const decimalColumn = <Row>(header: CsvHeader, value: (row: Row) => CsvNumber): CsvColumn<Row> =>
  numberColumn(header, value, 2);

/**
 * Text a spreadsheet would run as a formula: it starts with = + - @ (after any white space, control or
 * format characters, which Excel and LibreOffice skip), or with a tab or carriage return.
 */
const FORMULA = /^(?:[\t\r]|[\p{White_Space}\p{Cc}\p{Cf}]*[=+\-@])/u;
/** A surrogate without its pair: UTF-8 cannot encode it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A number a spreadsheet reads as one, written as it is. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * A text cell as CSV: characters a file cannot carry become U+FFFD (NUL, which C-string readers take
 * for the end of the text; lone surrogates, which UTF-8 cannot encode), text a spreadsheet would run
 * as a formula is defused with a leading `'`, and a cell holding a quote, comma or line break is quoted.
 */
export const csvCell = (value: CsvText): string => {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  const text = raw.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  return quoted(FORMULA.test(raw) ? `'${text}` : text);
};

/**
 * A number cell as CSV: plain digits with a leading minus, so a spreadsheet reads (and sums) it as a
 * number; with `decimals`, exactly that many. A value that is no number (a bug upstream) is written as
 * defused text rather than trusted.
 */
export const csvNumberCell = (value: CsvNumber, decimals?: number): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return decimals === undefined ? String(value) : value.toFixed(decimals);
  }
  return DECIMAL.test(value) ? value : csvCell(value);
};

const cellOf = <Row>(column: CsvColumn<Row>, row: Row): string =>
  column.kind === 'number' ? csvNumberCell(column.value(row), column.decimals) : csvCell(column.value(row));

const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

/** The header line of a file with these columns, in the reader's language. */
export const csvHeader = <Row>(columns: CsvColumn<Row>[], language: Language): string =>
  csvLine(columns.map((c) => csvCell(c.header[language])));

/** The lines of these records. */
export const csvRows = <Row>(columns: CsvColumn<Row>[], rows: Row[]): string =>
  rows.map((row) => csvLine(columns.map((c) => cellOf(c, row)))).join('');
