import { expect, type Locator, type Page } from '@playwright/test';

/** Calendar helpers for specs: the browser runs in Asia/Bangkok (UTC+7, no DST), the test process may not. */

export const BANGKOK_OFFSET_MS = 7 * 3_600_000;
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
  const d = new Date(ms + BANGKOK_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** The instant a Bangkok day starts at. */
export const bangkokDayStart = ({ year, month, day }: BangkokDay): number =>
  Date.UTC(year, month - 1, day) - BANGKOK_OFFSET_MS;

const pad = (n: number) => String(n).padStart(2, '0');
/** `dd/MM/yyyy` as tables show it. */
export const ddmmyyyy = ({ year, month, day }: BangkokDay) => `${pad(day)}/${pad(month)}/${year}`;
/** `MM/dd/yyyy` as the date-time filters show it. */
export const mmddyyyy = ({ year, month, day }: BangkokDay) => `${pad(month)}/${pad(day)}/${year}`;
/** `yyyy-MM-dd`. */
export const isoDay = ({ year, month, day }: BangkokDay) => `${year}-${pad(month)}-${pad(day)}`;
/** The Mantine calendar's day label in Thai: `D MMMM YYYY`. */
export const thaiDayLabel = ({ year, month, day }: BangkokDay) => `${day} ${THAI_MONTHS[month - 1]} ${year}`;
export const thaiMonthYear = ({ year, month }: Pick<BangkokDay, 'year' | 'month'>) =>
  `${THAI_MONTHS[month - 1]} ${year}`;

/**
 * Pick a day in a Mantine DateTimePicker whose button is `field` (Thai UI): open it, step back from
 * the current month, click the day and confirm; the time stays the picker's default for that field.
 */
export async function pickDay(page: Page, field: Locator, target: BangkokDay) {
  const dropdowns = page.locator('.mantine-Popover-dropdown').filter({ has: page.getByLabel('เดือนก่อนหน้า') });
  // As a user would: the previous picker has finished closing before this one opens.
  await expect(dropdowns).toHaveCount(0);
  await field.click();
  const dropdown = dropdowns;
  await expect(dropdown).toBeVisible();
  const now = bangkokDay(Date.now());
  const back = now.year * 12 + now.month - (target.year * 12 + target.month);
  for (let i = 0; i < back; i++) await dropdown.getByLabel('เดือนก่อนหน้า').click();
  await dropdown.getByRole('button', { name: thaiDayLabel(target), exact: true }).click();
  return dropdown;
}
