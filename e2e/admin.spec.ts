import type { Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { expect, signedOut, test } from './fixtures';
import { expectNoSidewaysPage, expectWholeText, linesOf, PHONE } from './narrow-screen';
import {
  ADMIN_PASSWORD,
  apiCall,
  apiToken,
  expectAccessible,
  flipSwitch,
  openApp,
  screenshot,
  signIn,
  uniqueName,
} from './support';
import { freshCode } from './totp';

const newAdmin = uniqueName('e2e_op');

const row = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });

/** The admin list from the menu; `username` then searches for one account, as among many. */
async function openAdmins(page: Page, username?: string) {
  await openApp(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้ดูแลระบบ' }).click();
  await expect(page).toHaveURL(/\/admin\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ผู้ดูแลระบบ' })).toBeVisible();
  if (username === undefined) return;
  await page.getByRole('search').getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(new RegExp(`username=${username}`));
}

/** Answer the re-authentication dialog with the signed-in admin's password. */
async function reauthenticate(page: Page, password = ADMIN_PASSWORD) {
  const dialog = page.getByRole('dialog', { name: 'ยืนยันตัวตน' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  return dialog;
}

test.describe
  .serial('admin accounts', () => {
    // Each story starts unverified, as after signing in: a session of its own, not the worker's
    // (which an earlier re-authentication would have verified).
    test.use({ ownSession: true });

    test('list shows the first SUPERADMIN with its columns', async ({ page }) => {
      await openAdmins(page);
      for (const header of ['ชื่อผู้ใช้', 'ประเภท', 'สถานะ', 'วันที่สร้าง']) {
        await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
      }
      // Other specs may have added accounts before this one runs: count, don't assume one.
      await expect(page.getByTestId('pager-summary')).toContainText(/แสดง 1–\d+ จาก \d+ รายการ/);
      await expectAccessible(page, 'admin list');
      await screenshot(page, 'admin-list');
      // Newest first, ten a page: the first account is found by its name.
      await page.getByRole('search').getByLabel('ชื่อผู้ใช้').fill('admin');
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      const adminRow = row(page, 'admin');
      await expect(adminRow).toContainText('SUPERADMIN');
      await expect(adminRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      // Nobody locks themselves: the own toggle is disabled.
      await expect(adminRow.getByRole('switch')).toBeDisabled();
    });

    test('create an admin after re-authentication', async ({ page }) => {
      await openAdmins(page);
      await page.getByRole('button', { name: 'เพิ่มผู้ดูแลระบบ' }).click();
      const form = page.getByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' });
      await expect(form).toBeVisible();
      await form.getByLabel('ชื่อผู้ใช้').fill(newAdmin);
      await form.getByLabel('รหัสผ่าน', { exact: true }).fill('operator-pass-123');
      await form.getByRole('combobox', { name: 'ประเภท' }).click();
      await page.getByRole('option', { name: 'OPERATOR' }).click();
      await expect(form.getByRole('combobox', { name: 'ประเภท' })).toHaveValue('OPERATOR');
      await expectAccessible(page, 'add admin dialog');
      await screenshot(page, 'admin-create-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();

      // The server asks for a password re-check (3005): the login-style dialog opens, username
      // read-only, prompt; a wrong password → red error in Thai.
      const reauth = page.getByRole('dialog', { name: 'ยืนยันตัวตน' });
      await expect(reauth).toBeVisible();
      await expect(reauth.getByLabel('ชื่อผู้ใช้')).toHaveValue('admin');
      await expect(reauth.getByLabel('ชื่อผู้ใช้')).toHaveAttribute('readonly', '');
      await expect(reauth.getByTestId('reauth-message')).toHaveText(
        'กรุณากรอกชื่อผู้ใช้และรหัสผ่านเพื่อยืนยันการทำรายการนี้',
      );
      await expectAccessible(page, 're-authentication dialog');
      await screenshot(page, 'admin-reauth-dialog');
      await reauthenticate(page, 'wrong-password-1');
      // The username is the signed-in one: the server's reason names the password alone.
      await expect(reauth.getByText('รหัสผ่านไม่ถูกต้อง', { exact: true })).toBeVisible();
      await screenshot(page, 'admin-reauth-error');
      // Nothing was created yet.
      await reauth.getByRole('button', { name: 'ปิด', exact: true }).click();
      await expect(reauth).toBeHidden();
      await expect(form).toBeVisible();

      await form.getByRole('button', { name: 'บันทึก' }).click();
      // The right password: the dialog sends the same change again by itself.
      await reauthenticate(page);
      await expect(form).toBeHidden();
      await expect(page.getByText(`เพิ่มบัญชี ${newAdmin} แล้ว`)).toBeVisible();
      await screenshot(page, 'admin-created-after-reauth');
      await expect(row(page, newAdmin)).toContainText('OPERATOR');
      await expect(row(page, newAdmin)).toContainText('ใช้งาน');
    });

    test('a duplicate username shows the server reason in Thai in the red banner', async ({ page }) => {
      await openAdmins(page);
      await page.getByRole('button', { name: 'เพิ่มผู้ดูแลระบบ' }).click();
      const form = page.getByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' });
      await form.getByLabel('ชื่อผู้ใช้').fill(newAdmin);
      await form.getByLabel('รหัสผ่าน', { exact: true }).fill('another-pass-123');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await reauthenticate(page);
      await expect(page.getByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeHidden();
      await expect(form.getByText(`ชื่อผู้ใช้ "${newAdmin}" ถูกใช้แล้ว`).first()).toBeVisible();
      await expectAccessible(page, 'add admin dialog with error');
      await screenshot(page, 'admin-create-error');
    });

    test('edit the type after re-authentication', async ({ page }) => {
      await openAdmins(page, newAdmin);
      await row(page, newAdmin)
        .getByRole('button', { name: `แก้ไข ${newAdmin}` })
        .click();
      const form = page.getByRole('dialog', { name: 'แก้ไขประเภทผู้ดูแลระบบ' });
      await expect(form.getByLabel('ชื่อผู้ใช้')).toHaveValue(newAdmin);
      await form.getByRole('combobox', { name: 'ประเภท' }).click();
      await page.getByRole('option', { name: 'REPORTER' }).click();
      await screenshot(page, 'admin-edit-dialog');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await reauthenticate(page);
      await expect(form).toBeHidden();
      await expect(page.getByText(`เปลี่ยนประเภทของ ${newAdmin} เป็น REPORTER แล้ว`)).toBeVisible();
      await expect(row(page, newAdmin)).toContainText('REPORTER');
    });

    test('lock and unlock through the confirm dialog', async ({ page }) => {
      await openAdmins(page, newAdmin);
      const toggle = row(page, newAdmin).getByRole('switch', { name: `บัญชี ${newAdmin} ใช้งานได้` });
      await expect(toggle).toBeChecked();
      await flipSwitch(toggle);
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
      await expect(confirm).toContainText(`ต้องการปิดใช้งาน (ล็อก) บัญชี ${newAdmin} ใช่หรือไม่?`);
      await expectAccessible(page, 'lock confirm dialog');
      await screenshot(page, 'admin-lock-confirm');
      await confirm.getByRole('button', { name: 'ยืนยันปิดบัญชี' }).click();
      // A new session: locking asks for the password first, then is sent again.
      await reauthenticate(page);
      await expect(page.getByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeHidden();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ล็อกบัญชี ${newAdmin} แล้ว`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(row(page, newAdmin)).toContainText('ล็อก');
      await screenshot(page, 'admin-list-locked');

      // Cancel leaves it as it is.
      await flipSwitch(toggle);
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();
      await expect(toggle).not.toBeChecked();

      // Verified a moment ago in this session: unlocking goes through without asking again.
      await flipSwitch(toggle);
      await expect(confirm).toContainText(`ต้องการเปิดใช้งาน (ปลดล็อก) บัญชี ${newAdmin} ใช่หรือไม่?`);
      await confirm.getByRole('button', { name: 'ยืนยันเปิดบัญชี' }).click();
      await expect(page.getByRole('dialog', { name: 'ยืนยันตัวตน' })).toBeHidden();
      await expect(page.getByText(`ปลดล็อกบัญชี ${newAdmin} แล้ว`)).toBeVisible();
      await expect(toggle).toBeChecked();
    });
  });

test.describe('admin accounts: other cases', () => {
  test('an ADMIN manages only OPERATOR and REPORTER accounts', async ({ page, request }) => {
    const token = await apiToken(request);
    const username = uniqueName('e2e_adm');
    const password = 'admin-role-pass-1';
    await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'ADMIN' } });

    await signIn(page, username, password);
    // Newest first, ten a page: the SUPERADMIN is found by its name.
    await page.goto('/admin/list?username=admin');
    await expect(page.getByRole('heading', { level: 1, name: 'ผู้ดูแลระบบ' })).toBeVisible();
    // The SUPERADMIN row is out of reach: no edit button, toggle disabled.
    const superRow = row(page, 'admin');
    await expect(superRow.getByRole('switch')).toBeDisabled();
    await expect(superRow.getByRole('button', { name: 'แก้ไข admin' })).toHaveCount(0);

    await page.getByRole('button', { name: 'เพิ่มผู้ดูแลระบบ' }).click();
    const form = page.getByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' });
    await form.getByRole('combobox', { name: 'ประเภท' }).click();
    await expect(page.getByRole('option')).toHaveText(['OPERATOR', 'REPORTER']);
  });

  test('on a phone the type badge, the "you" badge and the status read whole', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openApp(page, '/admin/list?username=admin');
    const own = row(page, 'admin');
    await expect(own.getByText('SUPERADMIN', { exact: true })).toBeVisible();
    // Each badge's label is as wide as its text (a clipped one scrolls: its text is wider than it).
    await expectWholeText([
      own.getByText('SUPERADMIN', { exact: true }),
      own.getByText('คุณ', { exact: true }),
    ]);
    expect(await linesOf(own.getByText('ใช้งาน', { exact: true }))).toEqual(['ใช้งาน']);
    await expectNoSidewaysPage(page);
    await screenshot(page, 'admin-list-mobile');
  });
});

// Here, after the file's one story that signs in as an ADMIN, and not in account.spec.ts: files run
// side by side, and while ADMIN must enrol, no other story may sign in as one. No other file does.
test.describe('admin accounts: two-factor required for a type', () => {
  test.use({ ownSession: true });

  test('the SUPERADMIN requires it for ADMIN: an ADMIN without it is held on the set-up screen until it enrols', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await apiToken(request);
    const username = uniqueName('e2e_2fa');
    const password = 'admin-2fa-pass-1';
    await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'ADMIN' } });
    try {
      // The policy is saved from the security settings screen, after the password again.
      await openApp(page, '/security/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'ตั้งค่าความปลอดภัย' })).toBeVisible();
      await page.getByRole('checkbox', { name: /^ADMIN/ }).check();
      await page.getByRole('button', { name: 'บันทึก' }).click();
      await expect(await reauthenticate(page)).toBeHidden();
      await expect(page.getByText('บันทึกการตั้งค่าความปลอดภัยแล้ว')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /^ADMIN/ })).toBeChecked();
      await screenshot(page, 'security-settings-admin-2fa');

      // The ADMIN's password is right, but nothing opens before the second factor is set up.
      const context = await browser.newContext({ storageState: signedOut });
      const adminPage = await context.newPage();
      await adminPage.goto('/');
      await adminPage.getByLabel('ชื่อผู้ใช้').fill(username);
      await adminPage.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
      await adminPage.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
      await expect(adminPage).toHaveURL(/\/setup$/);
      const held = adminPage.getByRole('heading', { level: 1, name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งาน' });
      await expect(held).toBeVisible();
      await expect(
        adminPage.getByText('ผู้ดูแลระบบกำหนดให้บัญชีประเภท ADMIN ต้องเข้าสู่ระบบด้วยรหัสจากแอปยืนยันตัวตน'),
      ).toBeVisible();
      await expectAccessible(adminPage, 'forced two-factor enrolment');
      await screenshot(adminPage, 'setup-forced-totp');
      // The same screen in English, then back to Thai.
      await adminPage.getByTestId('language-switch').getByText('English').click();
      await expect(
        adminPage.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in first' }),
      ).toBeVisible();
      await expect(
        adminPage.getByText(
          'An administrator requires ADMIN accounts to sign in with a code from an authenticator app.',
        ),
      ).toBeVisible();
      await screenshot(adminPage, 'setup-forced-totp-en');
      await adminPage.getByTestId('language-switch').getByText('ไทย').click();
      for (const path of ['/agent/list', '/admin/list', '/transaction/list']) {
        await adminPage.goto(path);
        await expect(adminPage).toHaveURL(/\/setup$/);
        await expect(held).toBeVisible();
      }

      // Enrolling (the password typed a moment ago counts as checked): the QR code, a code from the
      // app, the recovery codes kept.
      await adminPage.getByRole('button', { name: 'เริ่มตั้งค่า' }).click();
      await expect(adminPage.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน' })).toBeVisible();
      const secret = await adminPage.getByTestId('totp-secret').inputValue();
      await adminPage.getByLabel('รหัส 6 หลัก').fill(await freshCode(secret, { step: 0 }));
      await adminPage.getByRole('button', { name: 'ยืนยันและเปิดใช้งาน' }).click();
      await expect(adminPage.getByTestId('recovery-code')).toHaveCount(10);
      await screenshot(adminPage, 'setup-forced-totp-codes');
      await adminPage.getByRole('checkbox', { name: 'ฉันบันทึกรหัสกู้คืนไว้แล้ว' }).check();
      await adminPage.getByRole('button', { name: 'เสร็จสิ้น' }).click();
      await expect(adminPage).toHaveURL(/\/agent\/list$/);
      await expect(adminPage.getByText('ตั้งค่าบัญชีเรียบร้อย พร้อมใช้งาน')).toBeVisible();
      await expect(adminPage.getByRole('heading', { level: 1, name: 'รายชื่อเอเจนต์' })).toBeVisible();
      await context.close();
    } finally {
      // The policy back as every other story expects it, whatever happened above.
      await apiCall(request, api.securitySettingsUpdate, {
        token: await apiToken(request),
        body: { totpRequiredTypes: [] },
      });
    }
  });
});
