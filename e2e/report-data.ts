import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { AgentWithSecret } from '@sapi/contract';
import { bangkokIso, bangkokToday } from './bangkok';
import { ingest, makeAgent } from './fixtures';
import { uniqueName } from './support';

/** Report data of the e2e suites: bets of known amounts in this Bangkok month, and how to read reports back. */

/** The business clock's day and wall time (bangkok.ts), as the report specs take them from here. */
export { bangkokIso, bangkokToday };
/** This business month: `{ year: '2026', month: '11', key: '2026-11' }`. */
export const bangkokMonth = () => {
  const today = bangkokToday();
  return { year: today.slice(0, 4), month: today.slice(5, 7), key: today.slice(0, 7) };
};

/** Money as the screens show it: th-TH, 2 decimals (a report sum beyond 2^53 satang is a decimal string). */
export const money = (value: number | string) =>
  new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value as number | Intl.StringNumericLiteral,
  );

export interface SeededAgent {
  agent: AgentWithSecret;
  /** Game brands unique to this run, so platform-wide rows can be told apart. */
  brandA: string;
  brandB: string;
  day1: string;
  day2: string;
}

/**
 * An agent with ten transactions in a Bangkok month (days 1 and 2), this one unless `monthKey`
 * (`YYYY-MM`) says another:
 *  day 1  brandA/G1 HOLD −100.25 SETTLE 150.50; brandB/G2 HOLD −40.10 SETTLE 0
 *  day 2  brandA/G3 HOLD −20.00 CANCEL 20.00; brandB/G2 HOLD −5.55 VOID 5.55;
 *         brandA/G1 DEPOSIT 500.00 WITHDRAW −123.45
 */
export const expected = {
  month: {
    transactionCount: 10,
    turnover: 165.9,
    payout: 150.5,
    cancel: 20,
    void: 5.55,
    winLose: 10.15,
    deposit: 500,
    withdraw: -123.45,
    profit: 376.55,
  },
  day1: { turnover: 140.35, winLose: 10.15, transactionCount: 4 },
  day2: { turnover: 25.55, winLose: 0, deposit: 500, withdraw: -123.45, transactionCount: 6 },
  /** Game Daily rows: [day, brand] → turnover / winLose. */
  brandA: { turnover: 120.25, winLose: 50.25 },
  brandB: { turnover: 45.65, winLose: -40.1 },
};

export async function seedAgent(
  request: APIRequestContext,
  token: string,
  monthKey = bangkokMonth().key,
): Promise<SeededAgent> {
  const agent = await makeAgent(request, token);
  const tag = agent.prefix.toUpperCase();
  const brandA = `EA${tag}`;
  const brandB = `EB${tag}`;
  const day1 = `${monthKey}-01`;
  const day2 = `${monthKey}-02`;
  const p1 = uniqueName('p1').slice(0, 20);
  const p2 = uniqueName('p2').slice(0, 20);
  const bet = (
    betId: string,
    betType: string,
    amount: number,
    gameBrand: string,
    gameCode: string,
    username: string,
    startDate: string,
  ) => ({
    betId,
    betType,
    betTypeFromGame: betType.toLowerCase(),
    gameBrand,
    gameCode,
    username,
    amount,
    startDate,
  });
  const d1 = bangkokIso(day1, '10:00:00');
  const d2 = bangkokIso(day2, '22:30:00');
  await ingest(request, agent, [
    bet('b1', 'HOLD', -100.25, brandA, 'G1', p1, d1),
    bet('b1', 'SETTLE', 150.5, brandA, 'G1', p1, d1),
    bet('b2', 'HOLD', -40.1, brandB, 'G2', p2, d1),
    bet('b2', 'SETTLE', 0, brandB, 'G2', p2, d1),
    bet('b3', 'HOLD', -20, brandA, 'G3', p1, d2),
    bet('b3', 'CANCEL', 20, brandA, 'G3', p1, d2),
    bet('b4', 'HOLD', -5.55, brandB, 'G2', p2, d2),
    bet('b4', 'VOID', 5.55, brandB, 'G2', p2, d2),
    bet('d1', 'DEPOSIT', 500, brandA, 'G1', p1, d2),
    bet('w1', 'WITHDRAW', -123.45, brandA, 'G1', p1, d2),
  ]);
  return { agent, brandA, brandB, day1, day2 };
}

/**
 * Check a screen of platform-wide figures against the server's. Other workers add bets and
 * arrangements meanwhile, so a difference may only mean the figures moved between the two reads:
 * then the screen is loaded again and compared with the server's figures of that moment, until
 * they agree. A wrong figure never agrees and fails when the time is up.
 */
export async function againstServer<T>(
  page: Page,
  read: () => Promise<T>,
  check: (server: T) => Promise<void>,
) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await check(await read());
  }).toPass({ timeout: 90_000 });
}

/** A table's cells by column header: the rows and the totals row. */
export async function readTable(table: Locator) {
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/\s+/g, ' ').trim());
  const toRecord = (cells: string[]) => new Map(headers.map((h, i) => [h, (cells[i] ?? '').trim()]));
  const rows: Map<string, string>[] = [];
  for (const row of await table.locator('tbody tr').all())
    rows.push(toRecord(await row.locator('td').allInnerTexts()));
  const footerCells = await table.locator('tfoot td').allInnerTexts();
  return { headers, rows, totals: footerCells.length > 0 ? toRecord(footerCells) : undefined };
}

/** Click "Export CSV", wait for the download and parse it (BOM, header line, numeric cells). */
export async function downloadCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'ส่งออก CSV' }).click(),
  ]);
  const path = await download.path();
  const raw = await readFile(path, 'utf8');
  expect(raw.charCodeAt(0), 'CSV starts with a UTF-8 BOM').toBe(0xfeff);
  const lines = raw
    .slice(1)
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const header = (lines[0] ?? '').split(',');
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').replace(/^"|"$/g, '')]));
  });
  return { filename: download.suggestedFilename(), header, rows };
}

/** The sum of a numeric CSV column, exact to the satang. */
export const sumColumn = (rows: Record<string, string>[], column: string) =>
  rows.reduce((acc, row) => acc + Math.round(Number(row[column]) * 100), 0) / 100;

/** Choose an agent in a report's agent picker by typing its username. */
export async function pickAgent(
  page: Page,
  label: string,
  agent: Pick<AgentWithSecret, 'username' | 'prefix'>,
) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(agent.username);
  await page.getByRole('option', { name: `${agent.username} (${agent.prefix})` }).click();
}
