import { api } from '@sapi/contract';
import { expect, makeAgent, signedOut, test } from './fixtures';
import { apiCall, apiToken, expectAccessible, flipSwitch, screenshot } from './support';

/*
 * docs/design.md §16: an agent signs in on the staff sign-in screen with the password it was
 * registered with, must first choose its own, and then works inside its own tree: its agents and
 * players and its sub-agent's, never a sibling's; the menu offers only what it may use and the header
 * names its agent. It adds a player under its own agent and locks it, opens its own agent (key, tree
 * with the month's win/lose) and rotates its secret.
 */
test.describe('the agent portal', () => {
  test.use({ storageState: signedOut });

  test('an agent signs in, changes the password staff set, and sees only its own tree', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const parent = await makeAgent(request, token);
    const child = await makeAgent(request, token);
    const sibling = await makeAgent(request, token);
    await apiCall(request, api.agentSharingCreate, {
      token,
      body: { agent: child._id, parentAgent: parent._id, parentPercentage: 10 },
    });
    for (const [agent, name] of [
      [parent, 'pmine'],
      [child, 'pchild'],
      [sibling, 'pother'],
    ] as const) {
      await apiCall(request, api.userCreate, {
        token,
        body: { agent: agent._id, username: name, betLimit: 100 },
      });
    }

    await page.goto('/');
    await page.getByLabel('ชื่อผู้ใช้').fill(parent.username);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-password-1');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();

    // Staff chose the registration password: the agent sets its own before anything else.
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' })).toBeVisible();
    await screenshot(page, 'portal-setup');
    await page.getByLabel('รหัสผ่านชั่วคราว').fill('agent-password-1');
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Agent-Own-Choice-77');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Agent-Own-Choice-77');
    await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();

    // It lands on the agent list: its own agent and its sub-agent, not its sibling.
    await expect(page).toHaveURL(/\/agent\/list/);
    await expect(page.getByTestId('working-for-agent')).toHaveText(
      `เอเจนต์: ${parent.username} (${parent.prefix})`,
    );
    await expect(page.getByTestId(`agent-row-${parent.username}`)).toBeVisible();
    await expect(page.getByTestId(`agent-row-${child.username}`)).toBeVisible();
    await expect(page.getByTestId(`agent-row-${sibling.username}`)).toHaveCount(0);
    await expect(page.getByText('แสดง 1–2 จาก 2 รายการ')).toBeVisible();
    await screenshot(page, 'portal-agents');

    // Its players: its own and its sub-agent's, not its sibling's.
    await page.getByRole('navigation').getByRole('link', { name: 'ผู้เล่น', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/list/);
    const table = page.getByRole('table');
    await expect(table.getByRole('cell', { name: 'pmine', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'pchild', exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'pother', exact: true })).toHaveCount(0);
    await expect(page.getByText('แสดง 1–2 จาก 2 รายการ')).toBeVisible();
    // Its export holds the same rows: the agent side may export them.
    await expect(page.getByRole('button', { name: 'ส่งออก CSV' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(parent.username);

    // The menu offers what the account may use, and nothing of staff's.
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'ผู้เล่น' })).toBeVisible();
    for (const staffOnly of ['ผู้ดูแลระบบ', 'เซสชันทั้งหมด', 'ตั้งค่าความปลอดภัย']) {
      await expect(nav.getByRole('link', { name: staffOnly, exact: true })).toHaveCount(0);
    }
    await expectAccessible(page, 'portal players');
    await screenshot(page, 'portal-players');

    // It adds a player under its own agent, named with its prefix, and locks its betting.
    await page.getByRole('button', { name: 'เพิ่มผู้เล่น' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มผู้เล่น' });
    await expect(dialog.getByRole('combobox', { name: 'เอเจนต์' })).toHaveValue(
      `${parent.username} (${parent.prefix})`,
    );
    await dialog.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill('pnew');
    await expect(dialog.getByText(`จะบันทึกเป็น ${parent.prefix}pnew`)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'วงเงินเดิมพันสูงสุด' }).fill('500');
    await screenshot(page, 'portal-player-create');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('cell', { name: 'pnew', exact: true })).toBeVisible();
    await flipSwitch(page.getByRole('switch', { name: 'pnew เดิมพันได้' }));
    const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
    await confirm.getByRole('button', { name: 'ยืนยันล็อก' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('switch', { name: 'pnew เดิมพันได้' })).not.toBeChecked();
    await screenshot(page, 'portal-player-locked');

    // A staff screen typed into the address bar is refused, not shown.
    await page.goto('/admin/list');
    await expect(page.getByTestId('route-error')).toHaveAttribute('data-status', '403');
    await screenshot(page, 'portal-admin-refused');

    // The dashboard sums its tree only, and says so.
    await page.goto('/dashboard');
    await expect(page.getByTestId('working-for-agent')).toBeVisible();
    await expect(page.getByText(/ภาพรวมของเอเจนต์ของฉันและสายงานในเดือน/)).toBeVisible();
    await screenshot(page, 'portal-dashboard');

    // My agent: its key and secret, and its tree — itself and its sub-agent, never its sibling.
    await page.getByRole('navigation').getByRole('link', { name: 'เอเจนต์ของฉัน' }).click();
    await expect(page).toHaveURL(/\/my-agent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'เอเจนต์ของฉัน' })).toBeVisible();
    await expect(page.getByTestId('my-agent-apiKey')).toHaveValue(parent.apiKey);
    const tree = page.getByTestId('my-agent-tree');
    await expect(tree.getByTestId(`tree-row-${parent.username}`)).toHaveAttribute('data-depth', '0');
    await expect(tree.getByTestId(`tree-row-${child.username}`)).toHaveAttribute('data-depth', '1');
    await expect(tree.getByTestId(`tree-row-${sibling.username}`)).toHaveCount(0);
    await expect(tree.getByTestId(`tree-row-${child.username}`)).toContainText('0.00');
    await expect(page.getByTestId('my-agent-allowed-any')).toBeVisible();
    await expectAccessible(page, 'portal my agent');
    await screenshot(page, 'portal-my-agent');

    // It rotates its secret: asked first, its password again if the last check is old, the new one shown.
    await page.getByTestId('my-agent-rotate').click();
    const ask = page.getByRole('dialog', { name: `เปลี่ยนรหัสลับของ ${parent.username}?` });
    await ask.getByRole('button', { name: 'เปลี่ยนรหัสลับ' }).click();
    const reauth = page.getByRole('dialog', { name: 'ยืนยันตัวตน' });
    const rotated = page.getByTestId('my-agent-rotated');
    await expect(reauth.or(rotated)).toBeVisible();
    if (await reauth.isVisible()) {
      await reauth.getByLabel('รหัสผ่าน', { exact: true }).fill('Agent-Own-Choice-77');
      await reauth.getByRole('button', { name: 'ยืนยัน' }).click();
    }
    await expect(rotated).toBeVisible();
    const secret = page.getByTestId('my-agent-secret');
    await expect(secret).not.toHaveValue(parent.secret ?? '');
    await expect(secret).not.toHaveValue(/•/);
    await screenshot(page, 'portal-my-agent-rotated');
  });
});
