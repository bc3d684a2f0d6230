import type { Browser, Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { expect, signedOut, test } from './fixtures';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  apiCall,
  apiToken,
  expectAccessible,
  screenshot,
  TOKEN_KEY,
  uniqueName,
} from './support';
import { freshCode } from './totp';

/**
 * Account security journeys (docs/design.md §13), each on fresh accounts made through the API: two-factor
 * enrolment and sign-in with a code and a recovery code, the own password change, and a SUPERADMIN's
 * reset followed by the forced change at the next sign-in.
 */

/** A fresh OPERATOR account through the API (the SUPERADMIN's session re-checked its password). */
const makeStaff = async (page: Page, password = 'staff-Pass-2024x') => {
  const token = await apiToken(page.request);
  const username = uniqueName('acct');
  await apiCall(page.request, api.adminCreate, { token, body: { username, password, type: 'OPERATOR' } });
  return { username, password };
};

/** The login screen's first step. */
const typePassword = async (page: Page, username: string, password: string) => {
  await page.goto('/');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
};

const landedInApp = async (page: Page) => {
  await expect(page).toHaveURL(/\/agent\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อเอเจนต์' })).toBeVisible({ timeout: 30_000 });
};

const signOut = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
  await expect(page.getByRole('heading', { name: 'S.API System' })).toBeVisible();
};

