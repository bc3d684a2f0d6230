import { PGlite } from '@electric-sql/pglite';
import { api, Status } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { type Db, queryRows } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { agentOperators, agentSharingVersions, agents, portalSessions } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/lib/tokens.ts';
import { callRoute } from './calls.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addAgent, addOperator, linkToParent, portalSessionFor } from './portal.ts';

/*
 * docs/design.md §16: a server keeps an agent-side session it looked up in memory while the agent
 * side's counter (`portal_auth_epoch`, migration 0051) reads the same, and reads the counter on every
 * request. These tests change the database as another process would — straight to the tables, or
 * through a second server on the same database — and expect the very next request of a session
 * remembered by the first server to see it.
 */

let t: TestApp;
/** A second server on the same database, with a memory of its own (another process). */
let other: FastifyInstance;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  const client = (t.ctx.db as unknown as { $client: object }).$client;
  const db = (client instanceof PGlite
    ? drizzlePglite(client, { schema })
    : drizzlePg(client as pg.Pool, { schema })) as unknown as Db;
  const ctx: AppContext = { ...t.ctx, db };
  other = await buildApp({ ctx, webRoot: '/nonexistent', logger: false });
  await other.ready();
  staff = await t.sessionFor('ADMIN');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const epoch = async () =>
  (await queryRows<{ n: string }>(t.ctx.db, sql`select n::text as n from portal_auth_epoch where id = 1`))[0]
    ?.n;
const self = (token: string) => t.api(api.self, { token, body: {} });
/** Answered twice: the second answer came from memory. */
const remembered = async (token: string) => {
  expect((await self(token)).status).toBe(1000);
  expect((await self(token)).status).toBe(1000);
  return token;
};
/** The agent ids of the account's scope, as its agent list answers them. */
const listed = async (token: string) => {
  const res = await t.api(api.agentList, { token, body: { limit: 100 } });
  if (res.status !== 1000) return res.status;
  return (res.body as { data: { records: { _id: string }[] } }).data.records.map((r) => r._id).sort();
};
/** Write without the counter's triggers, as if this change were none the counter follows. */
const unseen = (change: string) =>
  t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(change));
  });

let n = 0;
const names = () => {
  n += 1;
  return { username: `pc_agent_${n}`, prefix: `pc${n}x` };
};
const newAgent = async (parent?: string) => {
  const { username, prefix } = names();
  return addAgent(t, username, prefix, parent ? { parent } : {});
};

/**
 * On Citus no agent-side session is kept in memory and agents and operators (reference tables) carry
 * no counter trigger (migrations 0051/0052, docs/design.md §16): the two tests of the memory itself run
 * on PGlite and PostgreSQL; every test of what a request sees runs on Citus too.
 */
const memoryKept = process.env.TEST_ENGINE !== 'citus';

