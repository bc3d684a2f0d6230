import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { agentText, pickAgent } from './agent-picker';
import { expect, makeAgent, test } from './fixtures';
import { expectNoEnglishErrors, expectThaiFieldError } from './form-errors';
import { apiCall, apiToken, expectAccessible, openApp, screenshot, signIn, uniqueName } from './support';

const row = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function openOperators(page: Page) {
  await openApp(page);
  await page
    .getByRole('navigation', { name: 'เมนูหลัก' })
    .getByRole('link', { name: 'ผู้ปฏิบัติงานเอเจนต์' })
    .click();
  await expect(page).toHaveURL(/\/agentoperator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ผู้ปฏิบัติงานเอเจนต์' })).toBeVisible();
}

async function register(
  page: Page,
  agent: AgentWithSecret,
  username: string,
  type: string,
  password = 'operator-pass-1',
) {
  await page.getByRole('button', { name: 'เพิ่ม' }).click();
  const form = page.getByRole('dialog', { name: 'ลงทะเบียนผู้ปฏิบัติงานเอเจนต์' });
  await expect(form).toBeVisible();
  await pickAgent(page, form, 'เอเจนต์', agent);
  await form.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(username);
  await form.getByLabel(/^รหัสผ่าน/).fill(password);
  await form.getByRole('combobox', { name: 'ประเภท' }).click();
  await page.getByRole('option', { name: new RegExp(`^${type} —`) }).click();
  return form;
}

test.describe
  .serial('agent operators', () => {
    // Each test is a whole story through the UI; give it room on a busy machine.
    test.describe.configure({ timeout: 150_000 });
    let agent: AgentWithSecret;
    let otherAgent: AgentWithSecret;
    const manager = uniqueName('op_mgr');
    const clerk = uniqueName('op_clerk');
    const temp = uniqueName('op_temp');

    test.beforeAll(async ({ request }) => {
      const token = await apiToken(request);
      agent = await makeAgent(request, token, { username: uniqueName('agent_op') });
      otherAgent = await makeAgent(request, token, { username: uniqueName('agent_oq') });
    });

    test('ADD registers two operator accounts for the agent', async ({ page }) => {
      await openOperators(page);
      const form = await register(page, agent, manager, 'MANAGER');
      await expect(form.getByRole('combobox', { name: 'ประเภท' })).toHaveValue('MANAGER — ผู้จัดการ');
      await expectAccessible(page, 'register operator dialog');
      await screenshot(page, 'agent-operator-create-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`ลงทะเบียน ${manager} แล้ว`)).toBeVisible();

      await (await register(page, agent, clerk, 'OPERATOR')).getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByText(`ลงทะเบียน ${clerk} แล้ว`)).toBeVisible();

      for (const header of ['เอเจนต์', 'ชื่อผู้ใช้', 'ประเภท', 'สถานะ']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      await expect(row(page, manager)).toContainText(agent.username);
      await expect(row(page, manager)).toContainText('MANAGER');
      await expect(row(page, manager)).toContainText('ใช้งาน');
      await expect(row(page, clerk)).toContainText('OPERATOR');
      await expectAccessible(page, 'agent operator list');
      await screenshot(page, 'agent-operator-list');
    });

    test('the same username twice for one agent is refused (409); another agent may use it', async ({
      page,
    }) => {
      await openOperators(page);
      const form = await register(page, agent, manager, 'REPORTER');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form.getByText(`ชื่อผู้ใช้ "${manager}" ถูกใช้แล้วในเอเจนต์นี้`).first()).toBeVisible();
      await expectAccessible(page, 'register operator dialog with a 409 error');
      await screenshot(page, 'agent-operator-conflict');

      // A short password: refused beside the field, in Thai, before it is sent.
      await pickAgent(page, form, 'เอเจนต์', otherAgent);
      await form.getByLabel(/^รหัสผ่าน/).fill('short');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expectThaiFieldError(form.getByLabel(/^รหัสผ่าน/));
      await expectNoEnglishErrors(form);

      await form.getByLabel(/^รหัสผ่าน/).fill('another-pass-1');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(row(page, manager)).toHaveCount(2);
    });

    test('edit the type, lock the account and set a new password', async ({ page }) => {
      await openOperators(page);
      const target = row(page, clerk);
      await target.getByRole('button', { name: `แก้ไข ${clerk}` }).click();
      const form = page.getByRole('dialog', { name: 'แก้ไขผู้ปฏิบัติงานเอเจนต์' });
      await expect(form.getByRole('textbox', { name: 'ชื่อผู้ใช้' })).toHaveValue(clerk);
      await expect(form.getByRole('textbox', { name: 'เอเจนต์' })).toHaveValue(agentText(agent));
      await form.getByRole('combobox', { name: 'ประเภท' }).click();
      await page.getByRole('option', { name: /^REPORTER —/ }).click();
      await form.getByRole('switch', { name: 'ล็อกบัญชีนี้' }).check({ force: true });
      await form.getByLabel('รหัสผ่านใหม่').fill('brand-new-pass-1');
      await expectAccessible(page, 'edit operator dialog');
      await screenshot(page, 'agent-operator-edit-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`บันทึก ${clerk} แล้ว`)).toBeVisible();
      await expect(target).toContainText('REPORTER');
      await expect(target).toContainText('ล็อก');
    });

    test('delete an operator after a confirm', async ({ page }) => {
      await openOperators(page);
      await (await register(page, agent, temp, 'SUPERMANAGER')).getByRole('button', { name: 'บันทึก' }).click();
      await expect(row(page, temp)).toContainText('SUPERMANAGER');
      await row(page, temp)
        .getByRole('button', { name: `ลบ ${temp}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการลบผู้ปฏิบัติงาน' });
      await expect(confirm).toContainText(`ต้องการลบบัญชี ${temp} ของเอเจนต์ ${agentText(agent)} ใช่หรือไม่?`);
      await expectAccessible(page, 'delete operator confirm');
      await screenshot(page, 'agent-operator-delete-confirm');
      await confirm.getByRole('button', { name: 'ยืนยันลบบัญชี' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ลบ ${temp} แล้ว`)).toBeVisible();
      await expect(row(page, temp)).toHaveCount(0);
    });

    test('filter by agent, export, and open the agent from its cell', async ({ page }) => {
      await openOperators(page);
      const filters = page.getByRole('search');
      await pickAgent(page, filters, 'เอเจนต์', agent);
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      // The agent's two accounts (the third was deleted).
      await expect(page.getByTestId('pager-summary')).toContainText('แสดง 1–2 จาก 2 รายการ');
      await screenshot(page, 'agent-operator-list-filtered');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('agent-operators.csv');
      const csv = readFileSync(await file.path(), 'utf8');
      expect(csv).toContain(`${agent.username},${manager},MANAGER,ไม่ใช่`);
      expect(csv).toContain(`${agent.username},${clerk},REPORTER,ใช่`);
      expect(csv).not.toContain(temp);

      await row(page, manager).getByRole('link', { name: agent.username }).click();
      await expect(page).toHaveURL(new RegExp(`/agent/list\\?username=${agent.username}$`));
    });

    test('a REPORTER sees the operators but no write actions', async ({ page, request }) => {
      const token = await apiToken(request);
      const username = uniqueName('e2e_rep');
      const password = 'reporter-pass-1';
      await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'REPORTER' } });
      await signIn(page, username, password);
      await page.goto(`/agentoperator?agent=${agent._id}`);
      await expect(row(page, manager)).toBeVisible();
      await expect(page.getByRole('button', { name: 'เพิ่ม' })).toHaveCount(0);
      await expect(row(page, manager).getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('columnheader', { name: 'จัดการ' })).toHaveCount(0);
      await screenshot(page, 'agent-operator-reporter');
    });
  });
