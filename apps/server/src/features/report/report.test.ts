import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, parseCsv, registerBrands } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { shareOf } from './revenue-share.ts';
import { agentDaily, agentMonthly, gameByBrand, gameByCode, type ReportSource } from './service.ts';

let t: TestApp;
let token: string;
type Agent = { _id: string; apiKey: string; secret: string; username: string };
let parent: Agent;
let child: Agent;

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
  await t.call({
    method: 'POST',
    url: '/api/v1/agent-sharing/create',
    token: op,
    payload: { agent: child._id, parentAgent: parent._id, parentPercentage: 33.33 },
  });
  const rows = (agentTag: string) =>
    Array.from({ length: 240 }, (_, i) => {
      const type = ['HOLD', 'SETTLE', 'CANCEL', 'VOID', 'DEPOSIT', 'WITHDRAW', 'PROMOTION'][i % 7] as string;
      const cents = 1 + ((i * 7919) % 100_000);
      return bet({
        betId: `${agentTag}${i}`,
        betType: type,
        amount: (['HOLD', 'WITHDRAW'].includes(type) ? -cents : cents) / 100,
        gameBrand: ['PG', 'JILI', 'SA'][i % 3],
        gameCode: ['g1', 'g2'][i % 2],
        username: `pl${i % 9}x`,
        // Spread over Oct 25 → Nov 24, hours chosen so some land after 17:00 UTC (next Bangkok day).
        startDate: new Date(Date.UTC(2026, 9, 25 + (i % 31), (i * 5) % 24, 30)).toISOString(),
      });
    });
  await ingest(t, parent, rows('P'));
  await ingest(t, child, rows('C'));
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url, token, payload });

