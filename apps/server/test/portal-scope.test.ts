import { api, reportExports } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/context.ts';
import { agentSharingVersions, agents as agentsTable } from '../src/db/schema/index.ts';
import { agentMonthly, gameByBrand } from '../src/features/report/service.ts';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addOperator, linkToParent, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16: the agent side sees its agent and downline only. Agents R (top) → A → A1, and
 * R → B (A's sibling); each has one player and one bet of its own size (R 1000, A 1, A1 10, B 100
 * baht held), so every sum says whose rows it holds. Table-driven over the agent side's principals:
 * no row, total or count of another agent appears, and an id outside the scope answers exactly as a
 * missing one.
 */

let t: TestApp;
let staff: string;
const agents: Record<'R' | 'A' | 'A1' | 'B', SignedAgent> = {} as never;
const players: Record<string, string> = {};
const bets: Record<string, string> = {};
const held = { R: 1000, A: 1, A1: 10, B: 100 } as const;
type Name = keyof typeof held;

interface Case {
  who: string;
  token: string;
  sees: Name[];
}
const cases: Case[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionFor('ADMIN');
  await registerBrands(t, staff, ['PG']);
  for (const name of ['R', 'A', 'A1', 'B'] as Name[]) {
    agents[name] = await makeAgent(t, staff, { username: `scope_${name.toLowerCase()}` });
  }
  await linkToParent(t, agents.A._id, agents.R._id);
  await linkToParent(t, agents.A1._id, agents.A._id);
  await linkToParent(t, agents.B._id, agents.R._id);
  for (const name of ['R', 'A', 'A1', 'B'] as Name[]) {
    const a = agents[name];
    const res = await ingest(t, a, [
      bet({ betId: `bet_${name}`, username: 'player01', amount: -held[name] }),
    ]);
    expect(res.status).toBe(1000);
    const list = await t.ok(api.userList, { token: staff, body: { agent: a._id } });
    players[name] = list.records[0]?._id ?? '';
    const txs = await t.ok(api.transactionList, { token: staff, params: { agentId: a._id }, body: {} });
    bets[name] = txs.records[0]?._id ?? '';
  }
  // Registered by staff: the agent must first change the password staff chose (3007 until then).
  const first = await t.api(api.userList, { token: await portalSessionFor(t, agents.A._id), body: {} });
  expect(first.status).toBe(3007);
  await t.ctx.db.update(agentsTable).set({ mustChangePassword: false });
  const opA = await addOperator(t, agents.A._id, 'rep_a', 'REPORTER');
  const opA1 = await addOperator(t, agents.A1._id, 'rep_a1', 'OPERATOR');
  const opB = await addOperator(t, agents.B._id, 'mgr_b', 'MANAGER');
  cases.push(
    { who: "A's own account", token: await portalSessionFor(t, agents.A._id), sees: ['A', 'A1'] },
    { who: 'an operator of A', token: await portalSessionFor(t, agents.A._id, opA), sees: ['A', 'A1'] },
    { who: "an operator of A's child", token: await portalSessionFor(t, agents.A1._id, opA1), sees: ['A1'] },
    { who: "an operator of A's sibling B", token: await portalSessionFor(t, agents.B._id, opB), sees: ['B'] },
  );
});
afterAll(() => t.close());

const names: Name[] = ['R', 'A', 'A1', 'B'];
const idOf = (n: Name) => agents[n]._id;
const turnoverOf = (sees: Name[]) => sees.reduce((sum, n) => sum + held[n], 0);

/** Each case by its name, once the setup has made them. */
const each = (body: (c: Case) => Promise<void>) => async () => {
  expect(cases).toHaveLength(4);
  for (const c of cases) {
    try {
      await body(c);
    } catch (err) {
      throw new Error(`${c.who}: ${(err as Error).message}`);
    }
  }
};

