import { readFileSync } from 'node:fs';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { AgentWithSecret } from '@sapi/contract';
import { BASE_URL } from './env';
import { expect, ingest, makeAgent, postSigned, test } from './fixtures';
import { apiToken, expectAccessible, openApp, screenshot } from './support';

/**
 * An agent's ingest log (issue 19, docs/design.md §9): a batch accepted, a batch refused for a conflicting
 * re-sent bet and a request with a bad signature, then operations open the agent's log from the agent
 * list, see the three, open the conflict's detail and export the log.
 */
let agent: AgentWithSecret;
const tag = Date.now().toString(36).slice(-4);
const bet = (betId: string, amount: number) => ({
  betId,
  betType: 'HOLD',
  betTypeFromGame: 'bet',
  gameBrand: 'PGSOFT',
  gameCode: 'fortune-ox',
  username: `lg${tag}`,
  amount,
  startDate: new Date(Date.now() - 3600_000).toISOString(),
});

/** A signed POST to the ingest API, answered whatever it says (the fixture's `ingest` wants success). */
const send = async (request: APIRequestContext, body: string, secret: string) =>
  (await (await postSigned(request, agent.apiKey, secret, body)).json()) as { status: number };

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await apiToken(request);
  agent = await makeAgent(request, token);
  await ingest(request, agent, [bet(`A-${tag}`, -10), bet(`B-${tag}`, -20)]);
  const conflicting = JSON.stringify({ transactions: [bet(`C-${tag}`, -5), bet(`B-${tag}`, -25)] });
  expect((await send(request, conflicting, agent.secret ?? '')).status).toBe(2009);
  const forged = JSON.stringify({ transactions: [bet(`D-${tag}`, -5)] });
  expect((await send(request, forged, 'not-the-agent-secret-at-all')).status).toBe(3001);
  await request.dispose();
});

test('an agent’s ingest log: refusals badged on the agent list, listed, detailed and exported', async ({
  page,
}) => {
  await openApp(page, `/agent/list?username=${agent.username}`);
  const row = page.getByTestId(`agent-row-${agent.username}`);
  await expect(row.getByTestId(`refusals-${agent.username}`)).toHaveText('ถูกปฏิเสธ 2 ครั้งใน 24 ชม.');
  await screenshot(page, 'ingest-log-agent-badge');

  await row.getByRole('link', { name: `บันทึกการรับข้อมูลของ ${agent.username}`, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `บันทึกการรับข้อมูลของ ${agent.username}` }),
  ).toBeVisible();
  const rows = page.locator('[data-testid^="ingest-log-row-"]');
  await expect(rows).toHaveCount(3);
  // Newest first: the forged request, the conflict, the accepted batch.
  await expect(rows.nth(0)).toContainText('ลายเซ็นไม่ถูกต้อง');
  await expect(rows.nth(1)).toContainText('ขัดแย้งกับรายการที่บันทึกแล้ว');
  await expect(rows.nth(2)).toContainText('รับทั้งหมด');
  await expect(rows.nth(0)).toContainText('ถูกปฏิเสธ');
  await screenshot(page, 'ingest-log-agent');
  await expectAccessible(page, 'the ingest log');

  // The conflict's detail names the re-sent bet that differs.
  await rows.nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'รายละเอียดคำขอ' });
  await expect(dialog.getByRole('table', { name: 'รายการที่ถูกปฏิเสธหรือขัดแย้ง' })).toContainText(`B-${tag}`);
  await expect(dialog).toContainText('ขัดแย้งกับรายการที่บันทึกแล้ว');
  await screenshot(page, 'ingest-log-detail');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Refusals only, then exported.
  await page.getByRole('search').getByRole('combobox', { name: 'ผลลัพธ์' }).click();
  await page.getByRole('option', { name: 'ถูกปฏิเสธ', exact: true }).click();
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(rows).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'ส่งออก CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ingest-log-${agent.username}.csv`);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toContain('เวลา');
  expect(csv).toHaveLength(3);
  expect(csv.slice(1).every((line) => line.includes('refused'))).toBe(true);

  // Over every agent, from the menu: the same requests, each naming its agent.
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'บันทึกการรับข้อมูล' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'บันทึกการรับข้อมูล' })).toBeVisible();
  await expect(rows.filter({ hasText: agent.username }).first()).toBeVisible();
  await screenshot(page, 'ingest-log-all');
});

test('a refused amount’s detail says the status and each reason in Thai, with its numbers', async ({
  page,
  request,
}) => {
  // Its own agent, so the first test's counts stay as they are: one HOLD of 0.005, two issues.
  const own = await makeAgent(request, await apiToken(request));
  const body = JSON.stringify({ transactions: [bet(`H-${tag}`, 0.005)] });
  const answer = (await (await postSigned(request, own.apiKey, own.secret ?? '', body)).json()) as {
    status: number;
  };
  expect(answer.status).toBe(2001);

  await openApp(page, `/ingest-log/agent/${own._id}`);
  const row = page.locator('[data-testid^="ingest-log-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ข้อมูลไม่ถูกต้อง (2 รายการ)');
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'รายละเอียดคำขอ' });
  await expect(dialog.getByText('สถานะคำตอบ').locator('..')).toHaveText(/^สถานะคำตอบ\s*2001\s*ข้อมูลไม่ถูกต้อง$/);
  await expect(dialog.getByText('ปัญหาที่แจ้งในคำตอบ').locator('..')).toContainText('มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง');
  const items = dialog.getByRole('table', { name: 'รายการที่ถูกปฏิเสธหรือขัดแย้ง' }).getByRole('row');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toContainText(`H-${tag}`);
  await expect(items.nth(1)).toContainText('มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง');
  await expect(items.nth(2)).toContainText('ยอดของรายการ HOLD ต้องไม่มากกว่า 0');
  // No code, no blank left to fill.
  await expect(dialog).not.toContainText(/decimals|amount_not_positive|\{\w+\}/);
  await expectAccessible(page, 'the ingest log detail');
  await screenshot(page, 'ingest-log-detail-reasons');
});
