import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { expect, ingest, makeAdapter, makeAgent, test } from './fixtures';
import { expectNoEnglishErrors, expectThaiFieldError, fieldError } from './form-errors';
import {
  apiCall,
  apiToken,
  discardChanges,
  expectAccessible,
  flipSwitch,
  internalErrorBody,
  openApp,
  screenshot,
  signIn,
  uniqueName,
} from './support';

const tag = Date.now().toString(36).slice(-4);
const senior = { username: uniqueName('senior'), prefix: `s${tag}`, code: `SEN-${tag}` };
const child = {
  username: uniqueName('child'),
  prefix: `c${tag}`,
  code: `AGT-${tag}`,
  secret: `own-secret-${tag}-0123456789`,
};
/** Game providers made in the first test: two enabled, one disabled. */
const games = { a: '', b: '', c: '', off: '' };

const row = (page: Page, username: string) => page.getByTestId(`agent-row-${username}`);

/** The status badge under the title of an agent's transaction page. */
const headerBadge = (page: Page, text: string) =>
  page
    .getByRole('heading', { level: 1, name: /^รายการธุรกรรม/ })
    .locator('..')
    .getByText(text, { exact: true });

/** Click the visible track of a row's lock switch (waits until nothing covers it). */
const flip = (page: Page, username: string) => flipSwitch(row(page, username).getByRole('switch'));

/** The agent list, where signing in lands (docs/spec.md §2), as the worker's admin or as the account given. */
async function openAgents(page: Page, account?: { username: string; password: string }) {
  if (account) await signIn(page, account.username, account.password);
  else await openApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อเอเจนต์' })).toBeVisible();
}

async function pickGame(page: Page, dialog: Locator, code: string) {
  await dialog.getByRole('combobox', { name: 'เกม', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'เกม', exact: true }).fill(code);
  await page.getByRole('option', { name: code, exact: true }).click();
}

