import { type Page, request as playwrightRequest } from '@playwright/test';
import type { AgentWithSecret } from '@sapi/contract';
import { clearBrand, pickAgent, pickBrand } from './agent-picker';
import { bangkokDay, bangkokDayStart, ddmmyyyy, pickDay } from './bangkok';
import { BASE_URL } from './env';
import { expect, ingest, makeAgent, test } from './fixtures';
import { expectLedgerReadable, PHONE } from './narrow-screen';
import { apiToken, expectAccessible, openApp, screenshot } from './support';

/**
 * Agent A: 12 bets (HOLD + SETTLE a minute later, five hours apart, brands alternating) and one shared
 * bet id that it held and cancelled. Agent B: the same shared bet id, held and settled — a bet id seen
 * at two agents, for the cross-agent lookup of /summary/tsdetail.
 */
const tag = `TS${Date.now().toString(36).toUpperCase()}`;
const BETS = 12;
const betId = (i: number) => `${tag}-B${String(i).padStart(2, '0')}`;
const SHARED = `${tag}-SHARED`;
const HOUR = 3_600_000;
const t0 = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
const holdAt = (i: number) => t0 - i * 5 * HOUR;

let agentA: AgentWithSecret;
let agentB: AgentWithSecret;
/** Every row of agent A: bet id and time. */
const rowsOfA: { betId: string; at: number }[] = [];

const row = (brand: string, i: number, over: Record<string, unknown>) => ({
  betId: betId(i),
  betTypeFromGame: 'bet',
  gameBrand: brand,
  gameCode: brand === 'PGSOFT' ? 'mahjong-ways' : 'golden-empire',
  username: `${tag.toLowerCase()}p${i % 3}`,
  ...over,
});

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await apiToken(request);
  agentA = await makeAgent(request, token);
  agentB = await makeAgent(request, token);
  const batchA: Record<string, unknown>[] = [];
  for (let i = 0; i < BETS; i++) {
    const brand = i % 2 === 0 ? 'PGSOFT' : 'JILI';
    batchA.push(
      row(brand, i, { betType: 'HOLD', amount: -(100 + i), startDate: new Date(holdAt(i)).toISOString() }),
    );
    batchA.push(
      row(brand, i, {
        betType: 'SETTLE',
        betTypeFromGame: 'win',
        amount: 300,
        startDate: new Date(holdAt(i) + 60_000).toISOString(),
      }),
    );
    rowsOfA.push({ betId: betId(i), at: holdAt(i) }, { betId: betId(i), at: holdAt(i) + 60_000 });
  }
  const shared = (over: Record<string, unknown>) => ({
    betId: SHARED,
    betTypeFromGame: 'bet',
    gameBrand: 'PGSOFT',
    gameCode: 'mahjong-ways',
    username: `${tag.toLowerCase()}shared`,
    ...over,
  });
  batchA.push(shared({ betType: 'HOLD', amount: -200, startDate: new Date(t0 - 10.5 * HOUR).toISOString() }));
  batchA.push(
    shared({
      betType: 'CANCEL',
      betTypeFromGame: 'refund',
      amount: 200,
      startDate: new Date(t0 - 9.5 * HOUR).toISOString(),
    }),
  );
  rowsOfA.push({ betId: SHARED, at: t0 - 10.5 * HOUR }, { betId: SHARED, at: t0 - 9.5 * HOUR });
  await ingest(request, agentA, batchA);
  await ingest(request, agentB, [
    shared({ betType: 'HOLD', amount: -50, startDate: new Date(t0 - 8.5 * HOUR).toISOString() }),
    shared({
      betType: 'SETTLE',
      betTypeFromGame: 'win',
      amount: 125.5,
      startDate: new Date(t0 - 7.5 * HOUR).toISOString(),
    }),
  ]);
  await request.dispose();
});

const filters = (page: Page) => page.getByRole('search');
const rows = (page: Page) => page.getByTestId('transaction-row');
const pager = (page: Page) => page.getByTestId('cursor-pager');

