import { api, type RouteDef } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_AGENTS, type Scope } from '../src/context.ts';
import { agents as agentsTable, portalSessions } from '../src/db/schema/index.ts';
import { betHistory, getTransaction } from '../src/features/transaction/bet-history.ts';
import { listTransactions, transactionExportPage } from '../src/features/transaction/list.ts';
import { seekPage } from '../src/ledger/readers/transaction-seek.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import type { Answer } from './calls.ts';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addOperator, linkToParent, type OperatorType, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16: the agent side's reads beyond players, bets and reports — agents, game
 * providers, ingest log, audit, exports, registrations, month widgets, statements — and its own
 * agent's secret and ingest allow-list. Agents R (top) → A → A1, and R → B (A's sibling); each offers
 * one game of its own and has one player and one bet. Table-driven over agent A's own account, each
 * operator type of A, an operator of A's child A1 (cannot see its parent A) and an operator of B:
 * status, body, and no row of another agent in any list, total, count or export.
 */

let t: TestApp;
let staff: string;
type Name = 'R' | 'A' | 'A1' | 'B';
const names: Name[] = ['R', 'A', 'A1', 'B'];
const agents: Record<Name, SignedAgent> = {} as never;
const games: Record<Name, string> = { R: 'EVO', A: 'PG', A1: 'JILI', B: 'SEXY' };
const players: Record<string, string> = {};
const logEntries: Record<string, string> = {};

interface Case {
  who: string;
  token: string;
  /** The agent it works for. */
  own: Name;
  sees: Name[];
  /** May rotate its own agent's secret and set its allow-list (the agent's own account, SUPERMANAGER). */
  owner: boolean;
  /** May read the audit records of its scope (and the agent's own account, SUPERMANAGER, MANAGER). */
  manager: boolean;
}
const cases: Case[] = [];

const idOf = (n: Name) => agents[n]._id;
const outside = (c: Case) => names.filter((n) => !c.sees.includes(n));

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionFor('ADMIN');
  await registerBrands(t, staff, Object.values(games));
  for (const name of names) {
    agents[name] = await makeAgent(t, staff, {
      username: `rd${name.toLowerCase()}x`,
      games: [games[name]],
    });
  }
  await linkToParent(t, agents.A._id, agents.R._id);
  await linkToParent(t, agents.A1._id, agents.A._id);
  await linkToParent(t, agents.B._id, agents.R._id);
  await t.ctx.db.update(agentsTable).set({ mustChangePassword: false });
  for (const name of names) {
    const a = agents[name];
    const res = await ingest(t, a, [
      bet({ betId: `rd_${name}`, username: 'player01', gameBrand: games[name] }),
    ]);
    expect(res.status).toBe(1000);
    const list = await t.ok(api.userList, { token: staff, body: { agent: a._id } });
    players[name] = list.records[0]?._id ?? '';
    const log = await t.ok(api.ingestLogList, { token: staff, body: { agent: a._id } });
    logEntries[name] = log.records[0]?._id ?? '';
  }
  const types: OperatorType[] = ['SUPERMANAGER', 'MANAGER', 'OPERATOR', 'REPORTER'];
  cases.push({
    who: "A's own account",
    token: await portalSessionFor(t, idOf('A')),
    own: 'A',
    sees: ['A', 'A1'],
    owner: true,
    manager: true,
  });
  for (const type of types) {
    const op = await addOperator(t, idOf('A'), `rd_${type.toLowerCase()}`, type);
    cases.push({
      who: `A's ${type}`,
      token: await portalSessionFor(t, idOf('A'), op),
      own: 'A',
      sees: ['A', 'A1'],
      owner: type === 'SUPERMANAGER',
      manager: type === 'SUPERMANAGER' || type === 'MANAGER',
    });
  }
  const opA1 = await addOperator(t, idOf('A1'), 'rd_a1', 'SUPERMANAGER');
  cases.push({
    who: "an operator of A's child A1",
    token: await portalSessionFor(t, idOf('A1'), opA1),
    own: 'A1',
    sees: ['A1'],
    owner: true,
    manager: true,
  });
  const opB = await addOperator(t, idOf('B'), 'rd_b', 'MANAGER');
  cases.push({
    who: "an operator of A's sibling B",
    token: await portalSessionFor(t, idOf('B'), opB),
    own: 'B',
    sees: ['B'],
    owner: false,
    manager: true,
  });
  // One agent-side write per agent: the audit records its accounts wrote.
  for (const c of [cases[0], cases[5], cases[6]]) {
    if (!c) continue;
    await t.ok(api.userCreate, {
      token: c.token,
      body: { agent: idOf(c.own), username: `au${c.own.toLowerCase()}`, betLimit: 100 },
    });
  }
});
afterAll(() => t.close());

