import { api, Status } from '@sapi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { createSession, liveSession, MAX_LIVE_SESSIONS } from '../../core/session-store.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { USER_FREE_FAILURES } from './throttle.ts';

/**
 * At most MAX_LIVE_SESSIONS live sessions per account (issue 38, docs/design.md §7): a sign-in beyond it ends
 * the least recently used in its own transaction, audited, and the ended token is refused at once,
 * even where it was remembered. Both lists of sessions are paged like every list.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const account = async (tag: string) => {
  const name = `${tag}_${++n}`;
  const id = await t.addAdmin(name, 'OPERATOR');
  return { name, id };
};
const self = async (token: string) => (await t.api(api.self, { token })).status;
const liveOf = async (adminId: string) =>
  (
    await t.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.adminId, BigInt(adminId)), liveSession(t.clock.now())))
  ).length;
/** Sign in `count` times, a second apart (each a later last use than the one before). */
const signIns = async (username: string, count: number) => {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push(await t.login(username));
    t.clock.advance(1000);
  }
  return tokens;
};

describe('live sessions per account', () => {
  it(`N+5 sign-ins leave N = ${MAX_LIVE_SESSIONS} live; the 5 least recently used are refused at once and audited`, async () => {
    const a = await account('cap');
    const first = await t.login(a.name);
    t.clock.advance(1000);
    // Remembered by this process (two answers), so the refusal below must not come from memory.
    expect(await self(first)).toBe(Status.OK);
    expect(await self(first)).toBe(Status.OK);
    const rest = await signIns(a.name, MAX_LIVE_SESSIONS + 4);
    const tokens = [first, ...rest];

    expect(await liveOf(a.id)).toBe(MAX_LIVE_SESSIONS);
    const answers = [];
    for (const token of tokens) answers.push(await self(token));
    expect(answers).toEqual([
      ...Array.from({ length: 5 }, () => Status.UNAUTHENTICATED),
      ...Array.from({ length: MAX_LIVE_SESSIONS }, () => Status.OK),
    ]);

    // One `session-end` record per sign-in that ended one, by the account itself, with the reason.
    const ended = await t.ctx.db
      .select({ actor: auditLog.actor, entityId: auditLog.entityId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session-end'), sql`${auditLog.after}->>'adminId' = ${a.id}`));
    expect(ended).toHaveLength(5);
    for (const record of ended) {
      expect(record.actor).toBe(a.name);
      expect(record.after).toEqual({ adminId: a.id, reason: 'session-limit', limit: MAX_LIVE_SESSIONS });
    }
  });

  it('ends the least recently used, not the first made: a session in use stays', async () => {
    const a = await account('lru');
    const tokens = await signIns(a.name, MAX_LIVE_SESSIONS);
    // The first one used again (its last use is written every 30 s of use).
    t.clock.advance(31_000);
    expect(await self(tokens[0] ?? '')).toBe(Status.OK);
    await t.login(a.name);
    expect(await self(tokens[0] ?? '')).toBe(Status.OK);
    expect(await self(tokens[1] ?? '')).toBe(Status.UNAUTHENTICATED);
    expect(await liveOf(a.id)).toBe(MAX_LIVE_SESSIONS);
  });

  it('parallel sign-ins of one account, 5 at a time from 8 live, never leave more than N live', async () => {
    const a = await account('par');
    await signIns(a.name, 8);
    const tokens: string[] = [];
    // Five at once: the username's throttle admits five attempts in flight (USER_FREE_FAILURES).
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all(
        Array.from({ length: USER_FREE_FAILURES }, () =>
          t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(Status.OK);
        tokens.push(answer.data?.token ?? '');
      }
      expect(await liveOf(a.id)).toBe(MAX_LIVE_SESSIONS);
    }
    // The last wave's five are the newest: they stand.
    for (const token of tokens.slice(-USER_FREE_FAILURES)) expect(await self(token)).toBe(Status.OK);
  });

  it('MAX_SESSIONS_PER_ACCOUNT sets the cap: at 3, five sign-ins leave the three most recent, audited with that limit', async () => {
    const small = await createTestApp({ MAX_SESSIONS_PER_ACCOUNT: 3 });
    try {
      const name = 'capthree';
      const id = await small.addAdmin(name, 'OPERATOR');
      const tokens: string[] = [];
      for (let i = 0; i < 5; i++) {
        tokens.push(await small.login(name));
        small.clock.advance(1000);
      }
      const answers = [];
      for (const token of tokens) answers.push((await small.api(api.self, { token })).status);
      expect(answers).toEqual([
        Status.UNAUTHENTICATED,
        Status.UNAUTHENTICATED,
        Status.OK,
        Status.OK,
        Status.OK,
      ]);
      const records = await small.ctx.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'session-end'), eq(auditLog.actorId, BigInt(id))));
      expect(records.map((r) => (r.after as { limit?: number }).limit)).toEqual([3, 3]);
    } finally {
      await small.close();
    }
  });

  it('30 sessions started at once in parallel transactions leave N live', async () => {
    const a = await account('race');
    const adminId = BigInt(a.id);
    const tokens = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.ctx.db.transaction((tx) => createSession(tx, adminId, '192.0.2.1', t.clock.now())),
      ),
    );
    expect(await liveOf(a.id)).toBe(MAX_LIVE_SESSIONS);
    let standing = 0;
    for (const token of tokens) if ((await self(token)) === Status.OK) standing++;
    expect(standing).toBe(MAX_LIVE_SESSIONS);
  });
});

