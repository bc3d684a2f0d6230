import { expect, type Locator, type Page } from '@playwright/test';
import { DEFAULT_TIME_ZONE, dateInZone, dateTimeInZone, instantOfWall } from '@sapi/contract';

/**
 * Calendar helpers for specs, on the business clock of the contract (the same helpers as the server
 * and the web): the server runs with the default `REPORT_TIMEZONE`, Asia/Bangkok (start-server.mjs
 * pins it), whatever zone the test process is in.
 */
export const BUSINESS_TIME_ZONE = DEFAULT_TIME_ZONE;
const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];

export interface BangkokDay {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export const bangkokDay = (ms: number): BangkokDay => {
  const [year, month, day] = dateInZone(ms, BUSINESS_TIME_ZONE).split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
};

/** Today's business day as `YYYY-MM-DD`. */
export const bangkokToday = (): string => dateInZone(Date.now(), BUSINESS_TIME_ZONE);

/** A business wall time (`YYYY-MM-DD`, `HH:mm[:ss[.SSS]]`) as an ISO instant. */
export const bangkokIso = (day: string, time: string): string => {
  const instant = instantOfWall(`${day}T${time}`, BUSINESS_TIME_ZONE);
  if (instant === undefined) throw new Error(`no business time ${day} ${time}`);
  return new Date(instant).toISOString();
};

/** The instant a Bangkok day starts at. */
export const bangkokDayStart = (day: BangkokDay): number => Date.parse(bangkokIso(isoDay(day), '00:00'));

/** An instant on the business clock as the CSV exports write it: `yyyy-MM-dd HH:mm:ss[.SSS]`. */
export const bangkokWall = (ms: number): string => dateTimeInZone(ms, BUSINESS_TIME_ZONE);

const pad = (n: number) => String(n).padStart(2, '0');
/** `dd/MM/yyyy` as tables show it. */
export const ddmmyyyy = ({ year, month, day }: BangkokDay) => `${pad(day)}/${pad(month)}/${year}`;
/** `yyyy-MM-dd`. */
export const isoDay = ({ year, month, day }: BangkokDay) => `${year}-${pad(month)}-${pad(day)}`;
/** The Mantine calendar's day label in Thai: `D MMMM YYYY`. */
export const thaiDayLabel = ({ year, month, day }: BangkokDay) => `${day} ${THAI_MONTHS[month - 1]} ${year}`;
export const thaiMonthYear = ({ year, month }: Pick<BangkokDay, 'year' | 'month'>) =>
  `${THAI_MONTHS[month - 1]} ${year}`;

/**
 * Pick a day from the calendar of the date-time field labelled `label` inside `scope` (Thai UI): open it
 * by its calendar button, step back from the current month and click the day; the field keeps its time
 * (or takes its edge's first or last minute) and the calendar closes.
 */
export async function pickDay(page: Page, scope: Locator, label: string, target: BangkokDay) {
  const dropdowns = page.locator('.mantine-Popover-dropdown').filter({ has: page.getByLabel('เดือนก่อนหน้า') });
  // As a user would: the previous calendar has finished closing before this one opens.
  await expect(dropdowns).toHaveCount(0);
  await scope.getByRole('button', { name: `เลือก${label}จากปฏิทิน`, exact: true }).click();
  await expect(dropdowns).toBeVisible();
  const now = bangkokDay(Date.now());
  const back = now.year * 12 + now.month - (target.year * 12 + target.month);
  for (let i = 0; i < back; i++) await dropdowns.getByLabel('เดือนก่อนหน้า').click();
  await dropdowns.getByRole('button', { name: thaiDayLabel(target), exact: true }).click();
  await expect(dropdowns).toHaveCount(0);
}
