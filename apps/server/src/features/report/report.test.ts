import {
  api,
  type BetType,
  MAX_DAILY_RANGE_DAYS,
  MAX_MONTHLY_RANGE_DAYS,
  reportExports,
} from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawScan } from '../../../bench/raw-scan.ts';
import { offContract } from '../../../test/calls.ts';
import {
  bet,
  ingest,
  makeAgent,
  parseCsv,
  registerBrands,
  type SignedAgent,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  countMismatches,
  gameRollupsByColumn,
  gameRollupsByType,
  migrationStatements,
  rollupMismatches,
} from '../../../test/ledger-checks.ts';
import { ALL_AGENTS } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { shareOf } from '../../ledger/settlement-statement.ts';
import { agentDaily, agentMonthly, gameByBrand, gameByCode, type SumsSource } from './service.ts';

let t: TestApp;
let token: string;
let parent: SignedAgent;
let child: SignedAgent;

/** Raw-scan sums per agent and Bangkok business day: what every report must add up to. */
const raw = async (where = sql`true`) =>
  queryRows<{ agent: string; day: string; bet_type: string; amount: string; n: string }>(
    t.ctx.db,
    sql`select agent_id::text as agent, to_char((start_date at time zone 'Asia/Bangkok')::date, 'YYYY-MM-DD') as day,
               bet_type, sum(amount)::text as amount, count(*)::text as n
        from transactions where ${where} group by 1, 2, 3`,
  );
const sumOf = (rows: Awaited<ReturnType<typeof raw>>, pick: (r: (typeof rows)[number]) => boolean) =>
  Number(rows.filter(pick).reduce((s, r) => s + BigInt(r.amount), 0n)) / 100;
const WL = ['HOLD', 'SETTLE', 'CANCEL', 'VOID'];

beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  t.clock.set('2026-11-20T05:00:00.000Z');
  const op = await t.tokenFor('OPERATOR');
  token = await t.tokenFor('REPORTER');
  parent = await makeAgent(t, op);
  child = await makeAgent(t, op);
  await t.ok(api.agentSharingCreate, {
    token: op,
    // In force since before the bets (an arrangement counts from its effective day on).
    body: { agent: child._id, parentAgent: parent._id, parentPercentage: 33.33, effectiveFrom: '2026-10-01' },
  });
  const rows = (agentTag: string) =>
    Array.from({ length: 240 }, (_, i) => {
      const type = (['HOLD', 'SETTLE', 'CANCEL', 'VOID', 'DEPOSIT', 'WITHDRAW', 'PROMOTION'] as const)[
        i % 7
      ] as BetType;
      const cents = 1 + ((i * 7919) % 100_000);
      return bet({
        betId: `${agentTag}${i}`,
        betType: type,
        amount: (['HOLD', 'WITHDRAW'].includes(type) ? -cents : cents) / 100,
        gameBrand: ['PG', 'JILI', 'SA'][i % 3] as string,
        gameCode: ['g1', 'g2'][i % 2] as string,
        username: `pl${i % 9}x`,
        // Spread over Oct 25 → Nov 24, hours chosen so some land after 17:00 UTC (next Bangkok day).
        startDate: new Date(Date.UTC(2026, 9, 25 + (i % 31), (i * 5) % 24, 30)).toISOString(),
      });
    });
  await ingest(t, parent, rows('P'));
  await ingest(t, child, rows('C'));
});
afterAll(() => t.close());

const nov = { month: '11', year: '2026' } as const;
/** Report money is a number, or a decimal string past what a double holds exactly (not these totals). */
const num = (money: number | string | undefined) => Number(money);