const each = (body: (c: Case) => Promise<void>) => async () => {
  expect(cases).toHaveLength(7);
  for (const c of cases) {
    try {
      await body(c);
    } catch (err) {
      throw new Error(`${c.who}: ${(err as Error).message}`);
    }
  }
};

/** The CSV file an export answered: its text, checked to be one. */
const csvOf = (res: Answer<RouteDef>) => {
  expect(res.statusCode, res.res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
  return res.res.body;
};

/** No text of another agent in a file: neither its name, prefix nor player. */
const holdsNoneOf = (text: string, others: Name[]) => {
  for (const n of others) {
    expect(text).not.toContain(agents[n].username);
    expect(text).not.toContain(agents[n].prefix);
  }
};

describe('agents: the list, the export and the detail of the scope', () => {
  it(
    'the list holds the agents of the scope, counted over it; a filter naming another finds nothing',
    each(async (c) => {
      const list = await t.ok(api.agentList, { token: c.token, body: {} });
      expect(list.records.map((r) => r._id).sort()).toEqual(c.sees.map(idOf).sort());
      expect(list.total).toBe(c.sees.length);
      // The list never carries a secret.
      for (const r of list.records) expect(r).not.toHaveProperty('secret');
      for (const n of outside(c)) {
        const other = await t.ok(api.agentList, { token: c.token, body: { username: agents[n].username } });
        expect(other).toMatchObject({ records: [], total: 0 });
      }
      const file = csvOf(await t.api(api.agentExport, { token: c.token, body: {} }));
      for (const n of c.sees) expect(file).toContain(agents[n].username);
      holdsNoneOf(file, outside(c));
    }),
  );

  it(
    'a downline agent answers (the fix: its detail is readable); another answers exactly as a missing id',
    each(async (c) => {
      const missing = await t.api(api.agentGet, { token: c.token, params: { id: '999999999' } });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const res = await t.api(api.agentGet, { token: c.token, params: { id: idOf(n) } });
        if (!c.sees.includes(n)) {
          expect(res.body).toEqual(missing.body);
          continue;
        }
        expect(res.status).toBe(1000);
        expect(res.data?.apiKey).toBe(agents[n].apiKey);
        // The secret only to the callers that may rotate it: the owners, of their own agent.
        if (c.owner && n === c.own) expect(res.data?.secret).toBe(agents[n].secret);
        else expect(res.data).not.toHaveProperty('secret');
      }
    }),
  );
});

describe('the downline tree', () => {
  it(
    'the scope’s agents with the parents within it; the top’s own parent is never named',
    each(async (c) => {
      const tree = await t.ok(api.agentTree, { token: c.token, body: {} });
      expect(tree.map((n) => n._id).sort()).toEqual(c.sees.map(idOf).sort());
      const parentOf = Object.fromEntries(tree.map((n) => [n._id, n.parentAgent]));
      expect(parentOf[idOf(c.own)]).toBeNull();
      if (c.own === 'A') expect(parentOf[idOf('A1')]).toBe(idOf('A'));
    }),
  );

  it('staff see every agent with its parent', async () => {
    const tree = await t.ok(api.agentTree, { token: staff, body: {} });
    const parentOf = Object.fromEntries(tree.map((n) => [n._id, n.parentAgent]));
    expect(parentOf[idOf('R')]).toBeNull();
    expect([parentOf[idOf('A')], parentOf[idOf('A1')], parentOf[idOf('B')]]).toEqual([
      idOf('R'),
      idOf('A'),
      idOf('R'),
    ]);
  });
});

