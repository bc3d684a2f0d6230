import type { APIRequestContext, Page } from '@playwright/test';
import type { MonthlyBalance } from '@sapi/contract';
import { expect as baseExpect, ingest, makeAgent, test } from './fixtures';
import { expectNoSidewaysPage, expectWholeText, PHONE } from './narrow-screen';
import { bangkokIso, bangkokMonth, money, type SeededAgent, seedAgent } from './report-data';
import { apiToken, expectAccessible, openApp, screenshot, uniqueName } from './support';

test.describe.configure({ timeout: 180_000 });
/** Shared, loaded machines: a first report load can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

let seeded: SeededAgent;
let token: string;
const { key } = bangkokMonth();

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  seeded = await seedAgent(request, token);
  // More agents on the page than the one with bets.
  await makeAgent(request, token);
  await makeAgent(request, token);
});

/** GET /agent-report/{id}/monthly?date= — the single-agent route the widget refreshes from. */
async function monthlyRoute(request: APIRequestContext, agentId: string, date = `${key}-01`) {
  const response = await request.get(`/api/v1/agent-report/${agentId}/monthly?date=${date}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const envelope = (await response.json()) as { status: number; data: MonthlyBalance };
  expect(envelope.status).toBe(1000);
  return envelope.data;
}

const satang = (v: number | string) => Math.round(Number(v) * 100);
/** The widget's four figures from the monthly route (docs/spec.md §2). */
const figuresOf = (b: MonthlyBalance) => ({
  hold: money(b.holdBalance),
  winLose: money(
    (satang(b.holdBalance) + satang(b.settleBalance) + satang(b.cancelBalance) + satang(b.voidBalance)) / 100,
  ),
  deposit: money(b.depositBalance),
  profit: money((satang(b.depositBalance) + satang(b.withdrawBalance)) / 100),
});

async function expectWidget(page: Page, username: string, figures: Record<string, string>) {
  const widget = page.getByTestId(`widget-${username}`);
  for (const [field, value] of Object.entries(figures)) {
    await expect(widget.locator(`[data-field="${field}"] span`)).toHaveText(value);
  }
}

async function search(page: Page, username: string) {
  await page.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(username);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(new RegExp(`username=${username}`));
  await expect(page.getByRole('table', { name: 'รายงานเอเจนต์' }).locator('tbody tr')).toHaveCount(1);
}

test('a page of widgets comes from one batch request and matches the monthly route', async ({ page }) => {
  const widgetCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/agent-report/'))
      widgetCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await openApp(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายงานเอเจนต์' }).click();
  await expect(page).toHaveURL(/\/agent\/report$/);
  const table = page.getByRole('table', { name: 'รายงานเอเจนต์' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(1);
  // Every unlocked agent shows as active; the whole page's widgets in one request.
  await expect(
    page.getByTestId(`widget-${seeded.agent.username}`).locator('[data-field="hold"] span'),
  ).toHaveText(money(-165.9));
  expect(widgetCalls).toEqual(['POST /api/v1/agent-report/monthly']);
  await screenshot(page, 'agent-report');

  await search(page, seeded.agent.username);
  const row = table.locator('tbody tr').first();
  // The username opens the agent's transactions of the month its widget shows.
  const lastDay = new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)), 0)).getUTCDate();
  await expect(row.getByRole('link', { name: seeded.agent.username })).toHaveAttribute(
    'href',
    `/transaction/${seeded.agent._id}?startDate=${key}-01T00%3A00&endDate=${key}-${lastDay}T23%3A59`,
  );
  await expect(row).toContainText(seeded.agent.prefix);
  await expect(row).toContainText('ใช้งาน');
  const route = await monthlyRoute(page.request, seeded.agent._id);
  expect(figuresOf(route)).toEqual({
    hold: money(-165.9),
    winLose: money(10.15),
    deposit: money(500),
    profit: money(376.55),
  });
  await expectWidget(page, seeded.agent.username, figuresOf(route));
  await expectAccessible(page, 'agent report');
  await screenshot(page, 'agent-report-one-agent');
});

test('on a phone each figure of a widget has its own room: no label or amount drawn over another', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openApp(page, `/agent/report?username=${seeded.agent.username}`);
  const widget = page.getByTestId(`widget-${seeded.agent.username}`);
  await expect(widget.locator('[data-field="hold"] span')).toHaveText(money(-165.9));
  // Each figure's label and amount fit its column (text running past it is drawn over the next).
  await expectWholeText(
    ['hold', 'winLose', 'deposit', 'profit'].map((field) => widget.locator(`[data-field="${field}"]`)),
  );
  await expectNoSidewaysPage(page);
  await screenshot(page, 'agent-report-mobile');
});

test('the refresh icon reloads one widget, with a loading text meanwhile', async ({ page, request }) => {
  await openApp(page, `/agent/report?username=${seeded.agent.username}`);
  await expectWidget(page, seeded.agent.username, { hold: money(-165.9), winLose: money(10.15) });

  // A new lost bet of 10.00.
  await ingest(request, seeded.agent, [
    {
      betId: 'r1',
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: seeded.brandA,
      gameCode: 'G1',
      username: uniqueName('p3').slice(0, 20),
      amount: -10,
      startDate: bangkokIso(seeded.day2, '12:00:00'),
    },
  ]);
  // Hold the single-agent route until the loading text has been seen.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/agent-report/*/monthly?*', async (route) => {
    await released;
    await route.continue();
  });
  const widget = page.getByTestId(`widget-${seeded.agent.username}`);
  await page.getByTestId(`refresh-${seeded.agent.username}`).click();
  await expect(widget.getByRole('status')).toHaveText('กำลังโหลด…');
  release();
  await expectWidget(page, seeded.agent.username, figuresOf(await monthlyRoute(request, seeded.agent._id)));
  await expectWidget(page, seeded.agent.username, { hold: money(-175.9), winLose: money(0.15) });
  await expect(widget.getByRole('status')).toHaveCount(0);
});

test('docs/spec.md §4: a widget takes figures only with a nonzero hold; another month starts from zeros', async ({
  page,
  request,
}) => {
  // An agent whose month has a deposit but no stake.
  const depositOnly = await makeAgent(request, token);
  await ingest(request, depositOnly, [
    {
      betId: 'dep1',
      betType: 'DEPOSIT',
      betTypeFromGame: 'deposit',
      gameBrand: 'WALLET',
      gameCode: 'W',
      username: uniqueName('p4').slice(0, 20),
      amount: 50,
      startDate: bangkokIso(seeded.day1, '09:00:00'),
    },
  ]);
  expect((await monthlyRoute(request, depositOnly._id)).depositBalance).toBe(50);
  await openApp(page, '/agent/report');
  await search(page, depositOnly.username);
  const zeros = { hold: money(0), winLose: money(0), deposit: money(0), profit: money(0) };
  await expectWidget(page, depositOnly.username, zeros);
  await page.getByTestId(`refresh-${depositOnly.username}`).click();
  await expect(page.getByTestId(`widget-${depositOnly.username}`).getByRole('status')).toHaveCount(0);
  await expectWidget(page, depositOnly.username, zeros);

  // Last month: the seeded agent had nothing, its widget shows zeros.
  const [y, m] = key.split('-').map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  await page.goto(`/agent/report?username=${seeded.agent.username}&startDate=${previous}-01`);
  await expect(page.getByTestId('filter-month')).toBeVisible();
  await expectWidget(page, seeded.agent.username, zeros);
  // Back to this month: the figures again.
  await page.goto(`/agent/report?username=${seeded.agent.username}&startDate=${key}-01`);
  await expectWidget(page, seeded.agent.username, { deposit: money(500) });
});