describe('summary reports equal the raw rows', () => {
  it('agent/daily: a row per day of the month, each and the totals to the satang', async () => {
    const res = await t.ok(api.summaryAgentDaily, {
      token,
      params: { agentId: child._id },
      body: { day: '', ...nov },
    });
    expect(res.rows).toHaveLength(30);
    const r = await raw(sql`agent_id = ${BigInt(child._id)}`);
    for (const row of res.rows) {
      expect(row.winLose).toBeCloseTo(
        sumOf(r, (x) => x.day === row.date && WL.includes(x.bet_type)),
        2,
      );
      expect(row.turnover).toBeCloseTo(-sumOf(r, (x) => x.day === row.date && x.bet_type === 'HOLD'), 2);
    }
    const inNov = (x: { day: string }) => x.day.startsWith('2026-11');
    expect(res.totals.profit).toBeCloseTo(
      sumOf(r, (x) => inNov(x) && ['DEPOSIT', 'WITHDRAW'].includes(x.bet_type)),
      2,
    );
    expect(res.totals.transactionCount).toBe(r.filter(inNov).reduce((s, x) => s + Number(x.n), 0));
  });

  it('agent/daily with a day gives that day only; `all` adds up every agent', async () => {
    const one = await t.ok(api.summaryAgentDaily, {
      token,
      params: { agentId: child._id },
      body: { day: '1', ...nov },
    });
    expect(one.rows.map((r) => r.date)).toEqual(['2026-11-01']);
    const all = await t.ok(api.summaryAgentDaily, { token, params: { agentId: 'all' }, body: nov });
    const r = await raw();
    expect(all.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-11') && WL.includes(x.bet_type)),
      2,
    );
  });

  it('a bet at 23:30 UTC counts on the next Bangkok day', async () => {
    const op = await t.tokenFor('OPERATOR');
    const late = await makeAgent(t, op);
    await ingest(t, late, [bet({ betId: 'LATE', amount: -12.34, startDate: '2026-10-31T23:30:00.000Z' })]);
    const params = { agentId: late._id };
    const res = await t.ok(api.summaryAgentDaily, { token, params, body: nov });
    expect(res.rows[0]).toMatchObject({ date: '2026-11-01', turnover: 12.34, transactionCount: 1 });
    const oct = await t.ok(api.summaryAgentMonthly, { token, params, body: { month: '10', year: '2026' } });
    expect(oct.totals.transactionCount).toBe(0);
  });

  it('agent/monthly: a row per month of the year', async () => {
    const res = await t.ok(api.summaryAgentMonthly, {
      token,
      params: { agentId: parent._id },
      body: { year: '2026' },
    });
    expect(res.rows.map((r) => r.month)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    const r = await raw(sql`agent_id = ${BigInt(parent._id)}`);
    expect(res.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => WL.includes(x.bet_type)),
      2,
    );
    const oct = res.rows.find((x) => x.month === '10');
    expect(oct?.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-10') && WL.includes(x.bet_type)),
      2,
    );
  });

  it('game/daily/all and game/monthly/all: per game brand', async () => {
    const daily = await t.ok(api.summaryGameDaily, {
      token,
      params: { agentId: child._id },
      body: { day: '5', ...nov },
    });
    const brands = daily.rows.map((r) => r.gameBrand);
    expect(new Set(brands).size).toBe(brands.length);
    const all = { agentId: 'all' } as const;
    const monthly = await t.ok(api.summaryGameMonthly, { token, params: all, body: nov });
    const agents = await t.ok(api.summaryAgentMonthly, { token, params: all, body: nov });
    expect(monthly.totals).toEqual(agents.totals);
  });

  it('game/daily/{brand} and game/monthly/{brand} with from/to: per game code', async () => {
    const params = { agentId: child._id, gameBrand: 'PG' };
    const res = await t.ok(api.summaryGameDailyByGame, {
      token,
      params,
      body: { from: '2026-11-01T00:00:00+07:00', to: '2026-11-30' },
    });
    expect(res.rows.every((r) => r.gameBrand === 'PG')).toBe(true);
    const monthly = await t.ok(api.summaryGameMonthlyByGame, {
      token,
      params,
      body: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(monthly.totals).toEqual(res.totals);
    const r = await raw(sql`agent_id = ${BigInt(child._id)} and game_brand = 'PG'`);
    expect(res.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-11') && WL.includes(x.bet_type)),
      2,
    );
  });
  it('game by code: every row and every column equal its raw rows, however many bet types a code saw', async () => {
    const byCode = await queryRows<{
      month: string;
      day: string;
      code: string;
      bet_type: string;
      amount: string;
      n: string;
    }>(
      t.ctx.db,
      sql`select to_char(d, 'YYYY-MM') as month, to_char(d, 'YYYY-MM-DD') as day, game_code as code, bet_type,
                 sum(amount)::text as amount, count(*)::text as n
          from (select (start_date at time zone 'Asia/Bangkok')::date as d, * from transactions
                where agent_id = ${BigInt(child._id)} and game_brand = 'PG') as x
          group by 1, 2, 3, 4`,
    );
    const expected = (period: (r: (typeof byCode)[number]) => string) => {
      const rows = new Map<string, Record<string, number>>();
      for (const r of byCode) {
        const key = `${period(r)}|${r.code}`;
        const row = rows.get(key) ?? { transactionCount: 0, turnover: 0, payout: 0, cancel: 0, void: 0 };
        const cents = Number(r.amount);
        row.transactionCount = (row.transactionCount ?? 0) + Number(r.n);
        const column = { HOLD: 'turnover', SETTLE: 'payout', CANCEL: 'cancel', VOID: 'void' }[r.bet_type];
        const other = { DEPOSIT: 'deposit', WITHDRAW: 'withdraw', PROMOTION: 'promotion' }[r.bet_type];
        if (column) row[column] = (row[column] ?? 0) + (column === 'turnover' ? -cents : cents);
        if (other) row[other] = (row[other] ?? 0) + cents;
        rows.set(key, row);
      }
      return rows;
    };
    const check = (
      rows: (Record<string, unknown> & { gameCode: string; transactionCount: number })[],
      want: Map<string, Record<string, number>>,
      period: (r: Record<string, unknown>) => string,
    ) => {
      expect(rows.map((r) => `${period(r)}|${r.gameCode}`)).toEqual([...want.keys()].sort());
      for (const row of rows) {
        const w = want.get(`${period(row)}|${row.gameCode}`) ?? {};
        for (const col of ['turnover', 'payout', 'cancel', 'void', 'deposit', 'withdraw', 'promotion']) {
          expect(num(row[col] as number), `${period(row)} ${row.gameCode} ${col}`).toBeCloseTo(
            (w[col] ?? 0) / 100,
            2,
          );
        }
        expect(row.transactionCount).toBe(w.transactionCount);
      }
      // A group of several bet types is one row: the monthly rows each hold more than one.
      return rows;
    };
    const params = { agentId: child._id, gameBrand: 'PG' };
    const daily = await t.ok(api.summaryGameDailyByGame, {
      token,
      params,
      body: { from: '2026-10-01', to: '2026-11-30' },
    });
    check(
      daily.rows,
      expected((r) => r.day),
      (r) => String(r.date),
    );
    const monthly = await t.ok(api.summaryGameMonthlyByGame, {
      token,
      params,
      body: { from: '2026-10-01', to: '2026-11-30' },
    });
    const want = expected((r) => r.month);
    check(monthly.rows, want, (r) => `${r.year}-${String(r.month).padStart(2, '0')}`);
    expect([...want.values()].every((w) => Object.keys(w).length > 3)).toBe(true);
  });

  it('game by code refuses hostile values with 2001, never a 500, and answers parallel requests alike', async () => {
    const params = { agentId: child._id, gameBrand: 'PG' };
    const whole = { from: '2026-10-01', to: '2026-11-30' };
    const refused = async (
      route: typeof api.summaryGameDailyByGame | typeof api.summaryGameMonthlyByGame,
      p: { agentId: string; gameBrand: string },
      body: Record<string, unknown>,
    ) => {
      const res = await t.api(route, { token, params: p, body: offContract(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.status).toBe(2001);
      return res.issues[0];
    };
    for (const route of [api.summaryGameDailyByGame, api.summaryGameMonthlyByGame]) {
      // NUL and a lone surrogate in the brand, an agent id of 2^63, an over-long brand.
      expect((await refused(route, { ...params, gameBrand: 'PG\u0000' }, whole))?.code).toBe(
        'text_unstorable',
      );
      // A lone surrogate cannot travel in a URL: its bytes (CESU-8, not UTF-8) sent raw are refused too.
      const raw = await t.raw({
        method: 'POST',
        url: `/api/v1${route.path.replace(':agentId', child._id).replace(':gameBrand', 'P%ED%A0%80')}`,
        token,
        payload: whole,
      });
      expect(raw.statusCode).toBe(400);
      await refused(route, { ...params, agentId: '9223372036854775808' }, whole);
      await refused(route, { ...params, gameBrand: 'G'.repeat(33) }, whole);
      // Year 0 and 9999, ±1e309 sent as text and as a number, NUL in a date, an impossible day.
      for (const from of ['0000-01-01', '9999-12-01', '1e309', '-1e309', '2026-10-01\u0000', '2026-02-30']) {
        expect((await refused(route, params, { ...whole, from }))?.path).toBe('from');
      }
      await refused(route, params, { ...whole, to: Number.POSITIVE_INFINITY.toString() });
      await refused(route, params, { ...whole, from: 1e308 });
    }
    // The longest range each allows (ending at the contract's last year), and one day more.
    const daysBefore = (to: string, days: number) =>
      new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const longest = (days: number) => ({ from: daysBefore('2200-12-31', days), to: '2200-12-31' });
    const tooLong = (days: number) => ({ from: daysBefore('2200-12-31', days + 1), to: '2200-12-31' });
    for (const [route, days] of [
      [api.summaryGameDailyByGame, MAX_DAILY_RANGE_DAYS],
      [api.summaryGameMonthlyByGame, MAX_MONTHLY_RANGE_DAYS],
    ] as const) {
      const edge = await t.ok(route, { token, params, body: longest(days) });
      expect(edge).toEqual({ rows: [], totals: expect.objectContaining({ transactionCount: 0 }) });
      expect((await refused(route, params, tooLong(days)))?.code).toBe('range_too_long');
    }
    // An unknown brand: nothing to show, not an error; an agent id of 2^63 − 1: no such agent.
    const none = await t.ok(api.summaryGameMonthlyByGame, {
      token,
      params: { ...params, gameBrand: 'NOPE' },
      body: whole,
    });
    expect(none.rows).toEqual([]);
    const nobody = await t.api(api.summaryGameMonthlyByGame, {
      token,
      params: { agentId: '9223372036854775807', gameBrand: 'PG' },
      body: whole,
    });
    expect(nobody.statusCode).toBe(404);
    // Twenty at once, over whole months (the monthly rollup) and cut months (the daily one).
    const one = (body: typeof whole) => t.ok(api.summaryGameMonthlyByGame, { token, params, body });
    const cut = { from: '2026-10-15', to: '2026-11-10' };
    const [first, firstCut] = [await one(whole), await one(cut)];
    const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => one(i % 2 ? cut : whole)));
    parallel.forEach((res, i) => {
      expect(res).toEqual(i % 2 ? firstCut : first);
    });
  });

  it('the raw-scan source the benchmark compares against answers exactly what the rollups answer', async () => {
    const month = { from: '2026-11-01', to: '2026-11-30' };
    const span = { from: '2026-10-01', to: '2026-11-30' };
    const agent = BigInt(child._id);
    const reports = [
      (s?: SumsSource) => agentDaily(t.ctx, ALL_AGENTS, 'all', month, s),
      (s?: SumsSource) => agentDaily(t.ctx, ALL_AGENTS, agent, span, s),
      (s?: SumsSource) => agentMonthly(t.ctx, ALL_AGENTS, 'all', span, s),
      (s?: SumsSource) => gameByBrand(t.ctx, ALL_AGENTS, agent, month, 'day', s),
      (s?: SumsSource) => gameByBrand(t.ctx, ALL_AGENTS, 'all', span, 'month', s),
      (s?: SumsSource) => gameByCode(t.ctx, ALL_AGENTS, 'all', 'PG', span, 'day', s),
      // Every table the rollups are read from, summed or read row by row (service.ts `rollups`).
      (s?: SumsSource) => agentMonthly(t.ctx, ALL_AGENTS, agent, span, s),
      (s?: SumsSource) => gameByBrand(t.ctx, ALL_AGENTS, 'all', month, 'day', s),
      (s?: SumsSource) => gameByBrand(t.ctx, ALL_AGENTS, agent, span, 'month', s),
      (s?: SumsSource) =>
        gameByBrand(t.ctx, ALL_AGENTS, agent, { from: '2026-10-15', to: '2026-11-10' }, 'month', s),
      (s?: SumsSource) => gameByCode(t.ctx, ALL_AGENTS, agent, 'PG', span, 'day', s),
      (s?: SumsSource) => gameByCode(t.ctx, ALL_AGENTS, agent, 'PG', span, 'month', s),
      // Months cut at both ends: the daily rows, not the monthly game rollup.
      (s?: SumsSource) =>
        gameByCode(t.ctx, ALL_AGENTS, agent, 'PG', { from: '2026-10-15', to: '2026-11-10' }, 'month', s),
      (s?: SumsSource) => gameByCode(t.ctx, ALL_AGENTS, 'all', 'PG', span, 'month', s),
      // Whole months of every agent (the monthly brand rollup) and every agent's brands by day
      // (the brand × day rollup over all agents, one GROUP BY).
      (s?: SumsSource) => agentMonthly(t.ctx, ALL_AGENTS, 'all', { from: '2026-01-01', to: '2026-12-31' }, s),
      (s?: SumsSource) =>
        gameByBrand(t.ctx, ALL_AGENTS, 'all', { from: '2026-10-20', to: '2026-11-03' }, 'day', s),
    ];
    for (const report of reports) {
      const byRollup = await report();
      expect(byRollup.rows.length).toBeGreaterThan(0);
      expect(await report(rawScan)).toEqual(byRollup);
    }
  });

  it('validates periods', async () => {
    const all = { agentId: 'all' };
    expect(
      (await t.api(api.summaryAgentDaily, { token, params: all, body: { month: '13', year: '2026' } }))
        .issues[0]?.path,
    ).toBe('month');
    expect(
      (await t.api(api.summaryAgentDaily, { token, params: all, body: { day: '31', ...nov } })).issues[0]
        ?.path,
    ).toBe('day');
    expect(
      (
        await t.api(api.summaryGameDailyByGame, {
          token,
          params: { ...all, gameBrand: 'PG' },
          body: { from: '2026-11-05', to: '2026-11-01' },
        })
      ).issues[0]?.path,
    ).toBe('to');
    expect(
      (
        await t.api(api.summaryAgentDaily, {
          token,
          params: { agentId: 'abc' },
          body: { month: '1', year: '2026' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('an agent that does not exist is "not found" in every report and its CSV, not an empty report', async () => {
    const missing = { agentId: '999999999' };
    const byCode = { ...missing, gameBrand: 'PG' };
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const calls = [
      [api.summaryAgentDaily, missing, nov],
      [api.summaryAgentMonthly, missing, { year: '2026' }],
      [api.summaryGameDaily, missing, nov],
      [api.summaryGameMonthly, missing, { year: '2026' }],
      [api.summaryGameDailyByGame, byCode, range],
      [api.summaryGameMonthlyByGame, byCode, range],
      [reportExports.summaryAgentDaily, missing, nov],
      [reportExports.summaryGameDailyByGame, byCode, range],
      [api.agentReportMonthly, missing, { date: '2026-11-01' }],
    ] as const;
    for (const [def, params, body] of calls) {
      const res = await t.api(def, { token, params, body });
      expect(res.statusCode, def.path).toBe(404);
      expect(res.body, def.path).toMatchObject({ status: 2004, error: 'Agent not found' });
    }
    // An existing agent without bets in the period is an empty report, as before.
    const quiet = await t.ok(api.summaryAgentDaily, {
      token,
      params: { agentId: child._id },
      body: { month: '01', year: '2020' },
    });
    expect(quiet.rows.every((r) => r.transactionCount === 0)).toBe(true);
  });

  it('a game brand in a link is the provider whatever its case: codenames are upper-case', async () => {
    const body = { from: '2026-11-01', to: '2026-11-30' };
    const upper = await t.ok(api.summaryGameDailyByGame, {
      token,
      params: { agentId: child._id, gameBrand: 'PG' },
      body,
    });
    const lower = await t.ok(api.summaryGameDailyByGame, {
      token,
      params: { agentId: child._id, gameBrand: 'pg' },
      body,
    });
    expect(upper.rows.length).toBeGreaterThan(0);
    expect(lower).toEqual(upper);
  });

  it('exports a report as CSV with the same rows', async () => {
    const res = await t.ok(reportExports.summaryAgentDaily, {
      token,
      params: { agentId: child._id },
      body: nov,
    });
    const rows = parseCsv(res);
    expect(rows[0]?.slice(0, 6)).toEqual(['วันที่', 'วัน', 'เดือน', 'ปี', 'จำนวนรายการ', 'ยอดเดิมพัน']);
    expect(rows).toHaveLength(31);
  });
});

describe('agent report widgets', () => {
  it('batch and single routes agree, and match the monthly summary', async () => {
    const batch = await t.ok(api.agentReportMonthlyBatch, {
      token,
      body: { agentIds: [parent._id, child._id], date: '2026-11-01' },
    });
    const single = await t.ok(api.agentReportMonthly, {
      token,
      params: { agentId: child._id },
      body: { date: '2026-11-01T00:00:00.000+07:00' },
    });
    const { agent: _a, ...fromBatch } = batch[1] ?? { agent: '' };
    expect(single).toEqual(fromBatch);
    const summary = await t.ok(api.summaryAgentMonthly, { token, params: { agentId: child._id }, body: nov });
    const s = summary.totals;
    const { holdBalance, settleBalance, cancelBalance, voidBalance } = single;
    expect(num(holdBalance) + num(settleBalance) + num(cancelBalance) + num(voidBalance)).toBeCloseTo(
      num(s.winLose),
      2,
    );
    expect(num(single.depositBalance) + num(single.withdrawBalance)).toBeCloseTo(num(s.profit), 2);
    expect(single.transactionCount).toBe(s.transactionCount);
  });
});

describe('revenue share', () => {
  it('rounds half away from zero to the satang', () => {
    expect(shareOf(-10_001n, 3333)).toBe(-3333n);
    expect(shareOf(15n, 5000)).toBe(8n);
    expect(shareOf(-15n, 5000)).toBe(-8n);
  });

  it('gives the parent its percentage of the house result of the child’s downline, totalled per parent', async () => {
    const res = await t.ok(api.revenueShare, { token, body: nov });
    const row = res.rows.find((r) => r.agent === child._id);
    const summary = await t.ok(api.summaryAgentMonthly, { token, params: { agentId: child._id }, body: nov });
    const winLose = num(row?.winLose);
    expect(winLose).toBeCloseTo(num(summary.totals.winLose), 2);
    // And the raw rows of the child's Bangkok business month.
    const rows = await raw();
    expect(winLose).toBe(
      sumOf(rows, (r) => r.agent === child._id && r.day.startsWith('2026-11') && WL.includes(r.bet_type)),
    );
    // Positive when the players lost: the child pays the parent its share of the house's result.
    expect(row?.parentShare).toBeCloseTo(Number(shareOf(-BigInt(Math.round(winLose * 100)), 3333)) / 100, 2);
    expect(res.parents).toEqual([
      { parentAgent: parent._id, parentAgentUsername: parent.username, parentShare: row?.parentShare },
    ]);
  });
});

describe('dashboard', () => {
  it('answers this month against last month with real figures', async () => {
    const d = await t.ok(api.dashboard, { token, body: {} });
    expect(d.current).toMatchObject({ month: '11', year: '2026' });
    expect(d.previous).toMatchObject({ month: '10', year: '2026' });
    const all = await t.ok(api.summaryAgentMonthly, { token, params: { agentId: 'all' }, body: nov });
    expect(num(d.current.turnover)).toBeCloseTo(num(all.totals.turnover), 2);
    expect(num(d.current.winLose)).toBeCloseTo(num(all.totals.winLose), 2);
    expect(d.daily).toHaveLength(30);
    expect(d.current.activePlayers).toBeGreaterThan(0);
    expect(d.current.registeredPlayers).toBeGreaterThanOrEqual(d.current.activePlayers);
    expect(d.topBrands.length).toBeGreaterThan(0);
    expect(num(d.topAgents[0]?.turnover)).toBeGreaterThanOrEqual(num(d.topAgents.at(-1)?.turnover));
  });
});

/** Players with a bet in a Bangkok business month, and players registered by its end: the raw counts. */
const rawCounts = async (month: string) => {
  const [row] = await queryRows<{ active: string; registered: string }>(
    t.ctx.db,
    sql`select (select count(distinct user_id) from transactions
                where date_trunc('month', start_date at time zone 'Asia/Bangkok')::date = ${month}::date)::text as active,
               (select count(*) from users
                where created_at < ((${month}::date + interval '1 month')::timestamp at time zone 'Asia/Bangkok'))::text
                 as registered`,
  );
  return { activePlayers: Number(row?.active), registeredPlayers: Number(row?.registered) };
};

describe('dashboard counts equal the raw rows', () => {
  it('active and registered players of this month and the last equal counts of the raw rows', async () => {
    const d = await t.ok(api.dashboard, { token, body: {} });
    expect(d.current).toMatchObject(await rawCounts('2026-11-01'));
    expect(d.previous).toMatchObject(await rawCounts('2026-10-01'));
    expect(await countMismatches(t)).toBe(0);
  });

  it('parallel batches and registrations racing on the same month and players count each player once', async () => {
    const op = await t.tokenFor('OPERATOR');
    const agents = [await makeAgent(t, op), await makeAgent(t, op)];
    // 16 batches at once, two agents: every batch names the same 6 new players of its agent (each
    // created by whichever batch gets there first) and a bet in November and in December.
    const batches = Array.from({ length: 16 }, (_, b) =>
      Array.from({ length: 12 }, (_, i) =>
        bet({
          betId: `RACE${b}-${i}`,
          amount: -1,
          username: `race${i % 6}`,
          gameBrand: ['PG', 'SA'][i % 2] as string,
          // Bangkok Nov 29 or Dec 29: each player is active in both months.
          startDate: new Date(Date.UTC(2026, 10 + Math.floor(i / 6), 28, 18 + (b % 4))).toISOString(),
        }),
      ),
    );
    // Players registered by hand for both agents at the same time.
    const registrations = Array.from({ length: 8 }, (_, i) =>
      t.api(api.userCreate, {
        token: op,
        body: { agent: (agents[i % 2] as SignedAgent)._id, username: `hand${i}`, betLimit: 10 },
      }),
    );
    const answers = await Promise.all([
      ...batches.map((items, b) => ingest(t, agents[b % 2] as SignedAgent, items)),
      ...registrations,
    ]);
    for (const a of answers) expect(a.status, a.error ?? '').toBe(1000);
    expect(await countMismatches(t)).toBe(0);
    const [active] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select coalesce(sum(players), 0)::text as n from rollup_active_players
          where agent_id in (${BigInt(agents[0]?._id ?? 0)}, ${BigInt(agents[1]?._id ?? 0)})`,
    );
    // 6 players per agent, each active in two months: counted once per month, however many batches raced.
    expect(Number(active?.n)).toBe(2 * 6 * 2);
    const d = await t.ok(api.dashboard, { token, body: nov });
    expect(d.current).toMatchObject(await rawCounts('2026-11-01'));
  });

  it('migrations 0024 and 0032: the monthly game rollup filled from the daily one, then both a column per bet type', async () => {
    const statements = migrationStatements('0032_game_rollups_by_column.sql');
    expect(statements).toHaveLength(10);
    let byType = { daily: 0, monthly: 0 };
    await t.ctx.db.transaction(async (tx) => {
      await gameRollupsByType(tx, t.ctx.config.REPORT_TIMEZONE);
      const [rows] = await queryRows<{ daily: string; monthly: string }>(
        tx,
        sql`select (select count(*) from rollup_game_daily)::text as daily,
                   (select count(*) from rollup_game_monthly)::text as monthly`,
      );
      byType = { daily: Number(rows?.daily), monthly: Number(rows?.monthly) };
      await gameRollupsByColumn(tx);
    });
    const [row] = await queryRows<{ daily: string; monthly: string }>(
      t.ctx.db,
      sql`select (select count(*) from rollup_game_daily)::text as daily,
                 (select count(*) from rollup_game_monthly)::text as monthly`,
    );
    // A row per code and period now, where there was one per bet type as well.
    expect(Number(row?.daily)).toBeGreaterThan(0);
    expect(Number(row?.daily)).toBeLessThan(byType.daily);
    expect(Number(row?.monthly)).toBeLessThan(byType.monthly);
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('migration 0027 moves each day and brand’s sums per bet type into a column each', async () => {
    const [create, index] = migrationStatements('0006_brand_rollup.sql', 'CREATE');
    const [fill] = migrationStatements('0006_brand_rollup.sql', 'INSERT');
    const statements = migrationStatements('0027_brand_daily_by_column.sql');
    expect(statements).toHaveLength(5);
    await t.ctx.db.transaction(async (tx) => {
      // The tables as they stood before 0027: a row per agent, day, brand (and code) and bet type.
      await gameRollupsByType(tx, t.ctx.config.REPORT_TIMEZONE);
      await tx.execute(sql`drop table rollup_brand_daily`);
      for (const statement of [create, index, fill, ...statements])
        await tx.execute(sql.raw(statement ?? ''));
      await gameRollupsByColumn(tx);
    });
    const [row] = await queryRows<{ rows: string; groups: string }>(
      t.ctx.db,
      sql`select (select count(*) from rollup_brand_daily)::text as rows,
                 (select count(distinct (agent_id, day, game_brand)) from rollup_game_daily)::text as groups`,
    );
    expect(Number(row?.rows)).toBeGreaterThan(0);
    expect(row?.rows).toBe(row?.groups);
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('migrations 0028 and 0031 move every agent’s sums per bet type into a column each: brands by day, then codes', async () => {
    const [codeCreate] = migrationStatements('0011_code_rollup.sql', 'CREATE');
    const [codeFill] = migrationStatements('0011_code_rollup.sql', 'INSERT');
    const codeNumeric = migrationStatements('0014_shared_sums_numeric.sql').find((s) =>
      s.includes('rollup_code_daily'),
    );
    const [brandCreate] = migrationStatements('0018_report_counts.sql', 'CREATE');
    const [brandFill] = migrationStatements('0018_report_counts.sql', 'INSERT');
    const brands = migrationStatements('0028_brand_day_all_by_column.sql');
    const codes = migrationStatements('0031_code_daily_by_column.sql');
    expect([brands.length, codes.length]).toEqual([5, 5]);
    await t.ctx.db.transaction(async (tx) => {
      // The tables as they stood before 0028: a row per bet type each, the code rollup as 0011 and
      // 0014 made it (filled from the per-agent game rollup), the brand one as 0018 did (from it).
      await gameRollupsByType(tx, t.ctx.config.REPORT_TIMEZONE);
      await tx.execute(sql`drop table rollup_brand_day_all`);
      await tx.execute(sql`drop table rollup_code_daily`);
      for (const statement of [
        codeCreate,
        codeFill,
        codeNumeric,
        brandCreate,
        brandFill,
        ...brands,
        ...codes,
      ])
        await tx.execute(sql.raw(statement ?? ''));
      await gameRollupsByColumn(tx);
    });
    const [row] = await queryRows<{ brands: string; brandDays: string; codes: string; codeDays: string }>(
      t.ctx.db,
      sql`select (select count(*) from rollup_brand_day_all)::text as brands,
                 (select count(distinct (day, game_brand)) from rollup_game_daily)::text as "brandDays",
                 (select count(*) from rollup_code_daily)::text as codes,
                 (select count(distinct (day, game_brand, game_code)) from rollup_game_daily)::text as "codeDays"`,
    );
    expect(Number(row?.codes)).toBeGreaterThan(Number(row?.brands));
    expect([row?.brands, row?.codes]).toEqual([row?.brandDays, row?.codeDays]);
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('the migration fills the count rollups from the rows already stored', async () => {
    const [brandDays, ...backfills] = migrationStatements('0018_report_counts.sql', 'INSERT');
    expect(brandDays).toContain('INSERT INTO rollup_brand_day_all');
    expect(backfills).toHaveLength(2);
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`delete from rollup_active_players`);
      await tx.execute(sql`delete from rollup_registered_players`);
      for (const statement of backfills) await tx.execute(sql.raw(statement));
    });
    expect(await countMismatches(t)).toBe(0);
    expect(await rollupMismatches(t)).toBe(0);
  });
});

describe('bet history across agents', () => {
  it('finds a bet id’s rows in every agent, oldest first', async () => {
    const res = await t.ok(api.summaryBetHistory, { token, body: { betId: 'C1' } });
    expect(res).toHaveLength(1);
    expect(res[0]?.agentUsername).toBe(child.username);
    expect(res[0]?.agentPrefix).toBe(child.prefix);
  });
});
