import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  makeStore,
  request,
  type ServerProcess,
  type Store,
  startServer,
} from './server-process.ts';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (docs/design.md §7: sessions
 * and throttle counters live in the database, no per-process memory). PostgreSQL only: the
 * embedded database belongs to one process (vitest.config.ts runs this file in reliability-postgres
 * only).
 */
let store: Store;
let a: ServerProcess;
let b: ServerProcess;
let root: string;

beforeAll(async () => {
  store = await makeStore();
  a = await startServer(store);
  b = await startServer(store);
  root = await login(a, ADMIN_USERNAME, ADMIN_PASSWORD);
  // Creating and locking admins needs a password re-check in the session (docs/design.md §7).
  const verified = await request(a, 'POST', '/api/v1/admin/authorization/verify', {
    token: root,
    body: { password: ADMIN_PASSWORD },
  });
  if (verified.body?.status !== 1000) throw new Error(`verify failed: ${verified.text}`);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await store?.drop();
});

const SELF = '/api/v1/admin/authorization/self';
const LOGIN = '/api/v1/admin/authorization/login';

const createAdmin = async (username: string, type: string) => {
  const res = await request(a, 'POST', '/api/v1/admin/admin/create', {
    token: root,
    body: { username, password: 'scale-out-pass-1', type },
  });
  expect(res.body?.status, res.text).toBe(1000);
  return res.body.data._id as string;
};