describe('game providers: the games of the scope', () => {
  it(
    'list, export and detail hold only the games of its agents',
    each(async (c) => {
      const list = await t.ok(api.adapterList, { token: c.token, body: {} });
      expect(list.records.map((r) => r.codename).sort()).toEqual(c.sees.map((n) => games[n]).sort());
      expect(list.total).toBe(c.sees.length);
      const staffList = await t.ok(api.adapterList, { token: staff, body: {} });
      const missing = await t.api(api.adapterGet, { token: c.token, params: { id: '999999999' } });
      expect(missing.statusCode).toBe(404);
      for (const adapter of staffList.records) {
        const res = await t.api(api.adapterGet, { token: c.token, params: { id: adapter._id } });
        const mine = c.sees.some((n) => games[n] === adapter.codename);
        if (mine) expect(res.data?.codename).toBe(adapter.codename);
        else expect(res.body).toEqual(missing.body);
      }
      const file = csvOf(await t.api(api.adapterExport, { token: c.token, body: {} }));
      for (const n of outside(c)) expect(file).not.toContain(`Provider ${games[n]}`);
    }),
  );
});

describe('ingest log: the requests of the scope', () => {
  it(
    'list, export and detail',
    each(async (c) => {
      const list = await t.ok(api.ingestLogList, { token: c.token, body: {} });
      expect(list.records.map((r) => r.agent).sort()).toEqual(c.sees.map(idOf).sort());
      expect(list.total).toBe(c.sees.length);
      for (const n of outside(c)) {
        const filtered = await t.ok(api.ingestLogList, { token: c.token, body: { agent: idOf(n) } });
        expect(filtered).toMatchObject({ records: [], total: 0 });
      }
      const missing = await t.api(api.ingestLogGet, { token: c.token, params: { id: '999999999' } });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const res = await t.api(api.ingestLogGet, { token: c.token, params: { id: logEntries[n] ?? '' } });
        if (c.sees.includes(n)) expect(res.data?.agent).toBe(idOf(n));
        else expect(res.body).toEqual(missing.body);
      }
      holdsNoneOf(csvOf(await t.api(api.ingestLogExport, { token: c.token, body: {} })), outside(c));
    }),
  );
});

describe('audit: the records its scope’s accounts wrote, for its managers', () => {
  it(
    'managers read the records of the scope; operators and reporters are refused',
    each(async (c) => {
      const res = await t.api(api.auditList, { token: c.token, body: {} });
      if (!c.manager) {
        expect([res.statusCode, res.status]).toEqual([403, 3004]);
        return;
      }
      expect(res.status).toBe(1000);
      const records = res.data?.records ?? [];
      expect(records.length).toBe(res.data?.total);
      const by = records.map((r) => (r.after as { by?: { agentId?: string } } | null)?.by?.agentId);
      for (const agentId of by) expect(c.sees.map(idOf)).toContain(agentId);
      // The player its own agent's account (or A1's operator) created is among them.
      const created = records.filter((r) => r.action === 'create' && r.entity === 'user');
      expect(created.length).toBeGreaterThan(0);
    }),
  );
});

describe('exports of players and bets', () => {
  it(
    'the player export holds the scope’s players; a bet export of another agent answers as a missing one',
    each(async (c) => {
      const file = csvOf(await t.api(api.userExport, { token: c.token, body: {} }));
      for (const n of c.sees) expect(file).toContain(`${agents[n].prefix}player01`);
      holdsNoneOf(file, outside(c));
      const missing = await t.api(api.transactionExport, {
        token: c.token,
        params: { agentId: '999999999' },
        body: {},
      });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const res = await t.api(api.transactionExport, {
          token: c.token,
          params: { agentId: idOf(n) },
          body: {},
        });
        if (c.sees.includes(n)) expect(csvOf(res)).toContain(`rd_${n}`);
        else expect(res.body).toEqual(missing.body);
      }
    }),
  );
});

