import { expect as baseExpect, test } from '@playwright/test';
import { api, type DashboardData } from '@sapi/contract';
import { ingest } from './fixtures';
import { bangkokIso, bangkokMonth, money, seedAgent } from './report-data';
import { apiCall, apiToken, expectAccessible, screenshot, signIn, uniqueName } from './support';

test.describe.configure({ timeout: 180_000 });
/** Shared, loaded machines: a first report load can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

const { year, month, key } = bangkokMonth();
const previousKey = (() => {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();

const percent = (v: number) =>
  `${new Intl.NumberFormat('th-TH', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v)}%`;
const share = (p: DashboardData['current']) =>
  p.registeredPlayers > 0 ? (p.activePlayers / p.registeredPlayers) * 100 : 0;
/** The card's change line as the dashboard words it. */
const changeText = (currentMoney: number | string, previousMoney: number | string) => {
  const [current, previous] = [Number(currentMoney), Number(previousMoney)];
  if (previous === 0) return current === 0 ? 'เท่ากับเดือนก่อน' : 'เดือนก่อนไม่มีข้อมูลให้เทียบ';
  const change = ((current - previous) / Math.abs(previous)) * 100;
  if (change === 0) return 'เท่ากับเดือนก่อน';
  return change > 0 ? `เพิ่มขึ้น ${percent(change)} จากเดือนก่อน` : `ลดลง ${percent(Math.abs(change))} จากเดือนก่อน`;
};

test('the dashboard shows this month’s real figures against last month', async ({ page, request }) => {
  const token = await apiToken(request);
  const before = await apiCall(request, api.dashboard, { token, body: {} });
  const seeded = await seedAgent(request, token);
  // Last month: a stake of 300.00 that the player lost.
  await ingest(request, seeded.agent, [
    {
      betId: 'prev1',
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: seeded.brandA,
      gameCode: 'G1',
      username: uniqueName('pp').slice(0, 20),
      amount: -300,
      startDate: bangkokIso(`${previousKey}-15`, '12:00:00'),
    },
  ]);
  const data = await apiCall(request, api.dashboard, { token, body: {} });
  expect(data.current).toMatchObject({ year, month });
  // The seeded bets, to the satang (the suite runs one test at a time).
  expect(Math.round((Number(data.current.turnover) - Number(before.current.turnover)) * 100)).toBe(16590);
  expect(Math.round((Number(data.current.winLose) - Number(before.current.winLose)) * 100)).toBe(1015);
  expect(data.current.activePlayers - before.current.activePlayers).toBe(2);
  expect(Math.round((Number(data.previous.turnover) - Number(before.previous.turnover)) * 100)).toBe(30000);

  await signIn(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'แดชบอร์ด' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'รายงานประจำเดือน' })).toBeVisible();

  await expect(page.getByTestId('card-turnover-value')).toHaveText(money(data.current.turnover));
  await expect(page.getByTestId('card-turnover-change')).toHaveText(
    changeText(data.current.turnover, data.previous.turnover),
  );
  await expect(page.getByTestId('card-turnover')).toContainText(`เดือนก่อน: ${money(data.previous.turnover)}`);
  await expect(page.getByTestId('card-winlose-value')).toHaveText(money(data.current.winLose));
  await expect(page.getByTestId('card-winlose-change')).toHaveText(
    changeText(data.current.winLose, data.previous.winLose),
  );
  await expect(page.getByTestId('card-players-value')).toHaveText(percent(share(data.current)));
  await expect(page.getByTestId('card-players')).toContainText(
    `${data.current.activePlayers} จาก ${data.current.registeredPlayers} ผู้เล่นที่ลงทะเบียน`,
  );
  await expect(page.getByTestId('card-players-change')).toHaveText(
    changeText(share(data.current), share(data.previous)),
  );
  const direction = data.current.turnover > data.previous.turnover ? 'up' : 'down';
  await expect(page.getByTestId('card-turnover-change')).toHaveAttribute('data-direction', direction);

  // View all: the matching reports.
  await expect(page.getByTestId('card-turnover').getByRole('link', { name: /ดูทั้งหมด/ })).toHaveAttribute(
    'href',
    `/summary/agentmonthly?agent=all&year=${year}`,
  );
  await expect(page.getByTestId('card-winlose').getByRole('link', { name: /ดูทั้งหมด/ })).toHaveAttribute(
    'href',
    `/summary/agentmonthly?agent=all&year=${year}`,
  );
  await expect(page.getByTestId('card-players').getByRole('link', { name: /ดูทั้งหมด/ })).toHaveAttribute(
    'href',
    '/report',
  );

  await expect(page.getByTestId('daily-chart')).toBeVisible();
  const brands = page.getByRole('table', { name: 'ค่ายเกมยอดนิยม' }).locator('tbody tr');
  await expect(brands).toHaveCount(data.topBrands.length);
  const topBrand = data.topBrands[0];
  if (topBrand) {
    await expect(brands.first()).toContainText(topBrand.gameBrand);
    await expect(brands.first()).toContainText(money(topBrand.turnover));
  }
  const agents = page.getByRole('table', { name: 'เอเจนต์ยอดนิยม' }).locator('tbody tr');
  await expect(agents).toHaveCount(data.topAgents.length);
  for (const [i, agent] of data.topAgents.entries()) {
    await expect(agents.nth(i)).toContainText(agent.username);
    await expect(agents.nth(i)).toContainText(money(agent.winLose));
  }
  await expectAccessible(page, 'dashboard');
  await screenshot(page, 'dashboard');

  // Last month, chosen in the URL: its own figures.
  const last = await apiCall(request, api.dashboard, {
    token,
    body: { month: String(Number(previousKey.slice(5, 7))), year: previousKey.slice(0, 4) },
  });
  await page.goto(`/dashboard?month=${previousKey}`);
  await expect(page.getByTestId('card-turnover-value')).toHaveText(money(last.current.turnover));
  await expect(page.getByTestId('card-winlose-value')).toHaveText(money(last.current.winLose));
});
