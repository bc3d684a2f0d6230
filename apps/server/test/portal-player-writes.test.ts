import { api, type User } from '@sapi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addAgent, addOperator, type OperatorType, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16: the agent side writes players of its own scope only. Agents R (top) → A → A1,
 * and R → B (A's sibling); each holds one player made by staff. Table-driven over the agent side's
 * writers × every agent: a player is created, edited (bet limit) and locked/unlocked only inside the
 * caller's scope; outside, the answer is exactly the one for a missing agent or player, nothing of
 * another agent changes and nothing is audited. Each write inside is one audit record naming the
 * account's kind, agent and operator. REPORTER may not write at all (403).
 */

let t: TestApp;
let staff: string;
type Name = 'R' | 'A' | 'A1' | 'B';
const names: Name[] = ['R', 'A', 'A1', 'B'];
const agents = {} as Record<Name, string>;
const players = {} as Record<Name, string>;
const MISSING = '999999999';

interface Case {
  who: string;
  /** The sign-in name the audit record carries. */
  signIn: string;
  kind: 'agent' | 'operator';
  agent: Name;
  operatorId: string | null;
  token: string;
  sees: Name[];
}
const cases: Case[] = [];
let reporter = '';

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionFor('OPERATOR');
  agents.R = await addAgent(t, 'pw_r', 'pwr');
  agents.A = await addAgent(t, 'pw_a', 'pwa', { parent: agents.R });
  agents.A1 = await addAgent(t, 'pw_a1', 'pwc', { parent: agents.A });
  agents.B = await addAgent(t, 'pw_b', 'pwb', { parent: agents.R });
  for (const n of names) {
    players[n] = (
      await t.ok(api.userCreate, {
        token: staff,
        body: { agent: agents[n], username: 'base', betLimit: 100 },
      })
    )._id;
  }
  const operatorCase = async (agent: Name, type: OperatorType, sees: Name[]): Promise<Case> => {
    const username = `${type.toLowerCase()}_${agent.toLowerCase()}`;
    const id = await addOperator(t, agents[agent], username, type);
    return {
      who: `${type} of ${agent}`,
      signIn: `${username}@pw${agent === 'A1' ? 'c' : agent.toLowerCase()}`,
      kind: 'operator',
      agent,
      operatorId: id,
      token: await portalSessionFor(t, agents[agent], id),
      sees,
    };
  };
  cases.push(
    {
      who: "A's own account",
      signIn: 'pw_a',
      kind: 'agent',
      agent: 'A',
      operatorId: null,
      token: await portalSessionFor(t, agents.A),
      sees: ['A', 'A1'],
    },
    await operatorCase('A', 'SUPERMANAGER', ['A', 'A1']),
    await operatorCase('A', 'MANAGER', ['A', 'A1']),
    await operatorCase('A', 'OPERATOR', ['A', 'A1']),
    await operatorCase('A1', 'OPERATOR', ['A1']),
    await operatorCase('B', 'MANAGER', ['B']),
  );
  reporter = await portalSessionFor(t, agents.A, await addOperator(t, agents.A, 'reporter_a', 'REPORTER'));
});
afterAll(() => t.close());

/** Every player row and the number of audit records: what must stay as it was after a refused write. */
const snapshot = async () => ({
  players: await t.ctx.db.select().from(users).orderBy(users.id),
  audits: (await t.ctx.db.select({ id: auditLog.id }).from(auditLog)).length,
});

const auditsOf = (entityId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);

/** An audit record of a write by `c`: its action, sign-in name, and its kind, agent and operator. */
const expectWrittenBy = (row: typeof auditLog.$inferSelect | undefined, c: Case, action: string) => {
  expect(row).toMatchObject({ action, actor: c.signIn, actorId: null });
  expect((row?.after as { by?: unknown } | undefined)?.by).toEqual({
    kind: c.kind,
    agentId: agents[c.agent],
    operatorId: c.operatorId,
  });
};

/** Each case by its name, once the setup has made them. */
const each = (body: (c: Case) => Promise<void>) => async () => {
  expect(cases).toHaveLength(6);
  for (const c of cases) {
    try {
      await body(c);
    } catch (err) {
      throw new Error(`${c.who}: ${(err as Error).message}`);
    }
  }
};

let serial = 0;
const freshName = () => `player${++serial}`;

