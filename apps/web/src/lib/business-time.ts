/**
 * Business days and months are in the report time zone (DESIGN §6, `REPORT_TIMEZONE`, Asia/Bangkok):
 * what "today" and "this month" are for a report, and the instants a business day starts and ends.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';
/** Bangkok keeps UTC+7 all year (no daylight saving). */
const OFFSET = '+07:00';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's business day as `YYYY-MM-DD`. */
export const businessToday = (now: Date = new Date()): string => dayFormat.format(now);

/** This business month as numbers. */
export const businessMonth = (now: Date = new Date()): { year: number; month: number } => {
  const today = businessToday(now);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
};

/** The instant (ISO, UTC) a business day `YYYY-MM-DD` starts at. */
export const businessDayStartIso = (day: string): string =>
  new Date(`${day}T00:00:00.000${OFFSET}`).toISOString();

/** The last millisecond (ISO, UTC) of a business day `YYYY-MM-DD`. */
export const businessDayEndIso = (day: string): string =>
  new Date(`${day}T23:59:59.999${OFFSET}`).toISOString();

/** A wall-clock time of the report zone (`YYYY-MM-DD HH:mm[:ss]` or with `T`) as an ISO instant, or undefined. */
export const businessWallToIso = (wall: string): string | undefined => {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall.trim());
  if (!m) return undefined;
  const date = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${OFFSET}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

const secondFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the business clock (Thailand) showed it, `dd/MM/yyyy HH:mm:ss` (spec §9), whatever
 * zone the browser is in: the filters are Thai wall time, so the rows they find read in it too.
 * Undefined when the value is not a date.
 */
export const businessDateTime = (value: string | Date): string | undefined => {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = secondFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
};

/** Days in a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A date-time filter value: a wall-clock minute of the report zone, `YYYY-MM-DDTHH:mm`, as the
 * date-time pickers keep it in the URL (also read: seconds, a space for the `T`, or a bare day).
 */
const FILTER_WALL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?)?$/;

const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The report zone's wall-clock minute of an instant, `YYYY-MM-DDTHH:mm`. */
const wallOf = (date: Date): string => {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    wallFormat.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
};

/**
 * A filter value in its one URL form `YYYY-MM-DDTHH:mm` (a bare day: its first or last minute), or ''.
 * An ISO instant (older links sent those) reads as its minute in the report zone.
 */
export const normalizeFilterWall = (value: string, edge: 'start' | 'end'): string => {
  const trimmed = value.trim();
  if (INSTANT.test(trimmed)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? '' : wallOf(date);
  }
  const m = FILTER_WALL.exec(trimmed);
  if (!m) return '';
  const time = m[2] === undefined ? (edge === 'start' ? '00:00' : '23:59') : `${m[2]}:${m[3]}`;
  const wall = `${m[1]}T${time}`;
  const iso = businessWallToIso(wall);
  // The same day back: Date rolls 30 February over into March, and 24:00 into the next day.
  return iso !== undefined && businessToday(new Date(iso)) === m[1] ? wall : '';
};

/**
 * The instant a date-time filter stands for, as the API takes it (ISO, UTC): the start of its minute,
 * or for the end of a range the last millisecond of it, so "to 10:30" includes every bet of 10:30.
 * '' when the value is not a date-time (no filter).
 */
export const filterEdgeIso = (value: string, edge: 'start' | 'end'): string => {
  const wall = normalizeFilterWall(value, edge);
  const start = wall === '' ? undefined : businessWallToIso(wall);
  if (start === undefined) return '';
  return edge === 'start' ? start : new Date(Date.parse(start) + 59_999).toISOString();
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
