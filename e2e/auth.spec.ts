import { expect, signedOut, test } from './fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expectAccessible, screenshot, signIn, TOKEN_KEY } from './support';

test.describe('login and session', () => {
  // The login screen itself: no session to start with.
  test.use({ storageState: signedOut });

  test('login screen: split layout, Thai labels, accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'S.API System' })).toBeVisible();
    await expect(page.getByLabel('ชื่อผู้ใช้')).toBeVisible();
    await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    // The Thai web font is bundled and used (no boxes on machines without a Thai font).
    await page.evaluate(() => document.fonts.ready);
    const thaiFontLoaded = await page.evaluate(() =>
      document.fonts.check('16px "Noto Sans Thai Variable"', 'ชื่อผู้ใช้'),
    );
    expect(thaiFontLoaded).toBe(true);
    await expectAccessible(page, 'login');
    await screenshot(page, 'login');
  });

  test('wrong password shows the Thai error with the reason in Thai', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('ชื่อผู้ใช้').fill(ADMIN_USERNAME);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('ไม่สามารถเข้าสู่ระบบได้: ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeVisible();
    await expectAccessible(page, 'login with error');
    await screenshot(page, 'login-error');
  });

  test('empty form asks for username and password', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('กรุณากรอกชื่อผู้ใช้และรหัสผ่าน');
  });

  test('sign in lands on /agent/list, token kept under the partner prefix', async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1, name: 'รายชื่อเอเจนต์' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'เพิ่มเอเจนต์ใหม่' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(ADMIN_USERNAME);
    await expect(page.getByTestId('user-menu')).toContainText('SUPERADMIN');
    await expectAccessible(page, 'agent list');
    await screenshot(page, 'agent-list');
  });

  test('sign out returns to / and protected pages then redirect to /', async ({ page }) => {
    await signIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'S.API System' })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    await page.goto('/admin/list');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'S.API System' })).toBeVisible();
  });

  test('a revoked or unknown token is dropped at the startup check', async ({ page }) => {
    await page.goto('/');
    await page.evaluate((key) => window.localStorage.setItem(key, 'x'.repeat(43)), TOKEN_KEY);
    await page.goto('/agent/list');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('the signed-in password still works after the wrong one (no lockout)', async ({ page }) => {
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/agent\/list$/);
  });
});