async function openFromHub(page: Page, tile: RegExp) {
  await openApp(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'สรุปผล' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await page.getByRole('link', { name: tile }).click();
}

test.describe
  .serial('Transaction From Report', () => {
    test.describe.configure({ timeout: 150_000 });

    test('asks for an agent, then lists its bets with the keyset pager', async ({ page }) => {
      await openFromHub(page, /^รายการธุรกรรมจากรายงาน/);
      await expect(page).toHaveURL(/\/summary\/tsreport$/);
      await expect(page.getByRole('heading', { level: 1, name: 'รายการธุรกรรมจากรายงาน' })).toBeVisible();
      await expect(page.getByTestId('empty-state')).toContainText('เลือกเอเจนต์');
      await expectAccessible(page, 'Transaction From Report without an agent');
      await screenshot(page, 'ts-report-pick-agent');

      await pickAgent(page, filters(page), 'เอเจนต์', agentA);
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(new RegExp(`agent=${agentA._id}`));
      for (const header of [
        'ผู้เล่น (ID)',
        'ชื่อผู้เล่น',
        'รหัสเดิมพัน',
        'ประเภทเดิมพัน',
        'ประเภทจากเกม',
        'ค่ายเกม',
        'รหัสเกม',
      ]) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      // 26 rows: page 1 and 2 full, page 3 short with no Next.
      await expect(rows(page)).toHaveCount(10);
      await expect(rows(page).first()).toContainText(betId(0));
      await expect(pager(page).getByRole('button', { name: 'ก่อนหน้า' })).toHaveCount(0);
      await expectAccessible(page, 'Transaction From Report');
      await screenshot(page, 'ts-report');
      await pager(page).getByRole('button', { name: 'ถัดไป' }).click();
      await expect(page).toHaveURL(/page=2&cursor=/);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 2 · รายการที่ 11–20');
      await pager(page).getByRole('button', { name: 'ถัดไป' }).click();
      await expect(rows(page)).toHaveCount(2 * BETS + 2 - 20);
      await expect(pager(page).getByRole('button', { name: 'ถัดไป' })).toHaveCount(0);
      await pager(page).getByRole('button', { name: 'ก่อนหน้า' }).click();
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 2 · รายการที่ 11–20');
    });

    test('filters by game brand and period', async ({ page }) => {
      await openApp(page, `/summary/tsreport?agent=${agentA._id}&limit=50`);
      await expect(rows(page)).toHaveCount(2 * BETS + 2);
      await pickBrand(page, filters(page), 'ค่ายเกม', 'JILI');
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(/gameBrand=JILI/);
      await expect(rows(page)).toHaveCount(BETS);
      for (const text of await rows(page).allInnerTexts()) expect(text).toContain('JILI');

      await clearBrand(filters(page), 'ค่ายเกม');
      const day = bangkokDay(holdAt(6));
      const from = bangkokDayStart(day);
      const expected = rowsOfA.filter((r) => r.at >= from && r.at < from + 86_400_000);
      await pickDay(page, filters(page), 'ตั้งแต่', day);
      await expect(filters(page).getByRole('textbox', { name: 'ตั้งแต่', exact: true })).toHaveValue(
        `${ddmmyyyy(day)} 00:00`,
      );
      const toField = filters(page).getByRole('textbox', { name: 'ถึง', exact: true });
      await toField.fill(`${ddmmyyyy(day)} 23:59`);
      await expect(toField).toHaveValue(`${ddmmyyyy(day)} 23:59`);
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(/startDate=.*endDate=/);
      await expect(rows(page)).toHaveCount(expected.length);
      await screenshot(page, 'ts-report-period');

      // An agent id no agent has (an old link): one message in place of the list.
      await page.goto('/summary/tsreport?agent=999999999');
      await expect(page.getByTestId('agent-missing')).toContainText('ไม่พบเอเจนต์');
      await expect(page.getByTestId('error-banner')).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
    });

    test('the row action opens the read-only detail', async ({ page }) => {
      await openApp(page, `/summary/tsreport?agent=${agentA._id}`);
      await page.getByRole('button', { name: `ดูรายละเอียดของ bet ${betId(1)} (HOLD)` }).click();
      const dialog = page.getByRole('dialog', { name: 'รายละเอียดธุรกรรม' });
      await expect(dialog).toBeVisible();
      const expectField = async (label: string, value: string) => {
        await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
        await expect(dialog.getByLabel(label, { exact: true })).toBeDisabled();
      };
      await expectField('ชื่อผู้เล่น', `${agentA.prefix}${tag.toLowerCase()}p1`);
      await expectField('รหัสเดิมพัน', betId(1));
      await expectField('ประเภทเดิมพัน', 'HOLD');
      await expectField('ประเภทจากเกม', 'bet');
      await expectField('ค่ายเกม', 'JILI');
      await expectField('รหัสเกม', 'golden-empire');
      await expectField('จำนวนเงิน', '-101.00');
      await expectField('เอเจนต์', `${agentA.username} (${agentA.prefix})`);
      await expect(dialog.getByTestId('timeline-item')).toHaveCount(2);
      await expectAccessible(page, 'Transaction From Report detail');
      await screenshot(page, 'ts-report-detail');
    });
  });

test.describe
  .serial('bet lookup across agents (/summary/tsdetail)', () => {
    test.describe.configure({ timeout: 120_000 });

    test("shows a bet id's whole history at every agent as a timeline", async ({ page }) => {
      await openFromHub(page, /^รายละเอียดธุรกรรม/);
      await expect(page).toHaveURL(/\/summary\/tsdetail$/);
      await expect(page.getByRole('heading', { level: 1, name: 'รายละเอียดธุรกรรม' })).toBeVisible();
      await expect(page.getByTestId('empty-state')).toContainText('กรอกรหัสเดิมพัน');
      await expectAccessible(page, 'bet lookup prompt');

      await filters(page).getByLabel('รหัสเดิมพัน').fill(SHARED);
      await filters(page).getByLabel('รหัสเดิมพัน').press('Enter');
      await expect(page).toHaveURL(new RegExp(`betId=${SHARED}`));
      const items = page.getByTestId('timeline-item');
      await expect(items).toHaveCount(4);
      await expect(page.getByTestId('lookup-summary')).toHaveText(
        `รหัสเดิมพัน ${SHARED}: 4 รายการ ใน 2 เอเจนต์ ยอดสุทธิ 75.50`,
      );
      // Oldest first: A held and cancelled, then B held and settled.
      const expected: [string, string, string][] = [
        ['HOLD', '-200.00', agentA.username],
        ['CANCEL', '200.00', agentA.username],
        ['HOLD', '-50.00', agentB.username],
        ['SETTLE', '125.50', agentB.username],
      ];
      for (const [index, [type, amount, agent]] of expected.entries()) {
        await expect(items.nth(index)).toContainText(type);
        await expect(items.nth(index)).toContainText(amount);
        await expect(items.nth(index)).toContainText(`เอเจนต์: ${agent}`);
        await expect(items.nth(index)).toContainText('PGSOFT / mahjong-ways');
        await expect(items.nth(index)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      }
      await expectAccessible(page, 'bet lookup timeline');
      await screenshot(page, 'ts-detail');

      // The bet id is in the URL: a reload shows it again.
      await page.reload();
      await expect(items).toHaveCount(4);
    });

    test('an unknown bet id shows the empty state', async ({ page }) => {
      await openApp(page, '/summary/tsdetail');
      await filters(page).getByLabel('รหัสเดิมพัน').fill(`${tag}-NOPE`);
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('empty-state')).toContainText('ไม่พบรหัสเดิมพันนี้');
      await expect(page.getByTestId('empty-state')).toContainText(`${tag}-NOPE`);
      await expect(page.getByTestId('timeline-item')).toHaveCount(0);
      await expectAccessible(page, 'bet lookup not found');
      await screenshot(page, 'ts-detail-not-found');
    });
  });

test('Transaction From Report on a phone: the ledger scrolls sideways, dates and usernames whole', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openApp(page, `/summary/tsreport?agent=${agentA._id}`);
  await expect(rows(page)).toHaveCount(10);
  // Row 0 is bet 0's SETTLE, of player 0.
  await expectLedgerReadable(page, `${tag.toLowerCase()}p0`);
  // Scrolled to the times, the row's view action stays in sight (the first column stays in place).
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: `ดูรายละเอียดของ bet ${betId(0)} (SETTLE)` }),
  ).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'ts-report-mobile-times', { fullPage: false });
});
