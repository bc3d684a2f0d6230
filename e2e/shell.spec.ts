import { api } from '@sapi/contract';
import { expect, signedOut, test } from './fixtures';
import { apiCall, apiToken, expectAccessible, openApp, screenshot, signIn, uniqueName } from './support';

test.describe(() => {
  test.use({ storageState: signedOut });
  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 ไม่พบหน้านี้' })).toBeVisible();
    await expect(page.getByText('ไม่พบหน้าที่คุณต้องการ')).toBeVisible();
    await expectAccessible(page, '404 page');
    await screenshot(page, 'not-found');
  });
});

test('a malformed agent id is a 400 page; opening /logout is a 405 (headings in Thai)', async ({ page }) => {
  await openApp(page, '/transaction/not-an-id');
  await expect(page.getByRole('heading', { level: 1, name: '400 คำขอไม่ถูกต้อง' })).toBeVisible();
  // Inside the layout: the menu stays.
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();

  // /logout signs out by POST only (the user menu's Sign out): opened as a page, the method is refused
  // and the session stays.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: '405 ไม่รองรับวิธีการเรียก' })).toBeVisible();
  await expect(page.getByText('หน้านี้ไม่รองรับวิธีการเรียกนี้')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
  await expectAccessible(page, '405 page');
  await screenshot(page, 'method-not-allowed');
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'สรุปผล' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'สรุปผล' })).toBeVisible();
});

test('the summary hub links to its reports', async ({ page }) => {
  // The hub links to the eight reports.
  await openApp(page, '/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'สรุปผล' })).toBeVisible();
  await page.getByRole('link', { name: /สรุปรายวันตามเอเจนต์/ }).click();
  await expect(page).toHaveURL(/\/summary\/agentdaily$/);
  await page.goto('/summary');
  await expectAccessible(page, 'summary hub');
  await screenshot(page, 'summary-hub');
});

test('language switch to English and back', async ({ page }) => {
  await openApp(page);
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const enNav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(enNav.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(enNav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Agent list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add new agent' })).toBeVisible();
  await expect(page.getByTestId('agent-count-all')).toContainText('All agents');

  // The choice survives a reload.
  await page.goto('/admin/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin accounts' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Username' })).toBeVisible();
  await expectAccessible(page, 'admin list in English');
  await screenshot(page, 'admin-list-en');

  await page.getByTestId('language-switch').getByText('ไทย').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(nav.getByRole('link', { name: 'ผู้ดูแลระบบ' })).toBeVisible();
});

test.describe(() => {
  test.use({ storageState: signedOut });
  test('the login screen in English keeps the error texts of docs/spec.md §8', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-switch').getByText('English').click();
    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'Unable to log in: Invalid username or password',
    );
    await page.getByTestId('language-switch').getByText('ไทย').click();
  });
});

test('REPORTER sees no Admin or Audit entry and gets 403 there', async ({ page, request }) => {
  const token = await apiToken(request);
  const username = uniqueName('e2e_rep');
  const password = 'reporter-pass-123';
  await apiCall(request, api.adminCreate, { token, body: { username, password, type: 'REPORTER' } });

  await signIn(page, username, password);
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
  await expect(nav.getByRole('link', { name: 'เอเจนต์', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ผู้ดูแลระบบ' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'บันทึกการตรวจสอบ' })).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toContainText('REPORTER');

  await page.goto('/admin/list');
  await expect(page.getByRole('heading', { level: 1, name: '403 ไม่มีสิทธิ์เข้าถึง' })).toBeVisible();
  await expectAccessible(page, '403 page');
  await screenshot(page, 'forbidden');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: '403 ไม่มีสิทธิ์เข้าถึง' })).toBeVisible();
});

test('a session revoked on the server sends the next call back to the login screen', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const username = uniqueName('e2e_ops');
  const password = 'operator-pass-123';
  const created = await apiCall(request, api.adminCreate, {
    token,
    body: { username, password, type: 'OPERATOR' },
  });
  await signIn(page, username, password);
  // A type change revokes the account's sessions (docs/design.md §7): the window-focus self call gets 3001.
  await apiCall(request, api.adminUpdate, { token, params: { id: created._id }, body: { type: 'REPORTER' } });
  // The user comes back to the window from another one (again until the app, just rendered, has
  // subscribed): the window's focus, not only the tab's visibility, repeats POST self.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await expect(page).toHaveURL(/\/$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('sapi_token'))).toBeNull();
});

test('a screen that cannot load shows the unexpected-error page ("Unexpected Application Error!" in English)', async ({
  page,
}) => {
  await page.route(/\/assets\/audit-page-[^/]+\.js$/, (route) => route.abort('failed'));
  await openApp(page, '/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'เกิดข้อผิดพลาดที่ไม่คาดคิด' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
  await expectAccessible(page, 'unexpected error page');
  await screenshot(page, 'unexpected-error');
});

test.describe(() => {
  // Signing in on a phone: no session to start with.
  test.use({ storageState: signedOut });
  test('small screens: the menu opens from the burger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expectAccessible(page, 'login on a phone');
    await screenshot(page, 'login-mobile');
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await page.getByRole('button', { name: 'เปิดเมนู' }).click();
    await nav.getByRole('link', { name: 'ผู้ดูแลระบบ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ผู้ดูแลระบบ' })).toBeVisible();
    await expectAccessible(page, 'admin list on a phone');
    await screenshot(page, 'admin-list-mobile');
  });
});

test('the whole menu fits a 1440 × 900 window; in a shorter one it scrolls, its scrollbar in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
  const last = nav.getByRole('link', { name: 'ตั้งค่าความปลอดภัย' });
  // In view whole, not cut off by the menu's scroller (in view means not clipped by it either).
  await expect(last).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'menu-1440x900', { fullPage: false });

  // A laptop's 768 px: the last entries are below the fold, and the menu shows it goes on.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(last).not.toBeInViewport();
  const scrollbar = nav.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]');
  await expect(scrollbar).toBeVisible();
  await expect(scrollbar.locator('.mantine-ScrollArea-thumb')).toBeVisible();
  await screenshot(page, 'menu-1366x768', { fullPage: false });
  // The wheel over the menu brings the last entry into view; it opens its screen.
  await nav.getByRole('link', { name: 'ผู้เล่น', exact: true }).hover();
  await page.mouse.wheel(0, 400);
  await expect(last).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'menu-1366x768-scrolled', { fullPage: false });
  await last.click();
  await expect(page.getByRole('heading', { level: 1, name: 'ตั้งค่าความปลอดภัย' })).toBeVisible();
});
