import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { expect, ingest, makeAdapter, makeAgent, test } from './fixtures';
import { expectNoEnglishErrors, expectThaiFieldError, fieldError } from './form-errors';
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

const stamp = Date.now().toString(36).toUpperCase();
const provider = { name: `Lucky Spin ${stamp}`, code: `LS_${stamp}` };

/** Logos live on a CDN the test machine cannot reach: serve a small picture in their place. */
async function serveLogos(page: Page) {
  await page.route('https://cdn.example.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="#4c6ef5"/>
        <circle cx="32" cy="32" r="16" fill="#ffd43b"/>
        <path d="M26 24l14 8-14 8z" fill="#4c6ef5"/></svg>`,
    }),
  );
}

const row = (page: Page, code: string) => page.getByTestId(`adapter-row-${code}`);

/** Click the visible track of a row's switch (waits until nothing covers it, e.g. a refetch overlay). */
const flip = (page: Page, code: string) => flipSwitch(row(page, code).getByRole('switch'));

/** The provider list from the menu, as the worker's admin or as the account given. */
async function openAdapters(page: Page, account?: { username: string; password: string }) {
  await serveLogos(page);
  if (account) await signIn(page, account.username, account.password);
  else await openApp(page);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ค่ายเกม' }).click();
  await expect(page).toHaveURL(/\/adapter\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ค่ายเกม' })).toBeVisible();
}

async function chooseType(page: Page, dialog: ReturnType<Page['getByRole']>, type: string) {
  await dialog.getByRole('combobox', { name: 'ประเภท' }).click();
  await page.getByRole('option', { name: new RegExp(`^${type} ·`) }).click();
}

// Long stories (sign-in, several dialogs, axe checks) on a machine shared with other suites.
test.describe.configure({ timeout: 150_000 });

test.describe
  .serial('game providers (adapters)', () => {
    test('the admin onboards a game provider through "Add game"; server messages show per field', async ({
      page,
    }) => {
      await openAdapters(page);

      await page.getByRole('button', { name: 'เพิ่มเกม' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มค่ายเกม' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('ชื่อ', { exact: true }).fill(provider.name);
      // Typed as is: the contract's rules, checked in the browser, say beside each field what is wrong.
      await dialog.getByLabel('รหัส').fill('lucky spin');
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('ftp://games.example.com');
      await dialog.getByLabel('โลโก้').fill('https://cdn.example.com/lucky-spin.svg');
      await chooseType(page, dialog, 'SLOT');
      await expectAccessible(page, 'add game dialog');
      await screenshot(page, 'adapter-create-dialog');

      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expectThaiFieldError(dialog.getByLabel('รหัส'));
      await expectThaiFieldError(dialog.getByLabel('ที่อยู่ปลายทาง'));
      await expect(dialog.getByLabel('รหัส')).toHaveValue('lucky spin');
      await expect(dialog.getByTestId('error-banner')).toHaveCount(0);
      await expectNoEnglishErrors(dialog);
      await expectAccessible(page, 'add game dialog with refused values');
      await screenshot(page, 'adapter-create-errors');

      await dialog.getByLabel('รหัส').fill(provider.code);
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('https://games.lucky-spin.example.com/api');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`เพิ่มค่ายเกม ${provider.name} แล้ว`)).toBeVisible();

      // Read it back from the table.
      for (const header of ['ชื่อ', 'รหัส', 'ประเภท', 'ที่อยู่ปลายทาง', 'โลโก้', 'สถานะ']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      const added = row(page, provider.code);
      await expect(added).toContainText(provider.name);
      await expect(added).toContainText(provider.code);
      await expect(added).toContainText('SLOT');
      await expect(added.getByText('เปิดใช้งาน', { exact: true })).toBeVisible();
      await expect(added.getByRole('link', { name: /games\.lucky-spin\.example\.com\/api/ })).toHaveAttribute(
        'href',
        'https://games.lucky-spin.example.com/api',
      );
      await expect(added.getByRole('link', { name: /lucky-spin\.svg/ })).toHaveAttribute(
        'href',
        'https://cdn.example.com/lucky-spin.svg',
      );
      const logo = added.getByRole('img', { name: `โลโก้ ${provider.name}` });
      await expect(logo).toHaveAttribute('src', 'https://cdn.example.com/lucky-spin.svg');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectAccessible(page, 'adapter list');
      await screenshot(page, 'adapter-list');
    });

    test('a code already in use is refused, said in Thai', async ({ page }) => {
      await openAdapters(page);
      await page.getByRole('button', { name: 'เพิ่มเกม' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มค่ายเกม' });
      await dialog.getByLabel('ชื่อ', { exact: true }).fill('Copy cat');
      await dialog.getByLabel('รหัส').fill(provider.code);
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('https://copy.example.com');
      await dialog.getByLabel('โลโก้').fill('https://cdn.example.com/copy.svg');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog.getByText(`รหัส "${provider.code}" ถูกใช้โดยค่ายเกมอื่นแล้ว`).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
      await discardChanges(page);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('row').filter({ hasText: 'Copy cat' })).toHaveCount(0);
    });

    test('edit: the name is read-only, type and endpoint change', async ({ page }) => {
      await openAdapters(page);
      await row(page, provider.code)
        .getByRole('button', { name: `แก้ไข ${provider.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'แก้ไขค่ายเกม' });
      await expect(dialog.getByLabel('ชื่อ', { exact: true })).toHaveValue(provider.name);
      await expect(dialog.getByLabel('ชื่อ', { exact: true })).toHaveAttribute('readonly', '');
      await expect(dialog.getByLabel('รหัส')).toHaveValue(provider.code);
      await chooseType(page, dialog, 'LIVE');
      await dialog.getByLabel('ที่อยู่ปลายทาง').fill('https://live.lucky-spin.example.com/v2');
      await expectAccessible(page, 'edit game dialog');
      await screenshot(page, 'adapter-edit-dialog');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`บันทึกค่ายเกม ${provider.name} แล้ว`)).toBeVisible();
      const edited = row(page, provider.code);
      await expect(edited).toContainText('LIVE');
      await expect(edited.getByRole('link', { name: /live\.lucky-spin\.example\.com\/v2/ })).toHaveAttribute(
        'href',
        'https://live.lucky-spin.example.com/v2',
      );
    });

    test('the code of a provider with stored bets cannot change: said beside the field in Thai and English', async ({
      page,
      request,
    }) => {
      const token = await apiToken(request);
      const played = await makeAdapter(request, token);
      const agent = await makeAgent(request, token);
      await ingest(request, agent, [
        {
          betId: 'rename-1',
          betType: 'HOLD',
          betTypeFromGame: 'hold',
          gameBrand: played.codename,
          gameCode: 'G1',
          username: uniqueName('p').slice(0, 20),
          amount: -10,
          startDate: new Date().toISOString(),
        },
      ]);
      await openAdapters(page);
      await page.getByRole('search').getByLabel('ชื่อค่ายเกม').fill(played.name);
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      const edit = async (title: string, field: string, save: string) => {
        await row(page, played.codename)
          .getByRole('button', { name: new RegExp(played.name) })
          .last()
          .click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByLabel(field, { exact: true }).fill(`${played.codename}X`);
        await dialog.getByRole('button', { name: save }).click();
        return dialog;
      };
      const thai = await edit('แก้ไขค่ายเกม', 'รหัส', 'บันทึก');
      await expect
        .poll(() => fieldError(thai.getByLabel('รหัส', { exact: true })))
        .toBe(`มีรายการเดิมพันที่บันทึกด้วยรหัส "${played.codename}" แล้ว จึงเปลี่ยนรหัสไม่ได้ (รอบที่ค้างอยู่จะปิดไม่ได้)`);
      await expect(thai.getByLabel('รหัส', { exact: true })).toHaveValue(`${played.codename}X`);
      await screenshot(page, 'adapter-code-in-use');
      await page.keyboard.press('Escape');
      await discardChanges(page);
      await page.getByTestId('language-switch').getByText('English').click();
      const english = await edit('Edit game provider', 'Code', 'Save');
      await expect
        .poll(() => fieldError(english.getByLabel('Code', { exact: true })))
        .toBe(
          `Bets are stored under code "${played.codename}", so it cannot change (their open rounds could no longer settle)`,
        );
      await screenshot(page, 'adapter-code-in-use-en');
      await page.keyboard.press('Escape');
      await discardChanges(page);
      await page.getByTestId('language-switch').getByText('ไทย').click();
    });

    test('disable and re-enable through the confirm dialog', async ({ page }) => {
      await openAdapters(page);
      const toggle = row(page, provider.code).getByRole('switch', {
        name: `เปิดใช้งานค่ายเกม ${provider.name}`,
      });
      await expect(toggle).toBeChecked();
      await flip(page, provider.code);
      const confirm = page.getByRole('dialog', { name: 'ยืนยันการเปิด/ปิดใช้งาน' });
      await expect(confirm).toContainText(`ต้องการปิดใช้งานค่ายเกม ${provider.name} (${provider.code}) ใช่หรือไม่?`);
      await expectAccessible(page, 'disable confirm dialog');
      await screenshot(page, 'adapter-disable-confirm');

      // Cancel leaves it as it is.
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();
      await expect(toggle).toBeChecked();

      await flip(page, provider.code);
      await confirm.getByRole('button', { name: 'ยืนยันปิดใช้งาน' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`ปิดใช้งานค่ายเกม ${provider.name} แล้ว`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(row(page, provider.code).getByText('ปิดใช้งาน', { exact: true })).toBeVisible();
      await expect(row(page, provider.code)).toHaveAttribute('data-disabled', 'true');
      await screenshot(page, 'adapter-list-disabled');

      // Only the disabled ones, through the status filter (kept in the URL).
      await page.getByRole('search').getByRole('combobox', { name: 'สถานะ' }).click();
      await page.getByRole('option', { name: 'ปิดใช้งาน', exact: true }).click();
      await Promise.all([
        page.waitForResponse('**/api/v1/adapter/list'),
        page.getByRole('button', { name: 'ค้นหา' }).click(),
      ]);
      await expect(page).toHaveURL(/isDisable=1/);
      await expect(row(page, provider.code)).toBeVisible();

      await flip(page, provider.code);
      await expect(confirm).toContainText(
        `ต้องการเปิดใช้งานค่ายเกม ${provider.name} (${provider.code}) ใช่หรือไม่?`,
      );
      await confirm.getByRole('button', { name: 'ยืนยันเปิดใช้งาน' }).click();
      await expect(page.getByText(`เปิดใช้งานค่ายเกม ${provider.name} แล้ว`)).toBeVisible();
      // Enabled again, it leaves the "disabled only" list at once.
      await expect(row(page, provider.code)).toHaveCount(0);
      await page.getByRole('button', { name: 'ล้างตัวกรอง' }).click();
      await expect(row(page, provider.code).getByRole('switch')).toBeChecked();
    });

    // Filters, URL, Search, Clear, empty and error states: the list mechanism's screen tests.
    test('CSV export of the filter, and the list in English', async ({ page }) => {
      await openAdapters(page);
      await page.getByRole('search').getByLabel('ชื่อค่ายเกม').fill(provider.name);
      await page.getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page.getByTestId('pager-summary')).toContainText('แสดง 1–1 จาก 1 รายการ');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'ส่งออก CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('adapters.csv');
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv).toContain(provider.code);
      expect(csv.trim().split('\n')).toHaveLength(2);

      // In English too.
      await page.getByTestId('language-switch').getByText('English').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Adapter list' })).toBeVisible();
      await expect(row(page, provider.code).getByText('Enabled', { exact: true })).toBeVisible();
      await expect(row(page, provider.code)).toContainText('Live casino');
      await screenshot(page, 'adapter-list-en');
      await page.getByTestId('language-switch').getByText('ไทย').click();
    });
  });

test.describe('game providers: roles and failures', () => {
  for (const type of ['OPERATOR', 'REPORTER'] as const) {
    test(`${type} reads the providers but sees no write buttons`, async ({ page, request }) => {
      const token = await apiToken(request);
      const adapter = await makeAdapter(request, token, { logo: 'https://cdn.example.com/ro.svg' });
      const username = uniqueName(`e2e_${type.toLowerCase()}`);
      const password = 'read-only-pass-1';
      await apiCall(request, api.adminCreate, { token, body: { username, password, type } });

      await openAdapters(page, { username, password });
      await expect(row(page, adapter.codename)).toContainText(adapter.name);
      await expect(row(page, adapter.codename).getByText('เปิดใช้งาน', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'เพิ่มเกม' })).toHaveCount(0);
      await expect(page.getByRole('switch')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^แก้ไข / })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'ส่งออก CSV' })).toBeVisible();
      if (type === 'REPORTER') {
        await expectAccessible(page, 'adapter list read-only');
        await screenshot(page, 'adapter-list-reporter');
      }
    });
  }
});
