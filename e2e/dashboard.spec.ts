import type { Page } from '@playwright/test';
import { api, type DashboardData } from '@sapi/contract';
import { expect as baseExpect, ingest, makeAgent, test } from './fixtures';
import { expectNoSidewaysPage, PHONE } from './narrow-screen';
import { againstServer, bangkokIso, bangkokMonth, bangkokToday, money, seedAgent } from './report-data';
import { apiCall, apiToken, expectAccessible, openApp, screenshot, uniqueName } from './support';

test.describe.configure({ timeout: 180_000 });
/** Shared, loaded machines: a first report load can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

const { year, month } = bangkokMonth();
/** `YYYY-MM` of the month `back` months before this one. */
const monthBefore = (back: number) => {
  const index = Number(year) * 12 + Number(month) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
/**
 * A month of this test's own, two years back, and the month before it: no other spec writes there,
 * so their figures are exactly the bets seeded here, while other workers add bets to this month.
 */
const ownKey = monthBefore(24);
const ownPreviousKey = monthBefore(25);
const bodyOf = (key: string) => ({ month: String(Number(key.slice(5, 7))), year: key.slice(0, 4) });

const satang = (v: number | string) => Math.round(Number(v) * 100);
const percent = (v: number) =>
  `${new Intl.NumberFormat('th-TH', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v)}%`;
const share = (p: DashboardData['current']) =>
  p.registeredPlayers > 0 ? (p.activePlayers / p.registeredPlayers) * 100 : 0;
/** Change against last month in percent; undefined when last month had nothing to compare with. */
const changeOf = (currentMoney: number | string, previousMoney: number | string) => {
  const [current, previous] = [Number(currentMoney), Number(previousMoney)];
  if (previous === 0) return current === 0 ? 0 : undefined;
  return ((current - previous) / Math.abs(previous)) * 100;
};
/** The card's change line as the dashboard words it. */
const changeText = (currentMoney: number | string, previousMoney: number | string) => {
  const change = changeOf(currentMoney, previousMoney);
  if (change === undefined) return 'เดือนก่อนไม่มีข้อมูลให้เทียบ';
  if (change === 0) return 'เท่ากับเดือนก่อน';
  return change > 0 ? `เพิ่มขึ้น ${percent(change)} จากเดือนก่อน` : `ลดลง ${percent(Math.abs(change))} จากเดือนก่อน`;
};
/** The card's arrow: flat without a change (or nothing to compare with). */
const directionOf = (currentMoney: number | string, previousMoney: number | string) => {
  const change = changeOf(currentMoney, previousMoney);
  return change === undefined || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
};

/** The cards and the top-five tables show the server's figures `data` (a mismatch fails within 10 s). */
async function expectFigures(page: Page, data: DashboardData) {
  const soon = { timeout: 10_000 };
  await expect(page.getByTestId('card-turnover-value')).toHaveText(money(data.current.turnover), soon);
  await expect(page.getByTestId('card-turnover-change')).toHaveText(
    changeText(data.current.turnover, data.previous.turnover),
    soon,
  );
  await expect(page.getByTestId('card-turnover')).toContainText(
    `เดือนก่อน: ${money(data.previous.turnover)}`,
    soon,
  );
  await expect(page.getByTestId('card-winlose-value')).toHaveText(money(data.current.winLose), soon);
  await expect(page.getByTestId('card-winlose-change')).toHaveText(
    changeText(data.current.winLose, data.previous.winLose),
    soon,
  );
  await expect(page.getByTestId('card-players-value')).toHaveText(percent(share(data.current)), soon);
  await expect(page.getByTestId('card-players')).toContainText(
    `${data.current.activePlayers} จาก ${data.current.registeredPlayers} ผู้เล่นที่ลงทะเบียน · ลงทะเบียนใหม่ในเดือนนี้ ${
      data.current.registeredPlayers - data.previous.registeredPlayers
    } คน`,
    soon,
  );
  await expect(page.getByTestId('card-players-change')).toHaveText(
    changeText(share(data.current), share(data.previous)),
    soon,
  );
  await expect(page.getByTestId('card-turnover-change')).toHaveAttribute(
    'data-direction',
    directionOf(data.current.turnover, data.previous.turnover),
    soon,
  );

  const brands = page.getByRole('table', { name: 'ค่ายเกมยอดนิยม' }).locator('tbody tr');
  await expect(brands).toHaveCount(data.topBrands.length, soon);
  const topBrand = data.topBrands[0];
  if (topBrand) {
    await expect(brands.first()).toContainText(topBrand.gameBrand, soon);
    await expect(brands.first()).toContainText(money(topBrand.turnover), soon);
  }
  const agents = page.getByRole('table', { name: 'เอเจนต์ยอดนิยม' }).locator('tbody tr');
  await expect(agents).toHaveCount(data.topAgents.length, soon);
  for (const [i, agent] of data.topAgents.entries()) {
    await expect(agents.nth(i)).toContainText(agent.username, soon);
    await expect(agents.nth(i)).toContainText(money(agent.winLose), soon);
  }
}

test('the dashboard shows this month’s real figures against last month', async ({ page, request }) => {
  const token = await apiToken(request);
  const seeded = await seedAgent(request, token, ownKey);
  // The month before: a stake of 300.00 that the player lost.
  await ingest(request, seeded.agent, [
    {
      betId: 'prev1',
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: seeded.brandA,
      gameCode: 'G1',
      username: uniqueName('pp').slice(0, 20),
      amount: -300,
      startDate: bangkokIso(`${ownPreviousKey}-15`, '12:00:00'),
    },
    // And one today, so this month has a chart whichever specs ran before this one.
    {
      betId: 'today1',
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: seeded.brandA,
      gameCode: 'G1',
      username: uniqueName('pt').slice(0, 20),
      amount: -1,
      startDate: bangkokIso(bangkokToday(), '00:00:01'),
    },
  ]);
  // The seeded bets, to the satang: the month's figures are this test's alone.
  const own = await apiCall(request, api.dashboard, { token, body: bodyOf(ownKey) });
  expect(own.current).toMatchObject({ year: ownKey.slice(0, 4), month: ownKey.slice(5, 7) });
  expect(satang(own.current.turnover)).toBe(16590);
  expect(satang(own.current.winLose)).toBe(1015);
  expect(own.current.activePlayers).toBe(2);
  expect(satang(own.previous.turnover)).toBe(30000);
  expect(satang(own.previous.winLose)).toBe(-30000);
  expect(own.topBrands.map((b) => b.gameBrand).sort()).toEqual([seeded.brandA, seeded.brandB].sort());
  expect(own.topAgents.map((a) => a.username)).toEqual([seeded.agent.username]);

  // This month, where the menu leads: the server's figures, whatever other workers add meanwhile.
  await openApp(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'แดชบอร์ด' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'รายงานประจำเดือน' })).toBeVisible();
  // This month is not over: the header says its figures so far meet the whole month before.
  await expect(
    page.getByText(`ถึงวันที่ ${Number(bangkokToday().slice(8, 10))} (ยังไม่ครบเดือน) เทียบกับเดือนก่อนทั้งเดือน`),
  ).toBeVisible();
  await againstServer(
    page,
    () => apiCall(request, api.dashboard, { token, body: {} }),
    async (data) => {
      expect(data.current).toMatchObject({ year, month });
      await expectFigures(page, data);
    },
  );

  // View all: the month's reports, the month carried along (its days; its registrations).
  const daily = `/summary/agentdaily?agent=all&month=${Number(month)}&year=${year}`;
  await expect(page.getByTestId('card-turnover').getByRole('link', { name: /ดูทั้งหมด/ })).toHaveAttribute(
    'href',
    daily,
  );
  await expect(page.getByTestId('card-winlose').getByRole('link', { name: /ดูทั้งหมด/ })).toHaveAttribute(
    'href',
    daily,
  );
  await expect(
    page.getByTestId('card-players').getByRole('link', { name: /ดูการลงทะเบียนรายวัน/ }),
  ).toHaveAttribute('href', `/report?month=${year}-${month}`);
  await expect(page.getByTestId('daily-chart')).toBeVisible();
  await expectAccessible(page, 'dashboard');
  await screenshot(page, 'dashboard');

  // The own month, chosen in the URL: exactly the seeded bets against the month before.
  await page.goto(`/dashboard?month=${ownKey}`);
  await expect(page.getByTestId('card-turnover-value')).toHaveText(money(165.9));
  // A month that is over is compared whole with the month before.
  await expect(page.getByText('(ยังไม่ครบเดือน)')).toHaveCount(0);
  await expect(page.getByText(/^ภาพรวมของทั้งแพลตฟอร์มในเดือน .+ เทียบกับเดือนก่อน$/)).toBeVisible();
  await expect(page.getByTestId('card-winlose-value')).toHaveText(money(10.15));
  await expect(page.getByTestId('card-turnover')).toContainText(`เดือนก่อน: ${money(300)}`);
  await expect(page.getByTestId('card-turnover-change')).toHaveText(`ลดลง ${percent(44.7)} จากเดือนก่อน`);
  await expect(page.getByTestId('card-turnover-change')).toHaveAttribute('data-direction', 'down');
  await expectFigures(page, own);
  await expect(page.getByTestId('daily-chart')).toBeVisible();
  await screenshot(page, 'dashboard-own-month');
  // The top names open what they sum over that month: the agent's bets, the brand's games.
  const [ownYear, ownMonth] = [ownKey.slice(0, 4), ownKey.slice(5, 7)];
  const lastDay = new Date(Date.UTC(Number(ownYear), Number(ownMonth), 0)).getUTCDate();
  const range = `startDate=${ownKey}-01T00%3A00&endDate=${ownKey}-${lastDay}T23%3A59`;
  await expect(
    page.getByTestId('top-agents').getByRole('link', { name: seeded.agent.username }),
  ).toHaveAttribute('href', `/transaction/${seeded.agent._id}?${range}`);
  await expect(page.getByTestId('top-brands').getByRole('link', { name: seeded.brandA })).toHaveAttribute(
    'href',
    `/summary/gamedailybygame?agent=all&gameBrand=${seeded.brandA}&from=${ownKey}-01T00%3A00&to=${ownKey}-${lastDay}T23%3A59`,
  );
  await page.getByTestId('top-agents').getByRole('link', { name: seeded.agent.username }).click();
  await expect(page.getByTestId('transaction-row')).toHaveCount(10);

  // The month before, chosen in the URL: its own figures.
  await page.goto(`/dashboard?month=${ownPreviousKey}`);
  await expect(page.getByTestId('card-turnover-value')).toHaveText(money(300));
  await expect(page.getByTestId('card-winlose-value')).toHaveText(money(-300));
  // Its players card opens that month's registrations of the whole platform, their total the card's
  // "registered this month".
  const fresh = /ลงทะเบียนใหม่ในเดือนนี้ ([\d,]+) คน/.exec(
    (await page.getByTestId('card-players').textContent()) ?? '',
  )?.[1];
  expect(fresh).toBeDefined();
  await page
    .getByTestId('card-players')
    .getByRole('link', { name: /ดูการลงทะเบียนรายวัน/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/report\\?month=${ownPreviousKey}$`));
  await expect(page.getByTestId('register-summary')).toContainText('ทั้งแพลตฟอร์ม (ทุกเอเจนต์) · ');
  await expect(page.getByTestId('register-summary')).toContainText(`ลงทะเบียนรวม ${fresh} คน`);
  const [previousYear, previousMonth] = ownPreviousKey.split('-').map(Number);
  await expect(page.getByTestId('register-row')).toHaveCount(
    new Date(Date.UTC(previousYear ?? 0, previousMonth ?? 0, 0)).getUTCDate(),
  );
});

test('on a phone the top tables stay inside their cards, the page no wider than the screen', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  // A month of its own, its sums in the millions and its names long: the widest top tables there are.
  const key = monthBefore(30);
  const agent = await makeAgent(request, token);
  const brand = `EW${agent.prefix.toUpperCase()}`;
  const bet = { betId: 'w1', gameBrand: brand, gameCode: 'G1', username: uniqueName('pw').slice(0, 20) };
  const at = bangkokIso(`${key}-10`, '12:00:00');
  await ingest(request, agent, [
    { ...bet, betType: 'HOLD', betTypeFromGame: 'bet', amount: -1234567.89, startDate: at },
    { ...bet, betType: 'SETTLE', betTypeFromGame: 'lose', amount: 0, startDate: at },
  ]);

  await page.setViewportSize(PHONE);
  await openApp(page, `/dashboard?month=${key}`);
  await expect(page.getByTestId('top-agents').getByRole('link', { name: agent.username })).toBeVisible();
  await expectNoSidewaysPage(page);
  await expectAccessible(page, 'dashboard on a phone');
  await screenshot(page, 'dashboard-mobile');
  for (const [testId, name] of [
    ['top-brands', brand],
    ['top-agents', agent.username],
  ] as const) {
    const card = page.getByTestId(testId);
    await expect(card.getByRole('link', { name, exact: true })).toBeVisible();
    const border = await card.boundingBox();
    if (!border) throw new Error(`${testId}: no card`);
    // Every heading and figure within the card's border: the table fits, or scrolls sideways inside
    // the card to it, as a user swiping the table would.
    for (const cell of [
      card.getByRole('columnheader', { name: 'ยอดเดิมพัน' }),
      card.getByRole('cell', { name: money(1234567.89), exact: true }),
      card.getByRole('columnheader', { name: 'แพ้/ชนะ' }),
      card.getByRole('cell', { name: money(-1234567.89), exact: true }),
    ]) {
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport({ ratio: 1 });
      const box = await cell.boundingBox();
      if (!box) throw new Error(`${testId}: a cell is not drawn`);
      expect(box.x, `${testId}: left of the card's border`).toBeGreaterThanOrEqual(border.x);
      expect(box.x + box.width, `${testId}: past the card's border`).toBeLessThanOrEqual(
        border.x + border.width,
      );
    }
  }
  await expectNoSidewaysPage(page);
  // The two tables swiped to their last column.
  await screenshot(page, 'dashboard-mobile-top-tables', { fullPage: false });
});
