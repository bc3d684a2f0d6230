/**
 * Business time (docs/design.md §6): the calendar and wall clock of the report time zone, `REPORT_TIMEZONE`
 * (an IANA name, Asia/Bangkok unless configured). One copy for the server, the web (which learns the
 * zone from the self answer) and the e2e suite. Offsets come from Intl, so zones with daylight saving
 * work; nothing here assumes a fixed offset.
 */

/** The report time zone when none is configured (the server's `REPORT_TIMEZONE` default). */
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant (a Date or ms since 1970) in a time zone. */
export const dateInZone = (instant: Date | number, timeZone: string): string => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(instant);
};

/** The first day (YYYY-MM-01) of the month a date-or-instant string falls in, in the time zone. */
export const monthOf = (value: string, timeZone: string): string => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dateInZone(new Date(value), timeZone);
  return `${day.slice(0, 7)}-01`;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The instants a Date can hold: ±8.64e15 ms around 1970. */
const MAX_INSTANT = 8.64e15;
/** Hours of offsets one zone keeps (about eleven years' worth) before starting over. */
const MAX_CACHED_HOURS = 100_000;
/** `00` … `59`. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** What formatting instants in one zone has learnt so far. */
interface ZoneClock {
  /** Names the zone's offset at an instant: `GMT+07:00`, `GMT-03:30`, `GMT+06:42:04` (LMT), `GMT`. */
  offsetName: Intl.DateTimeFormat;
  /** The offset (ms) of each UTC hour (its number since 1970) seen; NaN: the offset changes within it. */
  offsets: Map<number, number>;
  lastHour: number;
  lastOffset: number;
  /** The local day (its number since 1970) last written, and its `yyyy-MM-dd `. */
  lastDay: number;
  lastDate: string;
}
const clocks = new Map<string, ZoneClock>();

const clockOf = (timeZone: string): ZoneClock => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = {
      offsetName: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
      offsets: new Map(),
      lastHour: Number.NaN,
      lastOffset: 0,
      lastDay: Number.NaN,
      lastDate: '',
    };
    clocks.set(timeZone, clock);
  }
  return clock;
};

/** The zone's offset from UTC in ms at an instant, as Intl knows it. */
const offsetAt = (clock: ZoneClock, instant: number): number => {
  const at = Math.min(MAX_INSTANT, Math.max(-MAX_INSTANT, instant));
  const name = clock.offsetName.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/.exec(name);
  if (!m) return 0; // "GMT": UTC itself.
  const ms = (Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -ms : ms;
};

/**
 * The offset at an instant, looked up once per UTC hour: an hour whose first and last millisecond share
 * an offset keeps it (no zone changes its offset and back within one hour); an hour holding a change
 * (a daylight-saving switch, also one at a half hour) asks Intl for each instant in it.
 */
const offsetOf = (clock: ZoneClock, instant: number): number => {
  const hour = Math.floor(instant / HOUR_MS);
  if (hour === clock.lastHour) return clock.lastOffset;
  let offset = clock.offsets.get(hour);
  if (offset === undefined) {
    const start = offsetAt(clock, hour * HOUR_MS);
    offset = start === offsetAt(clock, hour * HOUR_MS + HOUR_MS - 1) ? start : Number.NaN;
    if (clock.offsets.size >= MAX_CACHED_HOURS) clock.offsets.clear();
    clock.offsets.set(hour, offset);
  }
  if (Number.isNaN(offset)) return offsetAt(clock, instant);
  clock.lastHour = hour;
  clock.lastOffset = offset;
  return offset;
};

/** `yyyy-MM-dd ` of a day counted from 1970-01-01 (proleptic Gregorian; H. Hinnant's civil_from_days). */
const dateOfDay = (day: number): string => {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const year = y < 0 ? `-${String(-y).padStart(4, '0')}` : String(y).padStart(4, '0');
  return `${year}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]} `;
};

/**
 * An instant (ms since 1970, or a Date) as the wall clock of a time zone showed it:
 * `yyyy-MM-dd HH:mm:ss` (24-hour), with `.SSS` only when its milliseconds are not 0 — the form
 * spreadsheets read as a date-time, on the clock the console's screens show (`dd/MM/yyyy HH:mm:ss`).
 * The zone's offsets come from Intl (cached per zone and UTC hour); the digits are arithmetic, so a
 * million instants take a fraction of a second. Empty for an invalid Date (or a number no Date holds).
 */
export const dateTimeInZone = (instant: number | Date, timeZone: string): string => {
  const ms = Math.floor(typeof instant === 'number' ? instant : instant.getTime());
  if (!(Math.abs(ms) <= MAX_INSTANT)) return '';
  const clock = clockOf(timeZone);
  const local = ms + offsetOf(clock, ms);
  const day = Math.floor(local / DAY_MS);
  if (day !== clock.lastDay) {
    clock.lastDay = day;
    clock.lastDate = dateOfDay(day);
  }
  const inDay = local - day * DAY_MS;
  const seconds = Math.floor(inDay / 1000);
  const millis = inDay - seconds * 1000;
  const time = `${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
  return millis === 0 ? clock.lastDate + time : `${clock.lastDate}${time}.${String(millis).padStart(3, '0')}`;
};

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? Number.NaN);

/** The day (counted from 1970-01-01) of a date (proleptic Gregorian; H. Hinnant's days_from_civil). */
const dayOfDate = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
};

/** `YYYY-MM-DD`, optionally with `HH:mm`, `:ss` and `.SSS` after a `T` or a space. */
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * The instant (ms since 1970) a wall-clock time of a zone stands for: `YYYY-MM-DD` (the day's first
 * moment) or `YYYY-MM-DD[T ]HH:mm[:ss[.SSS]]`. Undefined for what is no time of the calendar
 * (30 February, 24:00, 10:60) rather than rolling it over into the next day or hour.
 * Around a daylight-saving change (Temporal's "compatible" choice): a time shown twice is its first
 * instant; a time the clock jumps over is read on the offset before the jump, so it lands as much
 * later (New York's 02:30 on the spring night is 03:30 EDT).
 */
export const instantOfWall = (wall: string, timeZone: string): number | undefined => {
  const m = WALL.exec(wall.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    Number(v ?? 0),
  ) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = Number((m[7] ?? '').padEnd(3, '0'));
  const local =
    dayOfDate(year, month, day) * DAY_MS + hour * HOUR_MS + minute * 60_000 + second * 1000 + millis;
  const clock = clockOf(timeZone);
  // No zone changes its offset twice within two days: the offsets a day either side are the candidates.
  const before = offsetOf(clock, local - DAY_MS);
  const after = offsetOf(clock, local + DAY_MS);
  const fits = [before, after].map((o) => local - o).filter((t) => offsetOf(clock, t) === local - t);
  const instant = fits.length > 0 ? Math.min(...fits) : local - before;
  return Math.abs(instant) <= MAX_INSTANT ? instant : undefined;
};
