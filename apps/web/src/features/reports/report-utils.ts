import { MAX_YEAR, MIN_YEAR, type Totals } from '@sapi/contract';
import dayjs from 'dayjs';
import { businessToday, daysInMonth } from '../../lib/business-time';
import { addMoney, moneyNumber } from '../../lib/money';

export const totalsFields = [
  'transactionCount',
  'turnover',
  'payout',
  'cancel',
  'void',
  'winLose',
  'deposit',
  'withdraw',
  'profit',
  'promotion',
  'promotionRefund',
  'promotionAffiliate',
] as const satisfies readonly (keyof Totals)[];

const pad = (n: number) => String(n).padStart(2, '0');

/** A whole number in [min, max] from a filter string, or undefined. */
export const intIn = (value: string, min: number, max: number): number | undefined => {
  if (!/^\d{1,4}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
};

/** `YYYY-MM` → year and month, or undefined. */
export const parseMonthKey = (value: string): { year: number; month: number } | undefined => {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const year = intIn(m[1] ?? '', MIN_YEAR, MAX_YEAR);
  const month = intIn(m[2] ?? '', 1, 12);
  return year !== undefined && month !== undefined ? { year, month } : undefined;
};

export const monthKey = (year: number, month: number): string => `${year}-${pad(month)}`;
export const firstDayOf = (year: number, month: number): string => `${monthKey(year, month)}-01`;
export const lastDayOf = (year: number, month: number): string =>
  `${monthKey(year, month)}-${pad(daysInMonth(year, month))}`;

/** A report row's day as `DD/MM/YYYY`. */
export const dayLabel = (row: { day: string; month: string; year: string }): string =>
  `${row.day}/${row.month}/${row.year}`;

/** A report row's month in words, e.g. `มีนาคม 2025` (dayjs follows the UI language). */
export const monthLabel = (row: { month: string; year: string }): string =>
  dayjs(`${row.year}-${row.month}-01`).format('MMMM YYYY');

/** The short month name of a month number (1-12) in the current language. */
export const monthName = (month: number): string => dayjs(`2000-${pad(month)}-01`).format('MMMM');

/** Column totals of some rows, added in satang so they stay exact to 2 decimals. */
export const sumTotals = (rows: readonly Totals[]): Totals => {
  const out = {} as Totals;
  for (const field of totalsFields) {
    if (field === 'transactionCount') out[field] = rows.reduce((acc, row) => acc + row[field], 0);
    else out[field] = addMoney(...rows.map((row) => row[field]));
  }
  return out;
};

/** Rows summed per chart period (a day or a month), in period order. */
export const trendOf = <Row extends Totals>(
  rows: readonly Row[],
  periodOf: (row: Row) => { key: string; label: string },
): { label: string; turnover: number; winLose: number }[] => {
  const byPeriod = new Map<string, { label: string; turnover: number; winLose: number }>();
  for (const row of rows) {
    const { key, label } = periodOf(row);
    const entry = byPeriod.get(key) ?? { label, turnover: 0, winLose: 0 };
    // A chart plots numbers: amounts from 10^15 satang on round here, never in a table.
    entry.turnover += Math.round(moneyNumber(row.turnover) * 100);
    entry.winLose += Math.round(moneyNumber(row.winLose) * 100);
    byPeriod.set(key, entry);
  }
  return [...byPeriod.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, e]) => ({ label: e.label, turnover: e.turnover / 100, winLose: e.winLose / 100 }));
};

/** The first field of a CSV line (unquoted). */
const firstField = (line: string): string => {
  if (line.startsWith('"')) {
    const end = line.indexOf('"', 1);
    return end > 0 ? line.slice(1, end) : line.slice(1);
  }
  const comma = line.indexOf(',');
  return comma === -1 ? line : line.slice(0, comma);
};

/** Keep the header and the data lines whose first field passes `keep` (CSV of the rows on screen). */
export const keepCsvLines = (csv: string, keep: (first: string) => boolean): string => {
  const lines = csv.split(/\r?\n/);
  const [header = '', ...rest] = lines;
  const kept = rest.filter((line) => line !== '' && keep(firstField(line)));
  return `${[header, ...kept].join('\r\n')}\r\n`;
};

/** A file-name-safe stamp of a report's parameters and body, e.g. `all_2025_03`. */
export const fileStamp = (parts: readonly unknown[]): string =>
  parts
    .filter((p): p is string | number => (typeof p === 'string' && p !== '') || typeof p === 'number')
    .map((p) => {
      const text = String(p);
      // An ISO instant is named by its business day.
      return /^\d{4}-\d{2}-\d{2}T/.test(text) ? businessToday(new Date(text)) : text;
    })
    .map((p) => p.replace(/[^A-Za-z0-9-]/g, ''))
    .join('_');

/**
 * The day a new month or year keeps: the same day where that month has it, else its last day (31 in
 * February becomes 28 or 29); every day (empty), a day that is no day, or an unfinished month or
 * year keeps it as it is.
 */
export const dayWithin = (day: string, month: string, year: string): string => {
  const d = intIn(day, 1, 31);
  const m = intIn(month, 1, 12);
  const y = intIn(year, MIN_YEAR, MAX_YEAR);
  if (d === undefined || m === undefined || y === undefined) return day;
  return String(Math.min(d, daysInMonth(y, m)));
};
