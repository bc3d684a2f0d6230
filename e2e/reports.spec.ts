import type { Page } from '@playwright/test';
import { api, daysInMonth as daysOf } from '@sapi/contract';
import { pickBrand } from './agent-picker';
import { expect as baseExpect, makeAgent, test } from './fixtures';
import {
  againstServer,
  bangkokIso,
  bangkokMonth,
  downloadCsv,
  expected,
  money,
  pickAgent,
  readTable,
  type SeededAgent,
  seedAgent,
  sumColumn,
} from './report-data';
import { apiCall, apiToken, expectAccessible, openApp, screenshot } from './support';

// The machines are slow and shared: room for a whole report screen with its CSV and axe check.
test.describe.configure({ timeout: 180_000 });
/** Shared, loaded machines: a first report load can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

let seeded: SeededAgent;
let token: string;
const { year, month, key } = bangkokMonth();
const daysInMonth = daysOf(Number(year), Number(month));
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  seeded = await seedAgent(request, token);
});

const reportTable = (page: Page, name: string) => page.getByRole('table', { name });

/** The column totals of the seeded month, as the totals row shows them. */
const expectMonthTotals = (totals: Map<string, string> | undefined) => {
  expect(totals).toBeDefined();
  expect(totals?.get('จำนวน รายการ')).toBe(String(expected.month.transactionCount));
  expect(totals?.get('ยอดเดิมพัน')).toBe(money(expected.month.turnover));
  expect(totals?.get('ยอดจ่าย')).toBe(money(expected.month.payout));
  expect(totals?.get('ยกเลิก')).toBe(money(expected.month.cancel));
  expect(totals?.get('โมฆะ')).toBe(money(expected.month.void));
  expect(totals?.get('แพ้/ชนะ')).toBe(money(expected.month.winLose));
  expect(totals?.get('ฝาก')).toBe(money(expected.month.deposit));
  expect(totals?.get('ถอน')).toBe(money(expected.month.withdraw));
  expect(totals?.get('กำไร (ฝาก+ถอน)')).toBe(money(expected.month.profit));
};

test('the summary hub: every tile has a description and opens its report', async ({ page }) => {
  await openApp(page, '/summary');
  const tiles: [RegExp, string, string][] = [
    [/สรุปรายวันตามเอเจนต์/, '/summary/agentdaily', 'สรุปรายวันตามเอเจนต์'],
    [/สรุปรายเดือนตามเอเจนต์/, '/summary/agentmonthly', 'สรุปรายเดือนตามเอเจนต์'],
    [/สรุปรายวันตามค่ายเกม/, '/summary/gamedaily', 'สรุปรายวันตามค่ายเกม'],
    [/สรุปรายวันตามเกม/, '/summary/gamedailybygame', 'สรุปรายวันตามเกม'],
    [/สรุปรายเดือนตามค่ายเกม/, '/summary/gamemonthly', 'สรุปรายเดือนตามค่ายเกม'],
    [/สรุปรายเดือนตามเกม/, '/summary/gamemonthlybygame', 'สรุปรายเดือนตามเกม'],
    [/ส่วนแบ่งรายได้เอเจนต์/, '/summary/revenueshare', 'ส่วนแบ่งรายได้เอเจนต์'],
  ];
  for (const [name, path, title] of tiles) {
    await page.goto('/summary');
    const tile = page.getByRole('link', { name });
    // Title plus a one-line description.
    await expect(tile.locator('p')).toHaveCount(2);
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('empty-state').filter({ hasText: 'ยังไม่มีข้อมูล' })).toHaveCount(0);
  }
});