/** Answer the re-authentication dialog when the server asks for it. */
const reauthenticate = async (page: Page, password: string) => {
  const dialog = page.getByRole('dialog', { name: 'ยืนยันตัวตน' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  await expect(dialog).toBeHidden();
};

const codeStep = (page: Page) => page.getByRole('heading', { name: 'ยืนยันตัวตนสองขั้นตอน' });

test.describe('account security', () => {
  test.use({ storageState: signedOut });

  test('two-factor: enrol with a QR code, sign in with a code, then with a recovery code used once', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const staff = await makeStaff(page);
    await typePassword(page, staff.username, staff.password);
    await landedInApp(page);

    // The user menu's account items: change password, two-factor sign-in, the signed-in sessions.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'เปลี่ยนรหัสผ่าน' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'เซสชันที่เข้าสู่ระบบ' })).toHaveAttribute(
      'href',
      '/account/sessions',
    );
    await page.getByRole('menuitem', { name: 'การยืนยันตัวตนสองขั้นตอน' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByTestId('totp-status')).toHaveText('ยังไม่เปิดใช้งาน');
    await expectAccessible(page, 'two-factor page, off');
    await screenshot(page, 'account-totp-off');

    // Enrolling is sensitive: the password again, then the QR code and the secret as text.
    await page.getByRole('button', { name: 'เริ่มตั้งค่า' }).click();
    await reauthenticate(page, staff.password);
    const qr = page.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = await page.getByTestId('totp-secret').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'two-factor enrolment');
    await screenshot(page, 'account-totp-enrol');

    // A wrong first code is refused in Thai; the code the app would show turns it on.
    const used = { step: 0 };
    const right = await freshCode(secret, used);
    await page.getByLabel('รหัส 6 หลัก').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }).click();
    await expect(page.getByText('รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว')).toBeVisible();
    await page.getByLabel('รหัส 6 หลัก').fill(right);
    await page.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }).click();

    const codes = page.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const done = page.getByRole('button', { name: 'เสร็จสิ้น' });
    await expect(done).toBeDisabled();
    await expectAccessible(page, 'recovery codes');
    await screenshot(page, 'account-recovery-codes');
    await page.getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }).check();
    await done.click();
    await expect(page.getByTestId('totp-status')).toHaveText('เปิดใช้งานอยู่');
    await expect(page.getByTestId('recovery-left')).toHaveText('รหัสกู้คืนคงเหลือ 10 จาก 10 รหัส');
    await screenshot(page, 'account-totp-on');

    // Signing in is now two steps: the password, then a code from the app.
    await signOut(page);
    await typePassword(page, staff.username, staff.password);
    await expect(codeStep(page)).toBeVisible();
    await expect(page.getByText(`กรอกรหัส 6 หลักจากแอปยืนยันตัวตนของบัญชี ${staff.username}`)).toBeVisible();
    await expectAccessible(page, 'code step');
    await screenshot(page, 'login-code-step');
    await page.getByLabel('รหัสยืนยัน 6 หลัก').fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await landedInApp(page);

    // A recovery code instead of the app: it works once.
    await signOut(page);
    await typePassword(page, staff.username, staff.password);
    await page.getByRole('button', { name: 'ใช้รหัสกู้คืนแทน' }).click();
    await page.getByLabel('รหัสกู้คืน').fill(recovery[0] ?? '');
    await screenshot(page, 'login-recovery-step');
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await landedInApp(page);
    await page.goto('/account/security');
    await expect(page.getByTestId('recovery-left')).toHaveText('รหัสกู้คืนคงเหลือ 9 จาก 10 รหัส');

    await signOut(page);
    await typePassword(page, staff.username, staff.password);
    await page.getByRole('button', { name: 'ใช้รหัสกู้คืนแทน' }).click();
    await page.getByLabel('รหัสกู้คืน').fill(recovery[0] ?? '');
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว');
    await expect(codeStep(page)).toBeVisible();
    await screenshot(page, 'login-recovery-used');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('change password from the user menu: the rules in Thai, other sessions end, the old one is refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await makeStaff(page);
    // Another browser signed in to the same account: its session ends with the change.
    const other = await signedInElsewhere(browser, staff.username, staff.password);

    await typePassword(page, staff.username, staff.password);
    await landedInApp(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    const dialog = page.getByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' });
    await dialog.getByLabel('รหัสผ่านปัจจุบัน').fill(staff.password);
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('football');
    await dialog.getByLabel('ยืนยันรหัสผ่านใหม่').fill('football');
    await dialog.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    // The current password is the one prompt: no re-authentication dialog follows.
    await expect(dialog.getByText('รหัสผ่านนี้เป็นรหัสที่ใช้กันทั่วไปและเดาง่าย กรุณาเลือกรหัสอื่น')).toBeVisible();
    await expectAccessible(page, 'change password, refused');
    await screenshot(page, 'account-change-password-refused');

    const fresh = 'Kept-Secret-7413';
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(fresh);
    await dialog.getByLabel('ยืนยันรหัสผ่านใหม่').fill(fresh);
    await dialog.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('เปลี่ยนรหัสผ่านแล้ว เซสชันอื่นของบัญชีนี้ถูกออกจากระบบ 1 เซสชัน')).toBeVisible();
    await screenshot(page, 'account-change-password-done');

    // The other browser's session is gone at its next request.
    await other.reload();
    await expect(other.getByRole('heading', { name: 'S.API System' })).toBeVisible({ timeout: 30_000 });
    await other.context().close();

    await signOut(page);
    await typePassword(page, staff.username, staff.password);
    await expect(page.getByTestId('login-error')).toHaveText('ไม่สามารถเข้าสู่ระบบได้: ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await typePassword(page, staff.username, fresh);
    await landedInApp(page);
  });

  test('reset by a SUPERADMIN: a temporary password shown once, then a forced change before any screen', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await makeStaff(page);

    // The SUPERADMIN signs in, finds the account and resets its password.
    await typePassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await landedInApp(page);
    await page.goto(`/admin/list?username=${staff.username}`);
    const row = page.getByRole('row').filter({ has: page.getByText(staff.username, { exact: true }) });
    await row.getByRole('button', { name: `ความปลอดภัยของบัญชี ${staff.username}` }).click();
    await page.getByRole('menuitem', { name: 'รีเซ็ตรหัสผ่าน' }).click();
    const confirm = page.getByRole('dialog', { name: 'รีเซ็ตรหัสผ่าน' });
    await expect(confirm).toContainText(`ต้องการรีเซ็ตรหัสผ่านของ ${staff.username} ใช่หรือไม่?`);
    await screenshot(page, 'admin-reset-confirm');
    await confirm.getByRole('button', { name: 'รีเซ็ตรหัสผ่าน' }).click();
    await reauthenticate(page, ADMIN_PASSWORD);
    const shown = page.getByRole('dialog', { name: `รหัสผ่านชั่วคราวของ ${staff.username}` });
    await expect(shown).toContainText('รหัสนี้จะแสดงเพียงครั้งเดียว เมื่อปิดหน้าต่างนี้แล้วจะดูอีกไม่ได้');
    const temporary = await shown.getByTestId('temporary-password').inputValue();
    expect(temporary).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    await expectAccessible(page, 'temporary password');
    await screenshot(page, 'admin-reset-temporary');
    await shown.getByRole('button', { name: 'ปิด', exact: true }).click();
    await expect(shown).toBeHidden();

    // The account signs in with it and is held on the set-up screen.
    const context = await browser.newContext({ storageState: signedOut });
    const staffPage = await context.newPage();
    await typePassword(staffPage, staff.username, staff.password);
    await expect(staffPage.getByTestId('login-error')).toContainText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await typePassword(staffPage, staff.username, temporary);
    await expect(staffPage).toHaveURL(/\/setup$/);
    const held = staffPage.getByRole('heading', { level: 1, name: 'ตั้งรหัสผ่านใหม่ก่อนใช้งาน' });
    await expect(held).toBeVisible();
    await expectAccessible(staffPage, 'forced password change');
    await screenshot(staffPage, 'setup-forced-password');
    for (const path of ['/agent/list', '/admin/list', '/account/security', '/summary']) {
      await staffPage.goto(path);
      await expect(staffPage).toHaveURL(/\/setup$/);
      await expect(held).toBeVisible();
    }

    await staffPage.getByLabel('รหัสผ่านชั่วคราว').fill(temporary);
    await staffPage.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Own-Choice-5820');
    await staffPage.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Own-Choice-5820');
    await staffPage.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await landedInApp(staffPage);
    await screenshot(staffPage, 'setup-done');
    await context.close();
  });
});

/** A second browser signed in to the account, on the agent list. */
async function signedInElsewhere(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ storageState: signedOut });
  const other = await context.newPage();
  await typePassword(other, username, password);
  await landedInApp(other);
  return other;
}