describe('summary reports equal the raw rows', () => {
  it('agent/daily: a row per day of the month, each and the totals to the satang', async () => {
    const res = await post(`/api/v1/summary/${child._id}/agent/daily`, {
      day: '',
      month: '11',
      year: '2026',
    });
    expect(res.body.data.rows).toHaveLength(30);
    const r = await raw(sql`agent_id = ${BigInt(child._id)}`);
    for (const row of res.body.data.rows) {
      expect(row.winLose).toBeCloseTo(
        sumOf(r, (x) => x.day === row.date && WL.includes(x.bet_type)),
        2,
      );
      expect(row.turnover).toBeCloseTo(-sumOf(r, (x) => x.day === row.date && x.bet_type === 'HOLD'), 2);
    }
    const nov = (x: { day: string }) => x.day.startsWith('2026-11');
    expect(res.body.data.totals.profit).toBeCloseTo(
      sumOf(r, (x) => nov(x) && ['DEPOSIT', 'WITHDRAW'].includes(x.bet_type)),
      2,
    );
    expect(res.body.data.totals.transactionCount).toBe(r.filter(nov).reduce((s, x) => s + Number(x.n), 0));
  });

  it('agent/daily with a day gives that day only; `all` adds up every agent', async () => {
    const one = await post(`/api/v1/summary/${child._id}/agent/daily`, {
      day: '1',
      month: '11',
      year: '2026',
    });
    expect(one.body.data.rows.map((r: { date: string }) => r.date)).toEqual(['2026-11-01']);
    const all = await post('/api/v1/summary/all/agent/daily', { month: '11', year: '2026' });
    const r = await raw();
    expect(all.body.data.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-11') && WL.includes(x.bet_type)),
      2,
    );
  });

  it('a bet at 23:30 UTC counts on the next Bangkok day', async () => {
    const op = await t.tokenFor('OPERATOR');
    const late = await makeAgent(t, op);
    await ingest(t, late, [bet({ betId: 'LATE', amount: -12.34, startDate: '2026-10-31T23:30:00.000Z' })]);
    const res = await post(`/api/v1/summary/${late._id}/agent/daily`, { month: '11', year: '2026' });
    expect(res.body.data.rows[0]).toMatchObject({ date: '2026-11-01', turnover: 12.34, transactionCount: 1 });
    const oct = await post(`/api/v1/summary/${late._id}/agent/monthly`, { month: '10', year: '2026' });
    expect(oct.body.data.totals.transactionCount).toBe(0);
  });

  it('agent/monthly: a row per month of the year', async () => {
    const res = await post(`/api/v1/summary/${parent._id}/agent/monthly`, { year: '2026' });
    expect(res.body.data.rows.map((r: { month: string }) => r.month)).toEqual([
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
    expect(res.body.data.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => WL.includes(x.bet_type)),
      2,
    );
    const oct = res.body.data.rows.find((x: { month: string }) => x.month === '10');
    expect(oct.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-10') && WL.includes(x.bet_type)),
      2,
    );
  });

  it('game/daily/all and game/monthly/all: per game brand', async () => {
    const daily = await post(`/api/v1/summary/${child._id}/game/daily/all`, {
      day: '5',
      month: '11',
      year: '2026',
    });
    const brands = daily.body.data.rows.map((r: { gameBrand: string }) => r.gameBrand);
    expect(new Set(brands).size).toBe(brands.length);
    const monthly = await post('/api/v1/summary/all/game/monthly/all', { month: '11', year: '2026' });
    const all = await post('/api/v1/summary/all/agent/monthly', { month: '11', year: '2026' });
    expect(monthly.body.data.totals).toEqual(all.body.data.totals);
  });

  it('game/daily/{brand} and game/monthly/{brand} with from/to: per game code', async () => {
    const res = await post(`/api/v1/summary/${child._id}/game/daily/PG`, {
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-11-30',
    });
    expect(res.body.data.rows.every((r: { gameBrand: string }) => r.gameBrand === 'PG')).toBe(true);
    const monthly = await post(`/api/v1/summary/${child._id}/game/monthly/PG`, {
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(monthly.body.data.totals).toEqual(res.body.data.totals);
    const r = await raw(sql`agent_id = ${BigInt(child._id)} and game_brand = 'PG'`);
    expect(res.body.data.totals.winLose).toBeCloseTo(
      sumOf(r, (x) => x.day.startsWith('2026-11') && WL.includes(x.bet_type)),
      2,
    );
  });

  it('the raw-scan source the benchmark compares against answers exactly what the rollups answer', async () => {
    const month = { from: '2026-11-01', to: '2026-11-30' };
    const span = { from: '2026-10-01', to: '2026-11-30' };
    const agent = BigInt(child._id);
    const reports = [
      (s: ReportSource) => agentDaily(t.ctx, 'all', month, s),
      (s: ReportSource) => agentDaily(t.ctx, agent, span, s),
      (s: ReportSource) => agentMonthly(t.ctx, 'all', span, s),
      (s: ReportSource) => gameByBrand(t.ctx, agent, month, 'day', s),
      (s: ReportSource) => gameByBrand(t.ctx, 'all', span, 'month', s),
      (s: ReportSource) => gameByCode(t.ctx, 'all', 'PG', span, 'day', s),
      // Every table the rollups are read from, summed or read row by row (service.ts rollupOf).
      (s: ReportSource) => agentMonthly(t.ctx, agent, span, s),
      (s: ReportSource) => gameByBrand(t.ctx, 'all', month, 'day', s),
      (s: ReportSource) => gameByBrand(t.ctx, agent, span, 'month', s),
      (s: ReportSource) => gameByBrand(t.ctx, agent, { from: '2026-10-15', to: '2026-11-10' }, 'month', s),
      (s: ReportSource) => gameByCode(t.ctx, agent, 'PG', span, 'day', s),
      (s: ReportSource) => gameByCode(t.ctx, agent, 'PG', span, 'month', s),
      (s: ReportSource) => gameByCode(t.ctx, 'all', 'PG', span, 'month', s),
    ];
    for (const report of reports) {
      const byRollup = await report('rollup');
      expect(byRollup.rows.length).toBeGreaterThan(0);
      expect(await report('raw')).toEqual(byRollup);
    }
  });

  it('validates periods', async () => {
    expect(
      (await post('/api/v1/summary/all/agent/daily', { month: '13', year: '2026' })).body.data.issues[0].path,
    ).toBe('month');
    expect(
      (await post('/api/v1/summary/all/agent/daily', { day: '31', month: '11', year: '2026' })).body.data
        .issues[0].path,
    ).toBe('day');
    expect(
      (await post('/api/v1/summary/all/game/daily/PG', { from: '2026-11-05', to: '2026-11-01' })).body.data
        .issues[0].path,
    ).toBe('to');
    expect((await post('/api/v1/summary/abc/agent/daily', { month: '1', year: '2026' })).statusCode).toBe(
      400,
    );
  });

  it('exports a report as CSV with the same rows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/summary/${child._id}/agent/daily/export`,
      headers: { authorization: `Bearer ${token}` },
      payload: { month: '11', year: '2026' },
    });
    const rows = parseCsv(res.body);
    expect(rows[0]?.slice(0, 6)).toEqual(['date', 'day', 'month', 'year', 'transactionCount', 'turnover']);
    expect(rows).toHaveLength(31);
  });
});

