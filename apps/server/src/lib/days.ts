/*
 * Business days as 'YYYY-MM-DD' text and months as their first day: arithmetic on the calendar only
 * (no zone: a business day is already a day of REPORT_TIMEZONE).
 */

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The first day of the month holding `day`. */
export const monthStartOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after the one starting on (or holding) `month`. */
export const nextMonth = (month: string): string => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
};

/** The first day of the month before the one starting on (or holding) `month`. */
export const previousMonth = (month: string): string => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${pad(m - 1)}-01`;
};

/** The first day of a month given as numbers. */
export const monthOfNumbers = (year: number, month: number): string => `${year}-${pad(month)}-01`;

/** `{year, month}` of a month's first day, as the API's strings ("2026", "11"). */
export const yearMonthText = (month: string) => ({
  year: String(Number(month.slice(0, 4))),
  month: String(Number(month.slice(5, 7))),
});

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysFrom = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
