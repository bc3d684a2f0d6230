import { readFileSync } from 'node:fs';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { type AgentWithSecret, api } from '@sapi/contract';
import { pickAgent } from './agent-picker';
import { bangkokDay, ddmmyyyy, isoDay, thaiMonthYear } from './bangkok';
import { BASE_URL } from './env';
import { expect, ingest, makeAgent, test } from './fixtures';
import { apiCall, apiToken, expectAccessible, openApp, screenshot } from './support';

/** A fresh agent whose five players all register today: three arrive with bets, two are added by staff. */
const tag = `rr${Date.now().toString(36)}`;
let agent: AgentWithSecret;
const today = bangkokDay(Date.now());
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await apiToken(request);
  agent = await makeAgent(request, token);
  await ingest(
    request,
    agent,
    [0, 1, 2].map((i) => ({
      betId: `${tag}-${i}`,
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: 'PGSOFT',
      gameCode: 'fortune-ox',
      username: `${tag}p${i}`,
      amount: -10,
      startDate: new Date().toISOString(),
    })),
  );
  for (const i of [3, 4]) {
    await apiCall(request, api.userCreate, {
      token,
      body: { agent: agent._id, username: `${tag}p${i}`, betLimit: 1000 },
    });
  }
  await request.dispose();
});

const filters = (page: Page) => page.getByRole('search');
const dayRows = (page: Page) => page.getByTestId('register-row');

test.describe
  .serial('registration-count report', () => {
    test.describe.configure({ timeout: 120_000 });

    test('opens on the whole platform this month, then one agent: every day with a chart and a total', async ({
      page,
    }) => {
      await openApp(page);
      await page
        .getByRole('navigation', { name: 'เมนูหลัก' })
        .getByRole('link', { name: 'รายงานการลงทะเบียน' })
        .click();
      await expect(page).toHaveURL(/\/report$/);
      await expect(page.getByRole('heading', { level: 1, name: 'รายงานจำนวนการลงทะเบียน' })).toBeVisible();
      // No agent chosen: the whole platform, this month (the dashboard's players card opens it so).
      await expect(filters(page).getByRole('combobox', { name: 'เอเจนต์', exact: true })).toHaveAttribute(
        'placeholder',
        'ทั้งแพลตฟอร์ม (ทุกเอเจนต์)',
      );
      await expect(filters(page).getByRole('button', { name: 'เดือน', exact: true })).toHaveText(
        thaiMonthYear(today),
      );
      await expect(dayRows(page)).toHaveCount(daysIn(today.year, today.month));
      await expect(page.getByTestId('register-summary')).toContainText(
        `ทั้งแพลตฟอร์ม (ทุกเอเจนต์) · ${thaiMonthYear(today)}: ลงทะเบียนรวม`,
      );
      // Every agent's players: at least this agent's five registered today.
      const platformToday = dayRows(page)
        .filter({ hasText: ddmmyyyy(today) })
        .getByRole('cell')
        .last();
      expect(Number(((await platformToday.textContent()) ?? '').replaceAll(',', ''))).toBeGreaterThanOrEqual(
        5,
      );
      await expectAccessible(page, 'registration report of the whole platform');
      await screenshot(page, 'register-report-platform');

      await pickAgent(page, filters(page), 'เอเจนต์', agent);
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(
        new RegExp(`agent=${agent._id}&month=${monthKey(today.year, today.month)}`),
      );
      await expect(dayRows(page)).toHaveCount(daysIn(today.year, today.month));
      await expect(dayRows(page).first()).toContainText(ddmmyyyy({ ...today, day: 1 }));
      const todayRow = dayRows(page).filter({ hasText: ddmmyyyy(today) });
      await expect(todayRow).toHaveCount(1);
      await expect(todayRow.getByRole('cell').last()).toHaveText('5');
      await expect(page.getByTestId('register-total')).toContainText('รวมทั้งเดือน');
      await expect(page.getByTestId('register-total')).toContainText('5');
      await expect(page.getByTestId('register-summary')).toHaveText(
        `${agent.username} · ${thaiMonthYear(today)}: ลงทะเบียนรวม 5 คน`,
      );
      // The bar chart above the table: one bar per day.
      const chart = page.getByTestId('register-chart');
      await expect(chart).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(daysIn(today.year, today.month));
      await expectAccessible(page, 'registration report');
      await screenshot(page, 'register-report');

      // The agent and month are in the URL: a reload shows the same report.
      await page.reload();
      await expect(page.getByTestId('register-total')).toContainText('5');
      await expect(filters(page).getByRole('combobox', { name: 'เอเจนต์', exact: true })).toHaveValue(
        `${agent.username} (${agent.prefix})`,
      );
    });

    test('another month: every day listed with zero', async ({ page }) => {
      await openApp(page, `/report?agent=${agent._id}&month=${monthKey(today.year, today.month)}`);
      await expect(page.getByTestId('register-total')).toContainText('5');
      const previous =
        today.month === 1
          ? { year: today.year - 1, month: 12 }
          : { year: today.year, month: today.month - 1 };
      await filters(page).getByRole('button', { name: 'เดือน', exact: true }).click();
      if (previous.year !== today.year) await page.getByRole('button', { name: 'ปีก่อนหน้า' }).click();
      await expectAccessible(page, 'month picker');
      await page.getByRole('button', { name: thaiMonthYear(previous), exact: true }).click();
      await expect(filters(page).getByRole('button', { name: 'เดือน', exact: true })).toHaveText(
        thaiMonthYear(previous),
      );
      await filters(page).getByRole('button', { name: 'ค้นหา' }).click();
      await expect(page).toHaveURL(new RegExp(`month=${monthKey(previous.year, previous.month)}`));
      await expect(dayRows(page)).toHaveCount(daysIn(previous.year, previous.month));
      await expect(page.getByTestId('register-total').getByRole('cell')).toHaveText('0');
      for (const text of await dayRows(page).allInnerTexts()) expect(text).toMatch(/\s0$/);
      await screenshot(page, 'register-report-previous-month');
    });

    test('exports the month as CSV', async ({ page }) => {
      const month = monthKey(today.year, today.month);
      await openApp(page, `/report?agent=${agent._id}&month=${month}`);
      await expect(page.getByTestId('register-total')).toContainText('5');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'ส่งออก CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`registrations-${agent.username}-${month}.csv`);
      const lines = readFileSync((await download.path()) ?? '', 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('วันที่,จำนวนผู้ลงทะเบียน');
      expect(lines).toHaveLength(1 + daysIn(today.year, today.month));
      expect(lines).toContain(`${isoDay(today)},5`);
    });
  });
