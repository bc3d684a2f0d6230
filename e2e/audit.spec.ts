import { api } from '@sapi/contract';
import { bangkokToday } from './bangkok';
import { expect, test } from './fixtures';
import { apiCall, apiToken, expectAccessible, openApp, screenshot, uniqueName } from './support';

test('audit log lists the changes just made and opens their before/after', async ({ page, request }) => {
  // Changes made through the API: create, change type, lock.
  const token = await apiToken(request);
  const username = uniqueName('e2e_audit');
  const created = await apiCall(request, api.adminCreate, {
    token,
    body: { username, password: 'audit-pass-123', type: 'OPERATOR' },
  });
  await apiCall(request, api.adminUpdate, { token, params: { id: created._id }, body: { type: 'REPORTER' } });
  await apiCall(request, api.adminLock, { token, params: { id: created._id } });

  await openApp(page);
  await page
    .getByRole('navigation', { name: 'เมนูหลัก' })
    .getByRole('link', { name: 'บันทึกการตรวจสอบ' })
    .click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'บันทึกการตรวจสอบ' })).toBeVisible();
  for (const header of ['เวลา', 'ผู้ดำเนินการ', 'การกระทำ', 'ประเภทข้อมูล', 'รหัสข้อมูล', 'IP']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }

  // Filter: entity "admin", action "update". Every kind the log holds is offered (the contract's list).
  const filters = page.getByRole('search');
  await filters.getByRole('combobox', { name: 'ประเภทข้อมูล' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'ค่ายเกม (adapter)',
    'เอเจนต์ (agent)',
    'ผู้ปฏิบัติงานเอเจนต์ (agent-operator)',
    'การแบ่งรายได้เอเจนต์ (agent-sharing)',
    'ผู้เล่น (user)',
    'ผู้ดูแลระบบ (admin)',
    'การเข้าสู่ระบบ (session)',
    'การตั้งค่าความปลอดภัย (security-settings)',
    'ข้อมูลตัวอย่าง (demo)',
    'งวดสรุปยอด (settlement-period)',
    'การชำระเงินระหว่างเอเจนต์ (settlement-payment)',
    'คำขออนุมัติ (approval)',
  ]);
  await page.getByRole('option', { name: 'ผู้ดูแลระบบ (admin)', exact: true }).click();
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(/entity=admin/);
  const byId = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: created._id, exact: true }) });
  const rows = byId;
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('ล็อก');
  await expect(rows.nth(1)).toContainText('แก้ไข');
  await expect(rows.nth(2)).toContainText('สร้าง');
  await expect(rows.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(rows.nth(0)).toContainText('ผู้ดูแลระบบ (admin)');
  // The date filters are typed as dd/MM/yyyy HH:mm in Thai.
  await expect(filters.getByRole('textbox', { name: 'วันที่เริ่มต้น', exact: true })).toHaveAttribute(
    'placeholder',
    'วว/ดด/ปปปป ชช:นน',
  );
  await expectAccessible(page, 'audit list');
  await screenshot(page, 'audit-list');

  // The type change: one highlighted row, OPERATOR → REPORTER.
  await rows.nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'ข้อมูลก่อนและหลังการเปลี่ยนแปลง' });
  await expect(dialog).toBeVisible();
  const changed = dialog.locator('tr[data-changed="true"]');
  await expect(changed.filter({ hasText: 'type' })).toContainText('OPERATOR');
  await expect(changed.filter({ hasText: 'type' })).toContainText('REPORTER');
  await expect(dialog.locator('tr[data-changed="false"]').filter({ hasText: 'username' })).toContainText(
    username,
  );
  await expectAccessible(page, 'audit before/after dialog');
  await screenshot(page, 'audit-diff-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Action filter narrows to the lock only.
  await filters.getByRole('combobox', { name: 'การกระทำ' }).click();
  await page.getByRole('option', { name: 'ล็อก', exact: true }).click();
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(/action=lock/);
  await expect(byId).toHaveCount(1);

  // A period from the URL shows in the pickers; the create record has only an "after": every field
  // counts as changed.
  const today = bangkokToday();
  await page.goto(`/audit?entity=admin&action=create&actor=admin&startDate=${today}T00:00`);
  const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  await expect(filters.getByRole('textbox', { name: 'วันที่เริ่มต้น', exact: true })).toHaveValue(`${dmy} 00:00`);
  await byId.click();
  await expect(dialog.locator('tr[data-changed="true"]').filter({ hasText: 'username' })).toContainText(
    username,
  );
});

test('a sign-in’s before/after names its kind as the list does, and its fields and method in Thai', async ({
  page,
}) => {
  // The worker signed in: its sign-in is in the log (by password, from this machine).
  await openApp(page, '/audit?entity=session&action=login');
  const rows = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'การเข้าสู่ระบบ (session)' }) });
  await expect(rows.first()).toBeVisible();
  await rows.first().click();
  const dialog = page.getByRole('dialog', { name: 'ข้อมูลก่อนและหลังการเปลี่ยนแปลง' });
  await expect(dialog.getByText('ประเภทข้อมูล', { exact: true }).locator('..')).toHaveText(
    'ประเภทข้อมูลการเข้าสู่ระบบ (session)',
  );
  const field = (name: string) => dialog.locator('tr').filter({ has: page.getByText(name, { exact: true }) });
  await expect(field('วิธีเข้าสู่ระบบ')).toContainText('รหัสผ่าน');
  await expect(field('วิธีเข้าสู่ระบบ')).toContainText('(password)');
  await expect(field('ที่อยู่ IP')).toContainText('127.0.0.1');
  // The stored keys stay beside, small, for support staff.
  await expect(field('วิธีเข้าสู่ระบบ').locator('[data-stored]').first()).toHaveText('method');
  await expectAccessible(page, 'audit sign-in dialog');
  await screenshot(page, 'audit-login-dialog');
});