describe('registrations and month widgets', () => {
  it(
    '`all` counts the scope’s players; another agent answers as a missing one',
    each(async (c) => {
      const body = { date: '2026-11-01' };
      const all = await t.ok(api.registerCount, { token: c.token, params: { agentId: 'all' }, body });
      const registered = await t.ok(api.userList, { token: c.token, body: {} });
      expect(all.reduce((s, d) => s + d.count, 0)).toBe(registered.total);
      const missing = await t.api(api.registerCount, {
        token: c.token,
        params: { agentId: '999999999' },
        body,
      });
      expect(missing.statusCode).toBe(404);
      for (const n of outside(c)) {
        const res = await t.api(api.registerCount, { token: c.token, params: { agentId: idOf(n) }, body });
        expect(res.body).toEqual(missing.body);
        const csv = await t.api(api.registerCountExport, {
          token: c.token,
          params: { agentId: idOf(n) },
          body,
        });
        expect(csv.body).toEqual(missing.body);
      }
    }),
  );

  it(
    'the month widgets read the scope only: another agent answers zeros in a batch, as a missing id',
    each(async (c) => {
      const date = '2026-11-01';
      const batch = await t.ok(api.agentReportMonthlyBatch, {
        token: c.token,
        body: { agentIds: [...names.map(idOf), '999999999'], date },
      });
      const missing = batch.find((b) => b.agent === '999999999');
      for (const n of names) {
        const row = batch.find((b) => b.agent === idOf(n));
        if (c.sees.includes(n)) expect(row?.transactionCount).toBe(1);
        else expect({ ...row, agent: '' }).toEqual({ ...missing, agent: '' });
      }
      const one = await t.api(api.agentReportMonthly, {
        token: c.token,
        params: { agentId: '999999999' },
        body: { date },
      });
      expect(one.statusCode).toBe(404);
      for (const n of outside(c)) {
        const res = await t.api(api.agentReportMonthly, {
          token: c.token,
          params: { agentId: idOf(n) },
          body: { date },
        });
        expect(res.body).toEqual(one.body);
      }
    }),
  );
});

describe('settlement statements: read-only, the arrangements within the scope', () => {
  it(
    'lines whose parent and child are both of the scope; no staff names on the periods',
    each(async (c) => {
      const s = await t.ok(api.settlementList, { token: c.token, body: { year: 2026, month: 11 } });
      const inScope = new Set(c.sees.map(idOf));
      for (const line of s.lines) {
        expect(inScope.has(line.agent) && inScope.has(line.parentAgent)).toBe(true);
      }
      // A sees its child A1's arrangement; A1 does not see the one with its parent A, nor B R's.
      expect(s.lines.map((l) => l.agent)).toEqual(c.own === 'A' ? [idOf('A1')] : []);
      expect(Number(s.total.winLose)).toBe(s.lines.reduce((sum, l) => sum + Number(l.winLose), 0));
      const file = csvOf(
        await t.api(api.settlementExport, { token: c.token, body: { year: 2026, month: 11 } }),
      );
      holdsNoneOf(file, outside(c));
      const periods = await t.ok(api.settlementPeriods, { token: c.token, body: { year: 2026 } });
      for (const p of periods.records)
        expect(Object.keys(p).sort()).toEqual(['closable', 'month', 'status', 'year']);
      // Writing is not theirs.
      const close = await t.api(api.settlementClose, { token: c.token, body: { year: 2026, month: 10 } });
      expect(close.statusCode).toBe(403);
    }),
  );
});

