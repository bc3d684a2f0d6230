import { DEFAULT_TIME_ZONE, dateInZone, dateTimeInZone, daysInMonth, instantOfWall } from '@sapi/contract';

/**
 * Business days and months are in the report time zone (docs/design.md §6, the server's `REPORT_TIMEZONE`):
 * what "today" and "this month" are for a report, and the instants a business day starts and ends.
 * The zone comes from the self answer (lib/session sets it before any signed-in screen renders);
 * the arithmetic is the contract's, shared with the server.
 */
let zone = DEFAULT_TIME_ZONE;

/** The report time zone the business clock follows (IANA name). */
export const businessTimeZone = (): string => zone;

/** The server said which zone its reports use: every business day from now on is on its clock. */
export const setBusinessTimeZone = (timeZone: string): void => {
  zone = timeZone;
};

export { daysInMonth };

/** Today's business day as `YYYY-MM-DD`. */
export const businessToday = (now: Date = new Date()): string => dateInZone(now, zone);

/** This business month as numbers. */
export const businessMonth = (now: Date = new Date()): { year: number; month: number } => {
  const today = businessToday(now);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
};

/** A wall-clock time of the report zone (`YYYY-MM-DD HH:mm[:ss]` or with `T`) as an ISO instant, or undefined. */
export const businessWallToIso = (wall: string): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?$/.test(wall.trim())) return undefined;
  const instant = instantOfWall(wall, zone);
  return instant === undefined ? undefined : new Date(instant).toISOString();
};

/** The instant (ISO, UTC) a business day `YYYY-MM-DD` starts at. */
export const businessDayStartIso = (day: string): string =>
  new Date(instantOfWall(day, zone) ?? Number.NaN).toISOString();

/** The last millisecond (ISO, UTC) of a business day `YYYY-MM-DD`. */
export const businessDayEndIso = (day: string): string =>
  new Date(instantOfWall(`${day}T23:59:59.999`, zone) ?? Number.NaN).toISOString();

/** `yyyy-MM-dd HH:mm:ss` as {@link dateTimeInZone} writes it, in parts. */
const ZONED = /^(-?\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/;

/**
 * An instant as the business clock showed it, `dd/MM/yyyy HH:mm:ss` (docs/spec.md §9), whatever zone the
 * browser is in: the filters are the report zone's wall time, so the rows they find read in it too.
 * Undefined when the value is not a date.
 */
export const businessDateTime = (value: string | Date): string | undefined => {
  const date = typeof value === 'string' ? new Date(value) : value;
  const m = ZONED.exec(dateTimeInZone(date, zone));
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}:${m[6]}` : undefined;
};

/**
 * A date-time filter value: a wall-clock minute of the report zone, `YYYY-MM-DDTHH:mm`, as the
 * date-time pickers keep it in the URL (also read: seconds, a space for the `T`, or a bare day).
 */
const FILTER_WALL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?)?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A filter value in its one URL form `YYYY-MM-DDTHH:mm` (a bare day: its first or last minute), or ''.
 * An ISO instant (older links sent those) reads as its minute in the report zone.
 */
export const normalizeFilterWall = (value: string, edge: 'start' | 'end'): string => {
  const trimmed = value.trim();
  if (INSTANT.test(trimmed)) {
    const m = ZONED.exec(dateTimeInZone(new Date(trimmed), zone));
    return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : '';
  }
  const m = FILTER_WALL.exec(trimmed);
  if (!m) return '';
  const time = m[2] === undefined ? (edge === 'start' ? '00:00' : '23:59') : `${m[2]}:${m[3]}`;
  const wall = `${m[1]}T${time}`;
  // A time of the calendar only: 30 February, 24:00 and 10:60 are no filter.
  return instantOfWall(wall, zone) === undefined ? '' : wall;
};

/**
 * The instant a date-time filter stands for, as the API takes it (ISO, UTC): the start of its minute,
 * or for the end of a range the last millisecond of it, so "to 10:30" includes every bet of 10:30.
 * '' when the value is not a date-time (no filter).
 */
export const filterEdgeIso = (value: string, edge: 'start' | 'end'): string => {
  const wall = normalizeFilterWall(value, edge);
  const start = wall === '' ? undefined : instantOfWall(wall, zone);
  if (start === undefined) return '';
  return new Date(edge === 'start' ? start : start + 59_999).toISOString();
};

/** The filter range of whole business days, `from` to `to` (`YYYY-MM-DD`): what a drill-down sends. */
export const businessDaysFilter = (
  from: string,
  to: string = from,
): { startDate: string; endDate: string } => ({
  startDate: `${from}T00:00`,
  endDate: `${to}T23:59`,
});

/** The filter range of a whole business month (`month` 1-12). */
export const businessMonthFilter = (year: number, month: number): { startDate: string; endDate: string } => {
  const mm = String(month).padStart(2, '0');
  return businessDaysFilter(
    `${year}-${mm}-01`,
    `${year}-${mm}-${String(daysInMonth(year, month)).padStart(2, '0')}`,
  );
};
