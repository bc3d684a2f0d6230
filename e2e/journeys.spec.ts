import type { Locator, Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { agentText, pickAgent } from './agent-picker';
import { bangkokIso, bangkokToday, thaiMonthYear } from './bangkok';
import { expect, ingest, makeAdapter, makeAgent, test } from './fixtures';
import { apiCall, apiToken, openApp, screenshot, uniqueName, widthProblems, workerTag } from './support';

/**
 * Issue 41, Deliver 10: a Thai operations user's three everyday journeys, in Thai, on a desktop
 * (1440 × 900) and on a laptop (1280 × 720): onboarding (register an agent → its operator → a player),
 * a player's complaint (find the player → their bets → a bet's history) and month-end (last month's
 * summary report → the settlement statement → record a payment). At each step: every button of an
 * open dialog is in the window without scrolling, and no name on screen is broken inside a word.
 * The data each journey starts from is made through the API; the steps are the user's.
 */

const SIZES = [
  { name: '1440x900', width: 1440, height: 900, tag: 'a' },
  { name: '1280x720', width: 1280, height: 720, tag: 'b' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** This business month and the one before it. */
const months = () => {
  const today = bangkokToday();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return { current: { year, month }, last };
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'เมนูหลัก' });

/**
 * Every button of the dialog lies inside the window: the user sees Save without scrolling. (The
 * dialog is fixed over the page, so where the page behind it is scrolled does not matter; a dialog
 * taller than the window scrolls inside its overlay, which puts a button below the window's bottom.)
 */
async function expectButtonsInView(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const buttons = await dialog.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    const box = await button.boundingBox();
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    expect(box, `button "${name}" is laid out`).not.toBeNull();
    if (!box) continue;
    expect(box.y, `button "${name}" below the window's top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `button "${name}" above the window's bottom`).toBeLessThanOrEqual(
      viewport.height,
    );
    expect(box.x + box.width, `button "${name}" inside the window's width`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
}

/**
 * Each of these names, wherever it is shown (not in hidden sizing rows), is broken across lines only
 * between its words: after a hyphen or a space, as the tables' wrapping rule allows (docs/design.md),
 * never inside a word. At least one visible occurrence of each is required.
 */
async function expectNamesWhole(page: Page, names: string[]) {
  const result = await page.evaluate((wanted) => {
    const out: Record<string, { shown: number; broken: string[] }> = {};
    for (const name of wanted) out[name] = { shown: 0, broken: [] };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden="true"], [hidden]')) continue;
      for (const name of wanted) {
        const entry = out[name];
        if (!entry) continue;
        for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
          // The words of the name: up to and with each hyphen or space.
          const words = name.match(/[^\s-]+[\s-]*|[\s-]+/g) ?? [name];
          let start = at;
          let seen = false;
          for (const word of words) {
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, start + word.length);
            start += word.length;
            const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
            if (rects.length === 0) continue;
            seen = true;
            if (new Set(rects.map((r) => Math.round(r.top))).size > 1) entry.broken.push(word);
          }
          if (seen) entry.shown++;
        }
      }
    }
    return out;
  }, names);
  for (const name of names) {
    expect(result[name]?.shown, `"${name}" is shown`).toBeGreaterThan(0);
    expect(result[name]?.broken, `"${name}" is never broken inside a word`).toEqual([]);
  }
}

