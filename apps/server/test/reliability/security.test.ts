import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { admins } from '../../src/db/schema/index.ts';
import { IP_MAX_FAILURES } from '../../src/features/auth/throttle.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { sha256Hex } from '../../src/lib/tokens.ts';
import { callRoute, offContract, type RawAnswer, routeData } from '../calls.ts';
import {
  createTestApp,
  freshDatabase,
  loggedApp,
  TEST_PASSWORD,
  type TestApp,
  TestClock,
} from '../harness.ts';

/**
 * docs/design.md §7 checks not already made elsewhere (see docs/reliability.md for the ones that are:
 * idle/absolute expiry and logout in auth.test.ts, revocation on lock and type change in
 * admin.test.ts, the per-username throttle under a forged X-Forwarded-For in auth.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectSecurityHeaders = (res: RawAnswer, what: string) => {
  const csp = String(res.headers['content-security-policy']);
  for (const d of ["default-src 'self'", "base-uri 'none'", "frame-ancestors 'none'", "object-src 'none'"]) {
    expect(csp, what).toContain(d);
  }
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cache-control'], what).toBe('no-store');
};

describe('security headers on every kind of API answer', () => {
  it('200, 400, 401, 403, 404, 413, 414, 429 and 500 all carry CSP, nosniff, no-referrer and no-store', async () => {
    const reporter = await t.tokenFor('REPORTER');
    await t.addAdmin('hdr_user', 'OPERATOR');
    const login = (password: string) =>
      t.api(api.login, { body: { username: 'hdr_user', password }, remoteAddress: '10.9.0.1' });
    for (let i = 0; i < 6; i++) await login('wrong-wrong');
    const cases: [number, () => Promise<RawAnswer>][] = [
      [200, () => t.api(api.health)],
      [400, () => t.api(api.login, { body: offContract({ username: 1 }) })],
      // A percent-escape no URL decoder accepts.
      [400, () => t.raw({ method: 'POST', url: '/api/v1/adapter/get/%E0%A4%A', payload: {} })],
      [401, () => t.api(api.adminList, { body: {} })],
      [403, () => t.api(api.auditList, { body: {}, token: reporter })],
      [404, () => t.raw({ method: 'GET', url: '/api/v1/no/such/route' })],
      [413, () => t.api(api.login, { body: { username: 'a', password: 'x'.repeat(1_100_000) } })],
      [414, () => t.api(api.adapterGet, { params: { id: '9'.repeat(500) } })],
      [429, () => login(TEST_PASSWORD)],
    ];
    for (const [status, send] of cases) {
      const res = await send();
      expect(res.statusCode, `${status}: ${res.res.body}`).toBe(status);
      expectSecurityHeaders(res, String(status));
    }
    // A 500: the database goes away under a signed-in request.
    const local = await createTestApp();
    const token = await local.tokenFor('SUPERADMIN');
    await local.database.close();
    const res = await local.api(api.adminList, { token, body: {} });
    expect(res.statusCode).toBe(500);
    expectSecurityHeaders(res, '500');
    await local.app.close();
  });
});

describe('credentials at rest', () => {
  it('tokens are 32 random bytes stored only as SHA-256; passwords are Argon2id m=19456 t=2 p=1', async () => {
    await t.addAdmin('rest_user', 'REPORTER', { password: 'rest-password-9' });
    const token = await t.login('rest_user', 'rest-password-9');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await queryRows<{ token_hash: string; password_hash: string }>(
      t.ctx.db,
      sql`select s.token_hash, a.password_hash from sessions s join admins a on a.id = s.admin_id
          where a.username = 'rest_user'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('throttling cannot be dodged with X-Forwarded-For', () => {
  it('the per-IP cap holds when every attempt forges another X-Forwarded-For and username', async () => {
    for (let i = 0; i < IP_MAX_FAILURES; i++) {
      await t.api(api.login, {
        body: { username: `xff_spray_${i}`, password: 'nope-nope' },
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}` },
      });
    }
    await t.addAdmin('xff_victim', 'OPERATOR');
    const res = await t.api(api.login, {
      body: { username: 'xff_victim', password: TEST_PASSWORD },
      remoteAddress: '10.8.0.1',
      headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.status).toBe(3029);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('secrets never reach the log', () => {
  it('passwords and bearer tokens are absent from a trace-level log, across success, failure and a 500', async () => {
    const database = await freshDatabase();
    const clock = new TestClock();
    const ctx: AppContext = { db: database.db, config: loadConfig({}), now: clock.now };
    const { app, text } = await loggedApp(ctx, 'trace');
    try {
      await database.db.insert(admins).values({
        username: 'logroot',
        passwordHash: await hashPassword(TEST_PASSWORD),
        type: 'SUPERADMIN',
        createdBy: 'test',
      });
      const login = (password: string) =>
        callRoute(app, api.login, { body: { username: 'logroot', password } });
      const { token } = await routeData(app, api.login, {
        body: { username: 'logroot', password: TEST_PASSWORD },
      });
      const secrets = [TEST_PASSWORD, token, 'Wrong-Secret-Pass-1', 'New-Admin-Pass-42', 'Agent-Pass-4242'];
      await login('Wrong-Secret-Pass-1');
      await callRoute(app, api.verify, { token, body: { password: TEST_PASSWORD } });
      await callRoute(app, api.adminCreate, {
        token,
        body: { username: 'log_new', password: 'New-Admin-Pass-42', type: 'REPORTER' },
      });
      const agent = await routeData(app, api.agentRegister, {
        token,
        body: {
          username: 'log_agent',
          password: 'Agent-Pass-4242',
          endpoint: 'https://log.example.com/cb',
          games: [],
          prefix: 'lg',
          code: 'LG-1',
          agentType: 'AGENT',
        },
      });
      secrets.push(String(agent.secret));
      await callRoute(app, api.selfCheck, { token });
      await callRoute(app, api.self, { token: `${token}x` });
      // The database goes away: the 500 is logged with its error, but still without the token.
      await database.close();
      const failed = await callRoute(app, api.adminList, { token, body: {} });
      expect(failed.statusCode).toBe(500);
      const log = text();
      expect(log).toMatch(/unhandled error/);
      expect(log).toMatch(/incoming request/);
      for (const s of secrets) expect(log, s).not.toContain(s);
    } finally {
      await app.close();
    }
  });
});
