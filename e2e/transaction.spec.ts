import { readFileSync } from 'node:fs';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { clearBrand, pickBrand } from './agent-picker';
import { bangkokDay, bangkokDayStart, bangkokWall, ddmmyyyy, pickDay } from './bangkok';
import { BASE_URL } from './env';
import { expect, ingest, makeAgent, test } from './fixtures';
import { expectLedgerReadable, PHONE } from './narrow-screen';
import { apiCall, apiToken, expectAccessible, internalErrorBody, openApp, screenshot } from './support';

/**
 * One agent with 120 signed rows: 60 bets, each a HOLD and its SETTLE 45 s later, two hours apart
 * over five days, alternating two game brands. Newest first, row k of the list is bet ⌊k/2⌋,
 * its SETTLE when k is even and its HOLD when k is odd.
 */
const BETS = 60;
const tag = `TX${Date.now().toString(36).toUpperCase()}`;
const betId = (i: number) => `${tag}-B${String(i).padStart(3, '0')}`;
const brandOf = (i: number) => (i % 2 === 0 ? 'PGSOFT' : 'JILI');
const holdAmount = (i: number) => -(1000 + i * 10.5);
// The newest bet an hour before the current hour, so every row is in the past.
const t0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
const holdAt = (i: number) => t0 - i * 2 * 3_600_000;

let agent: AgentWithSecret;
/** The id of the player of bets 0, 4, 8, … 56 (15 bets: 30 rows, bet 0's newest). */
let player0 = '';

const rows = (page: Page) => page.getByTestId('transaction-row');
const pager = (page: Page) => page.getByTestId('cursor-pager');
const nextButton = (page: Page) => pager(page).getByRole('button', { name: 'ถัดไป' });
const previousButton = (page: Page) => pager(page).getByRole('button', { name: 'ก่อนหน้า' });
const firstButton = (page: Page) => pager(page).getByRole('button', { name: 'หน้าแรก' });
/** The list row k (0-based from the newest) shows this bet id and type. */
const expectRow = async (page: Page, index: number, k: number) => {
  const row = rows(page).nth(index);
  await expect(row).toContainText(betId(Math.floor(k / 2)));
  await expect(row).toContainText(k % 2 === 0 ? 'SETTLE' : 'HOLD');
};

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await apiToken(request);
  agent = await makeAgent(request, token);
  const transactions: Record<string, unknown>[] = [];
  for (let i = 0; i < BETS; i++) {
    const brand = brandOf(i);
    const common = {
      betId: betId(i),
      gameBrand: brand,
      gameCode: brand === 'PGSOFT' ? 'fortune-ox' : 'super-ace',
      username: `pl${tag.toLowerCase()}${i % 4}`,
    };
    transactions.push({
      ...common,
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      amount: holdAmount(i),
      startDate: new Date(holdAt(i)).toISOString(),
    });
    transactions.push({
      ...common,
      betType: 'SETTLE',
      betTypeFromGame: i % 3 === 0 ? 'lose' : 'win',
      amount: i % 3 === 0 ? 0 : 2500.25,
      startDate: new Date(holdAt(i) + 45_000).toISOString(),
      endDate: new Date(holdAt(i) + 45_000).toISOString(),
    });
  }
  const result = await ingest(request, agent, transactions);
  expect(result).toEqual({ accepted: 2 * BETS, duplicates: 0 });
  const found = await apiCall(request, api.transactionList, {
    token,
    params: { agentId: agent._id },
    body: { username: `pl${tag.toLowerCase()}0`, limit: 1 },
  });
  player0 = found.records[0]?.user ?? '';
  await request.dispose();
});

/** Open the agent's transactions from the agent list's username link. */
async function openFromAgentList(page: Page) {
  await openApp(page, `/agent/list?username=${agent.username}`);
  await page.getByRole('link', { name: agent.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction/${agent._id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `รายการธุรกรรมของ ${agent.username}` }),
  ).toBeVisible();
}