for (const size of SIZES) {
  test.describe(`journeys in Thai at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Whole stories through the UI on a machine shared with other suites.
    test.describe.configure({ timeout: 150_000 });

    test('onboarding: register an agent, then its operator, then a player', async ({ page, request }) => {
      const token = await apiToken(request);
      const game = (await makeAdapter(request, token, { name: 'Golden Slots Journey' })).codename;
      // Six characters, unique in the run: the journey, the window size, this worker, the time.
      const prefix = `j${size.tag}${workerTag(2)}${Date.now().toString(36).slice(-2)}`;
      const agent = { username: uniqueName('agent_onboarding'), prefix, code: `JRN-${prefix.toUpperCase()}` };
      const operator = uniqueName('operator_manager');
      const player = uniqueName('player_onboarding');

      // 1. The agent, from the agent list where signing in lands.
      await openApp(page);
      await page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' }).click();
      const register = page.getByRole('dialog', { name: 'เพิ่มเอเจนต์ใหม่' });
      await register.getByLabel('ชื่อผู้ใช้').fill(agent.username);
      await register.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-pass-2024');
      await register.getByLabel('ที่อยู่ปลายทาง').fill(`https://${prefix}.partner.example.com/callback`);
      const games = register.getByRole('combobox', { name: 'เกม', exact: true });
      await games.click();
      await games.fill(game);
      await page.getByRole('option', { name: game, exact: true }).click();
      await register.getByLabel('คำนำหน้า').fill(agent.prefix);
      await register.getByLabel('รหัสระบบ').fill(agent.code);
      await register.getByRole('combobox', { name: 'ประเภทเอเจนต์' }).click();
      await page.getByRole('option', { name: 'AGENT', exact: true }).click();
      await expectButtonsInView(page, register);
      await screenshot(page, `journey-${size.name}-1-agent-register`, { fullPage: false });
      await register.getByRole('button', { name: 'บันทึก' }).click();
      await expect(register).toBeHidden();
      const creds = page.getByRole('dialog', { name: `ข้อมูลการเชื่อมต่อของ ${agent.username}` });
      await expectButtonsInView(page, creds);
      await screenshot(page, `journey-${size.name}-2-agent-credentials`, { fullPage: false });
      await creds.getByRole('button', { name: 'เสร็จสิ้น' }).click();
      await expect(creds).toBeHidden();
      await expect(page.getByTestId(`agent-row-${agent.username}`)).toContainText(agent.prefix);
      await expectNamesWhole(page, [agent.username]);

      // 2. Its operator, from the menu.
      await nav(page).getByRole('link', { name: 'ผู้ปฏิบัติงานเอเจนต์' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ผู้ปฏิบัติงานเอเจนต์' })).toBeVisible();
      await page.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
      const opForm = page.getByRole('dialog', { name: 'ลงทะเบียนผู้ปฏิบัติงานเอเจนต์' });
      await pickAgent(page, opForm, 'เอเจนต์', agent);
      await opForm.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(operator);
      await opForm.getByLabel(/^รหัสผ่าน/).fill('operator-pass-1');
      await opForm.getByRole('combobox', { name: 'ประเภท' }).click();
      await page.getByRole('option', { name: /^MANAGER —/ }).click();
      await expectButtonsInView(page, opForm);
      await screenshot(page, `journey-${size.name}-3-operator-register`, { fullPage: false });
      await opForm.getByRole('button', { name: 'บันทึก' }).click();
      await expect(opForm).toBeHidden();
      await expect(page.getByText(`ลงทะเบียน ${operator} แล้ว`)).toBeVisible();
      await expectNamesWhole(page, [operator, agent.username]);

      // 3. A player of the agent, from the menu.
      await nav(page).getByRole('link', { name: 'ผู้เล่น' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อผู้เล่น' })).toBeVisible();
      await page.getByRole('button', { name: 'เพิ่มผู้เล่น' }).click();
      const playerForm = page.getByRole('dialog', { name: 'เพิ่มผู้เล่น' });
      await pickAgent(page, playerForm, 'เอเจนต์', agent);
      await playerForm.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(player);
      await playerForm.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' }).fill('5000');
      await expect(playerForm.getByText(`จะบันทึกเป็น ${agent.prefix}${player}`)).toBeVisible();
      await expectButtonsInView(page, playerForm);
      await screenshot(page, `journey-${size.name}-4-player-add`, { fullPage: false });
      await playerForm.getByRole('button', { name: 'บันทึก' }).click();
      await expect(playerForm).toBeHidden();
      await expect(page.getByText(`เพิ่มผู้เล่น ${agent.prefix}${player} แล้ว`)).toBeVisible();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: player, exact: true }) });
      await expect(row.getByTestId('bet-limit')).toHaveText('5,000.00');
      await expectNamesWhole(page, [player, agent.username]);
      await screenshot(page, `journey-${size.name}-5-player-list`, { fullPage: false });
    });

    test('complaint: find a player, open their bets, read a bet’s history', async ({ page, request }) => {
      const token = await apiToken(request);
      const agent = await makeAgent(request, token, { username: uniqueName('agent_complaint') });
      // A bet's username is at most 26 characters.
      const player = uniqueName('complaint').slice(0, 26);
      const betId = `JRN-${size.tag}-${Date.now().toString(36).toUpperCase()}`;
      const at = Date.now() - 3_600_000;
      const common = { betId, gameBrand: 'PGSOFT', gameCode: 'mahjong-ways', username: player };
      await ingest(request, agent, [
        {
          ...common,
          betType: 'HOLD',
          betTypeFromGame: 'bet',
          amount: -250,
          startDate: new Date(at).toISOString(),
        },
        {
          ...common,
          betType: 'SETTLE',
          betTypeFromGame: 'win',
          amount: 612.5,
          startDate: new Date(at + 30_000).toISOString(),
          endDate: new Date(at + 30_000).toISOString(),
        },
      ]);

      // 1. Find the player by the name they give.
      await openApp(page);
      await nav(page).getByRole('link', { name: 'ผู้เล่น' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อผู้เล่น' })).toBeVisible();
      const search = page.getByRole('search');
      await search.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(player);
      await search.getByRole('button', { name: 'ค้นหา' }).click();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: player, exact: true }) });
      await expect(row).toContainText(agent.username);
      await expectNamesWhole(page, [player, agent.username]);
      await screenshot(page, `journey-${size.name}-6-player-found`, { fullPage: false });

      // 2. One click to their bets.
      await row.getByRole('link', { name: `ดูการเดิมพันของ ${player}` }).click();
      await expect(page).toHaveURL(new RegExp(`/transaction/${agent._id}`));
      const rows = page.getByTestId('transaction-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(betId);
      await expectNamesWhole(page, [betId]);
      await screenshot(page, `journey-${size.name}-7-player-bets`, { fullPage: false });

      // 3. The bet's history: the SETTLE (newest first) opens its detail, HOLD then SETTLE.
      await rows.first().click();
      const detail = page.getByRole('dialog', { name: 'รายละเอียดธุรกรรม' });
      await expect(detail.getByLabel('รหัสเดิมพัน')).toHaveValue(betId);
      const items = detail.getByTestId('timeline-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('HOLD');
      await expect(items.nth(0)).toContainText('-250.00');
      await expect(items.nth(1)).toContainText('SETTLE');
      await expect(items.nth(1)).toContainText('612.50');
      await expectButtonsInView(page, detail);
      await screenshot(page, `journey-${size.name}-8-bet-history`, { fullPage: false });
      await detail.getByRole('button', { name: 'ปิด' }).first().click();
      await expect(detail).toBeHidden();
    });

    test('month-end: last month’s summary, the settlement statement, a payment recorded', async ({
      page,
      request,
    }) => {
      const { current, last } = months();
      const token = await apiToken(request);
      const senior = await makeAgent(request, token, {
        agentType: 'SENIOR',
        username: uniqueName('senior_monthend'),
      });
      // A long name (32 characters), as wide as a username gets: the statement's first column must hold it whole.
      const child = await makeAgent(request, token, { username: uniqueName('agent_monthend_statement') });
      // Since last month's first day the child shares 40 % with its senior; its players lost 1,000.00
      // last month (a 1,500.00 stake, 500.00 back).
      await apiCall(request, api.agentSharingCreate, {
        token,
        body: {
          agent: child._id,
          parentAgent: senior._id,
          parentPercentage: 40,
          effectiveFrom: `${last.year}-${pad(last.month)}-01`,
        },
      });
      const stamp = bangkokIso(`${last.year}-${pad(last.month)}-12`, '20:00:00');
      const player = uniqueName('pme').slice(0, 20);
      const bet = (betType: string, amount: number) => ({
        betId: `JRN-ME-${child.prefix}`,
        betType,
        betTypeFromGame: betType.toLowerCase(),
        gameBrand: 'PGSOFT',
        gameCode: 'mahjong-ways',
        username: player,
        amount,
        startDate: stamp,
      });
      await ingest(request, child, [bet('HOLD', -1500), bet('SETTLE', 500)]);

      // 1. Last month's summary of the agent, from the summary hub.
      await openApp(page);
      await nav(page).getByRole('link', { name: 'สรุปผล', exact: true }).click();
      await page.getByRole('link', { name: /สรุปรายเดือนตามเอเจนต์/ }).click();
      await expect(page).toHaveURL(/\/summary\/agentmonthly/);
      const search = page.getByRole('search');
      await pickAgent(page, search, 'เอเจนต์', child);
      if (last.year !== current.year) {
        await search.getByRole('combobox', { name: 'ปี', exact: true }).click();
        await page.getByRole('option', { name: String(last.year) }).click();
      }
      await search.getByRole('combobox', { name: 'เดือน', exact: true }).click();
      await page
        .getByRole('option')
        .nth(last.month - 1)
        .click();
      await search.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(new RegExp(`month=${last.month}`));
      const report = page.getByRole('table', { name: 'สรุปรายเดือนตามเอเจนต์' });
      await expect(report.locator('tbody tr')).toHaveCount(1);
      await expect(report.locator('tbody tr')).toContainText('1,500.00');
      await screenshot(page, `journey-${size.name}-9-summary-last-month`, { fullPage: false });

      // 2. The settlement statement of that month, from the menu.
      await nav(page).getByRole('link', { name: 'สรุปยอด/ชำระเงิน' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'สรุปยอดและการชำระเงิน' })).toBeVisible();
      if (last.year !== current.year) await openApp(page, `/settlement?year=${last.year}`);
      await page.getByRole('link', { name: thaiMonthYear(last), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/settlement/${last.year}/${last.month}$`));
      const line = page.getByRole('row').filter({ hasText: child.username }).filter({ hasText: '%' });
      // 40 % of the 1,000.00 the house won.
      await expect(line.getByTestId('line-words')).toHaveText(
        `เอเจนต์ ${child.username} ต้องจ่ายให้ ${senior.username} 400.00 บาท`,
      );
      await expectNamesWhole(page, [child.username, senior.username]);
      // The statement fits the width, or scrolls in its own card with its right edge shaded.
      expect(await widthProblems(page)).toEqual([]);
      await screenshot(page, `journey-${size.name}-10-statement`, { fullPage: false });

      // 3. The child pays what it owes: the payment recorded from the statement.
      await page.getByRole('button', { name: 'บันทึกการชำระ' }).click();
      const dialog = page.getByRole('dialog', { name: 'บันทึกการชำระ' });
      await dialog.getByRole('combobox', { name: 'ข้อตกลง (เอเจนต์ลูก → เอเจนต์แม่)' }).click();
      await page.getByRole('option', { name: `${agentText(child)} → ${agentText(senior)}` }).click();
      await expect(dialog.getByRole('combobox', { name: 'ทิศทาง' })).toHaveValue('เอเจนต์ลูกจ่ายให้เอเจนต์แม่');
      await dialog.getByRole('textbox', { name: 'จำนวนเงิน' }).fill('400');
      await dialog.getByRole('textbox', { name: 'เลขอ้างอิง' }).fill(`TR-${child.prefix}`);
      await expect(dialog.getByTestId('paid-on-period')).toHaveText(`นับเข้างวด ${thaiMonthYear(last)}`);
      await expect(dialog.getByTestId('payment-words')).toHaveText(
        `บันทึกว่า: เอเจนต์ ${child.username} จ่ายให้ ${senior.username} แล้ว 400.00 บาท`,
      );
      await expectButtonsInView(page, dialog);
      await expectNamesWhole(page, [child.username, senior.username]);
      await screenshot(page, `journey-${size.name}-11-payment`, { fullPage: false });
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(`บันทึกการชำระแล้ว: เอเจนต์ ${child.username} จ่ายให้ ${senior.username} แล้ว 400.00 บาท`),
      ).toBeVisible();
      await screenshot(page, `journey-${size.name}-12-payment-recorded`, { fullPage: false });
      // Recorded from last month's statement, the payment is dated that month's last day (the dialog's
      // default, said under the day), so it is listed on this statement and settles its line.
      await expect(page.getByTestId('period-payments')).toContainText(
        `เอเจนต์ ${child.username} จ่ายให้ ${senior.username} แล้ว 400.00 บาท`,
      );
      await expect(line.getByTestId('line-words')).toHaveText(
        `ไม่มียอดที่ต้องจ่ายระหว่าง ${child.username} และ ${senior.username}`,
      );
      await screenshot(page, `journey-${size.name}-13-payment-on-its-statement`, { fullPage: false });
    });
  });
}
