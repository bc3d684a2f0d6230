import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { agentText, pickAgent } from './agent-picker';
import { bangkokToday } from './bangkok';
import { expect, makeAgent, test } from './fixtures';
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

/** The rows of the sharing table whose agent cell shows this agent. */
const row = (page: Page, agent: AgentWithSecret) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell').first().filter({ hasText: agent.username }) })
    .filter({ hasText: agent.prefix });

async function openSharing(page: Page) {
  await openApp(page, '/agentsharing');
  await expect(page.getByRole('heading', { level: 1, name: 'การแบ่งรายได้เอเจนต์' })).toBeVisible();
}

test.describe
  .serial('agent sharing', () => {
    // Each test is a whole story through the UI; give it room on a busy machine.
    test.describe.configure({ timeout: 240_000 });
    let senior: AgentWithSecret;
    let agent: AgentWithSecret;
    let other: AgentWithSecret;

    test.beforeAll(async ({ request }) => {
      const token = await apiToken(request);
      senior = await makeAgent(request, token, { agentType: 'SENIOR', username: uniqueName('senior') });
      agent = await makeAgent(request, token, { agentType: 'AGENT', username: uniqueName('agent') });
      other = await makeAgent(request, token, { agentType: 'MASTER', username: uniqueName('master') });
    });

    test('an AGENT shares 35 % with its SENIOR, chosen with the pickers', async ({ page }) => {
      await openSharing(page);
      await page.getByRole('button', { name: 'เพิ่มการแบ่งรายได้' }).click();
      const form = page.getByRole('dialog', { name: 'เพิ่มการแบ่งรายได้' });
      await expect(form).toBeVisible();

      // The picker searches the real agents: typing the prefix finds exactly that agent.
      const agentBox = form.getByRole('combobox', { name: 'เอเจนต์', exact: true });
      await agentBox.fill(agent.prefix);
      await expect(page.getByRole('option', { name: agentText(agent) })).toBeVisible();
      await expect(page.getByRole('option', { name: agentText(senior) })).toHaveCount(0);
      await expectAccessible(page, 'agent picker open');
      await screenshot(page, 'agent-sharing-picker');
      await page.getByRole('option', { name: agentText(agent) }).click();
      await expect(agentBox).toHaveValue(agentText(agent));

      await pickAgent(page, form, 'เอเจนต์แม่', senior);
      await form.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' }).fill('35');
      await expectAccessible(page, 'add sharing dialog');
      await screenshot(page, 'agent-sharing-create-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(
        page.getByText(`เพิ่มการแบ่งรายได้ ${agentText(agent)} → ${agentText(senior)} (35.00 %) แล้ว`),
      ).toBeVisible();

      for (const header of ['เอเจนต์', 'คำนำหน้าเอเจนต์แม่', 'เปอร์เซ็นต์ของเอเจนต์แม่', 'สถานะ']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      const added = row(page, agent);
      await expect(added).toHaveCount(1);
      await expect(added).toContainText(senior.prefix);
      await expect(added).toContainText('35.00 %');
      await expect(added.getByRole('switch')).toBeChecked();
      await expect(added).toContainText('ใช้งาน');
      await expectAccessible(page, 'agent sharing list');
      await screenshot(page, 'agent-sharing-list');
    });

    test('the server rules show in the form: own parent, one enabled per agent, no cycles', async ({
      page,
    }) => {
      await openSharing(page);
      const add = page.getByRole('button', { name: 'เพิ่มการแบ่งรายได้' });
      const form = page.getByRole('dialog', { name: 'เพิ่มการแบ่งรายได้' });

      await add.click();
      await pickAgent(page, form, 'เอเจนต์', other);
      const parent = await pickAgent(page, form, 'เอเจนต์แม่', other);
      const percent = form.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' });

      // Typed as a user would: 101 % and −5 % are refused beside the field in Thai, before anything
      // is sent, and stay on screen as typed (never clamped to 100 or 0).
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/agent-sharing/create')) sent.push(request.url());
      });
      for (const typed of ['101', '-5']) {
        await percent.fill('');
        await percent.pressSequentially(typed);
        await form.getByRole('button', { name: 'บันทึก' }).click();
        await expectThaiFieldError(percent);
        await expect(percent).toHaveValue(typed);
        await expectNoEnglishErrors(form);
      }
      await screenshot(page, 'agent-sharing-percentage-refused');
      expect(sent).toEqual([]);

      // An agent cannot be its own parent (2001): the server's reason sits under the parent field.
      await percent.fill('10');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expectThaiFieldError(parent);
      await expect(form.getByTestId('error-banner')).toHaveCount(0);
      await expectNoEnglishErrors(form);
      await screenshot(page, 'agent-sharing-own-parent');

      // A second enabled arrangement for the same agent: 409 in the red banner.
      await pickAgent(page, form, 'เอเจนต์', agent);
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form.getByText('เอเจนต์นี้มีการแบ่งรายได้ที่เปิดใช้งานอยู่แล้ว').first()).toBeVisible();
      await expectAccessible(page, 'add sharing dialog with a 409 error');
      await screenshot(page, 'agent-sharing-conflict');

      // SENIOR → AGENT while AGENT → SENIOR is enabled would be a cycle: 409.
      await pickAgent(page, form, 'เอเจนต์', senior);
      await pickAgent(page, form, 'เอเจนต์แม่', agent);
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form.getByText('การแบ่งรายได้นี้จะทำให้ลำดับเอเจนต์แม่วนกลับมาที่เอเจนต์เดิม').first()).toBeVisible();
      await form.getByRole('button', { name: 'ยกเลิก' }).click();
      await discardChanges(page);
      await expect(form).toBeHidden();
      // Nothing was stored.
      await expect(row(page, senior)).toHaveCount(0);
      await expect(row(page, other)).toHaveCount(0);
    });

    test('edit the percentage; the pickers show the current agents', async ({ page }) => {
      await openSharing(page);
      await row(page, agent)
        .getByRole('button', { name: `แก้ไขการแบ่งรายได้ ${agentText(agent)} → ${agentText(senior)}` })
        .click();
      const form = page.getByRole('dialog', { name: 'แก้ไขการแบ่งรายได้' });
      await expect(form.getByRole('combobox', { name: 'เอเจนต์', exact: true })).toHaveValue(agentText(agent));
      await expect(form.getByRole('combobox', { name: 'เอเจนต์แม่', exact: true })).toHaveValue(
        agentText(senior),
      );
      const percent = form.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' });
      await expect(percent).toHaveValue('35');
      await percent.fill('37.25');
      await expectAccessible(page, 'edit sharing dialog');
      await screenshot(page, 'agent-sharing-edit-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`บันทึกการแบ่งรายได้ของ ${agentText(agent)} แล้ว`)).toBeVisible();
      await expect(row(page, agent)).toContainText('37.25 %');

      // Back to the agreed 35 %.
      await row(page, agent)
        .getByRole('button', { name: `แก้ไขการแบ่งรายได้ ${agentText(agent)} → ${agentText(senior)}` })
        .click();
      await form.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' }).fill('35');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(row(page, agent)).toContainText('35.00 %');
    });

    test('disable and enable through the confirm dialog; enabling a second one is refused', async ({
      page,
    }) => {
      await openSharing(page);
      const toggle = row(page, agent).getByRole('switch', {
        name: `การแบ่งรายได้ ${agentText(agent)} → ${agentText(senior)} ใช้งานอยู่`,
      });
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
      // On while the arrangement is in use.
      await expect(toggle).toBeChecked();
      await expect(row(page, agent)).toContainText('ใช้งาน');

      await flipSwitch(toggle);
      await expect(confirm).toContainText(
        `ต้องการปิดใช้งานการแบ่งรายได้ ${agentText(agent)} → ${agentText(senior)} (35.00 %) ใช่หรือไม่?`,
      );
      // It says from which day (today unless changed), never "from now on".
      await expect(confirm.getByRole('textbox', { name: 'มีผลตั้งแต่วันที่' })).toHaveValue(
        bangkokToday().split('-').reverse().join('/'),
      );
      await expect(confirm.getByTestId('switch-from')).toHaveText(
        `เอเจนต์แม่ ${agentText(senior)} จะไม่ได้รับส่วนแบ่งตั้งแต่วันที่ ${bangkokToday().split('-').reverse().join('/')}`,
      );
      await expectAccessible(page, 'disable confirm dialog');
      await screenshot(page, 'agent-sharing-disable-confirm');
      await confirm.getByRole('button', { name: 'ยืนยันปิดใช้งาน' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ปิดใช้งานการแบ่งรายได้ของ ${agentText(agent)} แล้ว`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(row(page, agent)).toContainText('ปิดใช้งาน');

      // While it is disabled the agent gets another enabled arrangement (to MASTER)…
      await page.getByRole('button', { name: 'เพิ่มการแบ่งรายได้' }).click();
      const form = page.getByRole('dialog', { name: 'เพิ่มการแบ่งรายได้' });
      await pickAgent(page, form, 'เอเจนต์', agent);
      await pickAgent(page, form, 'เอเจนต์แม่', other);
      await form.getByRole('textbox', { name: 'เปอร์เซ็นต์ของเอเจนต์แม่' }).fill('5');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await expect(form).toBeHidden();
      await expect(row(page, agent)).toHaveCount(2);

      // …so enabling the first is refused with the server's 409 reason, in Thai, in the dialog.
      await flipSwitch(toggle);
      await confirm.getByRole('button', { name: 'ยืนยันเปิดใช้งาน' }).click();
      await expect(confirm.getByText('เอเจนต์นี้มีการแบ่งรายได้ที่เปิดใช้งานอยู่แล้ว')).toBeVisible();
      await screenshot(page, 'agent-sharing-enable-refused');
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();
      await expect(toggle).not.toBeChecked();

      // Disable the MASTER one, then the 35 % one can be enabled again.
      const second = page.getByRole('switch', {
        name: `การแบ่งรายได้ ${agentText(agent)} → ${agentText(other)} ใช้งานอยู่`,
      });
      await expect(second).toBeChecked();
      await flipSwitch(second);
      await confirm.getByRole('button', { name: 'ยืนยันปิดใช้งาน' }).click();
      await expect(confirm).toBeHidden();
      await expect(second).not.toBeChecked();
      await flipSwitch(toggle);
      await expect(confirm).toContainText('ต้องการเปิดใช้งานการแบ่งรายได้');
      await confirm.getByRole('button', { name: 'ยืนยันเปิดใช้งาน' }).click();
      await expect(page.getByText(`เปิดใช้งานการแบ่งรายได้ของ ${agentText(agent)} แล้ว`)).toBeVisible();
      await expect(toggle).toBeChecked();
      // The percentage cell itself (its percentage, then the day it took effect): the row's whole text
      // can also hold "…35.00 %" on the 5 % row.
      const agreed = row(page, agent).filter({
        has: page.getByRole('cell', { name: /^35\.00 %/ }),
      });
      await expect(agreed.getByRole('switch')).toBeChecked();
      await expect(agreed).not.toContainText('ปิดใช้งาน');
    });

    // Filters, URL, Search, Clear, empty and error states: the list mechanism's screen tests.
    test('filter by agent with the picker; CSV export of the filter', async ({ page }) => {
      await openSharing(page);
      await pickAgent(page, page.getByRole('search'), 'เอเจนต์', agent);
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('pager-summary')).toContainText('จาก 2 รายการ');
      await expect(row(page, agent)).toHaveCount(2);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('agent-sharing.csv');
      const csv = readFileSync(await file.path(), 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(
        'เอเจนต์,คำนำหน้าเอเจนต์,เอเจนต์แม่,คำนำหน้าเอเจนต์แม่,เปอร์เซ็นต์ของเอเจนต์แม่,มีผลตั้งแต่วันที่,ปิดใช้งาน,วันที่สร้าง',
      );
      // The agent's two arrangements and nothing else.
      expect(lines).toHaveLength(3);
      // The enabled one in force since today; the disabled one has no day in force.
      expect(csv).toContain(
        `${agent.username},${agent.prefix},${senior.username},${senior.prefix},35.00,${bangkokToday()},ไม่ใช่`,
      );
      expect(csv).toContain(`${agent.username},${agent.prefix},${other.username},${other.prefix},5.00,,ใช่`);
    });

    test('a REPORTER reads the list but sees no write actions', async ({ page, request }) => {
      const token = await apiToken(request);
      const username = uniqueName('e2e_rep');
      const password = 'reporter-pass-1';
      await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'REPORTER' } });
      await signIn(page, username, password);
      await page.goto('/agentsharing');
      await expect(row(page, agent).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'เพิ่มการแบ่งรายได้' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^แก้ไข/ })).toHaveCount(0);
      for (const toggle of await page.getByRole('switch').all()) await expect(toggle).toBeDisabled();
      await expect(page.getByRole('button', { name: 'ส่งออก CSV' })).toBeVisible();
      await screenshot(page, 'agent-sharing-reporter');
    });
  });