async function chooseAgentType(page: Page, dialog: Locator, type: string) {
  await dialog.getByRole('combobox', { name: 'ประเภทเอเจนต์' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

async function fillRegister(
  page: Page,
  dialog: Locator,
  agent: { username: string; prefix: string; code: string; secret?: string },
  type: string,
  gameCodes: string[],
) {
  await dialog.getByLabel('ชื่อผู้ใช้').fill(agent.username);
  await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-pass-2024');
  await dialog.getByLabel('ที่อยู่ปลายทาง').fill(`https://${agent.prefix}.partner.example.com/callback`);
  for (const code of gameCodes) await pickGame(page, dialog, code);
  await dialog.getByLabel('คำนำหน้า').fill(agent.prefix);
  await dialog.getByLabel('รหัสระบบ').fill(agent.code);
  if (agent.secret) await dialog.getByLabel('รหัสลับ').fill(agent.secret);
  await chooseAgentType(page, dialog, type);
}

const encoded = (apiKey: string, secret: string) => Buffer.from(`${apiKey}:${secret}`).toString('base64');

// Long stories (sign-in, several dialogs, axe checks) on a machine shared with other suites.
test.describe.configure({ timeout: 150_000 });

test.describe
  .serial('agents', () => {
    test('the landing page; register a SENIOR agent and hand over its credentials', async ({
      page,
      request,
      context,
    }) => {
      const token = await apiToken(request);
      games.a = (await makeAdapter(request, token, { name: 'Golden Slots' })).codename;
      games.b = (await makeAdapter(request, token, { name: 'Live Arena', type: 'LIVE' })).codename;
      games.c = (await makeAdapter(request, token, { name: 'Fish Hunter', type: 'FISHING' })).codename;
      const off = await makeAdapter(request, token, { name: 'Retired Provider' });
      await apiCall(request, api.adapterDisable, { token, params: { id: off._id } });
      games.off = off.codename;

      await openAgents(page);
      await expect(page.getByTestId('agent-count-all')).toBeVisible();
      await expectAccessible(page, 'agent list (landing page)');
      await screenshot(page, 'agent-list-landing');

      await page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มเอเจนต์ใหม่' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('เว้นว่างไว้แล้วระบบจะสร้างรหัสลับให้อัตโนมัติ')).toBeVisible();
      // Only enabled providers are offered.
      await dialog.getByRole('combobox', { name: 'เกม', exact: true }).fill(games.off);
      await expect(page.getByText('ไม่มีค่ายเกมที่เปิดใช้งาน')).toBeVisible();
      await dialog.getByRole('combobox', { name: 'เกม', exact: true }).fill('');
      await fillRegister(page, dialog, senior, 'SENIOR', [games.a, games.b]);
      await expectAccessible(page, 'register agent dialog');
      await screenshot(page, 'agent-register-dialog');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`เพิ่มเอเจนต์ ${senior.username} แล้ว`)).toBeVisible();

      // The credentials to hand over: generated API key and secret, and base64(apiKey:secret).
      const creds = page.getByRole('dialog', { name: `ข้อมูลการเชื่อมต่อของ ${senior.username}` });
      await expect(creds).toBeVisible();
      const apiKey = await creds.getByTestId('credential-apiKey').inputValue();
      const secret = await creds.getByTestId('credential-secret').inputValue();
      expect(apiKey).toMatch(/^ak_/);
      expect(secret.length).toBeGreaterThanOrEqual(16);
      await expect(creds.getByTestId('credential-apiKeyEncoded')).toHaveValue(encoded(apiKey, secret));
      await expect(creds.getByTestId('credential-prefix')).toHaveValue(senior.prefix);
      await expect(creds.getByTestId('credential-code')).toHaveValue(senior.code);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await creds.getByRole('button', { name: 'คัดลอก คีย์ API', exact: true }).click();
      await expect(page.getByText('คัดลอกแล้ว')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
      await creds.getByRole('button', { name: 'คัดลอก รหัสลับ' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectAccessible(page, 'credentials dialog');
      await screenshot(page, 'agent-credentials-dialog');
      await creds.getByRole('button', { name: 'เสร็จสิ้น' }).click();
      await expect(creds).toBeHidden();

      // Read it back from the table.
      for (const header of ['ชื่อผู้ใช้', 'คำนำหน้า', 'รหัสระบบ', 'ประเภทเอเจนต์', 'สถานะ']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      const added = row(page, senior.username);
      await expect(added).toContainText(senior.prefix);
      await expect(added).toContainText(senior.code);
      await expect(added).toContainText('SENIOR');
      await expect(added).toContainText(games.a);
      await expect(added).toContainText(games.b);
      await expect(added.getByRole('switch')).toBeChecked();
    });

    test('register an AGENT with its own secret; server messages show per field', async ({ page }) => {
      await openAgents(page);
      await page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มเอเจนต์ใหม่' });
      // Typed as is: the contract's rules, checked in the browser, say beside each field what is
      // wrong, in Thai, and the values stay as typed.
      await fillRegister(page, dialog, { ...child, prefix: 'BAD!', secret: 'short' }, 'AGENT', [games.a]);
      await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('short');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expectThaiFieldError(dialog.getByLabel('รหัสผ่าน', { exact: true }));
      await expectThaiFieldError(dialog.getByLabel('คำนำหน้า'));
      await expectThaiFieldError(dialog.getByLabel('รหัสลับ'));
      await expect(dialog.getByLabel('คำนำหน้า')).toHaveValue('BAD!');
      await expect(dialog.getByTestId('error-banner')).toHaveCount(0);
      await expectNoEnglishErrors(dialog);
      await expectAccessible(page, 'register agent dialog with refused values');
      await screenshot(page, 'agent-register-errors');

      // A prefix already in use: 409, said in Thai.
      await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-pass-2024');
      await dialog.getByLabel('คำนำหน้า').fill(senior.prefix);
      await dialog.getByLabel('รหัสลับ').fill(child.secret);
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog.getByText(`คำนำหน้า "${senior.prefix}" ถูกใช้โดยเอเจนต์อื่นแล้ว`).first()).toBeVisible();

      // A prefix that another agent's starts (or that starts it) would mix their players' names:
      // refused beside the field, in Thai, naming the other prefix.
      const overlap = `คำนำหน้านี้ซ้อนกับคำนำหน้า "${senior.prefix}" ของเอเจนต์อื่น (คำหนึ่งขึ้นต้นด้วยอีกคำ) ชื่อผู้เล่นจะชนกัน`;
      await dialog.getByLabel('คำนำหน้า').fill(`${senior.prefix}x`);
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      expect(await fieldError(dialog.getByLabel('คำนำหน้า'))).toBe(overlap);
      await expect(dialog.getByLabel('คำนำหน้า')).toHaveValue(`${senior.prefix}x`);
      await screenshot(page, 'agent-register-prefix-overlap');

      await dialog.getByLabel('คำนำหน้า').fill(child.prefix);
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      const creds = page.getByRole('dialog', { name: `ข้อมูลการเชื่อมต่อของ ${child.username}` });
      await expect(creds.getByTestId('credential-secret')).toHaveValue(child.secret);
      await creds.getByRole('button', { name: 'เสร็จสิ้น' }).click();
      await expect(row(page, child.username)).toContainText('AGENT');
      await expect(row(page, child.username)).toContainText(child.prefix);
    });

    test('a secret another agent signs with, or one too plain, is refused beside the field in English and Thai', async ({
      page,
    }) => {
      await openAgents(page);
      await page.getByTestId('language-switch').getByText('English').click();
      await page.getByRole('button', { name: 'Add new agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add new agent' });
      await dialog.getByLabel('Username').fill(uniqueName('twin'));
      await dialog.getByLabel('Password', { exact: true }).fill('agent-pass-2024');
      await dialog.getByLabel('Endpoint').fill('https://twin.partner.example.com/callback');
      await dialog.getByLabel('Prefix').fill(`t${tag}`);
      await dialog.getByLabel('System code').fill(`TWN-${tag}`);
      await dialog.getByRole('combobox', { name: 'Agent type' }).click();
      await page.getByRole('option', { name: 'AGENT', exact: true }).click();
      // Checked in the browser by the contract's rule.
      await dialog.getByLabel('Secret').fill('abababababababab');
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await fieldError(dialog.getByLabel('Secret'))).toBe(
        'Must contain at least 8 different characters',
      );
      // Refused by the server: the child registered above signs with it.
      await dialog.getByLabel('Secret').fill(child.secret);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => fieldError(dialog.getByLabel('Secret')))
        .toBe(
          'Another agent already signs with this secret; choose another or leave it blank for a generated one',
        );
      await screenshot(page, 'agent-register-secret-taken-en');
      // The same refusal in Thai, the values kept as typed.
      await page.keyboard.press('Escape');
      await discardChanges(page);
      await page.getByTestId('language-switch').getByText('ไทย').click();
      await page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' }).click();
      const thai = page.getByRole('dialog', { name: 'เพิ่มเอเจนต์ใหม่' });
      await fillRegister(
        page,
        thai,
        { username: uniqueName('twin'), prefix: `t${tag}`, code: `TWN-${tag}`, secret: child.secret },
        'AGENT',
        [],
      );
      await thai.getByRole('button', { name: 'บันทึก' }).click();
      await expect
        .poll(() => fieldError(thai.getByLabel('รหัสลับ')))
        .toBe('รหัสลับนี้มีเอเจนต์อื่นใช้อยู่แล้ว ให้ใช้ค่าอื่น หรือเว้นว่างให้ระบบสร้างให้');
      await expect(thai.getByLabel('รหัสลับ')).toHaveValue(child.secret);
      await screenshot(page, 'agent-register-secret-taken');
    });

    test('edit games and type; prefix, code and keys are read-only with copy buttons', async ({
      page,
      request,
    }) => {
      await openAgents(page);
      await row(page, child.username)
        .getByRole('button', { name: `แก้ไข ${child.username}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `แก้ไขเอเจนต์ ${child.username}` });
      await expect(dialog.getByTestId('agent-prefix')).toHaveValue(child.prefix);
      await expect(dialog.getByTestId('agent-prefix')).toHaveAttribute('readonly', '');
      await expect(dialog.getByTestId('agent-code')).toHaveValue(child.code);
      await expect(dialog.getByTestId('agent-apiKey')).toHaveAttribute('readonly', '');
      await expect(dialog.getByRole('button', { name: 'คัดลอก คีย์ API', exact: true })).toBeVisible();
      // The secret is masked until shown.
      const secretField = dialog.getByTestId('agent-secret');
      await expect(secretField).toHaveAttribute('data-revealed', 'false');
      await expect(secretField).not.toHaveValue(child.secret);
      await dialog.getByRole('button', { name: 'แสดง รหัสลับ' }).click();
      await expect(secretField).toHaveValue(child.secret);

      // Games: drop the one chosen, add two others; type AGENT → MASTER.
      await dialog.getByRole('combobox', { name: 'เกม', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'เกม', exact: true }).press('Backspace');
      await pickGame(page, dialog, games.b);
      await pickGame(page, dialog, games.c);
      await chooseAgentType(page, dialog, 'MASTER');
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('https://child.partner.example.com/v2/callback');
      await expectAccessible(page, 'edit agent dialog');
      await screenshot(page, 'agent-edit-dialog');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`บันทึกเอเจนต์ ${child.username} แล้ว`)).toBeVisible();
      const edited = row(page, child.username);
      await expect(edited).toContainText('MASTER');
      await expect(edited).toContainText(games.b);
      await expect(edited).toContainText(games.c);
      await expect(edited).not.toContainText(games.a);

      const token = await apiToken(request);
      const { records } = await apiCall(request, api.agentList, {
        token,
        body: { username: child.username },
      });
      expect(records[0]?.endpoint).toBe('https://child.partner.example.com/v2/callback');
    });

    test('rotate the secret after a confirm step; the new secret is shown', async ({ page, request }) => {
      await openAgents(page);
      await row(page, child.username)
        .getByRole('button', { name: `แก้ไข ${child.username}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `แก้ไขเอเจนต์ ${child.username}` });
      await dialog.getByRole('button', { name: 'เปลี่ยนรหัสลับ' }).click();
      const confirm = dialog.getByTestId('rotate-confirm');
      await expect(confirm).toContainText(`ระบบจะออกรหัสลับใหม่ให้ ${child.username} ทันที`);
      await expectAccessible(page, 'rotate secret confirm');
      await screenshot(page, 'agent-rotate-confirm');
      // Cancel keeps the old secret.
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();

      await dialog.getByRole('button', { name: 'เปลี่ยนรหัสลับ' }).click();
      await confirm.getByRole('button', { name: 'ยืนยันเปลี่ยนรหัสลับ' }).click();
      await expect(dialog.getByTestId('rotate-done')).toBeVisible();
      await expect(page.getByText(`เปลี่ยนรหัสลับของ ${child.username} แล้ว`)).toBeVisible();
      const secretField = dialog.getByTestId('agent-secret');
      await expect(secretField).toHaveAttribute('data-revealed', 'true');
      const rotated = await secretField.inputValue();
      expect(rotated).not.toBe(child.secret);
      await expectAccessible(page, 'edit agent dialog after rotation');
      await screenshot(page, 'agent-rotated');

      const token = await apiToken(request);
      const { records } = await apiCall(request, api.agentList, {
        token,
        body: { username: child.username },
      });
      const id = records[0]?._id ?? '';
      const fresh = await apiCall(request, api.agentGet, { token, params: { id } });
      expect(fresh.secret).toBe(rotated);
      await expect(dialog.getByTestId('agent-apiKeyEncoded')).toHaveValue(encoded(fresh.apiKey, rotated));
      await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
      await discardChanges(page);
      await expect(dialog).toBeHidden();
    });

    test('lock and unlock through the confirm dialog; a locked agent cannot send bets', async ({
      page,
      request,
    }) => {
      const token = await apiToken(request);
      const { records } = await apiCall(request, api.agentList, {
        token,
        body: { username: child.username },
      });
      const agent: AgentWithSecret = await apiCall(request, api.agentGet, {
        token,
        params: { id: records[0]?._id ?? '' },
      });
      const bet = () => ({
        betId: uniqueName('bet'),
        betType: 'HOLD',
        betTypeFromGame: 'bet',
        gameBrand: games.b,
        gameCode: 'roulette',
        username: 'player_one',
        amount: -20,
        startDate: new Date().toISOString(),
      });

      await openAgents(page);
      const toggle = row(page, child.username).getByRole('switch', {
        name: `เอเจนต์ ${child.username} ใช้งานได้`,
      });
      await expect(toggle).toBeChecked();
      // Its transaction page, seen once before the lock, says it is active.
      await row(page, child.username).getByRole('link', { name: child.username, exact: true }).click();
      await expect(headerBadge(page, 'ใช้งาน')).toBeVisible();
      await page.goBack();

      await flip(page, child.username);
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
      await expect(confirm).toContainText(`ต้องการปิดใช้งาน (ล็อก) เอเจนต์ ${child.username} ใช่หรือไม่?`);
      await expectAccessible(page, 'lock confirm dialog');
      await screenshot(page, 'agent-lock-confirm');
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();
      await expect(toggle).toBeChecked();

      await flip(page, child.username);
      await confirm.getByRole('button', { name: 'ยืนยันปิดบัญชี' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ล็อกเอเจนต์ ${child.username} แล้ว`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(row(page, child.username).getByText('ล็อก', { exact: true })).toBeVisible();
      await expect(ingest(request, agent, [bet()])).rejects.toThrow(/3003/);

      // Locking it updates its badge elsewhere: the transaction page it was seen on says locked.
      await row(page, child.username).getByRole('link', { name: child.username, exact: true }).click();
      await expect(headerBadge(page, 'ล็อก')).toBeVisible();
      await screenshot(page, 'agent-transactions-locked');
      await page.goBack();

      // The "locked" tile filters the list (kept in the URL).
      await page.getByTestId('agent-count-1').click();
      await expect(page).toHaveURL(/locked=1/);
      await expect(page.getByTestId('agent-count-1')).toHaveAttribute('aria-pressed', 'true');
      await expect(row(page, child.username)).toBeVisible();
      await expect(row(page, senior.username)).toHaveCount(0);
      await screenshot(page, 'agent-list-locked');

      await flip(page, child.username);
      await expect(confirm).toContainText(`ต้องการเปิดใช้งาน (ปลดล็อก) เอเจนต์ ${child.username} ใช่หรือไม่?`);
      await confirm.getByRole('button', { name: 'ยืนยันเปิดบัญชี' }).click();
      await expect(page.getByText(`ปลดล็อกเอเจนต์ ${child.username} แล้ว`)).toBeVisible();
      // Unlocked, it leaves the "locked" list at once, and bets flow again.
      await expect(row(page, child.username)).toHaveCount(0);
      expect(await ingest(request, agent, [bet()])).toEqual({ accepted: 1, duplicates: 0 });
      await page.getByTestId('agent-count-all').click();
      await expect(row(page, child.username).getByRole('switch')).toBeChecked();

      // Every change was audited.
      const audit = await apiCall(request, api.auditList, { token, body: { entity: 'agent', limit: 100 } });
      const actions = audit.records.filter((r) => r.entityId === agent._id).map((r) => r.action);
      for (const action of ['create', 'update', 'lock', 'unlock']) expect(actions).toContain(action);
      expect(actions.some((a) => a.startsWith('rotate'))).toBe(true);
    });

    // Filters, URL, dates, Clear, empty and error states: the list mechanism's screen tests.
    test('CSV export of the filter; Search refreshes unchanged filters; the username opens its transactions', async ({
      page,
      request,
    }) => {
      await openAgents(page);
      const filters = page.getByRole('search');
      await filters.getByLabel('ชื่อผู้ใช้').fill(senior.username);
      await filters.getByLabel('ชื่อผู้ใช้').press('Enter');
      await expect(page.getByTestId('pager-summary')).toContainText('แสดง 1–1 จาก 1 รายการ');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'ส่งออก CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('agents.csv');
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv).toContain(senior.username);
      expect(csv).not.toContain(child.username);

      // Another admin registers a matching agent: Search, the filters unchanged, shows it.
      const late = await makeAgent(request, await apiToken(request), { username: `${senior.username}b` });
      await expect(row(page, late.username)).toHaveCount(0);
      await filters.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(row(page, late.username)).toBeVisible();
      await expect(page.getByTestId('pager-summary')).toContainText('แสดง 1–2 จาก 2 รายการ');
      await screenshot(page, 'agent-list-searched');

      // In English too.
      await page.getByTestId('language-switch').getByText('English').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Agent list' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'System code' })).toBeVisible();
      await expect(row(page, senior.username).getByText('Active', { exact: true })).toBeVisible();
      await expectAccessible(page, 'agent list in English');
      await screenshot(page, 'agent-list-en');
      await page.getByTestId('language-switch').getByText('ไทย').click();

      await row(page, senior.username).getByRole('link', { name: senior.username, exact: true }).click();
      await expect(page).toHaveURL(/\/transaction\/\d+$/);
    });
  });

test.describe('agents: roles and failures', () => {
  test('REPORTER reads agents without secrets and sees no write actions', async ({ page, request }) => {
    const token = await apiToken(request);
    const agent = await makeAgent(request, token, { agentType: 'SENIOR' });
    const username = uniqueName('e2e_reporter');
    const password = 'reporter-pass-123';
    await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'REPORTER' } });

    await openAgents(page, { username, password });
    await expect(row(page, agent.username)).toContainText(agent.prefix);
    await expect(page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^แก้ไข / })).toHaveCount(0);
    await expect(row(page, agent.username).getByText('ใช้งาน', { exact: true })).toBeVisible();
    await expectAccessible(page, 'agent list for a REPORTER');
    await screenshot(page, 'agent-list-reporter');

    await row(page, agent.username)
      .getByRole('button', { name: `ดูรายละเอียด ${agent.username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `รายละเอียดเอเจนต์ ${agent.username}` });
    await expect(dialog.getByTestId('agent-apiKey')).toHaveValue(agent.apiKey);
    await expect(dialog.getByTestId('agent-secret')).toHaveCount(0);
    await expect(dialog.getByTestId('agent-apiKeyEncoded')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'เปลี่ยนรหัสลับ' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'บันทึก' })).toHaveCount(0);
    await expect(dialog.getByLabel('ที่อยู่ปลายทาง')).toHaveAttribute('readonly', '');
    await expectAccessible(page, 'agent detail for a REPORTER');
    await screenshot(page, 'agent-view-reporter');
  });

  test('sorts by name and by registration from the column headers, on the server, across pages', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const stem = uniqueName('srt');
    // Registered in this order; the names sort otherwise.
    for (const end of ['c', 'a', 'b']) await makeAgent(request, token, { username: `${stem}_${end}` });
    await openApp(page, `/agent/list?username=${stem}`);
    const table = page.getByRole('table');
    const names = () => table.locator('tbody tr').locator('td:first-child').allInnerTexts();
    await expect(table.locator('tbody tr')).toHaveCount(3);
    const byName = table.getByRole('columnheader', { name: 'ชื่อผู้ใช้' });
    await byName.getByRole('button').click();
    await expect(byName).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=username&order=asc/);
    await expect
      .poll(async () => (await names()).map((n) => n.split('\n')[0]))
      .toEqual([`${stem}_a`, `${stem}_b`, `${stem}_c`]);
    await screenshot(page, 'agent-list-sorted-by-name');
    await byName.getByRole('button').click();
    await expect(byName).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => (await names()).map((n) => n.split('\n')[0]))
      .toEqual([`${stem}_c`, `${stem}_b`, `${stem}_a`]);
    // Registration: newest first on the first click.
    const byDate = table.getByRole('columnheader', { name: 'วันที่สร้าง' });
    await byDate.getByRole('button').click();
    await expect(byDate).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => (await names()).map((n) => n.split('\n')[0]))
      .toEqual([`${stem}_b`, `${stem}_a`, `${stem}_c`]);
    await expectAccessible(page, 'agent list sorted');
  });

  test('a failed list shows the red banner with the reason in Thai, and retries', async ({ page }) => {
    let failures = 1;
    await page.route('**/api/v1/agent/list', async (route) => {
      const body = route.request().postDataJSON() as { limit?: number; username?: string };
      // Only the filtered table's call fails: not the count tiles', nor a late call of the landing page.
      if (body.limit === 50 && body.username === 'x' && failures-- > 0) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: internalErrorBody('req-88'),
        });
      } else {
        await route.continue();
      }
    });
    await openApp(page, '/agent/list?username=x');
    const banner = page.getByTestId('error-banner');
    await expect(banner).toContainText('โหลดข้อมูลไม่สำเร็จ');
    await expect(banner).toContainText('เกิดข้อผิดพลาดภายในระบบ (รหัสคำขอ req-88)');
    await expectAccessible(page, 'agent list failure');
    await screenshot(page, 'agent-list-error');
    await banner.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
    await expect(banner).toBeHidden();
  });
});
