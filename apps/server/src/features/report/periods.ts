import { invalidField } from '../../core/errors.ts';
import { dateInZone } from '../../lib/time.ts';

const pad = (n: number) => String(n).padStart(2, '0');
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Every business day (YYYY-MM-DD) from one day to another, inclusive. */
export const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
};

export const monthsBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${pad(m)}`;
    out.push(key);
    if (key >= end) return out;
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
};

/** The day range of `agent/daily`-style bodies: the whole month, or one day of it. */
export const dayRange = (q: { day?: number | undefined; month: number; year: number }) => {
  const last = daysInMonth(q.year, q.month);
  if (q.day !== undefined && q.day > last) {
    throw invalidField('day', `must be 1..${last} for that month`, 'day_in_month', { maximum: last });
  }
  const month = `${q.year}-${pad(q.month)}`;
  return q.day !== undefined
    ? { from: `${month}-${pad(q.day)}`, to: `${month}-${pad(q.day)}` }
    : { from: `${month}-01`, to: `${month}-${pad(last)}` };
};

/** The day range of `agent/monthly`-style bodies: the whole year, or one month of it. */
export const monthRange = (q: { month?: number | undefined; year: number }) =>
  q.month !== undefined
    ? {
        from: `${q.year}-${pad(q.month)}-01`,
        to: `${q.year}-${pad(q.month)}-${pad(daysInMonth(q.year, q.month))}`,
      }
    : { from: `${q.year}-01-01`, to: `${q.year}-12-31` };

/**
 * A from/to pair of pickers as business days in the report time zone, at most `maxDays` days long.
 * The length is computed, never counted: a range is refused before any work proportional to it.
 */
export const pickerRange = (from: string, to: string, timeZone: string, maxDays: number) => {
  const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : dateInZone(new Date(v), timeZone));
  const range = { from: day(from), to: day(to) };
  if (range.to < range.from) {
    throw invalidField('to', 'must not be before from', 'end_before_start');
  }
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days > maxDays) {
    throw invalidField('to', `the range may span at most ${maxDays} days`, 'range_too_long', {
      maximum: maxDays,
    });
  }
  return range;
};

export const dayKeys = (date: string) => ({
  date,
  day: date.slice(8, 10),
  month: date.slice(5, 7),
  year: date.slice(0, 4),
});
export const monthKeys = (month: string) => ({ month: month.slice(5, 7), year: month.slice(0, 4) });
