import type { Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { expect, makeAgent, signedOut, test } from './fixtures';
import { ADMIN_PASSWORD, apiCall, apiToken, expectAccessible, screenshot, signIn } from './support';
import { freshCode } from './totp';

/*
 * docs/design.md §16: the agent side's account security. An agent's owner requires two-factor sign-in of
 * its OPERATORs and lists the addresses its accounts may sign in from, turns two-factor on for its own
 * account and signs in with a code; staff remove it (a lost phone) from the agent screen and the agent
 * signs in with its password alone; its operator is led to enrol at its first sign-in, and the owner
 * sees it on the operator screen's 2FA column and removes it there.
 */

const signInAs = async (page: Page, username: string, password: string) => {
  await page.goto('/');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
};

const signOut = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
  await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
};

/** The set-up screen's password change (staff chose the registration password). */
const changeRegistrationPassword = async (page: Page, from: string, to: string) => {
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel('รหัสผ่านชั่วคราว').fill(from);
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(to);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(to);
  await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
};

/** Answer the re-authentication dialog if the server asks for it. */
const reauthIfAsked = async (page: Page, password: string, shown: ReturnType<Page['getByTestId']>) => {
  const dialog = page.getByRole('dialog', { name: 'ยืนยันตัวตน', exact: true });
  await expect(dialog.or(shown).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  }
};

/** Enrol on the two-factor screen: the secret, a code, the recovery codes; answers the secret. */
const enrolHere = async (page: Page, password: string, used: { step: number }, name: string) => {
  await page.getByRole('button', { name: 'เริ่มตั้งค่า' }).click();
  const secretField = page.getByTestId('totp-secret');
  await reauthIfAsked(page, password, secretField);
  await expect(page.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน' })).toBeVisible();
  const secret = await secretField.inputValue();
  await screenshot(page, `${name}-enrol`);
  await page.getByLabel('รหัส 6 หลัก').fill(await freshCode(secret, used));
  await page.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await screenshot(page, `${name}-recovery-codes`);
  await page.getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }).check();
  await page.getByRole('button', { name: 'เสร็จสิ้น' }).click();
  return secret;
};

