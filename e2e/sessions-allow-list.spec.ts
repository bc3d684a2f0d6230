import type { APIRequestContext, Page } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { expect, makeAgent, postSigned, signedOut, test } from './fixtures';
import {
  apiCall,
  apiToken,
  discardChanges,
  expectAccessible,
  openApp,
  screenshot,
  signIn,
  uniqueName,
} from './support';

/** What a phone's Safari says it is: the second device of the sessions story. */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const rowOf = (page: Page, text: string | RegExp) =>
  page.getByRole('row').filter({ has: page.getByText(text, { exact: typeof text === 'string' }) });

test.describe('sessions', () => {
  test('ending a session from another browser sends that browser to the sign-in page', async ({
    browser,
    request,
  }) => {
    const username = uniqueName('e2e_sess');
    const password = 'two-devices-pass-1';
    const token = await apiToken(request);
    await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'OPERATOR' } });

    // Two browsers signed in as the same fresh account: a desktop one and a "phone".
    const desk = await browser.newContext({ storageState: signedOut });
    const phone = await browser.newContext({ storageState: signedOut, userAgent: IPHONE_UA });
    try {
      const deskPage = await desk.newPage();
      const phonePage = await phone.newPage();
      await signIn(phonePage, username, password);
      await signIn(deskPage, username, password);

      await deskPage.goto('/account/sessions');
      await expect(deskPage.getByRole('heading', { level: 1, name: 'เซสชันของฉัน' })).toBeVisible();
      const phoneRow = rowOf(deskPage, /^Safari/);
      const deskRow = deskPage.getByRole('row').filter({ has: deskPage.getByTestId('current-session') });
      await expect(phoneRow).toHaveCount(1);
      await expect(deskRow).toHaveCount(1);
      await expect(deskRow).toContainText('เซสชันนี้');
      await expect(deskRow).toContainText('127.0.0.1');
      // The time the session began, in Thailand time as every time of the console: dd/MM/yyyy HH:mm:ss.
      await expect(deskRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      await expect(deskRow.getByRole('button', { name: /ออกจากระบบ/ })).toHaveCount(0);
      // Paged as every list (20 a page; an account keeps at most 10 live sessions).
      await expect(deskPage.getByTestId('pager-summary')).toHaveText('แสดง 1–2 จาก 2 รายการ');
      await expectAccessible(deskPage, 'my sessions');
      await screenshot(deskPage, 'sessions-mine');

      await phoneRow.getByRole('button', { name: /^ออกจากระบบเซสชัน/ }).click();
      const confirm = deskPage.getByRole('dialog', { name: 'ยืนยันการออกจากระบบเซสชัน' });
      await expect(confirm).toContainText('ต้องการออกจากระบบเซสชัน');
      await screenshot(deskPage, 'sessions-confirm-end');
      await confirm.getByRole('button', { name: 'ยืนยันออกจากระบบ' }).click();
      await expect(confirm).toBeHidden();
      // The list loaded again: only this session is left, and "end the others" has nothing to do.
      await expect(rowOf(deskPage, /^Safari/)).toHaveCount(0);
      await expect(deskRow).toHaveCount(1);
      await expect(deskPage.getByRole('button', { name: 'ออกจากระบบเซสชันอื่นทั้งหมด' })).toBeDisabled();

      // The phone's next action is refused and it lands on the sign-in page.
      await phonePage.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้เล่น' }).click();
      await expect(phonePage).toHaveURL(/\/$/);
      await expect(phonePage.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
      await expect(phonePage.getByText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง')).toBeVisible();
      await screenshot(phonePage, 'sessions-ended-elsewhere');

      // The desktop goes on working.
      await deskPage.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้เล่น' }).click();
      await expect(deskPage).toHaveURL(/\/user\/list/);
    } finally {
      await desk.close();
      await phone.close();
    }
  });

  test('a SUPERADMIN sees everyone’s sessions and the security settings', async ({ page }) => {
    await openApp(page);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await nav.getByRole('link', { name: 'เซสชันทั้งหมด' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'เซสชันทั้งหมด' })).toBeVisible();
    await expect(rowOf(page, 'admin').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'บัญชี' }).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(page.getByRole('button', { name: 'ออกจากระบบทุกเซสชันของ admin' })).toBeVisible();
    await expectAccessible(page, 'all sessions');
    await screenshot(page, 'sessions-all');

    await nav.getByRole('link', { name: 'ตั้งค่าความปลอดภัย' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ตั้งค่าความปลอดภัย' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^SUPERADMIN/ })).toBeVisible();
    // Looked at, not saved: requiring a second factor would change every other story's sign-in.
    await expect(page.getByRole('button', { name: 'บันทึก' })).toBeDisabled();
    await expectAccessible(page, 'security settings');
    await screenshot(page, 'security-settings');
  });
});