describe('the agent side reads its agent and downline only', () => {
  it(
    'player list: only players of the scope, counted over the scope',
    each(async (c) => {
      const list = await t.ok(api.userList, { token: c.token, body: {} });
      expect(list.records.map((r) => r.agent).sort()).toEqual(c.sees.map(idOf).sort());
      expect(list.total).toBe(c.sees.length);
      // A filter naming another agent finds nothing (not an error that says it exists).
      for (const n of names.filter((x) => !c.sees.includes(x))) {
        const other = await t.ok(api.userList, { token: c.token, body: { agent: idOf(n) } });
        expect(other).toMatchObject({ records: [], total: 0 });
      }
    }),
  );

  it(
    'player detail: inside answers, outside answers exactly as a missing id',
    each(async (c) => {
      const missing = await t.api(api.userGet, { token: c.token, params: { id: '999999999' } });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const res = await t.api(api.userGet, { token: c.token, params: { id: players[n] ?? '' } });
        if (c.sees.includes(n)) expect(res.status).toBe(1000);
        else expect(res.body).toEqual(missing.body);
      }
    }),
  );

  it(
    'transactions: a list or bet of another agent answers as an unknown agent or bet',
    each(async (c) => {
      const missingList = await t.api(api.transactionList, {
        token: c.token,
        params: { agentId: '999999999' },
        body: {},
      });
      const missingBet = await t.api(api.transactionGet, {
        token: c.token,
        params: { agentId: '999999999', listId: '1' },
      });
      expect([missingList.statusCode, missingBet.statusCode]).toEqual([404, 404]);
      for (const n of names) {
        const list = await t.api(api.transactionList, {
          token: c.token,
          params: { agentId: idOf(n) },
          body: {},
        });
        const one = await t.api(api.transactionGet, {
          token: c.token,
          params: { agentId: idOf(n), listId: bets[n] ?? '' },
        });
        const summary = await t.api(api.summaryTransactionList, {
          token: c.token,
          params: { agentId: idOf(n) },
          body: {},
        });
        if (c.sees.includes(n)) {
          expect(list.data?.records.map((r) => r.agent)).toEqual([idOf(n)]);
          expect(one.status).toBe(1000);
          expect(summary.status).toBe(1000);
        } else {
          expect(list.body).toEqual(missingList.body);
          expect(summary.body).toEqual(missingList.body);
          expect(one.body).toEqual(missingBet.body);
        }
      }
    }),
  );

  it(
    'summary reports: `all` is every agent of the scope; another agent answers as a missing one',
    each(async (c) => {
      const body = { year: 2026, month: 11 };
      const monthly = await t.ok(api.summaryAgentMonthly, {
        token: c.token,
        params: { agentId: 'all' },
        body,
      });
      expect(monthly.totals.turnover).toBe(turnoverOf(c.sees));
      expect(monthly.totals.transactionCount).toBe(c.sees.length);
      const daily = await t.ok(api.summaryAgentDaily, { token: c.token, params: { agentId: 'all' }, body });
      expect(daily.totals.turnover).toBe(turnoverOf(c.sees));
      const brands = await t.ok(api.summaryGameDaily, { token: c.token, params: { agentId: 'all' }, body });
      expect(brands.rows).toHaveLength(1);
      expect(brands.totals.turnover).toBe(turnoverOf(c.sees));
      const brandMonths = await t.ok(api.summaryGameMonthly, {
        token: c.token,
        params: { agentId: 'all' },
        body,
      });
      expect(brandMonths.totals.turnover).toBe(turnoverOf(c.sees));
      const codes = await t.ok(api.summaryGameDailyByGame, {
        token: c.token,
        params: { agentId: 'all', gameBrand: 'PG' },
        body: { from: '2026-11-01', to: '2026-11-30' },
      });
      expect(codes.totals.turnover).toBe(turnoverOf(c.sees));
      const codeMonths = await t.ok(api.summaryGameMonthlyByGame, {
        token: c.token,
        params: { agentId: 'all', gameBrand: 'PG' },
        body: { from: '2026-11-01', to: '2026-11-30' },
      });
      expect(codeMonths.totals.turnover).toBe(turnoverOf(c.sees));

      const missing = await t.api(api.summaryAgentMonthly, {
        token: c.token,
        params: { agentId: '999999999' },
        body,
      });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const one = await t.api(api.summaryAgentMonthly, {
          token: c.token,
          params: { agentId: idOf(n) },
          body,
        });
        // The CSV twin runs the same scoped report.
        const csv = await t.api(reportExports.summaryAgentMonthly, {
          token: c.token,
          params: { agentId: idOf(n) },
          body,
        });
        if (c.sees.includes(n)) {
          expect(one.data?.totals.turnover).toBe(held[n]);
          expect(csv.statusCode).toBe(200);
        } else {
          expect(one.body).toEqual(missing.body);
          expect(csv.statusCode).toBe(404);
        }
      }
    }),
  );

  it(
    "dashboard: the month's figures, days, brands and top agents of the scope",
    each(async (c) => {
      const d = await t.ok(api.dashboard, { token: c.token, body: { year: 2026, month: 11 } });
      expect(d.current.turnover).toBe(turnoverOf(c.sees));
      expect(d.current.transactionCount).toBe(c.sees.length);
      expect(d.current.activePlayers).toBe(c.sees.length);
      expect(d.daily.reduce((sum, day) => sum + Number(day.turnover), 0)).toBe(turnoverOf(c.sees));
      expect(d.topBrands.map((b) => b.turnover)).toEqual([turnoverOf(c.sees)]);
      expect(d.topAgents.map((a) => a.agent).sort()).toEqual(c.sees.map(idOf).sort());
    }),
  );

  it(
    'agent picker: the agents of the scope only',
    each(async (c) => {
      const picked = await t.ok(api.agentPick, { token: c.token, body: { q: 'scope_' } });
      expect(picked.map((a) => a._id).sort()).toEqual(c.sees.map(idOf).sort());
    }),
  );

  it('staff still see every agent (all = the platform)', async () => {
    const monthly = await t.ok(api.summaryAgentMonthly, {
      token: staff,
      params: { agentId: 'all' },
      body: { year: 2026, month: 11 },
    });
    expect(monthly.totals.turnover).toBe(turnoverOf(names));
    const d = await t.ok(api.dashboard, { token: staff, body: { year: 2026, month: 11 } });
    expect(d.current.turnover).toBe(turnoverOf(names));
  });
});