test('Agent Daily: one agent filtered by hand, totals to the satang, CSV, the buttons', async ({ page }) => {
  await openApp(page, '/summary/agentdaily');
  const table = reportTable(page, 'สรุปรายวันตามเอเจนต์');
  // Opens on this month of the whole platform: one row per day.
  await expect(table.locator('tbody tr')).toHaveCount(daysInMonth);

  await pickAgent(page, 'เอเจนต์', seeded.agent);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(new RegExp(`agent=${seeded.agent._id}`));
  await expect(page).toHaveURL(new RegExp(`month=${Number(month)}`));
  await expect(table.locator('tfoot')).toContainText(money(expected.month.turnover));

  const read = await readTable(table);
  expect(read.rows).toHaveLength(daysInMonth);
  const day1 = read.rows.find((r) => r.get('วันที่') === dmy(seeded.day1));
  const day2 = read.rows.find((r) => r.get('วันที่') === dmy(seeded.day2));
  expect(day1?.get('ยอดเดิมพัน')).toBe(money(expected.day1.turnover));
  expect(day1?.get('แพ้/ชนะ')).toBe(money(expected.day1.winLose));
  expect(day2?.get('ฝาก')).toBe(money(expected.day2.deposit));
  expect(day2?.get('ถอน')).toBe(money(expected.day2.withdraw));
  expect(read.totals?.get('วันที่')).toBe('รวม');
  expectMonthTotals(read.totals);
  // Negative money is red.
  await expect(table.locator('tfoot [data-negative="true"]').first()).toHaveText(
    money(expected.month.withdraw),
  );
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await expectAccessible(page, 'agent daily');
  await screenshot(page, 'report-agent-daily');

  const csv = await downloadCsv(page);
  expect(csv.filename).toMatch(/^agentdaily_/);
  expect(csv.header).toEqual(expect.arrayContaining(['วันที่', 'ยอดเดิมพัน', 'แพ้/ชนะ', 'กำไร (ฝาก+ถอน)']));
  expect(csv.rows).toHaveLength(daysInMonth);
  expect(sumColumn(csv.rows, 'ยอดเดิมพัน')).toBe(expected.month.turnover);
  expect(sumColumn(csv.rows, 'แพ้/ชนะ')).toBe(expected.month.winLose);
  expect(sumColumn(csv.rows, 'กำไร (ฝาก+ถอน)')).toBe(expected.month.profit);
});