/** A signed ingest request as the agent's game integration sends it; the raw answer. */
const signedIngest = async (request: APIRequestContext, agent: AgentWithSecret) => {
  const body = JSON.stringify({
    transactions: [
      {
        betId: uniqueName('bet'),
        betType: 'HOLD',
        betTypeFromGame: 'bet',
        gameBrand: 'E2E_REFUSED',
        gameCode: 'slot-1',
        username: 'player1',
        amount: -10,
        startDate: new Date().toISOString(),
      },
    ],
  });
  return postSigned(request, agent.apiKey, agent.secret ?? '', body);
};

test.describe('address allow-lists', () => {
  test('an agent’s ingest API refuses an address not on its list, and the console counts it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const agent = await makeAgent(request, token);

    await openApp(page);
    await page.getByRole('search').getByLabel('ชื่อผู้ใช้').fill(agent.username);
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await page.getByRole('button', { name: `IP ที่อนุญาตของ ${agent.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `IP ที่อนุญาตของ API นำเข้าข้อมูล: ${agent.username}` });
    await expect(dialog.getByText('ยังไม่มีคำขอที่ถูกปฏิเสธ')).toBeVisible();
    const input = dialog.getByLabel('ที่อยู่ IP ที่อนุญาต');

    // A wrong entry is named, in Thai, before anything is sent.
    await input.fill('10.0.0.300');
    await input.press('Enter');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toContainText('“10.0.0.300” (รายการที่ 1): ต้องเป็นที่อยู่ IPv4 หรือ IPv6 หรือช่วง CIDR');
    await screenshot(page, 'allow-list-agent-bad-entry');
    await dialog.getByRole('button', { name: 'นำ 10.0.0.300 ออกจากรายการ' }).click();

    // Only an address that is not this machine's (the test sends from 127.0.0.1). Typed twice: the
    // second is not added, and the dialog says so.
    await input.fill('198.51.100.0/24');
    await input.press('Enter');
    await input.fill('198.51.100.0/24');
    await input.press('Enter');
    await expect(dialog.getByTestId('duplicate-entries')).toHaveText(
      '“198.51.100.0/24” มีอยู่ในรายการแล้ว จึงไม่เพิ่มซ้ำ',
    );
    await screenshot(page, 'allow-list-agent-duplicate');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`บันทึก IP ที่อนุญาตของ ${agent.username} แล้ว (1 รายการ)`)).toBeVisible();

    // The signature is right, the address is not: 403 with 3008.
    const refused = await signedIngest(request, agent);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { status: number }).status).toBe(3008);

    // The refusal is counted where operations see it: in the agent's dialog…
    await page.getByRole('button', { name: `IP ที่อนุญาตของ ${agent.username}` }).click();
    await expect(dialog.getByText('198.51.100.0/24')).toBeVisible();
    const refusals = dialog.getByRole('table', { name: 'คำขอที่ถูกปฏิเสธล่าสุด' });
    const today = refusals.getByRole('row').nth(1);
    await expect(today.getByRole('cell').nth(1)).toHaveText('1');
    await expect(today.getByRole('cell').nth(2)).toHaveText('127.0.0.1');
    await expectAccessible(page, 'agent allow-list');
    await screenshot(page, 'allow-list-agent-refused');

    // …and on the refused addresses screen.
    await dialog.getByRole('link', { name: 'ดูรายการที่ถูกปฏิเสธทั้งหมด' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'IP ที่ถูกปฏิเสธ' })).toBeVisible();
    const row = page.getByTestId(`refusal-${agent.username}`);
    await expect(row).toContainText('API นำเข้าข้อมูล (เอเจนต์)');
    await expect(row).toContainText('127.0.0.1');
    await expectAccessible(page, 'refused addresses');
    await screenshot(page, 'ip-refusals');
  });

  test('one’s own staff allow-list warns before it would shut oneself out', async ({ page }) => {
    // Filtered to the worker's own account: the other stories add admins, which page it away.
    await openApp(page, '/admin/list?username=admin');
    await page.getByRole('button', { name: 'IP ที่อนุญาตของ admin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'IP ที่อนุญาตของบัญชี admin' });
    await expect(dialog.getByTestId('my-address')).toContainText('127.0.0.1');
    const input = dialog.getByLabel('ที่อยู่ IP ที่อนุญาต');
    await input.fill('198.51.100.0/24');
    await input.press('Enter');
    await expect(dialog.getByTestId('lockout-warning')).toContainText('127.0.0.1');
    await screenshot(page, 'allow-list-admin-lockout-warning');
    await input.fill('127.0.0.0/8');
    await input.press('Enter');
    await expect(dialog.getByTestId('lockout-warning')).toBeHidden();
    // Not saved: the worker's shared admin stays unrestricted for the other stories.
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await discardChanges(page);
    await expect(dialog).toBeHidden();
  });
});