test.describe
  .serial('agent transaction list', () => {
    // Full-page screenshots of 50-row pages take a while on a busy machine.
    test.describe.configure({ timeout: 150_000 });
    test('opens from the agent list with every column, Thai amounts and newest first', async ({ page }) => {
      await openFromAgentList(page);
      await expect(page.getByText(agent.prefix, { exact: true })).toBeVisible();
      // Where it is: under Agent in the header's trail and in the menu.
      await expect(page.getByTestId('header-trail')).toHaveText(/การจัดการ\s*\/\s*เอเจนต์\s*\/\s*รายการธุรกรรม/);
      await expect(
        page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'เอเจนต์', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      for (const header of [
        'ผู้เล่น (ID)',
        'ชื่อผู้เล่น',
        'รหัสเดิมพัน',
        'ประเภทเดิมพัน',
        'ประเภทจากเกม',
        'ค่ายเกม',
        'รหัสเกม',
        'จำนวนเงิน',
        'เวลา',
      ]) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      // Default page size 10: a full page, Next shown, no Previous on page 1.
      await expect(rows(page)).toHaveCount(10);
      await expect(pager(page).getByLabel('รายการต่อหน้า')).toHaveValue('10');
      await expect(nextButton(page)).toBeVisible();
      await expect(previousButton(page)).toHaveCount(0);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 1 · รายการที่ 1–10');
      await expectRow(page, 0, 0);
      await expectRow(page, 1, 1);
      // HOLD of bet 0: −1,000.00 in red; the row's time as dd/MM/yyyy HH:mm:ss.
      const hold = rows(page).nth(1);
      await expect(hold.locator('[data-negative="true"]')).toHaveText('-1,000.00');
      await expect(hold.locator('[data-negative="true"]')).toHaveCSS('color', 'rgb(201, 42, 42)');
      await expect(rows(page).nth(2)).toContainText('2,500.25');
      await expect(hold).toContainText(/\d{2}\/\d{2}\/\d{4}\s*\d{2}:\d{2}:\d{2}/);
      await expect(hold).toContainText('PGSOFT');
      await expect(hold).toContainText('fortune-ox');
      await expectAccessible(page, 'transaction list');
      await screenshot(page, 'transaction-list');
    });

    test('pages forward and back by cursor, survives a reload, falls back to page numbers', async ({
      page,
    }) => {
      await openFromAgentList(page);
      await nextButton(page).click();
      await expect(page).toHaveURL(/page=2&cursor=/);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 2 · รายการที่ 11–20');
      await expectRow(page, 0, 10);
      await expect(previousButton(page)).toBeVisible();
      await nextButton(page).click();
      await expect(page).toHaveURL(/page=3&cursor=/);
      await expectRow(page, 0, 20);
      await expectRow(page, 9, 29);

      // Back uses the remembered cursor of page 2.
      await previousButton(page).click();
      await expect(page).toHaveURL(/page=2&cursor=/);
      await expectRow(page, 0, 10);
      await nextButton(page).click();
      await expectRow(page, 0, 20);

      // A reload keeps page 3 (page and cursor are in the URL)…
      await page.reload();
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 3 · รายการที่ 21–30');
      await expectRow(page, 0, 20);
      // …and with no remembered cursor for page 2, back reads it by page number.
      await previousButton(page).click();
      await expect(page).toHaveURL(/page=2$/);
      await expectRow(page, 0, 10);
      await expectRow(page, 9, 19);
      await previousButton(page).click();
      await expect(page).not.toHaveURL(/page=/);
      await expectRow(page, 0, 0);
      await expect(previousButton(page)).toHaveCount(0);
      await expect(firstButton(page)).toHaveCount(0);

      // First: from page 3 straight back to page 1.
      await nextButton(page).click();
      await nextButton(page).click();
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 3 · รายการที่ 21–30');
      await firstButton(page).click();
      await expect(page).not.toHaveURL(/page=/);
      await expectRow(page, 0, 0);
    });

    test('page sizes 50 and 100: Next hidden on a short last page', async ({ page }) => {
      await openFromAgentList(page);
      await pager(page).getByLabel('รายการต่อหน้า').selectOption('50');
      await expect(page).toHaveURL(/limit=50/);
      await expect(rows(page)).toHaveCount(50);
      await nextButton(page).click();
      await expect(rows(page)).toHaveCount(50);
      await expectRow(page, 0, 50);
      await nextButton(page).click();
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 3 · รายการที่ 101–120');
      await expect(rows(page)).toHaveCount(20);
      await expectRow(page, 19, 119);
      await expect(nextButton(page)).toHaveCount(0);
      await expect(previousButton(page)).toBeVisible();
      await screenshot(page, 'transaction-list-50-last-page');
      await previousButton(page).click();
      await expectRow(page, 0, 50);

      // A new size starts again at page 1.
      await pager(page).getByLabel('รายการต่อหน้า').selectOption('100');
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 1 · รายการที่ 1–100');
      // 100 rows: a page of nine columns is rendered whole, within the table budget (docs/design.md §11: at
      // most 1,400 DOM nodes for the table).
      await expect(rows(page)).toHaveCount(100);
      await expectRow(page, 0, 0);
      await expectRow(page, 99, 99);
      const tableNodes = await page
        .getByRole('table')
        .evaluate((table) => table.querySelectorAll('*').length + 1);
      expect(tableNodes).toBeLessThanOrEqual(1400);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(rows(page).nth(99)).toBeInViewport();
      await expect(rows(page).nth(99)).toContainText(betId(49));
      // Next under the last row: the next page shows from its first row.
      await nextButton(page).click();
      await expect(rows(page)).toHaveCount(20);
      await expect(rows(page).first()).toBeInViewport();
      await expect(nextButton(page)).toHaveCount(0);
    });

    test('filters by bet id, game brand, bet type and date range', async ({ page }) => {
      await openFromAgentList(page);
      const filters = page.getByRole('search');

      // Bet id: its HOLD and SETTLE, one short page.
      await filters.getByLabel('รหัสเดิมพัน').fill(betId(7));
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(new RegExp(`betId=${betId(7)}`));
      await expect(rows(page)).toHaveCount(2);
      await expectRow(page, 0, 14);
      await expectRow(page, 1, 15);
      await expect(nextButton(page)).toHaveCount(0);
      await expect(previousButton(page)).toHaveCount(0);

      // Brand, picked from the providers (typed in any case): 30 JILI bets = 60 rows; 50 on page 1, 10
      // on page 2.
      await filters.getByLabel('รหัสเดิมพัน').fill('');
      await pickBrand(page, filters, 'ค่ายเกม', 'JILI');
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      // As a user would: the new search's first page shows before the page size changes.
      await expect(page).toHaveURL(/gameBrand=JILI/);
      await expect(rows(page)).toHaveCount(10);
      await pager(page).getByLabel('รายการต่อหน้า').selectOption('50');
      await expect(rows(page)).toHaveCount(50);
      for (const text of await rows(page).allInnerTexts()) expect(text).toContain('JILI');
      await nextButton(page).click();
      await expect(rows(page)).toHaveCount(10);
      await expect(nextButton(page)).toHaveCount(0);
      // The size stays across a new search; the page goes back to 1.
      await clearBrand(filters, 'ค่ายเกม');
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(/\?limit=50$/);
      await expect(rows(page)).toHaveCount(50);

      // Bet type: the 60 SETTLE rows.
      await filters.getByRole('combobox', { name: 'ประเภทเดิมพัน' }).click();
      await page.getByRole('option', { name: 'SETTLE', exact: true }).click();
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(/betType=SETTLE/);
      await expect(rows(page).nth(1)).toContainText('SETTLE');
      await expect(rows(page)).toHaveCount(50);
      for (const text of await rows(page).allInnerTexts()) expect(text).toContain('SETTLE');
      await filters.getByRole('button', { name: 'ล้างตัวกรอง' }).click();
      await expect(page).toHaveURL(/\?limit=50$/);

      // Date range: one whole Bangkok day in the middle of the data, typed as dd/MM/yyyy and picked.
      const day = bangkokDay(holdAt(30));
      const from = bangkokDayStart(day);
      const to = from + 86_400_000;
      const expected = Array.from({ length: BETS }, (_, i) => i).filter(
        (i) => holdAt(i) >= from && holdAt(i) + 45_000 < to,
      );
      const fromField = filters.getByRole('textbox', { name: 'ตั้งแต่', exact: true });
      await fromField.fill(ddmmyyyy(day));
      await fromField.blur();
      await expect(fromField).toHaveValue(`${ddmmyyyy(day)} 00:00`);
      await expectAccessible(page, 'date-time field');
      await screenshot(page, 'transaction-date-typed');
      await pickDay(page, filters, 'ถึง', day);
      await expect(filters.getByRole('textbox', { name: 'ถึง', exact: true })).toHaveValue(
        `${ddmmyyyy(day)} 23:59`,
      );
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(/startDate=.*endDate=/);
      await expect(rows(page)).toHaveCount(expected.length * 2);
      const first = expected[0] ?? 0;
      await expect(rows(page).first()).toContainText(betId(first));
      await expect(rows(page).last()).toContainText(betId(expected.at(-1) ?? 0));
      await screenshot(page, 'transaction-list-date-filter');

      // A player id that is not one: the server's reason in Thai (docs/spec.md §5, docs/design.md §4), under the
      // field it is about, and the red banner saying to correct it, with no "try again" (the same
      // request would be refused the same way).
      const banner = page.getByTestId('error-banner');
      const playerId = filters.getByLabel('ผู้เล่น (ID)');
      await playerId.fill('abc');
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(banner).toContainText('ตัวกรองไม่ถูกต้อง กรุณาแก้ไขแล้วกดค้นหาอีกครั้ง');
      await expect(banner).toContainText('รหัสอ้างอิงไม่ถูกต้อง');
      await expect(banner.getByRole('button')).toHaveCount(0);
      await expect(playerId).toHaveAttribute('aria-invalid', 'true');
      await expect(playerId).toHaveAccessibleDescription('รหัสอ้างอิงไม่ถูกต้อง');
      // Correcting the field takes its mark away at once.
      await playerId.fill('');
      await expect(playerId).not.toHaveAttribute('aria-invalid', 'true');

      // A name one character past the filter's 100: refused with the limit in Thai under the field,
      // which keeps every character typed (nothing cut off silently); no other field is marked.
      const long = 'a'.repeat(101);
      const username = filters.getByLabel('ชื่อผู้เล่น');
      await username.fill(long);
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(username).toHaveAccessibleDescription('ต้องมีไม่เกิน 100 ตัวอักษร');
      await expect(banner).toContainText('ไม่เกิน 100 ตัวอักษร');
      await expect(username).toHaveValue(long);
      await expect(filters.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expectAccessible(page, 'refused transaction filter');
      await screenshot(page, 'transaction-list-username-too-long');
      await username.fill('');

      // Nothing matches: the no-data picture.
      await filters.getByLabel('รหัสเดิมพัน').fill('no-such-bet');
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('empty-state')).toContainText('ไม่พบรายการธุรกรรม');
      await expect(pager(page)).toHaveCount(0);
      await expectAccessible(page, 'empty transaction list');
      await screenshot(page, 'transaction-list-empty');
    });

    /**
     * Page 3 of the list at `path` walked with Next (keyset steps), then opened as a link someone
     * typed or shared, without the cursor (docs/design.md §11): the same rows, player 0's bets 40 to 56, each
     * its SETTLE then its HOLD.
     */
    const expectPage3LinkAsWalked = async (page: Page, path: string) => {
      await openApp(page, path);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 1 · รายการที่ 1–10');
      await nextButton(page).click();
      await nextButton(page).click();
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 3 · รายการที่ 21–30');
      const walked = await rows(page).allInnerTexts();
      expect(walked).toHaveLength(10);
      await expect(rows(page).first()).toContainText(betId(40));
      await expect(rows(page).last()).toContainText(betId(56));
      await openApp(page, `${path}&page=3`);
      await expect(page.getByTestId('pager-summary')).toHaveText('หน้า 3 · รายการที่ 21–30');
      await expect(rows(page)).toHaveCount(10);
      expect(await rows(page).allInnerTexts()).toEqual(walked);
    };

    test('a player’s page link without its cursor opens the rows Next reaches there', async ({ page }) => {
      await expectPage3LinkAsWalked(page, `/transaction/${agent._id}?user=${player0}`);
      await expect(page.getByRole('search').getByLabel('ผู้เล่น (ID)')).toHaveValue(player0);
      await screenshot(page, 'transaction-player-page-link');
      // Past the player's last page: the no-data picture, not an error.
      await openApp(page, `/transaction/${agent._id}?user=${player0}&page=4`);
      await expect(page.getByTestId('empty-state')).toContainText('ไม่พบรายการธุรกรรม');
    });

    test('a username search’s page link without its cursor opens the rows Next reaches there', async ({
      page,
    }) => {
      // The same player by name, typed in capitals: it names one player, and the field keeps what was typed.
      const typed = `PL${tag.toUpperCase()}0`;
      await expectPage3LinkAsWalked(page, `/transaction/${agent._id}?username=${typed}`);
      await expect(page.getByRole('search').getByLabel('ชื่อผู้เล่น')).toHaveValue(typed);
      await screenshot(page, 'transaction-username-page-link');
    });

    test("a row opens the read-only detail with the bet's history", async ({ page }) => {
      await openFromAgentList(page);
      await page.getByRole('search').getByLabel('รหัสเดิมพัน').fill(betId(3));
      await page.getByRole('search').getByRole('button', { name: 'ค้นหา' }).click();
      await expect(rows(page)).toHaveCount(2);
      // The SETTLE row (newest first).
      await rows(page).first().click();
      const dialog = page.getByRole('dialog', { name: 'รายละเอียดธุรกรรม' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('รหัสเดิมพัน')).toHaveValue(betId(3));
      await expect(dialog.getByLabel('รหัสเดิมพัน')).toBeDisabled();
      await expect(dialog.getByLabel('ประเภทเดิมพัน')).toHaveValue('SETTLE');
      await expect(dialog.getByLabel('ประเภทจากเกม')).toHaveValue('lose');
      await expect(dialog.getByLabel('ค่ายเกม')).toHaveValue('JILI');
      await expect(dialog.getByLabel('รหัสเกม')).toHaveValue('super-ace');
      await expect(dialog.getByLabel('จำนวนเงิน')).toHaveValue('0.00');
      await expect(dialog.getByLabel('เอเจนต์')).toHaveValue(`${agent.username} (${agent.prefix})`);
      await expect(dialog.getByLabel('เวลาเริ่ม')).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      await expect(dialog.getByLabel('เวลาสิ้นสุด')).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      for (const input of await dialog.getByRole('textbox').all()) await expect(input).toBeDisabled();

      // History, oldest first: HOLD then SETTLE, the opened row marked.
      const items = dialog.getByTestId('timeline-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('HOLD');
      await expect(items.nth(0)).toContainText('-1,031.50');
      await expect(items.nth(1)).toContainText('SETTLE');
      await expect(items.nth(1)).toContainText('รายการนี้');
      await expect(dialog.getByText('2 รายการ')).toBeVisible();
      await expectAccessible(page, 'transaction detail dialog');
      await screenshot(page, 'transaction-detail-dialog');
      await dialog.getByRole('button', { name: 'ปิด' }).first().click();
      await expect(dialog).toBeHidden();

      // The keyboard opens a row too.
      await rows(page).nth(1).focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByLabel('ประเภทเดิมพัน')).toHaveValue('HOLD');
      await expect(dialog.getByTestId('timeline-item').nth(0)).toContainText('รายการนี้');
    });

    test('exports the filtered rows as CSV', async ({ page }) => {
      await openFromAgentList(page);
      await pickBrand(page, page.getByRole('search'), 'ค่ายเกม', 'PGSOFT');
      await page.getByRole('search').getByRole('button', { name: 'ค้นหา' }).click();
      await expect(rows(page).first()).toContainText('PGSOFT');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`transactions-${agent.username}.csv`);
      const lines = readFileSync((await download.path()) ?? '', 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      const header = (lines[0] ?? '').split(',');
      expect(header).toEqual(expect.arrayContaining(['รหัสเดิมพัน', 'ประเภทเดิมพัน', 'จำนวนเงิน']));
      expect(lines).toHaveLength(1 + BETS);
      for (const line of lines.slice(1)) expect(line).toContain('PGSOFT');
      // Amounts are plain numbers a spreadsheet sums, the stakes negative: never defused as text.
      const amount = header.indexOf('จำนวนเงิน');
      const cells = lines.slice(1).map((line) => line.split(','));
      const holds = cells.filter((c) => c.includes('HOLD')).map((c) => c[amount] ?? '');
      expect(holds).toHaveLength(BETS / 2);
      for (const cell of holds) expect(cell).toMatch(/^-\d+\.\d{2}$/);
      const pgHolds = Array.from({ length: BETS }, (_, i) => i).filter((i) => brandOf(i) === 'PGSOFT');
      const staked = pgHolds.reduce((sum, i) => sum + Math.round(holdAmount(i) * 100), 0);
      expect(holds.reduce((sum, cell) => sum + Math.round(Number(cell) * 100), 0)).toBe(staked);

      // Times on the business clock, `yyyy-MM-dd HH:mm:ss` (Bangkok, as the list shows them), never UTC
      // ISO text: each row's start, and the SETTLE's end, 45 s after its HOLD.
      const wall = bangkokWall;
      const col = (name: string) => header.indexOf(name);
      const times = cells.map((c) => [c[col('เวลาเริ่ม')], c[col('เวลาสิ้นสุด')]]);
      const expected = cells.map((c) => {
        const at = holdAt(Number(/-B(\d{3})$/.exec(c[col('รหัสเดิมพัน')] ?? '')?.[1]));
        return c[col('ประเภทเดิมพัน')] === 'HOLD' ? [wall(at), ''] : [wall(at + 45_000), wall(at + 45_000)];
      });
      expect(times).toEqual(expected);
      // The newest row, bet 0's SETTLE, shows the same wall time on the screen as dd/MM/yyyy HH:mm:ss.
      const [, year, month, day, time] =
        /^(\d{4})-(\d{2})-(\d{2}) (\S+)$/.exec(wall(holdAt(0) + 45_000)) ?? [];
      await expect(rows(page).first()).toContainText(betId(0));
      await expect(rows(page).first()).toContainText(new RegExp(`${day}/${month}/${year}\\s*${time}`));

      // In English, the header row is in English.
      await page.getByTestId('language-switch').getByText('English').click();
      const inEnglish = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const english = readFileSync((await (await inEnglish).path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
      expect(english.split(/\r?\n/)[0]).toBe(
        'Record id,User (id),Username,Bet ID,Bet type,Bet type from game,Game brand,Game code,Amount,Start,End',
      );
      await page.getByTestId('language-switch').getByText('ไทย').click();
    });

    test('a failing list shows the red banner with retry', async ({ page }) => {
      await openFromAgentList(page);
      await page.route('**/api/v1/transaction/*/list', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: internalErrorBody('req-abc'),
        }),
      );
      await page.getByRole('search').getByLabel('รหัสเดิมพัน').fill('anything');
      await page.getByRole('search').getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('error-banner')).toContainText('เกิดข้อผิดพลาดภายในระบบ (รหัสคำขอ req-abc)');
      await expectAccessible(page, 'transaction list error');
      await screenshot(page, 'transaction-list-error');
      await page.unroute('**/api/v1/transaction/*/list');

      // A failed export says so in a notification that leaves the header's controls free (bottom right).
      await page.route('**/api/v1/transaction/*/export', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: internalErrorBody('req-def'),
        }),
      );
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'เกิดข้อผิดพลาดภายในระบบ (รหัสคำขอ req-def)' });
      await expect(notice).toBeVisible();
      const box = await notice.boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      const viewport = page.viewportSize();
      if (!box || !header || !viewport) throw new Error('no notification, header or viewport');
      expect(box.y).toBeGreaterThan(header.y + header.height);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 60);
      await screenshot(page, 'transaction-export-failed-notification', { fullPage: false });
      await page.unroute('**/api/v1/transaction/*/export');
      await page.getByRole('search').getByLabel('รหัสเดิมพัน').fill('');
      await page.getByRole('search').getByRole('button', { name: 'ค้นหา' }).click();
      await expect(rows(page)).toHaveCount(10);
      await expect(page.getByTestId('error-banner')).toHaveCount(0);
    });
  });

