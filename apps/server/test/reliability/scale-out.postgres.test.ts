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
 * Two server processes on one PostgreSQL database, as behind a load balancer (DESIGN §7: sessions
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
  // Creating and locking admins needs a password re-check in the session (DESIGN §7).
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
});
