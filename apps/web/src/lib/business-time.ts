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

/** Days in a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