describe('the session lists are paged', () => {
  it("one's own and a SUPERADMIN's: page size, next page and total, this session first in one's own", async () => {
    const a = await account('pages');
    const tokens = await signIns(a.name, MAX_LIVE_SESSIONS);
    const mine = tokens[3] ?? '';
    const page1 = await t.ok(api.sessionList, { token: mine, body: { page: 1, limit: 4 } });
    expect(page1).toMatchObject({ page: 1, limit: 4, total: MAX_LIVE_SESSIONS });
    expect(page1.records).toHaveLength(4);
    expect(page1.records[0]?.current).toBe(true);
    const page2 = await t.ok(api.sessionList, { token: mine, body: { page: 2, limit: 4 } });
    const page3 = await t.ok(api.sessionList, { token: mine, body: { page: 3, limit: 4 } });
    expect(page2.records).toHaveLength(4);
    expect(page3.records).toHaveLength(2);
    const ids = [...page1.records, ...page2.records, ...page3.records].map((s) => s._id);
    expect(new Set(ids).size).toBe(MAX_LIVE_SESSIONS);
    expect([...page2.records, ...page3.records].some((s) => s.current)).toBe(false);
    // Without paging fields: the contract's defaults (page 1, 20 a page).
    expect(await t.ok(api.sessionList, { token: mine })).toMatchObject({ page: 1, limit: 20, total: 10 });
    const refused = await t.api(api.sessionList, { token: mine, body: { page: 1, limit: 101 } });
    expect(refused.statusCode).toBe(400);

    // A SUPERADMIN's list of the same account, and of every account, pages alike.
    const sa = await t.sessionFor('SUPERADMIN');
    const body = { adminId: a.id, limit: 3 };
    const all1 = await t.ok(api.sessionListAll, { token: sa, body: { ...body, page: 1 } });
    const all4 = await t.ok(api.sessionListAll, { token: sa, body: { ...body, page: 4 } });
    expect(all1).toMatchObject({ page: 1, limit: 3, total: MAX_LIVE_SESSIONS });
    expect(all1.records).toHaveLength(3);
    expect(all4.records).toHaveLength(1);
    expect(all1.records.every((s) => s.username === a.name)).toBe(true);
    const everyone = await t.ok(api.sessionListAll, { token: sa, body: { page: 2, limit: 2 } });
    expect(everyone).toMatchObject({ page: 2, limit: 2 });
    expect(everyone.records).toHaveLength(2);
    expect(everyone.total).toBeGreaterThan(MAX_LIVE_SESSIONS);
  });
});