describe('two server processes on one database', () => {
  it('a token issued by one is accepted by the other, and a sign-out on one ends it on both', async () => {
    const token = await login(a, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect((await request(b, 'POST', SELF, { token })).body.data.username).toBe(ADMIN_USERNAME);
    expect((await request(b, 'POST', '/api/v1/admin/authorization/logout', { token })).body.status).toBe(
      1000,
    );
    expect((await request(a, 'POST', SELF, { token })).status).toBe(401);
  });

  it('login throttling counts failures made through either process', async () => {
    await createAdmin('so_throttled', 'REPORTER');
    for (let i = 0; i < 5; i++) {
      const via = i % 2 ? b : a;
      const res = await request(via, 'POST', LOGIN, {
        body: { username: 'so_throttled', password: 'wrong-pass-x' },
      });
      expect(res.body.status).toBe(3002);
    }
    for (const via of [a, b]) {
      const res = await request(via, 'POST', LOGIN, {
        body: { username: 'so_throttled', password: 'scale-out-pass-1' },
      });
      expect(res.status).toBe(429);
      expect(res.body.status).toBe(3029);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('an admin locked through one process is refused at once by the other', async () => {
    const id = await createAdmin('so_locked', 'OPERATOR');
    const token = await login(b, 'so_locked', 'scale-out-pass-1');
    expect((await request(b, 'POST', SELF, { token })).body.status).toBe(1000);
    const lock = await request(a, 'DELETE', `/api/v1/admin/admin/delete/${id}`, { token: root });
    expect(lock.body.status, lock.text).toBe(1000);
    const refused = await request(b, 'POST', SELF, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe(3001);
    const relogin = await request(b, 'POST', LOGIN, {
      body: { username: 'so_locked', password: 'scale-out-pass-1' },
    });
    expect(relogin.status).toBe(401);
    expect(relogin.body.status).toBe(3002);
  });

  // Each process keeps a session it looked up in memory while the counter auth_epoch stands still
  // (migration 0019): B has the session in memory (two answers) before the change is made via A or
  // in the database, and must refuse the very next request.
  const rememberedBy = async (via: ServerProcess, token: string) => {
    for (let i = 0; i < 2; i++) expect((await request(via, 'POST', SELF, { token })).body.status).toBe(1000);
  };

  it('a session ended through one process is refused by the other on its very next request', async () => {
    await createAdmin('so_ended', 'OPERATOR');
    const token = await login(a, 'so_ended', 'scale-out-pass-1');
    await rememberedBy(b, token);
    const list = await request(a, 'POST', '/api/v1/account/sessions/list', { token });
    const own = (list.body.data.records as { _id: string; current: boolean }[]).find((s) => s.current);
    const ended = await request(a, 'DELETE', `/api/v1/admin/sessions/end/${own?._id}`, { token: root });
    expect(ended.body.status, ended.text).toBe(1000);
    expect((await request(b, 'POST', SELF, { token })).status).toBe(401);
  });

  it('a report read the other process starts beside its counter read is never answered to a session ended through one', async () => {
    // Report and list reads run as the session in memory while the counter is read (http/route.ts).
    await createAdmin('so_report', 'REPORTER');
    const token = await login(a, 'so_report', 'scale-out-pass-1');
    const report = () =>
      request(b, 'POST', '/api/v1/dashboard/summary', { token, body: { month: '1', year: '2026' } });
    for (let i = 0; i < 2; i++) expect((await report()).body.status).toBe(1000);
    const list = await request(a, 'POST', '/api/v1/account/sessions/list', { token });
    const own = (list.body.data.records as { _id: string; current: boolean }[]).find((s) => s.current);
    const ended = await request(a, 'DELETE', `/api/v1/admin/sessions/end/${own?._id}`, { token: root });
    expect(ended.body.status, ended.text).toBe(1000);
    const refused = await report();
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeNull();
  });

  // The agent side likewise (portal_auth_epoch, migration 0051): B keeps the agent's session in memory,
  // and a lock made through A — or the session's sign-out — holds at B's very next request, reads that
  // start beside the counter's read included.
  it('an agent-side session remembered by one process is refused by it once the agent is locked through the other', async () => {
    const registered = await request(a, 'POST', '/api/v1/agent/register', {
      token: root,
      body: {
        username: 'so_agent',
        password: 'scale-out-pass-1',
        endpoint: 'https://so-agent.example.com/callback',
        games: [],
        prefix: 'soagt',
        code: 'SO-AGENT',
        agentType: 'AGENT',
      },
    });
    expect(registered.body?.status, registered.text).toBe(1000);
    const id = registered.body.data._id as string;
    const first = await login(b, 'so_agent', 'scale-out-pass-1');
    const changed = await request(b, 'POST', '/api/v1/account/password/change', {
      token: first,
      body: { currentPassword: 'scale-out-pass-1', newPassword: 'scale-out-pass-2' },
    });
    expect(changed.body?.status, changed.text).toBe(1000);
    const token = await login(b, 'so_agent', 'scale-out-pass-2');
    const other = await login(b, 'so_agent', 'scale-out-pass-2');
    const report = () =>
      request(b, 'POST', `/api/v1/summary/${id}/agent/monthly`, { token, body: { year: 2026, month: 1 } });
    await rememberedBy(b, token);
    await rememberedBy(b, other);
    for (let i = 0; i < 2; i++) expect((await report()).body.status).toBe(1000);
    // Signed out through A: B refuses that session at once, and keeps the other.
    expect(
      (await request(a, 'POST', '/api/v1/admin/authorization/logout', { token: other })).body.status,
    ).toBe(1000);
    expect((await request(b, 'POST', SELF, { token: other })).status).toBe(401);
    expect((await request(b, 'POST', SELF, { token })).body.status).toBe(1000);
    const lock = await request(a, 'DELETE', `/api/v1/agent/delete/${id}`, { token: root });
    expect(lock.body.status, lock.text).toBe(1000);
    const refused = await report();
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeNull();
    expect((await request(b, 'POST', SELF, { token })).status).toBe(401);
  });

  it('a password changed through one process ends the other sessions of the account on the other at once', async () => {
    await createAdmin('so_password', 'OPERATOR');
    const changer = await login(a, 'so_password', 'scale-out-pass-1');
    const other = await login(b, 'so_password', 'scale-out-pass-1');
    await rememberedBy(b, other);
    const verified = await request(a, 'POST', '/api/v1/admin/authorization/verify', {
      token: changer,
      body: { password: 'scale-out-pass-1' },
    });
    expect(verified.body.status, verified.text).toBe(1000);
    // The verify made via A counts on B at once (the session's verified_at moved the counter).
    const changed = await request(b, 'POST', '/api/v1/account/password/change', {
      token: changer,
      body: { currentPassword: 'scale-out-pass-1', newPassword: 'scale-out-pass-2-new' },
    });
    expect(changed.body.status, changed.text).toBe(1000);
    expect((await request(b, 'POST', SELF, { token: other })).status).toBe(401);
    expect((await request(a, 'POST', SELF, { token: other })).status).toBe(401);
  });

  it('a session past its expiry in the database is refused by both processes on the next request', async () => {
    await createAdmin('so_expired', 'OPERATOR');
    const token = await login(a, 'so_expired', 'scale-out-pass-1');
    await rememberedBy(a, token);
    await rememberedBy(b, token);
    const db = new pg.Client({ connectionString: store.url });
    await db.connect();
    try {
      await db.query(
        `update sessions set expires_at = now() - interval '1 second'
         where admin_id = (select id from admins where username = 'so_expired')`,
      );
    } finally {
      await db.end();
    }
    for (const via of [b, a]) expect((await request(via, 'POST', SELF, { token })).status).toBe(401);
  });

  it('a sign-in through one process past the live-session cap ends the least recently used session, refused by the other at once', async () => {
    await createAdmin('so_cap', 'OPERATOR');
    await createAdmin('so_cap_other', 'OPERATOR');
    const oldest = await login(a, 'so_cap', 'scale-out-pass-1');
    const other = await login(a, 'so_cap_other', 'scale-out-pass-1');
    await rememberedBy(b, oldest);
    await rememberedBy(b, other);
    // Ten more sign-ins (the cap, core/session-store.ts MAX_LIVE_SESSIONS): the tenth ends the first.
    for (let i = 0; i < 10; i++) await login(a, 'so_cap', 'scale-out-pass-1');
    const refused = await request(b, 'POST', SELF, { token: oldest });
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe(3001);
    expect((await request(b, 'POST', SELF, { token: other })).body.status).toBe(1000);
  });

  it('a third process with a DATA_DIR of its own (so a TOTP key of its own) refuses to start, naming the fix', async () => {
    // As in issue 38: two processes on one PostgreSQL, TOTP_KEY unset, each its own DATA_DIR/totp.key.
    const own = mkdtempSync(join(tmpdir(), 'sapi-rel-other-'));
    try {
      const refused = await startServer(store, { env: { DATA_DIR: own } }).then(
        async (started) => {
          await started.stop();
          return 'started';
        },
        (err: Error) => err.message,
      );
      expect(refused).toMatch(/server exited before/);
      expect(refused).toMatch(/set TOTP_KEY to the same value on every server process/);
      expect(refused).not.toMatch(/unable to authenticate data|^\s+at /m);
      // The two running processes are unaffected.
      expect((await request(b, 'GET', '/api/v1/health')).status).toBe(200);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);
});