describe('the agent-side session kept in memory', () => {
  it.runIf(memoryKept)(
    'moves the counter on every change a look-up reads, once per transaction, not on touching last_seen_at',
    async () => {
      const agent = await newAgent();
      const child = await newAgent();
      const operator = await addOperator(t, agent, 'pc_counter_op', 'REPORTER');
      const token = await portalSessionFor(t, agent);
      const spare = await portalSessionFor(t, agent, operator);
      const session = eq(portalSessions.tokenHash, sha256Hex(token));
      const agentRow = eq(agents.id, BigInt(agent));
      const operatorRow = eq(agentOperators.id, BigInt(operator));
      const db = t.ctx.db;
      const cases: [string, () => Promise<unknown>][] = [
        ['session re-dated', () => db.update(portalSessions).set({ expiresAt: new Date() }).where(session)],
        ['session verified', () => db.update(portalSessions).set({ verifiedAt: new Date() }).where(session)],
        ['session ended', () => db.update(portalSessions).set({ revokedAt: new Date() }).where(session)],
        [
          'live session deleted',
          () => db.delete(portalSessions).where(eq(portalSessions.tokenHash, sha256Hex(spare))),
        ],
        ['agent locked', () => db.update(agents).set({ locked: true }).where(agentRow)],
        ['agent unlocked', () => db.update(agents).set({ locked: false }).where(agentRow)],
        ['agent password', () => db.update(agents).set({ passwordHash: 'x' }).where(agentRow)],
        ['agent must change', () => db.update(agents).set({ mustChangePassword: true }).where(agentRow)],
        [
          'agent second factor types',
          () =>
            db
              .update(agents)
              .set({ operatorTotpTypes: ['REPORTER'] })
              .where(agentRow),
        ],
        [
          'agent sign-in addresses',
          () =>
            db
              .update(agents)
              .set({ signInIps: ['192.0.2.1'] })
              .where(agentRow),
        ],
        ['agent second factor', () => db.update(agents).set({ totpSecret: 'sealed' }).where(agentRow)],
        ['agent added', () => newAgent()],
        ['operator added', () => addOperator(t, agent, 'pc_counter_op2', 'MANAGER')],
        ['operator type', () => db.update(agentOperators).set({ type: 'MANAGER' }).where(operatorRow)],
        ['operator locked', () => db.update(agentOperators).set({ locked: true }).where(operatorRow)],
        ['operator password', () => db.update(agentOperators).set({ passwordHash: 'x' }).where(operatorRow)],
        [
          'operator second factor',
          () => db.update(agentOperators).set({ totpSecret: 's' }).where(operatorRow),
        ],
        [
          'operator second factor reset',
          () => db.update(agentOperators).set({ totpSecret: null }).where(operatorRow),
        ],
        [
          'operator deleted',
          () => db.update(agentOperators).set({ deletedAt: new Date() }).where(operatorRow),
        ],
        ['operator removed', () => db.delete(agentOperators).where(operatorRow)],
        ['sharing version added', () => linkToParent(t, child, agent)],
        [
          'sharing version ended',
          () =>
            db
              .update(agentSharingVersions)
              .set({ effectiveTo: '2026-06-01' })
              .where(eq(agentSharingVersions.agentId, BigInt(child))),
        ],
        [
          'sharing version removed',
          () => db.delete(agentSharingVersions).where(eq(agentSharingVersions.agentId, BigInt(child))),
        ],
      ];
      for (const [what, change] of cases) {
        const before = await epoch();
        await change();
        expect(await epoch(), what).not.toBe(before);
      }
      // Neither touching last_seen_at nor the last accepted second-factor step (every two-factor sign-in).
      const before = await epoch();
      await db.update(portalSessions).set({ lastSeenAt: new Date() });
      await db.update(agents).set({ totpLastStep: 123 }).where(agentRow);
      await db.update(agentOperators).set({ totpLastStep: 123 });
      expect(await epoch()).toBe(before);
      // Many changes in one transaction advance it once (at the commit).
      await db.transaction(async (tx) => {
        await tx.update(agents).set({ locked: true }).where(agentRow);
        await tx.update(agents).set({ locked: false }).where(agentRow);
        await tx.update(portalSessions).set({ revokedAt: new Date() });
      });
      expect(BigInt((await epoch()) ?? '0')).toBe(BigInt(before ?? '0') + 1n);
    },
  );

  it.runIf(memoryKept)(
    'answers from memory while the counter stays, and from the database once it moves',
    async () => {
      const agent = await newAgent();
      const token = await remembered(await portalSessionFor(t, agent));
      // A change no trigger saw: the remembered session still stands (so it did come from memory) …
      await unseen(`update agents set locked = true where id = ${agent}`);
      expect((await self(token)).status).toBe(1000);
      // … until the counter moves for any reason (here another agent's row).
      await newAgent();
      expect((await self(token)).statusCode).toBe(401);
    },
  );

  it("refuses a remembered session at the next request once its agent is locked, on another server's write", async () => {
    const agent = await newAgent();
    const operator = await addOperator(t, agent, 'pc_lock_op', 'MANAGER');
    const own = await remembered(await portalSessionFor(t, agent));
    const op = await remembered(await portalSessionFor(t, agent, operator));
    const res = await callRoute(other, api.agentLock, { token: staff, params: { id: agent } });
    expect(res.status).toBe(1000);
    expect((await self(own)).statusCode).toBe(401);
    expect((await self(op)).statusCode).toBe(401);
    // Unlocked: both stand again (nothing ended them).
    expect((await callRoute(other, api.agentUnlock, { token: staff, params: { id: agent } })).status).toBe(
      1000,
    );
    expect((await self(own)).status).toBe(1000);
    expect((await self(op)).status).toBe(1000);
  });

  it("follows an operator's type, lock and deletion, and a forced password change, at the next request", async () => {
    const agent = await newAgent();
    const operator = await addOperator(t, agent, 'pc_type_op', 'REPORTER');
    const token = await remembered(await portalSessionFor(t, agent, operator));
    const row = eq(agentOperators.id, BigInt(operator));
    const type = async () => ((await self(token)).body as { data: { type: string } }).data.type;
    expect(await type()).toBe('REPORTER');
    await t.ctx.db.update(agentOperators).set({ type: 'MANAGER' }).where(row);
    expect(await type()).toBe('MANAGER');
    await t.ctx.db.update(agentOperators).set({ mustChangePassword: true }).where(row);
    expect(await listed(token)).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    await t.ctx.db.update(agentOperators).set({ mustChangePassword: false }).where(row);
    expect(Array.isArray(await listed(token))).toBe(true);
    // Its agent now requires two-factor sign-in of managers: enrol before anything else.
    await t.ctx.db
      .update(agents)
      .set({ operatorTotpTypes: ['MANAGER'] })
      .where(eq(agents.id, BigInt(agent)));
    expect(await listed(token)).toBe(Status.SECOND_FACTOR_ENROLMENT_REQUIRED);
    await t.ctx.db
      .update(agents)
      .set({ operatorTotpTypes: [] })
      .where(eq(agents.id, BigInt(agent)));
    expect(Array.isArray(await listed(token))).toBe(true);
    await t.ctx.db.update(agentOperators).set({ locked: true }).where(row);
    expect((await self(token)).statusCode).toBe(401);
    await t.ctx.db.update(agentOperators).set({ locked: false }).where(row);
    expect((await self(token)).status).toBe(1000);
    await t.ctx.db.update(agentOperators).set({ deletedAt: t.clock.now() }).where(row);
    expect((await self(token)).statusCode).toBe(401);
  });

  it('moves an agent out of a remembered scope at the next request when the tree changes, or the day', async () => {
    const start = t.clock.now().getTime();
    // 23:50 in Bangkok (the report time zone): the session lives on past midnight.
    t.clock.set('2026-11-01T16:50:00.000Z');
    const top = await newAgent();
    const child = await newAgent(top);
    const grandchild = await newAgent(child);
    const token = await portalSessionFor(t, top);
    expect(await listed(token)).toEqual([top, child, grandchild].sort());
    expect(await listed(token)).toEqual([top, child, grandchild].sort());
    // The grandchild's arrangement ends (a sharing write far from the top's rows).
    await t.ctx.db
      .update(agentSharingVersions)
      .set({ effectiveTo: sql`${agentSharingVersions.effectiveFrom}` })
      .where(eq(agentSharingVersions.agentId, BigInt(grandchild)));
    expect(await listed(token)).toEqual([top, child].sort());
    // A version that starts tomorrow: not in scope today; after midnight it is, with no write between.
    const [version] = await t.ctx.db
      .select({ sharingId: agentSharingVersions.sharingId })
      .from(agentSharingVersions)
      .where(eq(agentSharingVersions.agentId, BigInt(grandchild)));
    if (!version) throw new Error('no version');
    await t.ctx.db.insert(agentSharingVersions).values({
      sharingId: version.sharingId,
      agentId: BigInt(grandchild),
      parentAgentId: BigInt(child),
      parentBp: 1000,
      effectiveFrom: '2026-11-02',
      effectiveTo: null,
    });
    expect(await listed(token)).toEqual([top, child].sort());
    expect(await listed(token)).toEqual([top, child].sort());
    t.clock.advance(15 * 60_000);
    expect(await listed(token)).toEqual([top, child, grandchild].sort());
    t.clock.set(new Date(start).toISOString());
  });

  it('refuses a remembered session ended on another server at the next request (sign-out, ended by others)', async () => {
    const agent = await newAgent();
    const first = await remembered(await portalSessionFor(t, agent));
    const second = await remembered(await portalSessionFor(t, agent));
    const third = await remembered(await portalSessionFor(t, agent));
    expect((await callRoute(other, api.logout, { token: first, body: {} })).status).toBe(1000);
    expect((await self(first)).statusCode).toBe(401);
    expect((await self(second)).status).toBe(1000);
    const ended = await callRoute(other, api.sessionEndOthers, { token: second, body: {} });
    expect(ended.status).toBe(1000);
    expect((await self(third)).statusCode).toBe(401);
    expect((await self(second)).status).toBe(1000);
  });

  it('still ends a remembered session by the clock (idle, absolute) and keeps its last use current', async () => {
    const start = t.clock.now().getTime();
    const agent = await newAgent();
    const token = await remembered(await portalSessionFor(t, agent));
    const lastSeen = async () =>
      (
        await t.ctx.db
          .select({ at: portalSessions.lastSeenAt })
          .from(portalSessions)
          .where(eq(portalSessions.tokenHash, sha256Hex(token)))
      )[0]?.at.getTime();
    // Used every 20 minutes: the touch is written, so it never goes idle, until its absolute expiry
    // (portalSessionFor: an hour).
    for (let i = 0; i < 2; i++) {
      t.clock.advance(20 * 60_000);
      expect((await self(token)).status).toBe(1000);
      expect(await lastSeen()).toBe(t.clock.now().getTime());
    }
    t.clock.advance(20 * 60_000 + 1);
    expect((await self(token)).statusCode).toBe(401);
    // Idle: 30 minutes without a request.
    const idle = await remembered(await portalSessionFor(t, agent));
    t.clock.advance(30 * 60_000);
    expect((await self(idle)).statusCode).toBe(401);
    t.clock.set(new Date(start).toISOString());
  });

  it("never lets a remembered session serve another token, nor a second agent's session the first's scope", async () => {
    const first = await newAgent();
    const firstChild = await newAgent(first);
    const second = await newAgent();
    const a = await remembered(await portalSessionFor(t, first));
    const b = await remembered(await portalSessionFor(t, second));
    expect(await listed(a)).toEqual([first, firstChild].sort());
    expect(await listed(b)).toEqual([second]);
    // The first agent's subtree moves under the second: each sees the tree as it is now.
    await t.ctx.db
      .update(agentSharingVersions)
      .set({ parentAgentId: BigInt(second) })
      .where(eq(agentSharingVersions.agentId, BigInt(firstChild)));
    expect(await listed(a)).toEqual([first]);
    expect(await listed(b)).toEqual([second, firstChild].sort());
    expect((await self('not-a-token')).statusCode).toBe(401);
  });
});
