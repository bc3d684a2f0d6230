import { api } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../../test/calls.ts';
import {
  type Bet,
  bet,
  ingest,
  makeAgent,
  registerBrands,
  type SignedAgent,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { countRows, rollupMismatches } from '../../../test/ledger-checks.ts';

/*
 * One agent fills its own counters for one game and day to the brim of bigint (2^63−1 satang) with
 * valid bets; nothing it does may break another agent's bets on that game and day or a report's
 * exactness (docs/design.md §9). Its own database: the reports below sum every agent.
 */
let t: TestApp;
let reporter: string;
let big: SignedAgent;
let small: SignedAgent;
/** The small agent's three bets on the brim's game and day, sent in parallel once the brim is reached. */
let smallAnswers: Answer<typeof api.ingest>[];

const DAY = '2026-11-01T05:00:00.000Z';
/** 2^63−1 satang in major units, and with the other agent's three satang. */
const BRIM = '92233720368547758.07';
const BRIM_AND_SMALL = '92233720368547758.10';
/** The largest bet (MAX_MONEY); 92,233 of them and one of the remainder fill the counter exactly. */
const MAX_BET = 1_000_000_000_000;
const FULL_BETS = 92_233;
const REMAINDER = 720_368_547_758.07;

const settle = (betId: string, amount: number, over: Partial<Bet> = {}) =>
  bet({
    betId,
    betType: 'SETTLE',
    amount,
    gameBrand: 'PG',
    gameCode: 'g1',
    username: 'whale',
    startDate: DAY,
    ...over,
  });

beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
  const op = await t.tokenFor('OPERATOR');
  reporter = await t.tokenFor('REPORTER');
  big = await makeAgent(t, op);
  small = await makeAgent(t, op);
  const bets = Array.from({ length: FULL_BETS }, (_, i) => settle(`F${i}`, MAX_BET));
  bets.push(settle('F-last', REMAINDER));
  for (let i = 0; i < bets.length; i += 1000) {
    const res = await ingest(t, big, bets.slice(i, i + 1000));
    if (res.status !== 1000) throw new Error(`filling batch ${i}: ${res.error}`);
  }
  smallAnswers = await Promise.all(
    ['S1', 'S2', 'S3'].map((id) => ingest(t, small, [settle(id, 0.01, { username: 'minnow' })])),
  );
}, 300_000);
afterAll(() => t.close());

describe('agents isolated in the ledger', () => {
  it("one agent's counters at the brim: its next bet is a 409 naming the limit, storing nothing", async () => {
    const before = await countRows(t, 'transactions');
    const res = await ingest(t, big, [settle('OVER-1', 0.01, { username: 'fresh_whale' })]);
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ status: 2009 });
    expect(res.issues).toMatchObject([{ code: 'agent_total_out_of_range' }]);
    expect(res.error).toContain("agent's totals would exceed the ledger's limit");
    expect(await countRows(t, 'transactions')).toBe(before);
    // The same agent's bets in another month still go in: only the full counters refuse.
    const december = settle('NEXT-MONTH', 5, { startDate: '2026-12-05T05:00:00.000Z' });
    expect((await ingest(t, big, [december])).status).toBe(1000);
  });

  it("another agent's small bets on that game and day are accepted, in parallel too", () => {
    expect(smallAnswers.map((r) => r.data)).toEqual(Array(3).fill({ accepted: 1, duplicates: 0 }));
  });

  it('every rollup still equals the raw rows', async () => {
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('totals from 10^15 satang on leave the API exact, as decimal strings; small ones stay numbers', async () => {
    const token = reporter;
    const byCode = await t.ok(api.summaryGameDailyByGame, {
      token,
      params: { agentId: 'all', gameBrand: 'PG' },
      body: { from: '2026-11-01', to: '2026-11-01' },
    });
    const g1 = byCode.rows.find((r) => r.gameCode === 'g1');
    expect(g1).toMatchObject({ payout: BRIM_AND_SMALL, transactionCount: FULL_BETS + 4 });
    // One agent's codes by day and by month: its own rows, a column per bet type (0032), at the brim.
    for (const [def, body] of [
      [api.summaryGameDailyByGame, { from: '2026-11-01', to: '2026-11-01' }],
      [api.summaryGameMonthlyByGame, { from: '2026-11-01', to: '2026-11-30' }],
    ] as const) {
      const own = await t.ok(def, { token, params: { agentId: big._id, gameBrand: 'PG' }, body });
      expect(own.rows).toMatchObject([{ gameCode: 'g1', payout: BRIM, transactionCount: FULL_BETS + 1 }]);
    }
    const day = { day: '1', month: '11', year: '2026' };
    const bigDaily = await t.ok(api.summaryAgentDaily, { token, params: { agentId: big._id }, body: day });
    expect(bigDaily.totals).toMatchObject({ payout: BRIM, turnover: 0 });
    const smallDaily = await t.ok(api.summaryGameDaily, { token, params: { agentId: small._id }, body: day });
    expect(smallDaily.totals).toMatchObject({ payout: 0.03, transactionCount: 3 });
    // Every agent's brands by day: the rows as stored, a column per bet type (0028).
    const allGames = await t.ok(api.summaryGameDaily, { token, params: { agentId: 'all' }, body: day });
    expect(allGames.rows).toMatchObject([
      { date: '2026-11-01', gameBrand: 'PG', payout: BRIM_AND_SMALL, winLose: BRIM_AND_SMALL, turnover: 0 },
    ]);
    expect(allGames.totals).toMatchObject({ payout: BRIM_AND_SMALL, transactionCount: FULL_BETS + 4 });
    const all = await t.ok(api.summaryAgentMonthly, {
      token,
      params: { agentId: 'all' },
      body: { month: '11', year: '2026' },
    });
    expect(all.totals).toMatchObject({ payout: BRIM_AND_SMALL, winLose: BRIM_AND_SMALL });
    const widget = await t.ok(api.agentReportMonthly, {
      token,
      params: { agentId: big._id },
      body: { date: '2026-11-01' },
    });
    expect(widget.settleBalance).toBe(BRIM);
    const dashboard = await t.ok(api.dashboard, { token, body: { month: '11', year: '2026' } });
    expect(dashboard.current).toMatchObject({ winLose: BRIM_AND_SMALL, turnover: 0 });
    expect(dashboard.daily[0]).toEqual({ date: '2026-11-01', turnover: 0, winLose: BRIM_AND_SMALL });
  });
});