test.describe('the agent side account security', () => {
  test.use({ storageState: signedOut });

  test('an owner requires two-factor of its operators, turns it on for itself, and its operator enrols at sign-in', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request);
    const agent = await makeAgent(request, token);
    await apiCall(request, api.agentOperatorRegister, {
      token,
      body: { agent: agent._id, username: 'opx', password: 'operator-pass-1', type: 'OPERATOR' },
    });
    const agentPassword = 'Agent-Own-Choice-77';
    await signInAs(page, agent.username, 'agent-password-1');
    await changeRegistrationPassword(page, 'agent-password-1', agentPassword);
    await expect(page).toHaveURL(/\/agent\/list/);

    // My agent: the sign-in security section, for its owners.
    await page.goto('/my-agent');
    await expect(page.getByRole('heading', { name: 'ความปลอดภัยในการเข้าสู่ระบบ' })).toBeVisible();
    await expect(page.getByTestId('sign-in-totp-none')).toBeVisible();
    await page.getByRole('button', { name: 'แก้ไขการเข้าสู่ระบบ' }).click();
    const dialog = page.getByRole('dialog', { name: `ความปลอดภัยในการเข้าสู่ระบบของ ${agent.username}` });
    await dialog.getByLabel('OPERATOR — ผู้ปฏิบัติงาน').check();
    await dialog.getByLabel('ที่อยู่ IP ที่เข้าสู่ระบบได้').fill('127.0.0.0/8');
    await dialog.getByLabel('ที่อยู่ IP ที่เข้าสู่ระบบได้').press('Enter');
    await dialog.getByLabel('ที่อยู่ IP ที่เข้าสู่ระบบได้').fill('::1');
    await dialog.getByLabel('ที่อยู่ IP ที่เข้าสู่ระบบได้').press('Enter');
    await screenshot(page, 'portal-sign-in-settings-dialog');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await reauthIfAsked(page, agentPassword, page.getByTestId('sign-in-totp-types'));
    await expect(page.getByTestId('sign-in-totp-types')).toHaveText('OPERATOR — ผู้ปฏิบัติงาน');
    await expect(page.getByTestId('sign-in-ips')).toContainText('127.0.0.0/8');
    await expectAccessible(page, 'portal sign-in settings');
    await screenshot(page, 'portal-sign-in-settings');

    // Its own two-factor sign-in, from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'การยืนยันตัวตนสองขั้นตอน' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByTestId('totp-status')).toHaveText('ยังไม่เปิดใช้งาน');
    const used = { step: 0 };
    const secret = await enrolHere(page, agentPassword, used, 'portal-totp');
    await expect(page.getByTestId('totp-status')).toHaveText('เปิดใช้งานอยู่');
    await screenshot(page, 'portal-totp-on');

    // Signing in is now two steps.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
    await signInAs(page, agent.username, agentPassword);
    await expect(page.getByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' })).toBeVisible();
    await screenshot(page, 'portal-login-code-step');
    await page.getByLabel('รหัสยืนยัน 6 หลัก').fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByTestId('working-for-agent')).toBeVisible({ timeout: 30_000 });
    await signOut(page);

    // It lost its phone and codes: staff remove its second factor with the agent screen's row action.
    await signIn(page);
    await page.goto(`/agent/list?username=${agent.username}`);
    const agentRow = page.getByTestId(`agent-row-${agent.username}`);
    const removeAgentTotp = agentRow.getByRole('button', {
      name: `ล้างการยืนยันตัวตนสองขั้นตอนของ ${agent.username}`,
    });
    await expect(removeAgentTotp).toBeVisible();
    await screenshot(page, 'staff-agent-totp-row-action');
    await removeAgentTotp.click();
    const confirmAgent = page.getByRole('dialog', { name: `ล้างการยืนยันตัวตนสองขั้นตอนของ ${agent.username}?` });
    await expect(confirmAgent).toContainText('ทำโทรศัพท์และรหัสกู้คืนหาย');
    await screenshot(page, 'staff-agent-totp-confirm');
    await confirmAgent.getByRole('button', { name: 'ยืนยันล้าง' }).click();
    await reauthIfAsked(
      page,
      ADMIN_PASSWORD,
      page.getByText(`ล้างการยืนยันตัวตนสองขั้นตอนของ ${agent.username} แล้ว`),
    );
    await expect(page.getByText(`ล้างการยืนยันตัวตนสองขั้นตอนของ ${agent.username} แล้ว`)).toBeVisible();
    // Nothing left to remove: the row offers it no more.
    await expect(removeAgentTotp).toHaveCount(0);
    await screenshot(page, 'staff-agent-totp-removed');
    await signOut(page);

    // The agent signs in with its password alone, onto its agents: it is not told which staff account
    // registered it, nor offered the removal.
    await signInAs(page, agent.username, agentPassword);
    await expect(page.getByTestId('working-for-agent')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/agent\/list/);
    const ownRow = page.getByTestId(`agent-row-${agent.username}`);
    await expect(ownRow).toBeVisible();
    await expect(ownRow).not.toContainText('สร้างโดย');
    await expect(ownRow.getByRole('button', { name: /ล้างการยืนยันตัวตนสองขั้นตอน/ })).toHaveCount(0);
    await screenshot(page, 'portal-agent-list-no-created-by');
    await signOut(page);

    // Its OPERATOR must use two-factor: after the password it sets up, before anything else.
    const operatorPassword = 'Operator-Own-88';
    await signInAs(page, `opx@${agent.prefix}`, 'operator-pass-1');
    await changeRegistrationPassword(page, 'operator-pass-1', operatorPassword);
    await expect(page).toHaveURL(/\/setup$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งาน' })).toBeVisible();
    await expect(
      page.getByText(
        `เอเจนต์ ${agent.username} กำหนดให้ผู้ใช้งานประเภท OPERATOR ต้องเข้าสู่ระบบด้วยรหัสจากแอปยืนยันตัวตน`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await screenshot(page, 'portal-operator-must-enrol');
    const opUsed = { step: 0 };
    await enrolHere(page, operatorPassword, opUsed, 'portal-operator-totp');
    await expect(page.getByTestId('working-for-agent')).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'portal-operator-enrolled');
    await signOut(page);

    // Its owner sees it on the operator screen and removes it (its password again).
    await signInAs(page, agent.username, agentPassword);
    await expect(page.getByTestId('working-for-agent')).toBeVisible({ timeout: 30_000 });
    await page.goto('/agentoperator');
    const opState = page.getByTestId('two-factor-opx');
    await expect(opState).toHaveText('เปิด');
    await screenshot(page, 'portal-operator-2fa-column');
    await page.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ opx' }).click();
    await page
      .getByRole('dialog', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ opx?' })
      .getByRole('button', { name: 'ยืนยันล้าง' })
      .click();
    await reauthIfAsked(page, agentPassword, page.getByText('ล้างการยืนยันตัวตนสองขั้นตอนของ opx แล้ว'));
    await expect(opState).toHaveText('ปิด');
    await expect(page.getByRole('button', { name: 'ล้างการยืนยันตัวตนสองขั้นตอนของ opx' })).toHaveCount(0);
    await expectAccessible(page, 'portal operator list with its 2FA column');
    await screenshot(page, 'portal-operator-2fa-removed');
  });
});