describe('the second line: a report query carries the scope whatever the feature forgot', () => {
  it('the report service asked for another agent, or for all, with a scope reads only the scope', async () => {
    const scopeOfB: Scope = { kind: 'agents', root: BigInt(idOf('B')), agentIds: [BigInt(idOf('B'))] };
    const month = { from: '2026-11-01', to: '2026-11-30' };
    // As if the route had not refused agent A for B's account: A's rows are not read.
    const forgotten = await agentMonthly(t.ctx, scopeOfB, BigInt(idOf('A')), month);
    expect(forgotten.totals.turnover).toBe(0);
    expect(forgotten.totals.transactionCount).toBe(0);
    const all = await gameByBrand(t.ctx, scopeOfB, 'all', month, 'day');
    expect(all.totals.turnover).toBe(held.B);
  });
});

describe('a read started as the account last read behind the token (http/route.ts)', () => {
  it('is answered only as the fresh read finds the account: a change of the tree or a lock holds at the next request', async () => {
    const top = await makeAgent(t, staff, { username: 'held_top' });
    const child = await makeAgent(t, staff, { username: 'held_child' });
    await linkToParent(t, child._id, top._id);
    for (const [a, amount] of [
      [top, 3],
      [child, 30],
    ] as const) {
      const res = await ingest(t, a, [
        bet({ betId: `held_${amount}`, username: 'player01', amount: -amount }),
      ]);
      expect(res.status).toBe(1000);
    }
    await t.ctx.db.update(agentsTable).set({ mustChangePassword: false });
    const token = await portalSessionFor(t, top._id);
    const ask = () =>
      t.api(api.summaryAgentMonthly, { token, params: { agentId: 'all' }, body: { year: 2026, month: 11 } });
    const turnover = async () => {
      const res = await ask();
      expect(res.status).toBe(1000);
      return (res.body as { data: { totals: { turnover: number } } }).data.totals.turnover;
    };
    // The second call starts as the account the first one read.
    expect(await turnover()).toBe(33);
    expect(await turnover()).toBe(33);
    // The child leaves the tree: the read started with the remembered scope is not answered.
    await t.ctx.db
      .update(agentSharingVersions)
      .set({ effectiveTo: sql`${agentSharingVersions.effectiveFrom}` })
      .where(eq(agentSharingVersions.agentId, BigInt(child._id)));
    expect(await turnover()).toBe(3);
    await t.ctx.db
      .update(agentsTable)
      .set({ locked: true })
      .where(eq(agentsTable.id, BigInt(top._id)));
    expect((await ask()).statusCode).toBe(401);
  });
});