test('a report link to an agent that does not exist says so in Thai, instead of a month of zeros', async ({
  page,
}) => {
  await openApp(page, '/summary/agentdaily?agent=999999999');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('ไม่พบเอเจนต์นี้');
  // Nothing to try again: the agent will not appear by itself.
  await expect(banner.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  // The field shows the id it was given, with the reason: not "whole platform", which it is not.
  const agent = page.getByRole('search').getByRole('combobox', { name: 'เอเจนต์', exact: true });
  await expect(agent).toHaveValue('เอเจนต์รหัส 999999999');
  await expect(agent).toHaveAttribute('aria-invalid', 'true');
  await expect(agent).toHaveAccessibleDescription('ไม่พบเอเจนต์นี้');
  await expectAccessible(page, 'agent daily of an unknown agent');
  await screenshot(page, 'report-unknown-agent');
});

test('Agent Daily: one day, the per-agent report and the whole-platform summary', async ({ page }) => {
  await openApp(page, `/summary/agentdaily?agent=${seeded.agent._id}&month=${Number(month)}&year=${year}`);
  const table = reportTable(page, 'สรุปรายวันตามเอเจนต์');
  await expect(table.locator('tfoot')).toContainText(money(expected.month.turnover));
  // One day only, chosen in the filter.
  await page.getByRole('combobox', { name: 'วัน', exact: true }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tfoot')).toContainText(money(expected.day2.turnover));

  // Per-agent report: the agent report of this month, of the agent chosen.
  await expect(page.getByTestId('per-agent-report')).toHaveAttribute(
    'href',
    `/agent/report?username=${seeded.agent.username}&startDate=${key}-01`,
  );
  // Summary: the whole platform, the same day (other workers add bets to it meanwhile).
  await page.getByTestId('platform-summary').click();
  await expect(page).toHaveURL(/agent=all/);
  await againstServer(
    page,
    () =>
      apiCall(page.request, api.summaryAgentDaily, {
        token,
        params: { agentId: 'all' },
        body: { day: '2', month, year },
      }),
    async (all) => {
      await expect(table.locator('tfoot')).toContainText(money(all.totals.turnover), { timeout: 10_000 });
      expect(Number(all.totals.turnover)).toBeGreaterThanOrEqual(expected.day2.turnover);
    },
  );
});

test('Agent Daily: the 31st kept through a shorter month is said, not silently changed', async ({ page }) => {
  await openApp(page, `/summary/agentdaily?agent=${seeded.agent._id}&day=31&month=1&year=2026`);
  const day = page.getByRole('combobox', { name: 'วัน', exact: true });
  await expect(day).toHaveValue('31');
  await page.getByRole('combobox', { name: 'เดือน', exact: true }).click();
  await page.getByRole('option', { name: 'กุมภาพันธ์', exact: true }).click();
  await expect(day).toHaveValue('28');
  await expect(page.getByText('เดือนนี้ไม่มีวันที่ 31 จึงใช้วันที่ 28 แทน')).toBeVisible();
  await screenshot(page, 'report-agent-daily-day-kept');
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(/day=28&month=2&year=2026|day=28.*month=2/);
});

test('Agent Monthly: the year by month, one month, CSV', async ({ page }) => {
  await openApp(page, `/summary/agentmonthly?agent=${seeded.agent._id}&year=${year}`);
  const table = reportTable(page, 'สรุปรายเดือนตามเอเจนต์');
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const read = await readTable(table);
  expectMonthTotals(read.totals);
  const current = read.rows.filter((r) => r.get('ยอดเดิมพัน') !== money(0));
  expect(current).toHaveLength(1);
  expect(current[0]?.get('แพ้/ชนะ')).toBe(money(expected.month.winLose));
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await expectAccessible(page, 'agent monthly');
  await screenshot(page, 'report-agent-monthly');

  const csv = await downloadCsv(page);
  expect(csv.rows).toHaveLength(12);
  expect(csv.header.slice(0, 2)).toEqual(['เดือน', 'ปี']);
  expect(sumColumn(csv.rows, 'ยอดเดิมพัน')).toBe(expected.month.turnover);
  expect(sumColumn(csv.rows, 'ฝาก')).toBe(expected.month.deposit);

  // One month, chosen in the filter.
  await page.getByRole('combobox', { name: 'เดือน', exact: true }).click();
  await page
    .getByRole('option')
    .nth(Number(month) - 1)
    .click();
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${Number(month)}`));
  await expect(table.locator('tbody tr')).toHaveCount(1);
  expectMonthTotals((await readTable(table)).totals);
});

test('Game Daily: days × brands, "check data" opens the transactions of that day', async ({ page }) => {
  await openApp(page, `/summary/gamedaily?agent=${seeded.agent._id}&month=${Number(month)}&year=${year}`);
  const table = reportTable(page, 'สรุปรายวันตามค่ายเกม');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  const read = await readTable(table);
  expectMonthTotals(read.totals);
  const cell = (day: string, brand: string, column: string) =>
    read.rows.find((r) => r.get('วันที่') === dmy(day) && r.get('ค่ายเกม') === brand)?.get(column);
  expect(cell(seeded.day1, seeded.brandA, 'แพ้/ชนะ')).toBe(money(50.25));
  expect(cell(seeded.day1, seeded.brandB, 'แพ้/ชนะ')).toBe(money(-40.1));
  expect(cell(seeded.day2, seeded.brandA, 'ฝาก')).toBe(money(500));
  await expectAccessible(page, 'game daily');
  await screenshot(page, 'report-game-daily');

  const csv = await downloadCsv(page);
  expect(csv.rows).toHaveLength(4);
  expect(csv.header).toEqual(expect.arrayContaining(['วันที่', 'ค่ายเกม', 'ยอดเดิมพัน']));
  expect(sumColumn(csv.rows, 'ยอดเดิมพัน')).toBe(expected.month.turnover);
  expect(sumColumn(csv.rows, 'แพ้/ชนะ')).toBe(expected.month.winLose);

  // Check data: the agent, brand and Bangkok day as the transaction report's applied filters — its
  // first request asks for that day, so it lists that day's bets of the brand and no other's.
  const row = table
    .locator('tbody tr')
    .filter({ hasText: dmy(seeded.day1) })
    .filter({ hasText: seeded.brandB });
  const firstList = page.waitForRequest((r) => r.url().endsWith(`/summary/${seeded.agent._id}/list`));
  await row.getByRole('link', { name: /ตรวจสอบ/ }).click();
  await expect(page).toHaveURL(/\/summary\/tsreport\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('agent')).toBe(seeded.agent._id);
  expect(url.searchParams.get('gameBrand')).toBe(seeded.brandB);
  expect(url.searchParams.get('startDate')).toBe(`${seeded.day1}T00:00`);
  expect(url.searchParams.get('endDate')).toBe(`${seeded.day1}T23:59`);
  expect((await firstList).postDataJSON()).toMatchObject({
    gameBrand: seeded.brandB,
    startDate: bangkokIso(seeded.day1, '00:00'),
    endDate: bangkokIso(seeded.day1, '23:59:59.999'),
  });
  const bets = page.getByTestId('transaction-row');
  // Day 1 of brand B: bet b2's HOLD and SETTLE; b4 of day 2 is not listed.
  await expect(bets).toHaveCount(2);
  for (const text of await bets.allInnerTexts()) expect(text).toContain(seeded.brandB);
  const filters = page.getByRole('search');
  // The typed date-time fields read dd/MM/yyyy HH:mm in Thai.
  await expect(filters.getByRole('textbox', { name: 'ตั้งแต่', exact: true })).toHaveValue(
    `${dmy(seeded.day1)} 00:00`,
  );
  await expect(filters.getByRole('textbox', { name: 'ถึง', exact: true })).toHaveValue(
    `${dmy(seeded.day1)} 23:59`,
  );
  await expect(filters.getByRole('combobox', { name: 'ค่ายเกม', exact: true })).toHaveValue(seeded.brandB);
  await screenshot(page, 'report-game-daily-check-data');

  // The whole platform: the seeded brands are among the rows; check data needs an agent.
  await page.goto(`/summary/gamedaily?month=${Number(month)}&year=${year}`);
  const mine = table.locator('tbody tr').filter({ hasText: seeded.brandA });
  await expect(mine).toHaveCount(2);
  // No column of buttons that cannot act: the page says once why there is none.
  await expect(mine.first().getByRole('link', { name: /ตรวจสอบ/ })).toHaveCount(0);
  await expect(page.getByTestId('check-data-needs-agent')).toHaveText(
    'เลือกเอเจนต์ในตัวกรองก่อน จึงจะตรวจสอบรายการเดิมพันได้',
  );
});

test('Game Daily By Game: one brand between two date-times, per day and game code', async ({ page }) => {
  await openApp(page, '/summary/gamedailybygame');
  // No brand yet: a prompt, no request.
  await expect(page.getByTestId('report-prompt')).toContainText('เลือกค่ายเกม');
  // The brand comes from the registered providers, found in any case; Search applies it.
  await pickBrand(page, page.getByRole('search'), 'ค่ายเกม', seeded.brandA);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(new RegExp(`gameBrand=${seeded.brandA}`));
  const from = `${seeded.day1}T00:00`;
  const to = `${seeded.day2}T23:59`;
  await page.goto(
    `/summary/gamedailybygame?agent=${seeded.agent._id}&gameBrand=${seeded.brandA}&from=${from}&to=${to}`,
  );
  // Filters read dd/MM/yyyy HH:mm in Thai.
  await expect(page.getByTestId('filter-from')).toHaveValue(`01/${seeded.day1.slice(5, 7)}/${year} 00:00`);
  const table = reportTable(page, 'สรุปรายวันตามเกม');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const read = await readTable(table);
  expect(read.rows.map((r) => r.get('รหัสเกม')).sort()).toEqual(['G1', 'G1', 'G3']);
  expect(read.totals?.get('ยอดเดิมพัน')).toBe(money(expected.brandA.turnover));
  expect(read.totals?.get('แพ้/ชนะ')).toBe(money(expected.brandA.winLose));
  expect(read.totals?.get('ฝาก')).toBe(money(500));
  expect(read.totals?.get('จำนวน รายการ')).toBe('6');
  await expectAccessible(page, 'game daily by game');
  await screenshot(page, 'report-game-daily-by-game');

  const csv = await downloadCsv(page);
  expect(csv.rows).toHaveLength(3);
  expect(csv.header).toEqual(expect.arrayContaining(['วันที่', 'ค่ายเกม', 'รหัสเกม']));
  expect(sumColumn(csv.rows, 'แพ้/ชนะ')).toBe(expected.brandA.winLose);

  // Day 1 only: the range ends before day 2.
  await page.goto(
    `/summary/gamedailybygame?agent=${seeded.agent._id}&gameBrand=${seeded.brandA}&from=${from}&to=${seeded.day1}T23:59`,
  );
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tfoot')).toContainText(money(100.25));

  // Longer than a year: refused before any work, and said in Thai with the limit.
  await page.goto(
    `/summary/gamedailybygame?agent=${seeded.agent._id}&gameBrand=${seeded.brandA}&from=${Number(year) - 2}-01-01T00:00&to=${to}`,
  );
  await expect(page.getByText('ช่วงวันที่ยาวได้ไม่เกิน 366 วัน').first()).toBeVisible();
  // The reason under the end of the range, which it is about; the banner says to correct it and
  // offers no "try again" (the same range would be refused the same way).
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('ตัวกรองไม่ถูกต้อง กรุณาแก้ไขแล้วกดค้นหาอีกครั้ง');
  await expect(banner.getByRole('button')).toHaveCount(0);
  const end = page.getByRole('search').getByRole('textbox', { name: 'ถึง', exact: true });
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(end).toHaveAccessibleDescription('ช่วงวันที่ยาวได้ไม่เกิน 366 วัน');
  await screenshot(page, 'report-game-daily-by-game-range-too-long');
});

test('Game Monthly: months × brands in a range of one year, CSV of the range', async ({ page }) => {
  await openApp(page, `/summary/gamemonthly?agent=${seeded.agent._id}&from=${key}&to=${key}`);
  const table = reportTable(page, 'สรุปรายเดือนตามค่ายเกม');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const read = await readTable(table);
  expectMonthTotals(read.totals);
  expect(read.rows.find((r) => r.get('ค่ายเกม') === seeded.brandB)?.get('แพ้/ชนะ')).toBe(
    money(expected.brandB.winLose),
  );
  await expectAccessible(page, 'game monthly');
  await screenshot(page, 'report-game-monthly');
  const csv = await downloadCsv(page);
  expect(csv.rows).toHaveLength(2);
  expect(csv.header.slice(0, 3)).toEqual(['เดือน', 'ปี', 'ค่ายเกม']);
  expect(sumColumn(csv.rows, 'ยอดเดิมพัน')).toBe(expected.month.turnover);

  // January to this month: still this agent's two rows, the same totals, the CSV of the same range.
  await page.goto(`/summary/gamemonthly?agent=${seeded.agent._id}&from=${year}-01&to=${key}`);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  expectMonthTotals((await readTable(table)).totals);
  const range = await downloadCsv(page);
  expect(range.rows).toHaveLength(2);
  expect(sumColumn(range.rows, 'แพ้/ชนะ')).toBe(expected.month.winLose);
});

test('Game Monthly By Game: one brand per month and game code', async ({ page }) => {
  await openApp(
    page,
    `/summary/gamemonthlybygame?agent=${seeded.agent._id}&gameBrand=${seeded.brandB}&from=${key}&to=${key}`,
  );
  const table = reportTable(page, 'สรุปรายเดือนตามเกม');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const read = await readTable(table);
  expect(read.rows[0]?.get('รหัสเกม')).toBe('G2');
  expect(read.totals?.get('ยอดเดิมพัน')).toBe(money(expected.brandB.turnover));
  expect(read.totals?.get('แพ้/ชนะ')).toBe(money(expected.brandB.winLose));
  await expect(table.locator('tfoot [data-negative="true"]').first()).toHaveText(
    money(expected.brandB.winLose),
  );
  await expectAccessible(page, 'game monthly by game');
  await screenshot(page, 'report-game-monthly-by-game');
  const csv = await downloadCsv(page);
  expect(csv.rows).toHaveLength(1);
  expect(csv.rows[0]?.รหัสเกม).toBe('G2');
  expect(sumColumn(csv.rows, 'แพ้/ชนะ')).toBe(expected.brandB.winLose);

  // A range the server refuses (over two years, 731 days): the reason in Thai in the red banner.
  await page.goto(
    `/summary/gamemonthlybygame?agent=${seeded.agent._id}&gameBrand=${seeded.brandB}&from=2024-01&to=${key}`,
  );
  await expect(page.getByTestId('error-banner')).toContainText('ช่วงวันที่ยาวได้ไม่เกิน 731 วัน');
  // A brand without bets: the no-data picture.
  await page.goto(
    `/summary/gamemonthlybygame?agent=${seeded.agent._id}&gameBrand=NOSUCHBRAND&from=${key}&to=${key}`,
  );
  await expect(page.getByTestId('empty-state')).toContainText('ไม่มีรายการในช่วงนี้');
});

test('Revenue share: the parent’s percentage of the house result of the child’s downline', async ({
  page,
  request,
}) => {
  const parent = await makeAgent(request, token, { agentType: 'MASTER' });
  // In force from the month's first day, so every seeded bet of the month counts (docs/design.md §15).
  await apiCall(request, api.agentSharingCreate, {
    token,
    body: {
      agent: seeded.agent._id,
      parentAgent: parent._id,
      parentPercentage: 25,
      effectiveFrom: `${key}-01`,
    },
  });
  await openApp(page, `/summary/revenueshare?month=${Number(month)}&year=${year}`);
  const table = reportTable(page, 'ส่วนแบ่งรายได้เอเจนต์');
  const row = table.locator('tbody tr[data-kind="arrangement"]').filter({ hasText: seeded.agent.username });
  await expect(row).toHaveCount(1);
  // The players won 10.15: the parent bears 25 % of it, 2.5375 → −2.54 (half away from zero, to the
  // satang; negative: the parent owes the child).
  await expect(row).toContainText(money(expected.month.winLose));
  await expect(row).toContainText('25 %');
  await expect(row).toContainText(money(-2.54));
  const subtotal = table.locator('tbody tr[data-kind="parent-total"]').filter({ hasText: parent.username });
  await expect(subtotal).toContainText(money(-2.54));
  // The whole statement is the platform's: other workers add arrangements meanwhile.
  await againstServer(
    page,
    () => apiCall(request, api.revenueShare, { token, body: { month, year } }),
    async (statement) => {
      await expect(table.locator('tfoot')).toContainText(money(statement.total), { timeout: 10_000 });
      const csv = await downloadCsv(page);
      const line = csv.rows.find((r) => r.รหัสเอเจนต์ลูก === seeded.agent._id);
      expect(line?.ส่วนแบ่งของเอเจนต์แม่).toBe('-2.54');
      expect(line?.['ส่วนแบ่ง (%)']).toBe('25.00');
      expect(csv.rows).toHaveLength(statement.rows.length);
    },
  );
  await expectAccessible(page, 'revenue share');
  await screenshot(page, 'report-revenue-share');
});
