import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { agentText, pickAgent } from './agent-picker';
import { expect, ingest, makeAgent, test } from './fixtures';
import { expectNoEnglishErrors, expectThaiFieldError } from './form-errors';
import {
  apiCall,
  apiToken,
  discardChanges,
  expectAccessible,
  flipSwitch,
  openApp,
  screenshot,
  signIn,
  uniqueName,
} from './support';

const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/;

/** The table row of a player, found by the username shown (without the agent prefix). */
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/**
 * The player list from the menu. With `agent`: that agent's players only (filters live in the URL),
 * as the whole list holds every spec's players, newest first, and other workers keep adding some.
 */
async function openPlayers(page: Page, agent?: AgentWithSecret) {
  if (agent) await openApp(page, `/user/list?agent=${agent._id}`);
  else {
    await openApp(page);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้เล่น' }).click();
    await expect(page).toHaveURL(/\/user\/list$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อผู้เล่น' })).toBeVisible();
}

async function addPlayer(page: Page, agent: AgentWithSecret, name: string, betLimit: string, locked = false) {
  await page.getByRole('button', { name: 'เพิ่มผู้เล่น' }).click();
  const form = page.getByRole('dialog', { name: 'เพิ่มผู้เล่น' });
  await expect(form).toBeVisible();
  await pickAgent(page, form, 'เอเจนต์', agent);
  await form.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(name);
  await form.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' }).fill(betLimit);
  if (locked) await form.getByRole('switch', { name: 'ล็อกการเดิมพันของผู้เล่นนี้' }).check({ force: true });
  return form;
}

test.describe
  .serial('players', () => {
    // Each test is a whole story through the UI; give it room on a busy machine.
    test.describe.configure({ timeout: 150_000 });
    let agent: AgentWithSecret;
    const alice = uniqueName('alice');
    const bob = uniqueName('bob');
    const carol = uniqueName('carol');

    test.beforeAll(async ({ request }) => {
      const token = await apiToken(request);
      agent = await makeAgent(request, token, { username: uniqueName('agent_pl') });
    });

    test('add players under an agent chosen with the picker', async ({ page }) => {
      await openPlayers(page);
      const form = await addPlayer(page, agent, alice, '1500.5');
      // The stored name is the agent prefix + the typed name.
      await expect(form.getByText(`จะบันทึกเป็น ${agent.prefix}${alice}`)).toBeVisible();
      await expectAccessible(page, 'add user dialog');
      await screenshot(page, 'user-create-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`เพิ่มผู้เล่น ${agent.prefix}${alice} แล้ว`)).toBeVisible();

      for (const header of ['ชื่อผู้ใช้', 'เอเจนต์', 'วงเงินเดิมพันสูงสุด', 'สถานะการเดิมพัน', 'วันที่ลงทะเบียน', 'เกมล่าสุด']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      const aliceRow = row(page, alice);
      await expect(aliceRow).toContainText(agent.username);
      await expect(aliceRow.getByTestId('bet-limit')).toHaveText('1,500.50');
      await expect(aliceRow.getByRole('switch')).toBeChecked();
      await expect(aliceRow).toContainText(DATE_TIME);
      await expect(aliceRow.getByRole('cell').nth(5)).toHaveText('-');
      // Shown without the prefix.
      await expect(page.getByRole('cell', { name: `${agent.prefix}${alice}`, exact: true })).toHaveCount(0);

      await (await addPlayer(page, agent, bob, '200')).getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByText(`เพิ่มผู้เล่น ${agent.prefix}${bob} แล้ว`)).toBeVisible();
      await (await addPlayer(page, agent, carol, '0', true)).getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByText(`เพิ่มผู้เล่น ${agent.prefix}${carol} แล้ว`)).toBeVisible();
      await expect(row(page, bob).getByTestId('bet-limit')).toHaveText('200.00');
      await expect(row(page, carol).getByRole('switch')).not.toBeChecked();
      await expectAccessible(page, 'player list');
      await screenshot(page, 'user-list');
    });

    test('a taken username and a bad one show the server errors in Thai', async ({ page }) => {
      await openPlayers(page);
      const form = await addPlayer(page, agent, alice, '10');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form.getByText(`มีผู้เล่น "${agent.prefix}${alice}" อยู่แล้ว`).first()).toBeVisible();
      await expectAccessible(page, 'add user dialog with a 409 error');
      await screenshot(page, 'user-create-conflict');

      // Typed as a user would: a name with a space and a bet limit of −5 are refused beside their
      // fields in Thai, before anything is sent, and stay as typed (the limit is not turned into 0).
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/user/create')) sent.push(request.url());
      });
      const username = form.getByRole('textbox', { name: 'ชื่อผู้ใช้' });
      const limit = form.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' });
      await username.fill('');
      await username.pressSequentially('no spaces');
      await limit.fill('');
      await limit.pressSequentially('-5');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expectThaiFieldError(username);
      await expectThaiFieldError(limit);
      await expect(username).toHaveValue('no spaces');
      await expect(limit).toHaveValue('-5');
      await expectNoEnglishErrors(form);
      await expectAccessible(page, 'add user dialog with refused values');
      await screenshot(page, 'user-create-refused');
      expect(sent).toEqual([]);
      await form.getByRole('button', { name: 'ยกเลิก' }).click();
      await discardChanges(page);
      await expect(form).toBeHidden();
    });

    test('clicking a username opens the edit dialog; the bet limit changes', async ({ page }) => {
      await openPlayers(page, agent);
      await row(page, alice).getByRole('button', { name: alice, exact: true }).click();
      const form = page.getByRole('dialog', { name: 'แก้ไขผู้เล่น' });
      const username = form.getByRole('textbox', { name: 'ชื่อผู้ใช้' });
      await expect(username).toHaveValue(alice);
      await expect(username).toHaveAttribute('readonly', '');
      await expect(form.getByRole('textbox', { name: 'เอเจนต์' })).toHaveValue(agentText(agent));
      const limit = form.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' });
      await expect(limit).toHaveValue('1,500.5');
      // Typed key by key the Thai way, with a thousands comma, then in Thai digits: both are 2,500.
      await limit.clear();
      await limit.pressSequentially('2,500');
      await expect(limit).toHaveValue('2,500');
      await limit.clear();
      await limit.pressSequentially('๒๕๐๐');
      await expect(limit).toHaveValue('2,500');
      await expectAccessible(page, 'edit user dialog');
      await screenshot(page, 'user-edit-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`บันทึกผู้เล่น ${alice} แล้ว`)).toBeVisible();
      await expect(row(page, alice).getByTestId('bet-limit')).toHaveText('2,500.00');
    });

    test('lock a player from the row through the confirm dialog', async ({ page }) => {
      await openPlayers(page, agent);
      const toggle = row(page, bob).getByRole('switch', { name: `${bob} เดิมพันได้` });
      await expect(toggle).toBeChecked();
      await flipSwitch(toggle);
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
      await expect(confirm).toContainText(`ต้องการล็อกการเดิมพันของผู้เล่น ${bob} ใช่หรือไม่?`);
      await expectAccessible(page, 'lock player confirm');
      await screenshot(page, 'user-lock-confirm');
      await confirm.getByRole('button', { name: 'ยืนยันล็อก' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ล็อกการเดิมพันของ ${bob} แล้ว`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(row(page, bob)).toContainText('ล็อก');
      // The bet limit was kept.
      await expect(row(page, bob).getByTestId('bet-limit')).toHaveText('200.00');
    });

    test('delete a player after a confirm: it leaves the list', async ({ page }) => {
      await openPlayers(page, agent);
      await row(page, carol)
        .getByRole('button', { name: `ลบ ${carol}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการลบผู้เล่น' });
      await expect(confirm).toContainText(`ต้องการลบผู้เล่น ${carol} ใช่หรือไม่?`);
      await expectAccessible(page, 'delete player confirm');
      await screenshot(page, 'user-delete-confirm');
      await confirm.getByRole('button', { name: 'ยืนยันลบผู้เล่น' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ลบผู้เล่น ${carol} แล้ว`)).toBeVisible();
      await expect(row(page, carol)).toHaveCount(0);
      await page.reload();
      await expect(row(page, alice)).toBeVisible();
      await expect(row(page, carol)).toHaveCount(0);
    });

    test('the latest game comes from the bets; filter and export', async ({ page, request }) => {
      await ingest(request, agent, [
        {
          betId: uniqueName('bet'),
          betType: 'HOLD',
          betTypeFromGame: 'bet',
          gameBrand: 'PGSOFT',
          gameCode: 'mahjong-ways',
          username: alice,
          amount: -50,
          startDate: new Date().toISOString(),
        },
      ]);
      await openPlayers(page, agent);
      await expect(row(page, alice).getByRole('cell').nth(5)).toHaveText('PGSOFT / mahjong-ways');

      // Agent filter with the picker: this agent's two remaining players.
      await page.getByRole('button', { name: 'ล้างตัวกรอง' }).click();
      await pickAgent(page, page.getByRole('search'), 'เอเจนต์', agent);
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('pager-summary')).toContainText('จาก 2 รายการ');
      await screenshot(page, 'user-list-filtered');

      // CSV of the same filters.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('users.csv');
      const csv = readFileSync(await file.path(), 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(3);
      expect(csv).toContain(`${alice},${agent.prefix}${alice},${agent.username},2500.00,ไม่ใช่`);
      expect(csv).toContain(`${bob},${agent.prefix}${bob},${agent.username},200.00,ใช่`);
    });

    test('a REPORTER reads the players but sees no write actions', async ({ page, request }) => {
      const token = await apiToken(request);
      const username = uniqueName('e2e_rep');
      const password = 'reporter-pass-1';
      await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'REPORTER' } });
      await signIn(page, username, password);
      await page.goto(`/user/list?agent=${agent._id}`);
      await expect(row(page, alice)).toBeVisible();
      await expect(page.getByRole('button', { name: 'เพิ่มผู้เล่น' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^ลบ / })).toHaveCount(0);
      await expect(row(page, alice).getByRole('button')).toHaveCount(0);
      await expect(row(page, alice).getByRole('switch')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'ส่งออก CSV' })).toBeVisible();
      await expectAccessible(page, 'player list as REPORTER');
      await screenshot(page, 'user-list-reporter');
    });
  });