describe('player writes from the agent side, inside its scope only', () => {
  it(
    'create: under an agent of the scope; any other agent answers exactly as a missing agent',
    each(async (c) => {
      const missing = await t.api(api.userCreate, {
        token: staff,
        body: { agent: MISSING, username: freshName(), betLimit: 10 },
      });
      expect(missing.statusCode).toBe(404);
      const ownMissing = await t.api(api.userCreate, {
        token: c.token,
        body: { agent: MISSING, username: freshName(), betLimit: 10 },
      });
      expect(ownMissing.body).toEqual(missing.body);
      for (const n of names) {
        const before = await snapshot();
        const res = await t.api(api.userCreate, {
          token: c.token,
          body: { agent: agents[n], username: freshName(), betLimit: 25.5 },
        });
        if (c.sees.includes(n)) {
          expect(res.status).toBe(1000);
          const created = res.data as User;
          expect(created).toMatchObject({ agent: agents[n], betLimit: 25.5, locked: false });
          const after = await snapshot();
          expect(after.players).toEqual([
            ...before.players,
            expect.objectContaining({ id: BigInt(created._id), agentId: BigInt(agents[n]) }),
          ]);
          const audits = await auditsOf(created._id);
          expect(audits).toHaveLength(1);
          expectWrittenBy(audits[0], c, 'create');
        } else {
          expect(res.statusCode).toBe(404);
          expect(res.body).toEqual(missing.body);
          expect(await snapshot()).toEqual(before);
        }
      }
    }),
  );

  it(
    'edit the bet limit, lock and unlock: a player of the scope; any other answers as a missing player',
    each(async (c) => {
      const missing = await t.api(api.userUpdate, {
        token: staff,
        params: { id: MISSING },
        body: { betLimit: 7 },
      });
      expect(missing.statusCode).toBe(404);
      for (const n of names) {
        const id = players[n];
        const audited = (await auditsOf(id)).length;
        const before = await snapshot();
        const limit = await t.api(api.userUpdate, {
          token: c.token,
          params: { id },
          body: { betLimit: 100 + cases.indexOf(c) + 1 },
        });
        const lock = await t.api(api.userUpdate, {
          token: c.token,
          params: { id },
          body: { betLimit: 100 + cases.indexOf(c) + 1, locked: true },
        });
        const unlock = await t.api(api.userUpdate, {
          token: c.token,
          params: { id },
          body: { betLimit: 100 + cases.indexOf(c) + 1, locked: false },
        });
        if (c.sees.includes(n)) {
          expect(limit.data).toMatchObject({ _id: id, betLimit: 100 + cases.indexOf(c) + 1, locked: false });
          expect(lock.data).toMatchObject({ _id: id, locked: true });
          expect(unlock.data).toMatchObject({ _id: id, locked: false });
          const rows = await auditsOf(id);
          expect(rows).toHaveLength(audited + 3);
          for (const row of rows.slice(audited)) expectWrittenBy(row, c, 'update');
          // Nothing but this player changed.
          const after = await snapshot();
          expect(after.players.filter((p) => p.id !== BigInt(id))).toEqual(
            before.players.filter((p) => p.id !== BigInt(id)),
          );
        } else {
          for (const res of [limit, lock, unlock]) {
            expect(res.statusCode).toBe(404);
            expect(res.body).toEqual(missing.body);
          }
          expect(await snapshot()).toEqual(before);
        }
      }
    }),
  );

  it('REPORTER may not create, edit or lock, even inside its scope (403); nothing changes', async () => {
    const before = await snapshot();
    const create = await t.api(api.userCreate, {
      token: reporter,
      body: { agent: agents.A, username: freshName(), betLimit: 1 },
    });
    const edit = await t.api(api.userUpdate, {
      token: reporter,
      params: { id: players.A },
      body: { betLimit: 1, locked: true },
    });
    for (const res of [create, edit]) {
      expect(res.statusCode).toBe(403);
      expect(res.status).toBe(3004);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('delete stays staff-only (403 for every agent-side writer)', async () => {
    const before = await snapshot();
    for (const c of cases) {
      const res = await t.api(api.userDelete, { token: c.token, params: { id: players[c.agent] } });
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a parallel burst of creates under a sibling's agent id changes nothing", async () => {
    const operatorOfA = cases.find((c) => c.who === 'OPERATOR of A');
    if (!operatorOfA) throw new Error('no case');
    const missing = await t.api(api.userCreate, {
      token: staff,
      body: { agent: MISSING, username: 'burst_probe', betLimit: 1 },
    });
    const before = await snapshot();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.api(api.userCreate, {
          token: operatorOfA.token,
          body: { agent: agents.B, username: `burst${i % 3}`, betLimit: 1 },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('staff still write players of every agent', async () => {
    for (const n of names) {
      const res = await t.api(api.userUpdate, {
        token: staff,
        params: { id: players[n] },
        body: { betLimit: 5 },
      });
      expect(res.data).toMatchObject({ betLimit: 5 });
    }
  });
});
