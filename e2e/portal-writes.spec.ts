import { allows, api } from '@sapi/contract';
import { expect, makeAgent, signedOut, test } from './fixtures';
import { apiCall, apiToken, screenshot, uniqueName } from './support';

/*
 * docs/design.md §16: an agent works on its own downline. It registers an operator of its own agent,
 * registers a sub-agent directly under itself (on the agent screen once the agent side reads its agent
 * list), and asks for the sub-agent's share: the percentage waits for staff approval.
 */
test.describe('the agent portal: writes', () => {
  test.use({ storageState: signedOut });
  test.describe.configure({ timeout: 150_000 });

  test('an agent registers an operator and a sub-agent, and asks for the sub-agent share', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const agent = await makeAgent(request, token);

    await page.goto('/');
    await page.getByLabel('ชื่อผู้ใช้').fill(agent.username);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-password-1');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByLabel('รหัสผ่านชั่วคราว').fill('agent-password-1');
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Agent-Own-Choice-78');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Agent-Own-Choice-78');
    await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await expect(page.getByTestId('working-for-agent')).toHaveText(
      `เอเจนต์: ${agent.username} (${agent.prefix})`,
    );

    // Operators: the agent registers a MANAGER of its own agent (the agent is fixed).
    await page.getByRole('navigation').getByRole('link', { name: 'ผู้ปฏิบัติงานเอเจนต์' }).click();
    await expect(page).toHaveURL(/\/agentoperator/);
    await page.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'ลงทะเบียนผู้ปฏิบัติงานเอเจนต์' });
    await expect(form.getByRole('combobox', { name: 'เอเจนต์' })).toHaveValue(
      `${agent.username} (${agent.prefix})`,
    );
    await expect(form.getByRole('combobox', { name: 'เอเจนต์' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill('desk_manager');
    await form.getByLabel(/^รหัสผ่าน/).fill('desk-manager-pass-1');
    await form.getByRole('combobox', { name: 'ประเภท' }).click();
    await page.getByRole('option', { name: /^MANAGER —/ }).click();
    await screenshot(page, 'portal-operator-register');
    await form.getByRole('button', { name: 'บันทึก' }).click();
    await expect(form).toBeHidden();
    const operatorRow = page.getByRole('row').filter({ hasText: 'desk_manager' });
    await expect(operatorRow).toContainText('MANAGER');
    await expect(page.getByRole('button', { name: 'ลบ desk_manager' })).toHaveCount(0);
    await screenshot(page, 'portal-operators');

    // A sub-agent directly under its own agent.
    const sub = {
      username: uniqueName('sub'),
      prefix: `w${Math.random().toString(36).slice(2, 7).padEnd(5, 'x')}`,
      code: uniqueName('SUB')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 16),
    };
    if (allows(api.agentList, 'AGENT')) {
      await page.goto('/agent/list');
      await page.getByRole('button', { name: 'เพิ่มเอเจนต์ย่อย' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มเอเจนต์ย่อย' });
      await expect(dialog.getByTestId('sub-agent-note')).toBeVisible();
      await expect(dialog.getByLabel('รหัสลับ')).toHaveCount(0);
      await dialog.getByLabel('ชื่อผู้ใช้').fill(sub.username);
      await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('sub-agent-pass-1');
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('https://sub.partner.example.com/callback');
      await dialog.getByLabel('คำนำหน้า').fill(sub.prefix);
      await dialog.getByLabel('รหัสระบบ').fill(sub.code);
      await screenshot(page, 'portal-sub-agent-register');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      // Its credentials are its own: no credentials dialog for the parent.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const subRow = page.getByTestId(`agent-row-${sub.username}`);
      await expect(subRow.getByRole('switch')).toBeVisible();
      await expect(page.getByTestId(`agent-row-${agent.username}`).getByRole('switch')).toHaveCount(0);
      await screenshot(page, 'portal-sub-agents');
    } else {
      // Until the agent side reads its agent list, the sub-agent is registered through the API.
      const { token: own } = await apiCall(request, api.login, {
        body: { username: agent.username, password: 'Agent-Own-Choice-78' },
      });
      await apiCall(request, api.agentRegister, {
        token: own,
        body: {
          username: sub.username,
          password: 'sub-agent-pass-1',
          endpoint: 'https://sub.partner.example.com/callback',
          games: [],
          prefix: sub.prefix,
          code: sub.code,
          agentType: 'SUBAGENT',
        },
      });
    }

    // Its share: 0 % until staff approve what the agent asks for.
    await page.goto('/agentsharing');
    const row = page.getByRole('row').filter({ hasText: sub.username });
    await expect(row).toContainText('0.00 %');
    await expect(page.getByRole('button', { name: 'เพิ่มการแบ่งรายได้' })).toHaveCount(0);
    await row.getByRole('button', { name: /^แก้ไขการแบ่งรายได้/ }).click();
    const sharing = page.getByRole('dialog', { name: 'แก้ไขการแบ่งรายได้' });
    await expect(sharing.getByTestId('approval-note')).toBeVisible();
    await sharing.getByRole('textbox', { name: /เปอร์เซ็นต์/ }).fill('12.5');
    await screenshot(page, 'portal-sharing-request');
    await sharing.getByRole('button', { name: 'บันทึก' }).click();
    await expect(sharing).toBeHidden();
    await expect(row.getByTestId('pending-change')).toContainText('12.50 %');
    await expect(row).toContainText('0.00 %');
    await screenshot(page, 'portal-sharing-pending');
  });
});
