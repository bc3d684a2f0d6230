import { type Agent, type AgentOperator, api, type BodyOf } from '@sapi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adapters,
  agentOperators,
  agentSharing,
  agentSharingVersions,
  agents as agentsTable,
  approvals,
  auditLog,
  portalSessions,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addAgent, addOperator, linkToParent, type OperatorType, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16: the agent side's writes of sub-agents, operators and sharing. Agents R (top) → A →
 * A1 → A11, and R → B (A's sibling). Table-driven over the writers of each route × every agent: inside
 * the caller's reach the write is done and is one audit record naming the account's kind, agent and
 * operator; outside its scope the answer is exactly the one for a missing id and nothing changes;
 * roles the table of issue 42 leaves out get 403.
 */

let t: TestApp;
let staff: string;
let admin: string;
type Name = 'R' | 'A' | 'A1' | 'A11' | 'B';
const names: Name[] = ['R', 'A', 'A1', 'A11', 'B'];
const prefixes: Record<Name, string> = { R: 'wr', A: 'wa', A1: 'wc', A11: 'wd', B: 'wb' };
const agents = {} as Record<Name, string>;
const MISSING = '999999999';

interface Case {
  who: string;
  signIn: string;
  kind: 'agent' | 'operator';
  agent: Name;
  operatorId: string | null;
  token: string;
}
const writers: Case[] = [];
/** Keyed `TYPE of AGENT`, `own A`, … */
const byName = new Map<string, Case>();
const get = (who: string) => {
  const c = byName.get(who);
  if (!c) throw new Error(`no case ${who}`);
  return c;
};

const operatorCase = async (agent: Name, type: OperatorType): Promise<Case> => {
  const username = `${type.toLowerCase()}_${agent.toLowerCase()}`;
  const id = await addOperator(t, agents[agent], username, type);
  return {
    who: `${type} of ${agent}`,
    signIn: `${username}@${prefixes[agent]}`,
    kind: 'operator',
    agent,
    operatorId: id,
    token: await portalSessionFor(t, agents[agent], id),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionFor('OPERATOR');
  admin = await t.sessionFor('ADMIN', { verified: true });
  await t.ctx.db.insert(adapters).values(
    ['PG', 'JILI', 'SEXY'].map((codename) => ({
      name: codename,
      codename,
      endpoint: 'https://provider.example',
      type: 'SLOT' as const,
      logo: '',
    })),
  );
  agents.R = await addAgent(t, 'wr_root', prefixes.R);
  agents.A = await addAgent(t, 'wa_agent', prefixes.A, { parent: agents.R });
  agents.A1 = await addAgent(t, 'wc_child', prefixes.A1, { parent: agents.A });
  agents.A11 = await addAgent(t, 'wd_grand', prefixes.A11, { parent: agents.A1 });
  agents.B = await addAgent(t, 'wb_sibling', prefixes.B, { parent: agents.R });
  await t.ctx.db
    .update(agentsTable)
    .set({ games: ['PG', 'JILI'] })
    .where(eq(agentsTable.id, BigInt(agents.A)));
  for (const c of [
    {
      who: 'own A',
      signIn: 'wa_agent',
      kind: 'agent' as const,
      agent: 'A' as const,
      operatorId: null,
      token: await portalSessionFor(t, agents.A),
    },
    await operatorCase('A', 'SUPERMANAGER'),
    await operatorCase('A', 'MANAGER'),
    await operatorCase('A', 'OPERATOR'),
    await operatorCase('A', 'REPORTER'),
    await operatorCase('A1', 'MANAGER'),
    await operatorCase('A1', 'SUPERMANAGER'),
    await operatorCase('B', 'SUPERMANAGER'),
    {
      who: 'own B',
      signIn: 'wb_sibling',
      kind: 'agent' as const,
      agent: 'B' as const,
      operatorId: null,
      token: await portalSessionFor(t, agents.B),
    },
  ]) {
    byName.set(c.who, c);
    writers.push(c);
  }
});
afterAll(() => t.close());

/** What must stay as it was after a refused write: every agent, operator, arrangement, version, approval, audit. */
const snapshot = async () => ({
  agents: await t.ctx.db.select().from(agentsTable).orderBy(agentsTable.id),
  operators: await t.ctx.db.select().from(agentOperators).orderBy(agentOperators.id),
  sharing: await t.ctx.db.select().from(agentSharing).orderBy(agentSharing.id),
  versions: await t.ctx.db.select().from(agentSharingVersions).orderBy(agentSharingVersions.id),
  approvals: await t.ctx.db.select().from(approvals).orderBy(approvals.id),
  audits: (await t.ctx.db.select({ id: auditLog.id }).from(auditLog)).length,
});

const auditsOf = (entity: string, entityId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
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

/** Run `body` for each named case, naming the case in a failure. */
const each = async (who: string[], body: (c: Case) => Promise<void>) => {
  for (const w of who) {
    const c = get(w);
    try {
      await body(c);
    } catch (err) {
      throw new Error(`${c.who}: ${(err as Error).message}`);
    }
  }
};

let serial = 0;
type Registration = BodyOf<typeof api.agentRegister>;
const registration = (over: Partial<Registration> = {}): Registration => {
  serial += 1;
  return {
    username: `sub_${serial}`,
    password: 'sub-agent-password-1',
    endpoint: 'https://sub.example.com',
    games: ['PG'],
    prefix: `s${serial.toString(36).padStart(3, '0')}`,
    code: `SUB-${serial}`,
    agentType: 'SUBAGENT',
    ...over,
  };
};

const sharingOf = async (child: string) =>
  (
    await t.ctx.db
      .select()
      .from(agentSharing)
      .where(eq(agentSharing.agentId, BigInt(child)))
  )[0];

describe('sub-agents: registered under the caller own agent, edited and locked within its scope', () => {
  it('the agent, its SUPERMANAGER and MANAGER register a sub-agent: its parent is their agent, 0 %, from today; one audit record', async () => {
    await each(['own A', 'SUPERMANAGER of A', 'MANAGER of A', 'MANAGER of A1'], async (c) => {
      // A1 offers no games: its sub-agent gets none.
      const games = c.agent === 'A' ? ['PG'] : [];
      const res = await t.api(api.agentRegister, { token: c.token, body: registration({ games }) });
      expect(res.status).toBe(1000);
      const created = res.data as Agent;
      // A sub-agent's secret goes to the sub-agent only (it reads it once it signs in).
      expect(created).not.toHaveProperty('secret');
      expect(created).not.toHaveProperty('apiKeyEncoded');
      // Who registered an agent is staff's to read (the agent side gets null, whoever it was).
      expect(created).toMatchObject({ games, agentType: 'SUBAGENT', createdBy: null });
      expect((await t.ok(api.agentGet, { token: staff, params: { id: created._id } })).createdBy).toBe(
        c.signIn,
      );
      const sharing = await sharingOf(created._id);
      expect(sharing).toMatchObject({
        parentAgentId: BigInt(agents[c.agent]),
        parentBp: 0,
        isDisable: false,
      });
      const versions = await t.ctx.db
        .select()
        .from(agentSharingVersions)
        .where(eq(agentSharingVersions.agentId, BigInt(created._id)));
      expect(versions).toEqual([
        expect.objectContaining({ parentAgentId: BigInt(agents[c.agent]), parentBp: 0, effectiveTo: null }),
      ]);
      expect(versions[0]?.createdBy).toBeNull();
      const audits = await auditsOf('agent', created._id);
      expect(audits).toHaveLength(1);
      expectWrittenBy(audits[0], c, 'create');
      // It is in the caller's downline at once: a player may be created under it.
      const player = await t.api(api.userCreate, {
        token: c.token,
        body: { agent: created._id, username: 'first', betLimit: 1 },
      });
      expect(player.status).toBe(1000);
    });
  });

  it('OPERATOR and REPORTER may not register, edit or lock agents (403); nothing changes', async () => {
    const before = await snapshot();
    for (const who of ['OPERATOR of A', 'REPORTER of A']) {
      const c = get(who);
      const answers = [
        await t.api(api.agentRegister, { token: c.token, body: registration() }),
        await t.api(api.agentUpdate, {
          token: c.token,
          params: { id: agents.A1 },
          body: { endpoint: 'https://x.example.com', games: [], agentType: 'AGENT' },
        }),
        await t.api(api.agentLock, { token: c.token, params: { id: agents.A1 } }),
        await t.api(api.agentUnlock, { token: c.token, params: { id: agents.A1 } }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.status).toBe(3004);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a typed secret and a game the caller agent does not offer are refused; nothing is stored', async () => {
    const before = await snapshot();
    const c = get('own A');
    const secret = await t.api(api.agentRegister, {
      token: c.token,
      body: registration({ secret: 'a-secret-the-parent-would-know-0123456789' }),
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.issues[0]).toMatchObject({ path: 'secret', code: 'not_for_agent_side' });
    const game = await t.api(api.agentRegister, {
      token: c.token,
      body: registration({ games: ['PG', 'SEXY'] }),
    });
    expect(game.status).toBe(2001);
    expect(game.issues[0]).toMatchObject({
      path: 'games.1',
      code: 'game_not_offered',
      params: { game: 'SEXY' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the one name space holds: a staff name or an agent name is taken (2009)', async () => {
    const staffName = 'staff_named_writer';
    await t.addAdmin(staffName, 'REPORTER');
    const before = await snapshot();
    for (const username of [staffName.toUpperCase(), 'wb_sibling']) {
      const res = await t.api(api.agentRegister, {
        token: get('own A').token,
        body: registration({ username }),
      });
      expect(res.status).toBe(2009);
      expect(['sign_in_name_taken', 'username_taken']).toContain(res.issues[0]?.code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('two parallel registrations of one name: one wins, the other is 2009; one agent, one arrangement', async () => {
    const body = registration({ username: 'twin_name' });
    const other = registration({ username: 'TWIN_NAME' });
    const answers = await Promise.all([
      t.api(api.agentRegister, { token: get('own A').token, body }),
      t.api(api.agentRegister, { token: get('SUPERMANAGER of A').token, body: other }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([1000, 2009]);
    const rows = await t.ctx.db.select().from(agentsTable);
    expect(rows.filter((r) => r.username.toLowerCase() === 'twin_name')).toHaveLength(1);
  });

  it('edit, lock and unlock: any agent of the scope but its own; outside it answers as a missing agent', async () => {
    const edit = { endpoint: 'https://edited.example.com', games: ['JILI'], agentType: 'MASTER' as const };
    const missing = {
      edit: await t.api(api.agentUpdate, { token: staff, params: { id: MISSING }, body: edit }),
      lock: await t.api(api.agentLock, { token: staff, params: { id: MISSING } }),
    };
    expect(missing.edit.statusCode).toBe(404);
    const reach: Record<string, Name[]> = {
      'own A': ['A1', 'A11'],
      'SUPERMANAGER of A': ['A1', 'A11'],
      'MANAGER of A': ['A1', 'A11'],
      'MANAGER of A1': ['A11'],
      'SUPERMANAGER of B': [],
    };
    await each(Object.keys(reach), async (c) => {
      for (const n of names) {
        const before = await snapshot();
        const id = agents[n];
        const audited = (await auditsOf('agent', id)).length;
        const answers = {
          edit: await t.api(api.agentUpdate, { token: c.token, params: { id }, body: edit }),
          lock: await t.api(api.agentLock, { token: c.token, params: { id } }),
          unlock: await t.api(api.agentUnlock, { token: c.token, params: { id } }),
        };
        if (reach[c.who]?.includes(n)) {
          expect(answers.edit.status).toBe(1000);
          expect(answers.edit.data).toMatchObject({ _id: id, endpoint: edit.endpoint, agentType: 'MASTER' });
          expect(answers.edit.data).not.toHaveProperty('secret');
          expect(answers.lock.data).toMatchObject({ _id: id, locked: true });
          expect(answers.unlock.data).toMatchObject({ _id: id, locked: false });
          const rows = await auditsOf('agent', id);
          // The first edit changes it; the same edit again changes nothing and is not audited.
          expect(rows.length - audited).toBeGreaterThanOrEqual(2);
          for (const row of rows.slice(audited)) expectWrittenBy(row, c, row.action);
          const after = await snapshot();
          expect(after.agents.filter((a) => a.id !== BigInt(id))).toEqual(
            before.agents.filter((a) => a.id !== BigInt(id)),
          );
        } else if (n === c.agent) {
          for (const res of Object.values(answers)) {
            expect(res.statusCode).toBe(403);
            expect(res.issues[0]?.code).toBe('own_agent_change');
          }
          expect(await snapshot()).toEqual(before);
        } else {
          expect(answers.edit.body).toEqual(missing.edit.body);
          expect(answers.lock.body).toEqual(missing.lock.body);
          expect(answers.unlock.body).toEqual(missing.lock.body);
          expect(await snapshot()).toEqual(before);
        }
      }
    });
  });

  it('an edit may keep a game the sub-agent already has but not add one the caller does not offer', async () => {
    await t.ctx.db
      .update(agentsTable)
      .set({ games: ['SEXY'] })
      .where(eq(agentsTable.id, BigInt(agents.A1)));
    const token = get('own A').token;
    const keep = await t.api(api.agentUpdate, {
      token,
      params: { id: agents.A1 },
      body: { endpoint: 'https://kept.example.com', games: ['SEXY', 'PG'], agentType: 'AGENT' },
    });
    expect(keep.data).toMatchObject({ games: ['SEXY', 'PG'] });
    await t.ctx.db
      .update(agentsTable)
      .set({ games: ['PG'] })
      .where(eq(agentsTable.id, BigInt(agents.A1)));
    const add = await t.api(api.agentUpdate, {
      token,
      params: { id: agents.A1 },
      body: { endpoint: 'https://kept.example.com', games: ['PG', 'SEXY'], agentType: 'AGENT' },
    });
    expect(add.issues[0]).toMatchObject({ code: 'game_not_offered', params: { game: 'SEXY' } });
  });
});

describe("operators: the agent and its SUPERMANAGER manage their own agent's operators", () => {
  type OperatorRegistration = BodyOf<typeof api.agentOperatorRegister>;
  const operator = (agent: string, over: Partial<OperatorRegistration> = {}): OperatorRegistration => {
    serial += 1;
    return { agent, username: `op_${serial}`, password: 'operator-password-1', type: 'OPERATOR', ...over };
  };

  it('register: its own agent only; the downline 403, any other agent as a missing agent; one audit record', async () => {
    const missing = await t.api(api.agentOperatorRegister, { token: staff, body: operator(MISSING) });
    expect(missing.statusCode).toBe(404);
    await each(['own A', 'SUPERMANAGER of A', 'SUPERMANAGER of A1', 'own B'], async (c) => {
      for (const n of names) {
        const before = await snapshot();
        const res = await t.api(api.agentOperatorRegister, { token: c.token, body: operator(agents[n]) });
        const own = n === c.agent;
        const scope: Record<Name, Name[]> = {
          A: ['A', 'A1', 'A11'],
          A1: ['A1', 'A11'],
          B: ['B'],
          R: [],
          A11: [],
        };
        if (own) {
          expect(res.status).toBe(1000);
          const created = res.data as AgentOperator;
          expect(created).toMatchObject({ agent: agents[n], type: 'OPERATOR', locked: false });
          const [row] = await t.ctx.db
            .select()
            .from(agentOperators)
            .where(eq(agentOperators.id, BigInt(created._id)));
          // Someone else chose its password: it changes it at its first sign-in.
          expect(row?.mustChangePassword).toBe(true);
          const audits = await auditsOf('agent-operator', created._id);
          expect(audits).toHaveLength(1);
          expectWrittenBy(audits[0], c, 'create');
        } else if (scope[c.agent].includes(n)) {
          expect(res.statusCode).toBe(403);
          expect(res.issues[0]?.code).toBe('not_own_agent');
          expect(await snapshot()).toEqual(before);
        } else {
          expect(res.body).toEqual(missing.body);
          expect(await snapshot()).toEqual(before);
        }
      }
    });
  });

  it('MANAGER, OPERATOR and REPORTER may not list, register or edit operators (403)', async () => {
    const before = await snapshot();
    const target = await addOperator(t, agents.A, 'target_403', 'REPORTER');
    const mid = await snapshot();
    for (const who of ['MANAGER of A', 'OPERATOR of A', 'REPORTER of A']) {
      const c = get(who);
      for (const res of [
        await t.api(api.agentOperatorList, { token: c.token, body: {} }),
        await t.api(api.agentOperatorRegister, { token: c.token, body: operator(agents.A) }),
        await t.api(api.agentOperatorUpdate, {
          token: c.token,
          params: { id: target },
          body: { type: 'SUPERMANAGER', locked: false },
        }),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(mid);
    expect(mid.operators.length).toBe(before.operators.length + 1);
  });

  it('the list shows its own agent operators only', async () => {
    await each(['own A', 'SUPERMANAGER of A1'], async (c) => {
      const res = await t.ok(api.agentOperatorList, { token: c.token, body: { limit: 100 } });
      expect(res.records.length).toBeGreaterThan(0);
      expect(new Set(res.records.map((r) => r.agent))).toEqual(new Set([agents[c.agent]]));
      // A filter naming another agent finds nothing.
      const other = await t.ok(api.agentOperatorList, { token: c.token, body: { agent: agents.B } });
      expect(other.total).toBe(0);
    });
  });

  it('change type, lock, reset password: its own agent operators; any other answers as a missing operator', async () => {
    const missing = await t.api(api.agentOperatorUpdate, {
      token: staff,
      params: { id: MISSING },
      body: { type: 'OPERATOR', locked: false },
    });
    expect(missing.statusCode).toBe(404);
    const targets = {} as Record<Name, string>;
    for (const n of names)
      targets[n] = await addOperator(t, agents[n], `target_${n.toLowerCase()}`, 'REPORTER');
    await each(['own A', 'SUPERMANAGER of A', 'SUPERMANAGER of A1', 'own B'], async (c) => {
      for (const n of names) {
        const id = targets[n];
        const session = await portalSessionFor(t, agents[n], id);
        const before = await snapshot();
        const type = await t.api(api.agentOperatorUpdate, {
          token: c.token,
          params: { id },
          body: { type: 'MANAGER', locked: false },
        });
        const lock = await t.api(api.agentOperatorUpdate, {
          token: c.token,
          params: { id },
          body: { type: 'MANAGER', locked: true },
        });
        const reset = await t.api(api.agentOperatorUpdate, {
          token: c.token,
          params: { id },
          body: { type: 'REPORTER', locked: false, password: 'a-new-password-42' },
        });
        if (n === c.agent) {
          expect(type.data).toMatchObject({ _id: id, type: 'MANAGER', locked: false });
          expect(lock.data).toMatchObject({ _id: id, locked: true });
          expect(reset.data).toMatchObject({ _id: id, type: 'REPORTER', locked: false });
          const [row] = await t.ctx.db
            .select()
            .from(agentOperators)
            .where(eq(agentOperators.id, BigInt(id)));
          expect(row?.mustChangePassword).toBe(true);
          // The lock ended its session.
          const live = await t.ctx.db
            .select()
            .from(portalSessions)
            .where(and(eq(portalSessions.operatorId, BigInt(id)), isNull(portalSessions.revokedAt)));
          expect(live).toHaveLength(0);
          expect((await t.api(api.self, { token: session, body: {} })).statusCode).toBe(401);
          const audits = await auditsOf('agent-operator', id);
          for (const a of audits.slice(-3)) expectWrittenBy(a, c, 'update');
          await t.ctx.db
            .update(agentOperators)
            .set({ mustChangePassword: false })
            .where(eq(agentOperators.id, BigInt(id)));
        } else {
          for (const res of [type, lock, reset]) expect(res.body).toEqual(missing.body);
          expect(await snapshot()).toEqual(before);
          expect((await t.api(api.self, { token: session, body: {} })).status).toBe(1000);
        }
      }
    });
  });

  it('a SUPERMANAGER never makes, edits or locks a SUPERMANAGER (itself included); the agent may', async () => {
    const superA = get('SUPERMANAGER of A');
    const peer = await addOperator(t, agents.A, 'peer_super', 'SUPERMANAGER');
    const manager = await addOperator(t, agents.A, 'to_raise', 'MANAGER');
    const before = await snapshot();
    for (const res of [
      await t.api(api.agentOperatorRegister, {
        token: superA.token,
        body: operator(agents.A, { type: 'SUPERMANAGER' }),
      }),
      await t.api(api.agentOperatorUpdate, {
        token: superA.token,
        params: { id: superA.operatorId ?? '' },
        body: { type: 'SUPERMANAGER', locked: true },
      }),
      await t.api(api.agentOperatorUpdate, {
        token: superA.token,
        params: { id: superA.operatorId ?? '' },
        body: { type: 'SUPERMANAGER', locked: false, password: 'my-own-new-password-1' },
      }),
      await t.api(api.agentOperatorUpdate, {
        token: superA.token,
        params: { id: peer },
        body: { type: 'REPORTER', locked: false },
      }),
      await t.api(api.agentOperatorUpdate, {
        token: superA.token,
        params: { id: manager },
        body: { type: 'SUPERMANAGER', locked: false },
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.issues[0]).toMatchObject({
        code: 'operator_type_forbidden',
        params: { actorType: 'SUPERMANAGER', type: 'SUPERMANAGER' },
      });
    }
    expect(await snapshot()).toEqual(before);
    const raised = await t.ok(api.agentOperatorUpdate, {
      token: get('own A').token,
      params: { id: manager },
      body: { type: 'SUPERMANAGER', locked: false },
    });
    expect(raised.type).toBe('SUPERMANAGER');
  });

  it('two parallel registrations of one operator name: one wins, the other is refused; one row', async () => {
    const body = operator(agents.A, { username: 'twin_desk' });
    const answers = await Promise.all([
      t.api(api.agentOperatorRegister, { token: get('own A').token, body }),
      t.api(api.agentOperatorRegister, { token: get('SUPERMANAGER of A').token, body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([1000, 2009]);
    const rows = await t.ctx.db
      .select()
      .from(agentOperators)
      .where(and(eq(agentOperators.agentId, BigInt(agents.A)), eq(agentOperators.username, 'twin_desk')));
    expect(rows).toHaveLength(1);
  });

  it('deleting an operator stays staff-only (403)', async () => {
    const target = await addOperator(t, agents.A, 'not_deleted', 'REPORTER');
    const res = await t.api(api.agentOperatorDelete, { token: get('own A').token, params: { id: target } });
    expect(res.statusCode).toBe(403);
  });
});

describe('sharing of own sub-agents: the agent side asks, staff approves', () => {
  const update = (token: string, child: Name, over: Partial<BodyOf<typeof api.agentSharingUpdate>> = {}) =>
    sharingOf(agents[child]).then((row) =>
      t.api(api.agentSharingUpdate, {
        token,
        params: { id: String(row?.id) },
        body: {
          agent: String(row?.agentId),
          parentAgent: String(row?.parentAgentId),
          parentPercentage: 12.5,
          ...over,
        },
      }),
    );

  it('the list shows the arrangements below the caller agent only', async () => {
    await each(['own A', 'SUPERMANAGER of A1', 'own B'], async (c) => {
      const res = await t.ok(api.agentSharingList, { token: c.token, body: { limit: 100 } });
      const scope: Record<Name, Name[]> = {
        A: ['A', 'A1', 'A11'],
        A1: ['A1', 'A11'],
        B: ['B'],
        R: [],
        A11: [],
      };
      const ids = scope[c.agent].map((n) => agents[n]);
      for (const r of res.records) expect(ids).toContain(r.parentAgent);
      expect(res.records.some((r) => r.agent === agents[c.agent])).toBe(false);
    });
  });

  it('a percentage change of an own sub-agent waits for staff, named by the sign-in name; staff approve it', async () => {
    const c = get('SUPERMANAGER of A');
    const before = await sharingOf(agents.A1);
    const res = await update(c.token, 'A1');
    expect(res.status).toBe(1000);
    expect(res.data).toMatchObject({ parentPercentage: (before?.parentBp ?? 0) / 100 });
    const approvalId = res.data?.pendingApproval;
    expect(approvalId).toBeDefined();
    expect(res.data?.pendingChange).toMatchObject({ parentPercentage: 12.5 });
    // Unchanged until approved.
    expect(await sharingOf(agents.A1)).toEqual(before);
    const requests = await auditsOf('approval', approvalId ?? '');
    expect(requests).toHaveLength(1);
    expectWrittenBy(requests[0], c, 'request');
    const listed = await t.ok(api.approvalList, { token: admin, body: { status: 'pending' } });
    const mine = listed.records.find((a) => a._id === approvalId);
    expect(mine).toMatchObject({ requestedByUsername: c.signIn, kind: 'sharing-change' });
    expect(mine).not.toHaveProperty('requestedBy');
    // A second request while one waits: 409.
    const again = await update(get('own A').token, 'A1', { parentPercentage: 20 });
    expect(again.issues[0]?.code).toBe('sharing_change_pending');
    const approved = await t.ok(api.approvalApprove, {
      token: admin,
      params: { id: approvalId ?? '' },
      body: {},
    });
    expect(approved.status).toBe('approved');
    expect((await sharingOf(agents.A1))?.parentBp).toBe(1250);
  });

  it('two parallel requests for one arrangement: one waits for approval, the other is 409', async () => {
    const sub = await t.ok(api.agentRegister, { token: get('own A').token, body: registration() });
    const arrangement = await sharingOf(sub._id);
    const pair = await Promise.all(
      [get('own A'), get('SUPERMANAGER of A')].map((c, i) =>
        t.api(api.agentSharingUpdate, {
          token: c.token,
          params: { id: String(arrangement?.id) },
          body: { agent: sub._id, parentAgent: agents.A, parentPercentage: 31 + i },
        }),
      ),
    );
    expect(pair.map((a) => a.status).sort()).toEqual([1000, 2009]);
    expect(pair.find((a) => a.status === 2009)?.issues[0]?.code).toBe('sharing_change_pending');
    const row = await sharingOf(sub._id);
    const pending = await t.ctx.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.target, String(row?.id)), eq(approvals.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('the same percentage changes nothing; a different parent, agent or settlement option is refused', async () => {
    const token = get('own A').token;
    const before = await snapshot();
    const same = await update(token, 'A1');
    expect(same.status).toBe(1000);
    expect(same.data?.pendingApproval).toBeUndefined();
    expect(await snapshot()).toEqual(before);
    for (const over of [{ parentAgent: agents.B }, { agent: agents.A11 }, { settleEachPeriod: true }]) {
      const res = await update(token, 'A1', { ...over, parentPercentage: 30 });
      expect(res.statusCode).toBe(400);
      expect(res.issues[0]?.code).toBe('not_for_agent_side');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('its own arrangement, a sibling one and a missing one answer alike (404); a deeper one 403; MANAGER 403', async () => {
    const missing = await t.api(api.agentSharingUpdate, {
      token: staff,
      params: { id: MISSING },
      body: { agent: agents.A, parentAgent: agents.R, parentPercentage: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const before = await snapshot();
    for (const c of [get('own A'), get('SUPERMANAGER of A')]) {
      for (const child of ['A', 'B'] as const) {
        expect((await update(c.token, child, { parentPercentage: 1 })).body).toEqual(missing.body);
      }
      const deeper = await update(c.token, 'A11', { parentPercentage: 1 });
      expect(deeper.statusCode).toBe(403);
      expect(deeper.issues[0]?.code).toBe('not_own_sub_agent');
    }
    // A child's SUPERMANAGER reaching up to its parent's arrangement.
    expect((await update(get('SUPERMANAGER of A1').token, 'A1', { parentPercentage: 1 })).body).toEqual(
      missing.body,
    );
    expect((await update(get('SUPERMANAGER of B').token, 'A1', { parentPercentage: 1 })).body).toEqual(
      missing.body,
    );
    for (const who of ['MANAGER of A', 'OPERATOR of A', 'REPORTER of A']) {
      expect((await update(get(who).token, 'A1', { parentPercentage: 1 })).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('create, disable, enable and the approvals stay staff-only (403)', async () => {
    const row = await sharingOf(agents.A1);
    const token = get('own A').token;
    for (const res of [
      await t.api(api.agentSharingCreate, {
        token,
        body: { agent: agents.A11, parentAgent: agents.A, parentPercentage: 1 },
      }),
      await t.api(api.agentSharingDisable, { token, params: { id: String(row?.id) }, body: {} }),
      await t.api(api.agentSharingEnable, { token, params: { id: String(row?.id) }, body: {} }),
      await t.api(api.approvalList, { token, body: {} }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('hostile values never 500', () => {
  const hostile = [
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '9223372036854775808',
    '-0',
    '1e309',
    'é'.repeat(100_000),
  ];

  it('in every write route open to the agent side', async () => {
    const token = get('own A').token;
    const sharing = await sharingOf(agents.A1);
    for (const v of hostile) {
      // A lone surrogate cannot be put in a URL at all: path parameters get the rest.
      const p = /[\ud800-\udfff]/.test(v) ? '\u0000' : v;
      const answers = [
        await t.api(api.agentRegister, {
          token,
          body: registration({ username: v, prefix: v.slice(0, 10), code: v, endpoint: v }),
        }),
        await t.api(api.agentUpdate, {
          token,
          params: { id: p },
          body: { endpoint: v, games: [v], agentType: 'AGENT' },
        }),
        await t.api(api.agentLock, { token, params: { id: p } }),
        await t.api(api.agentOperatorRegister, {
          token,
          body: { agent: v, username: v, password: v, type: 'OPERATOR' },
        }),
        await t.api(api.agentOperatorUpdate, {
          token,
          params: { id: p },
          body: { type: 'OPERATOR', locked: false },
        }),
        await t.api(api.agentSharingUpdate, {
          token,
          params: { id: String(sharing?.id) },
          body: { agent: v, parentAgent: v, parentPercentage: 1 },
        }),
        await t.api(api.agentSharingUpdate, {
          token,
          params: { id: p },
          body: { agent: agents.A1, parentAgent: agents.A, parentPercentage: 1 },
        }),
      ];
      for (const res of answers)
        expect(res.statusCode, JSON.stringify(res.body).slice(0, 200)).toBeLessThan(500);
    }
    for (const pct of [Number.MAX_VALUE, -0, 2 ** 63, Number.MIN_VALUE]) {
      const res = await t.api(api.agentSharingUpdate, {
        token,
        params: { id: String(sharing?.id) },
        body: { agent: agents.A1, parentAgent: agents.A, parentPercentage: pct },
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('staff keep their rights', () => {
  it('staff edit and lock every agent, link agents and change percentages directly', async () => {
    for (const n of names) {
      const res = await t.api(api.agentLock, { token: staff, params: { id: agents[n] } });
      expect(res.status).toBe(1000);
      await t.ok(api.agentUnlock, { token: staff, params: { id: agents[n] } });
    }
    const extra = await addAgent(t, 'staff_extra', 'wx');
    await linkToParent(t, extra, agents.B);
  });
});

describe('agent-side sessions: listed and ended by their own account only', () => {
  it('lists its own live sessions (this one first), ends one and the others; another account session answers as missing', async () => {
    const agentB = await addAgent(t, 'ws_sessions', 'ws');
    const opId = await addOperator(t, agentB, 'sess_op', 'OPERATOR');
    const current = await portalSessionFor(t, agentB, opId);
    const second = await portalSessionFor(t, agentB, opId);
    const third = await portalSessionFor(t, agentB, opId);
    const agentOwn = await portalSessionFor(t, agentB);
    const stranger = await portalSessionFor(t, agents.A);
    const list = await t.ok(api.sessionList, { token: current, body: {} });
    expect(list.total).toBe(3);
    expect(list.records[0]).toMatchObject({ current: true, username: 'sess_op@ws', adminId: opId });
    const sessionIdOf = async (token: string) =>
      (await t.ok(api.sessionList, { token, body: {} })).records.find((r) => r.current)?._id ?? '';
    const missing = await t.api(api.sessionEnd, { token: staff, params: { id: MISSING } });
    expect(missing.statusCode).toBe(404);
    // The agent's own account and a stranger's session: neither is this operator's.
    for (const other of [agentOwn, stranger]) {
      const res = await t.api(api.sessionEnd, { token: current, params: { id: await sessionIdOf(other) } });
      expect(res.body).toEqual(missing.body);
      expect((await t.api(api.self, { token: other, body: {} })).status).toBe(1000);
    }
    await t.ok(api.sessionEnd, { token: current, params: { id: await sessionIdOf(second) } });
    expect((await t.api(api.self, { token: second, body: {} })).statusCode).toBe(401);
    expect(await t.ok(api.sessionEndOthers, { token: current, body: {} })).toEqual({ ended: 1 });
    expect((await t.api(api.self, { token: third, body: {} })).statusCode).toBe(401);
    expect((await t.api(api.self, { token: current, body: {} })).status).toBe(1000);
    expect((await t.api(api.self, { token: agentOwn, body: {} })).status).toBe(1000);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, 'sess_op@ws'))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['session-end', 'sessions-end-others']);
  });
});
