import { readFile } from 'node:fs/promises';
import { bangkokDay, ddmmyyyy, isoDay } from './bangkok';
import { expect, ingest, makeAgent, signedOut, test } from './fixtures';
import { apiToken, expectAccessible, screenshot, uniqueName } from './support';

/*
 * docs/design.md §16, reconciliation by upload: an agent signs in (Thai), opens กระทบยอด, uploads its
 * own bets of a day as CSV and reads which are missing on either side and which differ, downloads the
 * result, and is told which line of a broken file is wrong.
 */
test.describe('the agent portal: reconciliation', () => {
  test.use({ storageState: signedOut });
  test.describe.configure({ timeout: 150_000 });

  test('an agent uploads its bets of a day and sees the differences', async ({ page, request }) => {
    const token = await apiToken(request);
    const agent = await makeAgent(request, token);
    // Bets of a minute ago, on whole seconds: their Bangkok day is the one reconciled.
    const at = Math.floor((Date.now() - 60_000) / 1000) * 1000;
    const startDate = new Date(at).toISOString();
    const day = bangkokDay(at);
    const player = uniqueName('rp').slice(0, 20);
    const bet = { betTypeFromGame: 'bet', gameBrand: 'PG', gameCode: 'mahjong', username: player, startDate };
    await ingest(request, agent, [
      { ...bet, betId: 'same1', betType: 'HOLD', amount: -10 },
      { ...bet, betId: 'diff1', betType: 'HOLD', amount: -20 },
      { ...bet, betId: 'only1', betType: 'HOLD', amount: -30 },
    ]);

    await page.goto('/');
    await page.getByLabel('ชื่อผู้ใช้').fill(agent.username);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('agent-password-1');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByLabel('รหัสผ่านชั่วคราว').fill('agent-password-1');
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('Agent-Own-Choice-79');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('Agent-Own-Choice-79');
    await page.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await expect(page.getByTestId('working-for-agent')).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'กระทบยอด' }).click();
    await expect(page).toHaveURL(/\/reconciliation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'กระทบยอดรายการเดิมพัน' })).toBeVisible();
    await expect(page.getByTestId('reconcile-agent')).toHaveValue(`${agent.username} (${agent.prefix})`);
    const date = page.getByTestId('reconcile-date');
    await date.fill(ddmmyyyy(day));
    await date.blur();

    const csv = [
      'betId,betType,amount,startDate',
      `same1,HOLD,-10.00,${startDate}`,
      `diff1,HOLD,-25.50,${startDate}`,
      `extra1,HOLD,-5,${startDate}`,
    ].join('\r\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'my-bets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await screenshot(page, 'portal-reconcile-form');
    await page.getByTestId('reconcile-run').click();

    const result = page.getByTestId('reconcile-result');
    await expect(result).toBeVisible();
    await expect(result).toContainText(`ผลการกระทบยอดวันที่ ${ddmmyyyy(day)}`);
    for (const [key, value] of [
      ['uploaded', '3'],
      ['ledger', '3'],
      ['matched', '1'],
      ['missingInLedger', '1'],
      ['missingInUpload', '1'],
      ['differ', '1'],
    ] as const) {
      await expect(page.getByTestId(`reconcile-count-${key}`)).toContainText(value);
    }
    const rows = page.getByTestId('reconcile-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'diff1' })).toContainText('ไม่ตรงกัน');
    await expect(rows.filter({ hasText: 'diff1' })).toContainText('-25.50');
    await expect(rows.filter({ hasText: 'only1' })).toContainText('ไม่มีในไฟล์');
    await expect(rows.filter({ hasText: 'extra1' })).toContainText('ไม่มีในระบบ');
    await expectAccessible(page, 'reconciliation result');
    await screenshot(page, 'portal-reconcile-result');

    // The whole result as CSV, its header in Thai.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reconcile-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`reconciliation-${agent._id}-${isoDay(day)}.csv`);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFผลการกระทบยอด,รหัสเดิมพัน,ประเภทเดิมพัน,บรรทัดในไฟล์,จำนวนเงินในไฟล์,จำนวนเงินในระบบ,เวลาเริ่มในไฟล์,เวลาเริ่มในระบบ,ค่าที่ต่างกัน',
    );
    expect(text.trim().split('\r\n')).toHaveLength(4);

    // A broken line is named, in Thai.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `betId,betType,amount,startDate\nsame1,HOLD,-10,${startDate}\nx,HOLD,1e309,${startDate}\n`,
      ),
    });
    await page.getByTestId('reconcile-run').click();
    await expect(page.getByTestId('reconcile-error')).toHaveText('บรรทัดที่ 3: ค่าในคอลัมน์ amount ไม่ถูกต้อง');
    await screenshot(page, 'portal-reconcile-error');
  });
});