describe('its own agent: secret rotation and the ingest allow-list (owners only)', () => {
  it(
    'owners rotate and set their own agent; a downline agent is 403, another agent as a missing one',
    each(async (c) => {
      const missingRotate = await t.api(api.agentRotateSecret, {
        token: c.token,
        params: { id: '999999999' },
      });
      const missingList = await t.api(api.agentAllowedIpsGet, {
        token: c.token,
        params: { id: '999999999' },
      });
      if (!c.owner) {
        for (const res of [missingRotate, missingList])
          expect([res.statusCode, res.status]).toEqual([403, 3004]);
        return;
      }
      expect([missingRotate.statusCode, missingList.statusCode]).toEqual([404, 404]);
      for (const n of names) {
        const rotate = await t.api(api.agentRotateSecret, { token: c.token, params: { id: idOf(n) } });
        const get = await t.api(api.agentAllowedIpsGet, { token: c.token, params: { id: idOf(n) } });
        const set = await t.api(api.agentAllowedIpsUpdate, {
          token: c.token,
          params: { id: idOf(n) },
          body: { allowedIps: ['203.0.113.0/24'] },
        });
        if (n === c.own) {
          expect(rotate.data?.secret).toBeTruthy();
          expect(rotate.data?.secret).not.toBe(agents[n].secret);
          agents[n].secret = rotate.data?.secret ?? '';
          expect(get.status).toBe(1000);
          expect(set.data?.allowedIps).toEqual(['203.0.113.0/24']);
        } else if (c.sees.includes(n)) {
          for (const res of [rotate, get, set]) expect([res.statusCode, res.status]).toEqual([403, 3004]);
        } else {
          expect(rotate.body).toEqual(missingRotate.body);
          expect(get.body).toEqual(missingList.body);
          expect(set.body).toEqual(missingList.body);
        }
      }
      // Put the list back: the other cases' ingest is not under test here.
      await t.ok(api.agentAllowedIpsUpdate, {
        token: c.token,
        params: { id: idOf(c.own) },
        body: { allowedIps: [] },
      });
    }),
  );

  it('rotation needs a recent password re-check (3005) and is one audit record naming the account', async () => {
    const c = cases[0];
    if (!c) throw new Error('no case');
    const token = await portalSessionFor(t, idOf('A'));
    await t.ctx.db
      .update(portalSessions)
      .set({ verifiedAt: null })
      .where(eq(portalSessions.tokenHash, sha256Hex(token)));
    const stale = await t.api(api.agentRotateSecret, { token, params: { id: idOf('A') } });
    expect([stale.statusCode, stale.status]).toEqual([403, 3005]);
    const verified = await t.api(api.verify, { token, body: { password: 'agent-password-1' } });
    expect(verified.status).toBe(1000);
    const rotated = await t.ok(api.agentRotateSecret, { token, params: { id: idOf('A') } });
    expect(rotated.secret).toBeTruthy();
    const audit = await t.ok(api.auditList, { token: c.token, body: { action: 'rotate-secret' } });
    const last = audit.records[0];
    expect(last?.entityId).toBe(idOf('A'));
    expect((last?.after as { by?: unknown } | undefined)?.by).toEqual({
      kind: 'agent',
      agentId: idOf('A'),
      operatorId: null,
    });
  });
});

describe('agent B generates ids and filters to reach agent A (fast-check)', () => {
  it('always answers as a missing id, or nothing', async () => {
    const b = cases.find((c) => c.own === 'B');
    if (!b) throw new Error('no case');
    const aIds = ['R', 'A', 'A1'].map((n) => BigInt(idOf(n as Name)));
    // Registered last, B has the largest agent id: ids up to a few past it cover every agent and more.
    const maxId = BigInt(idOf('B')) + 5n;
    const missingAgent = (await t.api(api.agentGet, { token: b.token, params: { id: '999999999' } })).body;
    const missingLog = (await t.api(api.ingestLogGet, { token: b.token, params: { id: '999999999' } })).body;
    const missingTx = (
      await t.api(api.transactionList, { token: b.token, params: { agentId: '999999999' }, body: {} })
    ).body;
    const ownLog = logEntries.B;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...aIds), fc.bigInt({ min: 1n, max: maxId })),
        fc.oneof(
          fc.constantFrom(
            ...['R', 'A', 'A1'].flatMap((n) => [agents[n as Name].username, agents[n as Name].prefix]),
          ),
          fc.stringMatching(/^[a-z0-9_]{1,8}$/),
        ),
        async (id, text) => {
          const isB = id === BigInt(idOf('B'));
          const params = { id: id.toString() };
          const agent = await t.api(api.agentGet, { token: b.token, params });
          if (!isB) expect(agent.body).toEqual(missingAgent);
          const list = await t.api(api.transactionList, {
            token: b.token,
            params: { agentId: id.toString() },
            body: {},
          });
          if (!isB) expect(list.body).toEqual(missingTx);
          const log = await t.api(api.ingestLogGet, { token: b.token, params });
          if (id.toString() !== ownLog) expect(log.body).toEqual(missingLog);
          const agentsNamed = await t.ok(api.agentList, { token: b.token, body: { username: text } });
          for (const r of agentsNamed.records) expect(r._id).toBe(idOf('B'));
          const players = await t.ok(api.userList, { token: b.token, body: { username: text } });
          for (const r of players.records) expect(r.agent).toBe(idOf('B'));
          const logs = await t.ok(api.ingestLogList, { token: b.token, body: { agent: id.toString() } });
          if (!isB) expect(logs).toMatchObject({ records: [], total: 0 });
        },
      ),
      { numRuns: 30 },
    );
    // Six requests a run: a loaded machine needs more than the default 30 s.
  }, 180_000);
});