test('an unknown agent id says so once, instead of listing nothing', async ({ page }) => {
  await openApp(page, '/transaction/999999999');
  await expect(page.getByRole('heading', { level: 1, name: 'รายการธุรกรรมของเอเจนต์' })).toBeVisible();
  await expect(page.getByTestId('agent-missing')).toContainText('ไม่พบเอเจนต์');
  await expect(page.getByTestId('agent-missing')).toContainText('999999999');
  // One message: no red banner, no table, no filters or export that cannot work.
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByText('ไม่พบ', { exact: false })).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ส่งออก CSV' })).toHaveCount(0);
  await expectAccessible(page, 'transaction list of an unknown agent');
  await screenshot(page, 'transaction-unknown-agent');
  await page.getByRole('link', { name: 'ไปที่รายชื่อเอเจนต์' }).click();
  await expect(page).toHaveURL(/\/agent\/list$/);
});

test('on a phone the ledger scrolls sideways: short rows, each date and username whole', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openApp(page, `/transaction/${agent._id}`);
  await expect(rows(page)).toHaveCount(10);
  await screenshot(page, 'transaction-list-mobile');
  // Row 0 is bet 0's SETTLE, of player 0.
  await expectLedgerReadable(page, `pl${tag.toLowerCase()}0`);
  await expectAccessible(page, 'transaction list on a phone');
  await screenshot(page, 'transaction-list-mobile-times', { fullPage: false });
});
