import { api } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { resolveSession } from '../../core/session-store.ts';
import { queryRows } from '../../db/client.ts';
import { admins, sessions, totpRequiredTypes } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/tokens.ts';

/**
 * A server keeps a session it looked up in memory while the counters of its account stay where they
 * were — the global `auth_epoch` (migration 0019) and the account's own (`account_auth_epoch`,
 * migration 0039) — and reads them on every request. These tests write straight to the
 * tables — as another process, a second server or an operator would — and expect the very next
 * request to see it. The two-process proof is in test/reliability/scale-out.postgres.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The counters a remembered session of this account is checked against, as `global:account`. */
const epoch = async (username: string) =>
  (
    await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select (select n from auth_epoch where id = 1) || ':' || coalesce((select e.n from account_auth_epoch e join admins a on a.id = e.admin_id where a.username = ${username}), 0) as n`,
    )
  )[0]?.n;
const self = (token: string) => t.api(api.self, { token });
/** Signed in, and looked up twice: the second answer came from memory. */
const remembered = async (username: string) => {
  await t.addAdmin(username, 'OPERATOR');
  const token = await t.login(username);
  expect((await self(token)).status).toBe(1000);
  expect((await self(token)).status).toBe(1000);
  return token;
};
const sessionOf = (token: string) => eq(sessions.tokenHash, sha256Hex(token));

describe('the session look-up kept in memory', () => {
  it("moves the account's counters on every change a look-up reads, not on touching last_seen_at", async () => {
    const token = await remembered('sc_counter');
    // A live one to delete (deleting a row already revoked changes no look-up: its revocation did).
    const spare = await t.login('sc_counter');
    const cases: [string, () => Promise<unknown>][] = [
      [
        'session re-dated',
        () => t.ctx.db.update(sessions).set({ expiresAt: new Date() }).where(sessionOf(token)),
      ],
      [
        'session verified',
        () => t.ctx.db.update(sessions).set({ verifiedAt: new Date() }).where(sessionOf(token)),
      ],
      [
        'session revoked',
        () => t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(token)),
      ],
      ['live session deleted', () => t.ctx.db.delete(sessions).where(sessionOf(spare))],
      [
        'account changed',
        () =>
          t.ctx.db
            .update(admins)
            .set({ allowedIps: ['192.0.2.0/24'] })
            .where(eq(admins.username, 'sc_counter')),
      ],
      ['second factor required', () => t.ctx.db.insert(totpRequiredTypes).values({ type: 'REPORTER' })],
      ['second factor list changed', () => t.ctx.db.delete(totpRequiredTypes)],
    ];
    for (const [what, change] of cases) {
      const before = await epoch('sc_counter');
      await change();
      expect(await epoch('sc_counter'), what).not.toBe(before);
    }
    // Neither touching last_seen_at nor the address every sign-in writes on the account's row.
    const before = await epoch('sc_counter');
    await t.ctx.db.update(sessions).set({ lastSeenAt: new Date() });
    await t.ctx.db
      .update(admins)
      .set({ activeLoginIp: '192.0.2.9' })
      .where(eq(admins.username, 'sc_counter'));
    expect(await epoch('sc_counter')).toBe(before);
  });

  it("keeps serving a remembered session from memory through another account's sign-in, change or ended session", async () => {
    const token = await remembered('sc_other_a');
    await t.addAdmin('sc_other_b', 'OPERATOR');
    // Change A's row behind the counters' back (triggers off for this transaction): an answer read
    // from the database would now say REPORTER, one from memory still OPERATOR.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(admins).set({ type: 'REPORTER' }).where(eq(admins.username, 'sc_other_a'));
    });
    const before = await epoch('sc_other_a');
    const b = await t.login('sc_other_b');
    await t.ctx.db.update(admins).set({ allowedIps: [] }).where(eq(admins.username, 'sc_other_b'));
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(b));
    expect(await epoch('sc_other_a')).toBe(before);
    expect((await self(token)).data?.type).toBe('OPERATOR');
    // A's own change (here another of its sessions ended) is followed on the very next request.
    const second = await t.login('sc_other_a');
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(second));
    expect((await self(token)).data?.type).toBe('REPORTER');
  });

  it('refuses a remembered session at once once it is revoked, re-dated or its account locked', async () => {
    const revoked = await remembered('sc_revoked');
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(revoked));
    expect((await self(revoked)).statusCode).toBe(401);

    const expired = await remembered('sc_expired');
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(sessionOf(expired));
    expect((await self(expired)).statusCode).toBe(401);

    const locked = await remembered('sc_locked');
    await t.ctx.db.update(admins).set({ locked: true }).where(eq(admins.username, 'sc_locked'));
    expect((await self(locked)).statusCode).toBe(401);
  });

  it('follows a change of role, allowed addresses or a forced password change on the next request', async () => {
    const token = await remembered('sc_changed');
    await t.ctx.db.update(admins).set({ type: 'REPORTER' }).where(eq(admins.username, 'sc_changed'));
    expect((await self(token)).data?.type).toBe('REPORTER');
    await t.ctx.db
      .update(admins)
      .set({ allowedIps: ['192.0.2.7'] })
      .where(eq(admins.username, 'sc_changed'));
    expect((await self(token)).status).toBe(3008);
    await t.ctx.db
      .update(admins)
      .set({ allowedIps: [], mustChangePassword: true })
      .where(eq(admins.username, 'sc_changed'));
    expect((await t.api(api.adminList, { token, body: { page: 1, limit: 10 } })).status).toBe(3007);
  });

  it('still expires a remembered session by the clock alone (idle and absolute)', async () => {
    const idle = await remembered('sc_idle');
    t.clock.advance(31 * 60 * 1000);
    expect((await self(idle)).statusCode).toBe(401);
  });

  it('answers parallel requests of a remembered session from reads of the counter made after each asked', async () => {
    const token = await remembered('sc_parallel');
    const answers = await Promise.all(Array.from({ length: 20 }, () => self(token)));
    expect(answers.every((a) => a.status === 1000)).toBe(true);
    // A revocation committed while requests are on their way: every request sent after it is refused.
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(token));
    const after = await Promise.all(Array.from({ length: 20 }, () => self(token)));
    expect(after.every((a) => a.statusCode === 401)).toBe(true);
  });

  describe('a report read started beside the read of the counter', () => {
    // Report and list reads (replica routes) run their queries while the counter is read, as the
    // session held in memory: nothing of what they found may reach a session that no longer stands.
    const month = { month: '1', year: '2026' };
    const report = (token: string) => t.api(api.dashboard, { token, body: month });
    const unknownAgent = (token: string) =>
      t.api(api.transactionList, { token, params: { agentId: '999999' }, body: { limit: 10 } });

    it('answers a remembered session from memory, and refuses it at once once revoked or locked', async () => {
      const token = await remembered('sc_read');
      expect((await report(token)).status).toBe(1000);
      expect((await report(token)).status).toBe(1000);
      await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(token));
      const refused = await report(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.data).toBeNull();

      const locked = await remembered('sc_read_locked');
      expect((await report(locked)).status).toBe(1000);
      await t.ctx.db.update(admins).set({ locked: true }).where(eq(admins.username, 'sc_read_locked'));
      expect((await report(locked)).statusCode).toBe(401);
    });

    it("answers a revoked session's failing read 401, never the read's own refusal", async () => {
      const token = await remembered('sc_read_404');
      expect((await unknownAgent(token)).status).toBe(2004);
      await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(token));
      expect((await unknownAgent(token)).statusCode).toBe(401);
    });

    it('serves a read anew when the counter moved for another reason, with the refusal that now applies', async () => {
      const token = await remembered('sc_read_moved');
      expect((await report(token)).status).toBe(1000);
      // Another account's change moves the counter: this session still stands, the read is redone.
      await t.ctx.db.update(admins).set({ allowedIps: [] }).where(eq(admins.username, 'sc_read'));
      expect((await report(token)).status).toBe(1000);
      await t.ctx.db
        .update(admins)
        .set({ allowedIps: ['192.0.2.7'] })
        .where(eq(admins.username, 'sc_read_moved'));
      expect((await report(token)).status).toBe(3008);
    });

    it('refuses every read sent after a revocation, however many run in parallel', async () => {
      const token = await remembered('sc_read_parallel');
      const before = await Promise.all(Array.from({ length: 20 }, () => report(token)));
      expect(before.every((a) => a.status === 1000)).toBe(true);
      await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sessionOf(token));
      const after = await Promise.all(Array.from({ length: 20 }, () => report(token)));
      expect(after.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 401));
    });
  });

  it('never answers an unknown token from memory, nor remembers one', async () => {
    expect(await resolveSession(t.ctx, 'no-such-token')).toBeNull();
    expect(await resolveSession(t.ctx, 'no-such-token')).toBeNull();
  });
});