describe('agent report widgets', () => {
  it('batch and single routes agree, and match the monthly summary', async () => {
    const batch = await post('/api/v1/agent-report/monthly', {
      agentIds: [parent._id, child._id],
      date: '2026-11-01',
    });
    const single = await t.call({
      method: 'GET',
      url: `/api/v1/agent-report/${child._id}/monthly?date=2026-11-01T00:00:00.000%2B07:00`,
      token,
    });
    const { agent: _a, ...fromBatch } = batch.body.data[1];
    expect(single.body.data).toEqual(fromBatch);
    const summary = await post(`/api/v1/summary/${child._id}/agent/monthly`, { month: '11', year: '2026' });
    const s = summary.body.data.totals;
    const w = single.body.data;
    expect(w.holdBalance + w.settleBalance + w.cancelBalance + w.voidBalance).toBeCloseTo(s.winLose, 2);
    expect(w.depositBalance + w.withdrawBalance).toBeCloseTo(s.profit, 2);
    expect(w.transactionCount).toBe(s.transactionCount);
  });
});

describe('revenue share', () => {
  it('rounds half away from zero to the satang', () => {
    expect(shareOf(-10_001n, 3333)).toBe(-3333n);
    expect(shareOf(15n, 5000)).toBe(8n);
    expect(shareOf(-15n, 5000)).toBe(-8n);
  });

  it('gives the parent its percentage of the child’s win/lose, totalled per parent', async () => {
    const res = await post('/api/v1/summary/revenue-share', { month: '11', year: '2026' });
    const row = res.body.data.rows.find((r: { agent: string }) => r.agent === child._id);
    const summary = await post(`/api/v1/summary/${child._id}/agent/monthly`, { month: '11', year: '2026' });
    expect(row.winLose).toBeCloseTo(summary.body.data.totals.winLose, 2);
    expect(row.parentShare).toBeCloseTo(
      Number(shareOf(BigInt(Math.round(row.winLose * 100)), 3333)) / 100,
      2,
    );
    expect(res.body.data.parents).toEqual([
      { parentAgent: parent._id, parentAgentUsername: parent.username, parentShare: row.parentShare },
    ]);
  });
});

describe('dashboard', () => {
  it('answers this month against last month with real figures', async () => {
    const res = await post('/api/v1/dashboard/summary', {});
    const d = res.body.data;
    expect(d.current).toMatchObject({ month: '11', year: '2026' });
    expect(d.previous).toMatchObject({ month: '10', year: '2026' });
    const all = await post('/api/v1/summary/all/agent/monthly', { month: '11', year: '2026' });
    expect(d.current.turnover).toBeCloseTo(all.body.data.totals.turnover, 2);
    expect(d.current.winLose).toBeCloseTo(all.body.data.totals.winLose, 2);
    expect(d.daily).toHaveLength(30);
    expect(d.current.activePlayers).toBeGreaterThan(0);
    expect(d.current.registeredPlayers).toBeGreaterThanOrEqual(d.current.activePlayers);
    expect(d.topBrands.length).toBeGreaterThan(0);
    expect(d.topAgents[0].turnover).toBeGreaterThanOrEqual(d.topAgents.at(-1).turnover);
  });
});

describe('bet history across agents', () => {
  it('finds a bet id’s rows in every agent, oldest first', async () => {
    const res = await post('/api/v1/summary/bet/history', { betId: 'C1' });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].agentUsername).toBe(child.username);
  });
});