describe('the second line: the transaction pages and bet readers carry the scope whatever the route forgot', () => {
  it('called with another agent’s id and a scope, each reads nothing; with every agent, the row', async () => {
    const scopeOfB: Scope = { kind: 'agents', root: BigInt(idOf('B')), agentIds: [BigInt(idOf('B'))] };
    const a = BigInt(idOf('A'));
    const query = api.transactionList.body.parse({});
    const { records } = await t.ok(api.transactionList, {
      token: staff,
      params: { agentId: idOf('A') },
      body: {},
    });
    const betOfA = records[0];
    if (!betOfA) throw new Error('no bet of A');
    // As if the route had not refused agent A for B's account: the statements themselves read nothing.
    expect((await listTransactions(t.ctx, scopeOfB, a, query)).records).toEqual([]);
    expect((await listTransactions(t.ctx, ALL_AGENTS, a, query)).records).toHaveLength(1);
    const named = { ...query, username: 'player01' };
    expect((await listTransactions(t.ctx, scopeOfB, a, named)).records).toEqual([]);
    expect((await listTransactions(t.ctx, ALL_AGENTS, a, named)).records).toHaveLength(1);
    const tz = t.ctx.config.REPORT_TIMEZONE;
    expect(await seekPage(t.ctx.db, tz, scopeOfB, a, query, undefined)).toEqual([]);
    expect(await seekPage(t.ctx.db, tz, ALL_AGENTS, a, query, undefined)).toHaveLength(1);
    await expect(getTransaction(t.ctx, scopeOfB, a, BigInt(betOfA._id))).rejects.toMatchObject({
      status: 2004,
    });
    expect((await getTransaction(t.ctx, ALL_AGENTS, a, BigInt(betOfA._id)))._id).toBe(betOfA._id);
    expect(await betHistory(t.ctx, scopeOfB, 'rd_A')).toEqual([]);
    expect(await betHistory(t.ctx, ALL_AGENTS, 'rd_A')).toHaveLength(1);
    const page = await transactionExportPage(t.ctx, scopeOfB, a, query, undefined, 100);
    expect(page.rows).toEqual([]);
  });
});

describe('who registered an agent and its two-factor state stay staff’s', () => {
  it(
    'the agent side reads createdBy null and no two-factor state in the list, the detail, the export and its writes’ audit',
    each(async (c) => {
      const { username: staffName } = await t.ok(api.self, { token: staff });
      const list = await t.api(api.agentList, { token: c.token, body: {} });
      expect(list.status).toBe(1000);
      expect(list.res.body).not.toContain(staffName);
      for (const r of list.data?.records ?? []) {
        expect(r.createdBy).toBeNull();
        expect(r).not.toHaveProperty('totpEnabled');
      }
      for (const n of c.sees) {
        const detail = await t.api(api.agentGet, { token: c.token, params: { id: idOf(n) } });
        expect(detail.data?.createdBy).toBeNull();
        expect(detail.res.body).not.toContain(staffName);
      }
      const file = csvOf(await t.api(api.agentExport, { token: c.token, body: {} }));
      expect(file).not.toContain(staffName);
    }),
  );

  it('staff read who registered each agent and whether its own account uses two-factor', async () => {
    const { username: staffName } = await t.ok(api.self, { token: staff });
    const list = await t.ok(api.agentList, { token: staff, body: {} });
    for (const n of names) {
      expect(list.records.find((r) => r._id === idOf(n))).toMatchObject({
        createdBy: staffName,
        totpEnabled: false,
      });
    }
    expect((await t.ok(api.agentGet, { token: staff, params: { id: idOf('A1') } })).createdBy).toBe(
      staffName,
    );
  });

  it('an agent-side edit and lock of a staff-registered sub-agent answer and audit without the staff name', async () => {
    const { username: staffName } = await t.ok(api.self, { token: staff });
    const own = cases[0];
    if (!own) throw new Error('no case');
    const id = idOf('A1');
    const before = await t.ok(api.agentGet, { token: staff, params: { id } });
    const answers = [
      await t.api(api.agentUpdate, {
        token: own.token,
        params: { id },
        body: { endpoint: 'https://edited.example.com', games: before.games, agentType: 'MASTER' },
      }),
      await t.api(api.agentLock, { token: own.token, params: { id } }),
      await t.api(api.agentUnlock, { token: own.token, params: { id } }),
      await t.api(api.agentUpdate, {
        token: own.token,
        params: { id },
        body: { endpoint: before.endpoint, games: before.games, agentType: before.agentType },
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(1000);
      expect(res.res.body).not.toContain(staffName);
    }
    const audit = await t.api(api.auditList, { token: own.token, body: {} });
    const actions = (audit.data?.records ?? [])
      .filter((r) => r.entity === 'agent' && r.entityId === id)
      .map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['update', 'lock', 'unlock', 'update']));
    expect(audit.res.body).not.toContain(staffName);
    // Staff still read who registered it.
    expect((await t.ok(api.agentGet, { token: staff, params: { id } })).createdBy).toBe(staffName);
  });
});

