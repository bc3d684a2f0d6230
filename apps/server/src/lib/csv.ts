import type { Language } from '@sapi/contract';
import { dateTimeInZone } from './time.ts';

/** A column's header in each language of the console. */
export type CsvHeader = Record<Language, string>;

/** What a text cell may hold. */
export type CsvText = string | null | undefined;
/**
 * What a number cell may hold: a number, or a decimal string (a report's sums beyond a double's exact
 * range travel as text, contract `reportMoneySchema`).
 */
export type CsvNumber = number | bigint | string | null | undefined;
/** What a time cell may hold: an instant, as a Date or as ISO-8601 text with its zone (`…Z`, `…+07:00`). */
export type CsvTime = Date | string | null | undefined;

/**
 * One column of a CSV export: its header, and how a record fills it. The column says whether its cells
 * are numbers (written plain, so a spreadsheet can sum them), instants (written on the business clock)
 * or text (defused against formulas): a cell's kind is never guessed from how its value looks, since a
 * text like the username "-5" is still text.
 */
export type CsvColumn<Row> =
  | { kind: 'text'; header: CsvHeader; value: (row: Row) => CsvText }
  | { kind: 'number'; header: CsvHeader; value: (row: Row) => CsvNumber; decimals?: number }
  | { kind: 'time'; header: CsvHeader; value: (row: Row) => CsvTime }
  | { kind: 'flag'; header: CsvHeader; value: (row: Row) => boolean | null | undefined };

/** A text column. */
export const textColumn = <Row>(header: CsvHeader, value: (row: Row) => CsvText): CsvColumn<Row> => ({
  kind: 'text',
  header,
  value,
});

/**
 * A yes/no column (locked, disabled…): written in the reader's language, as its header is — ใช่ or
 * ไม่ใช่ in Thai, true or false in English (what API clients read).
 */
export const flagColumn = <Row>(
  header: CsvHeader,
  value: (row: Row) => boolean | null | undefined,
): CsvColumn<Row> => ({ kind: 'flag', header, value });

/** The words of a yes/no cell in each language. */
export const FLAG_WORDS: Record<Language, { yes: string; no: string }> = {
  th: { yes: 'ใช่', no: 'ไม่ใช่' },
  en: { yes: 'true', no: 'false' },
};

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
 * An instant (created at, bet start, …): written as the wall clock of the export's time zone
 * (REPORT_TIMEZONE) showed it, `yyyy-MM-dd HH:mm:ss[.SSS]` — see {@link csvTimeCell}. A day-only key
 * (a report's `2026-11-24`) is no instant: it stays a {@link textColumn}.
 */
export const timeColumn = <Row>(header: CsvHeader, value: (row: Row) => CsvTime): CsvColumn<Row> => ({
  kind: 'time',
  header,
  value,
});

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

/** ISO-8601 text that names its zone (`Z` or an offset): an instant, not a wall time of some unknown zone. */
const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A time cell as CSV: the instant on the wall clock of `timeZone`, `yyyy-MM-dd HH:mm:ss` (24-hour), with
 * `.SSS` only when its milliseconds are not 0 — so nothing the API holds is lost, and the cell still
 * starts with the second the screens show (`dd/MM/yyyy HH:mm:ss` there). Spreadsheets read both forms as
 * a date-time. Empty stays empty; a value that is no instant (a bug upstream) is written as defused text
 * rather than trusted.
 */
export const csvTimeCell = (value: CsvTime, timeZone: string): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string') return dateTimeInZone(value, timeZone);
  const instant = ZONED.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(instant) ? csvCell(value) : dateTimeInZone(instant, timeZone);
};

const cellOf = <Row>(column: CsvColumn<Row>, row: Row, timeZone: string, language: Language): string => {
  switch (column.kind) {
    case 'flag': {
      const value = column.value(row);
      if (value === null || value === undefined) return '';
      return value ? FLAG_WORDS[language].yes : FLAG_WORDS[language].no;
    }
    case 'number':
      return csvNumberCell(column.value(row), column.decimals);
    case 'time':
      return csvTimeCell(column.value(row), timeZone);
    default:
      return csvCell(column.value(row));
  }
};

const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

/** The header line of a file with these columns, in the reader's language. */
export const csvHeader = <Row>(columns: CsvColumn<Row>[], language: Language): string =>
  csvLine(columns.map((c) => csvCell(c.header[language])));

/**
 * The lines of these records; time cells on the wall clock of `timeZone` (REPORT_TIMEZONE), yes/no
 * cells in the reader's language (Thai unless told).
 */
export const csvRows = <Row>(
  columns: CsvColumn<Row>[],
  rows: Row[],
  timeZone: string,
  language: Language = 'th',
): string => rows.map((row) => csvLine(columns.map((c) => cellOf(c, row, timeZone, language)))).join('');
