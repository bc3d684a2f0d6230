import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { businessToday, daysInMonth, normalizeFilterWall } from './business-time';
import { asciiDigits } from './digits';

/**
 * Typed date-times of the filters. Thai users write `dd/MM/yyyy HH:mm` (24 hours, as the tables show
 * times); English follows docs/spec.md §9, `MM/dd/yyyy hh:mm aa`. Either reads a day alone (its first or
 * last minute, by the field's edge), Thai digits, and `-` or `.` between the parts; a 24-hour time is also
 * read in English. The value kept is the report zone's wall minute `YYYY-MM-DDTHH:mm`.
 */
export type DateTextLanguage = 'th' | 'en';

const languageOf = (language: string): DateTextLanguage => (language.startsWith('en') ? 'en' : 'th');

const two = (n: number) => String(n).padStart(2, '0');

/** A wall minute `YYYY-MM-DDTHH:mm` written as the user types it in this language. */
export const formatWallText = (wall: string, language: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return wall;
  const [, y, mo, d, h, mi] = m as unknown as [string, string, string, string, string, string];
  if (languageOf(language) === 'th') return `${d}/${mo}/${y} ${h}:${mi}`;
  const hour = Number(h);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${mo}/${d}/${y} ${two(h12)}:${mi} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** What the field shows as a hint of what to type. */
export const wallTextPattern = (language: string): string =>
  languageOf(language) === 'th' ? 'วว/ดด/ปปปป ชช:นน' : 'MM/DD/YYYY hh:mm AM';

const TYPED =
  /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[\sT,]+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?)?$/i;

export type ParsedWall =
  | { ok: true; wall: string }
  | { ok: false; reason: 'format' | 'calendar' | 'years' | 'time' };

type ReadDay =
  | { ok: true; year: number; month: number; day: number }
  | { ok: false; reason: 'format' | 'calendar' | 'years' };

/** The three typed parts of a day in the language's order (or year first, as ISO), checked on the calendar. */
const readDay = (a: string, b: string, c: string, language: string): ReadDay => {
  let year: number;
  let month: number;
  let day: number;
  if (a.length === 4) {
    // Year first (ISO, as a link or a paste has it).
    [year, month, day] = [Number(a), Number(b), Number(c)];
  } else if (c.length !== 4) {
    return { ok: false, reason: 'format' };
  } else if (languageOf(language) === 'th') {
    [day, month, year] = [Number(a), Number(b), Number(c)];
  } else {
    [month, day, year] = [Number(a), Number(b), Number(c)];
  }
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, reason: 'years' };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, reason: 'calendar' };
  }
  return { ok: true, year, month, day };
};

/**
 * What a typed date-time stands for: a wall minute, or why it is none. Empty text is no filter and
 * never reaches here.
 */
export const parseWallText = (text: string, language: string, edge: 'start' | 'end'): ParsedWall => {
  const m = TYPED.exec(asciiDigits(text).trim().replace(/\s+/g, ' '));
  if (!m) return { ok: false, reason: 'format' };
  const [, a, b, c, hh, mm, ampm] = m as unknown as [
    string,
    string,
    string,
    string,
    string?,
    string?,
    string?,
  ];
  const read = readDay(a, b, c, language);
  if (!read.ok) return read;
  const { year, month, day } = read;
  let time = edge === 'start' ? '00:00' : '23:59';
  if (hh !== undefined) {
    let hour = Number(hh);
    const minute = Number(mm ?? '0');
    if (ampm) {
      if (hour < 1 || hour > 12) return { ok: false, reason: 'time' };
      const pm = ampm.toLowerCase().startsWith('p');
      hour = (hour % 12) + (pm ? 12 : 0);
    }
    if (hour > 23 || minute > 59) return { ok: false, reason: 'time' };
    time = `${two(hour)}:${two(minute)}`;
  }
  const wall = normalizeFilterWall(`${year}-${two(month)}-${two(day)}T${time}`, edge);
  // A minute the zone's clock skips (a daylight-saving gap) is no time there.
  return wall === '' ? { ok: false, reason: 'time' } : { ok: true, wall };
};

/** A business day `YYYY-MM-DD` written as the user types it in this language (Thai `dd/MM/yyyy`, English `MM/dd/yyyy`). */
export const formatDayText = (day: string, language: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  return languageOf(language) === 'th' ? `${d}/${mo}/${y}` : `${mo}/${d}/${y}`;
};

/** What a day field shows as a hint of what to type. */
export const dayTextPattern = (language: string): string =>
  languageOf(language) === 'th' ? 'วว/ดด/ปปปป' : 'MM/DD/YYYY';

export type ParsedDay = { ok: true; day: string } | { ok: false; reason: 'format' | 'calendar' | 'years' };

/** What a typed day stands for (`YYYY-MM-DD`), or why it is none: a day alone, no time. */
export const parseDayText = (text: string, language: string): ParsedDay => {
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(asciiDigits(text).trim());
  if (!m) return { ok: false, reason: 'format' };
  const read = readDay(m[1] as string, m[2] as string, m[3] as string, language);
  if (!read.ok) return read;
  return { ok: true, day: `${read.year}-${two(read.month)}-${two(read.day)}` };
};

/** A quick range of the range filters: whole business days, on the report zone's calendar. */
export type QuickRange = 'today' | 'yesterday' | 'thisWeek' | 'thisMonth' | 'lastMonth';
export const QUICK_RANGES: readonly QuickRange[] = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'lastMonth',
];

const shiftDay = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The first and last business day of a quick range (`YYYY-MM-DD`); weeks start on Monday. */
export const quickRangeDays = (range: QuickRange, now: Date = new Date()): [string, string] => {
  const today = businessToday(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const monthDays = (y: number, m: number): [string, string] => [
    `${y}-${two(m)}-01`,
    `${y}-${two(m)}-${two(daysInMonth(y, m))}`,
  ];
  switch (range) {
    case 'today':
      return [today, today];
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return [yesterday, yesterday];
    }
    case 'thisWeek': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = shiftDay(today, -weekday);
      return [monday, shiftDay(monday, 6)];
    }
    case 'thisMonth':
      return monthDays(year, month);
    case 'lastMonth':
      return month === 1 ? monthDays(year - 1, 12) : monthDays(year, month - 1);
  }
};

/**
 * Why a draft range cannot be sent, by its field: a text that is no date-time, or an end before the
 * start. Values are wall minutes, or the text as typed when it is none.
 */
export const rangeProblems = (
  from: string,
  to: string,
): { from?: 'format' | undefined; to?: 'format' | 'order' | undefined } => {
  const start = from.trim() === '' ? '' : normalizeFilterWall(from, 'start');
  const end = to.trim() === '' ? '' : normalizeFilterWall(to, 'end');
  const out: { from?: 'format'; to?: 'format' | 'order' } = {};
  if (from.trim() !== '' && start === '') out.from = 'format';
  if (to.trim() !== '' && end === '') out.to = 'format';
  else if (start !== '' && end !== '' && end < start) out.to = 'order';
  return out;
};