describe('a registration’s or an edit’s refusal names no staff account and nothing outside the scope', () => {
  it(
    'a staff name answers as an agent’s name does; an overlapping prefix is not named; another’s game answers as an unknown one',
    each(async (c) => {
      const { username: staffName } = await t.ok(api.self, { token: staff });
      const register = (username: string, prefix: string) =>
        t.api(api.agentRegister, {
          token: c.token,
          body: {
            username,
            password: 'sub-agent-password-1',
            endpoint: 'https://sub.example.com',
            games: [],
            prefix,
            // Its own agent's code: a name that is free answers `code_taken`, and nothing is registered.
            code: agents[c.own].code,
            agentType: 'SUBAGENT',
          },
        });
      if (!c.manager) {
        const res = await register(staffName, 'zz9');
        expect([res.statusCode, res.status]).toEqual([403, 3004]);
        return;
      }
      // A name no one holds reaches the insert: the code is taken.
      expect((await register('rd_free_name', 'zz9')).issues[0]?.code).toBe('code_taken');
      const other = outside(c).find((n) => n !== 'R') ?? 'R';
      const answers = [
        await register(staffName, 'zz9'),
        await register(staffName.toUpperCase(), 'zz9'),
        await register(agents[other].username, 'zz9'),
      ];
      const sent = [staffName, staffName.toUpperCase(), agents[other].username];
      // The same answer whichever kind of account holds the name: only the sent name differs.
      const shapes = answers.map((res, i) => res.res.body.split(sent[i] ?? '').join('{name}'));
      for (const res of answers) {
        expect(res.status, res.res.body).toBe(2009);
        expect(res.issues[0]?.code).toBe('username_taken');
        expect(res.res.body).not.toMatch(/staff/i);
      }
      expect(new Set(shapes).size).toBe(1);
      // Every prefix of the test starts with `q` and has six characters: five of them overlap some.
      const overlap = await register('rd_overlap_name', agents[other].prefix.slice(0, 5));
      expect(overlap.status).toBe(2009);
      expect(overlap.issues[0]).toMatchObject({ code: 'prefix_overlap', path: 'prefix' });
      expect(overlap.issues[0]?.params ?? {}).not.toHaveProperty('prefix');
      holdsNoneOf(overlap.res.body, outside(c));
      // A game of an agent outside the scope answers as a game no provider has: not offered.
      const gameAnswers = [];
      for (const game of [games[other], 'NO_SUCH_GAME']) {
        const res = await t.api(api.agentRegister, {
          token: c.token,
          body: {
            username: 'rd_game_name',
            password: 'sub-agent-password-1',
            endpoint: 'https://sub.example.com',
            games: [game],
            prefix: 'zz9',
            code: 'RD-GAME-1',
            agentType: 'SUBAGENT',
          },
        });
        expect(res.issues[0]?.code).toBe('game_not_offered');
        gameAnswers.push(res.res.body.split(game).join('{game}'));
      }
      expect(new Set(gameAnswers).size).toBe(1);
      const sub = c.own === 'A' ? idOf('A1') : undefined;
      if (sub) {
        const editAnswers = [];
        for (const game of [games.B, 'NO_SUCH_GAME']) {
          const res = await t.api(api.agentUpdate, {
            token: c.token,
            params: { id: sub },
            body: { endpoint: 'https://sub.example.com', games: [game], agentType: 'SUBAGENT' },
          });
          expect(res.issues[0]?.code).toBe('game_not_offered');
          editAnswers.push(res.res.body.split(game).join('{game}'));
        }
        expect(new Set(editAnswers).size).toBe(1);
      }
      const rows = await t.ctx.db.select().from(agentsTable);
      expect(rows.map((r) => r.username)).not.toContain('rd_free_name');
      expect(rows.map((r) => r.username)).not.toContain('rd_overlap_name');
    }),
  );

  it('staff still read which account holds a name and which prefix overlaps', async () => {
    const { username: staffName } = await t.ok(api.self, { token: staff });
    const body = {
      password: 'sub-agent-password-1',
      endpoint: 'https://sub.example.com',
      games: [],
      code: 'RD-STAFF-1',
      agentType: 'SUBAGENT' as const,
    };
    const named = await t.api(api.agentRegister, {
      token: staff,
      body: { ...body, username: staffName, prefix: 'zz8' },
    });
    expect(named.issues[0]?.code).toBe('sign_in_name_taken');
    const overlap = await t.api(api.agentRegister, {
      token: staff,
      body: { ...body, username: 'rd_staff_overlap', prefix: agents.B.prefix.slice(0, 5) },
    });
    expect(overlap.issues[0]?.code).toBe('prefix_overlap');
    expect(String(overlap.issues[0]?.params?.prefix)).toMatch(/^q/);
  });
});

describe('sharing: a move to another parent on a later day names the parent of today to no one outside', () => {
  it('the new parent neither lists nor reaches the arrangement before its day, and it names neither to the other', async () => {
    const top = await makeAgent(t, staff, { username: 'rd_mv_top' });
    const x = await makeAgent(t, staff, { username: 'rd_mv_x' });
    const y = await makeAgent(t, staff, { username: 'rd_mv_y' });
    const x1 = await makeAgent(t, staff, { username: 'rd_mv_x1' });
    await linkToParent(t, x._id, top._id);
    await linkToParent(t, y._id, top._id);
    await linkToParent(t, x1._id, x._id);
    await t.ctx.db.update(agentsTable).set({ mustChangePassword: false });
    const xToken = await portalSessionFor(t, x._id);
    const yToken = await portalSessionFor(t, y._id);
    const listOf = (token: string) => t.api(api.agentSharingList, { token, body: {} });
    const before = await listOf(xToken);
    expect(before.data?.records.map((r) => r.agent)).toEqual([x1._id]);
    const sharing = before.data?.records[0]?._id ?? '';
    // Staff move X1 under Y (X's sibling) from a later month; today X1 is still X's.
    await t.ok(api.agentSharingUpdate, {
      token: staff,
      params: { id: sharing },
      body: { agent: x1._id, parentAgent: y._id, parentPercentage: 10, effectiveFrom: '2027-01-01' },
    });
    const staffView = await t.ok(api.agentSharingGet, { token: staff, params: { id: sharing } });
    expect(staffView.parentAgent).toBe(x._id);
    const yList = await listOf(yToken);
    expect(yList.data).toMatchObject({ records: [], total: 0 });
    for (const text of [x._id, x.username, x.prefix]) expect(yList.res.body).not.toContain(text);
    const missing = await t.api(api.agentSharingUpdate, {
      token: yToken,
      params: { id: '999999999' },
      body: { agent: x1._id, parentAgent: y._id, parentPercentage: 20 },
    });
    expect(missing.statusCode).toBe(404);
    const ask = await t.api(api.agentSharingUpdate, {
      token: yToken,
      params: { id: sharing },
      body: { agent: x1._id, parentAgent: y._id, parentPercentage: 20 },
    });
    expect(ask.body).toEqual(missing.body);
    // X's list holds nothing whose parent of record is outside its scope.
    const xList = await listOf(xToken);
    for (const text of [y._id, y.username, y.prefix]) expect(xList.res.body).not.toContain(text);
  });
});

describe('filters naming an agent outside the scope find nothing', () => {
  it(
    'players, operators and sharing: no row, a total of 0',
    each(async (c) => {
      for (const n of outside(c)) {
        const users = await t.ok(api.userList, { token: c.token, body: { agent: idOf(n) } });
        expect(users).toMatchObject({ records: [], total: 0 });
        if (!c.owner) continue;
        const operators = await t.ok(api.agentOperatorList, { token: c.token, body: { agent: idOf(n) } });
        expect(operators).toMatchObject({ records: [], total: 0 });
        for (const body of [{ agent: idOf(n) }, { parentAgent: idOf(n) }, { username: agents[n].username }]) {
          const sharing = await t.ok(api.agentSharingList, { token: c.token, body });
          expect(sharing).toMatchObject({ records: [], total: 0 });
        }
      }
    }),
  );
});
