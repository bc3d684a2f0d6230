import { api } from '@sapi/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../../../test/calls.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { admins, auditLog, loginThrottle, sessions } from '../../db/schema/index.ts';
import { IP_MAX_FAILURES } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAdmin('alice', 'SUPERADMIN');
  await t.addAdmin('locky', 'ADMIN', { locked: true });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.api(api.login, { body: { username, password }, remoteAddress: ip });
const self = (token?: string) => t.api(api.self, { token });

describe('login', () => {
  it('signs in with the right password and answers a token', async () => {
    const res = await login('alice', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 1000, error: null });
    expect(res.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives a new token at every sign-in', async () => {
    const a = await t.login('alice');
    const b = await t.login('alice');
    expect(a).not.toBe(b);
  });

  it('answers the same for unknown user, wrong password and locked account', async () => {
    const answers = await Promise.all([
      login('nobody_here', TEST_PASSWORD, '10.0.1.1'),
      login('alice', 'wrong-password', '10.0.1.2'),
      login('locky', TEST_PASSWORD, '10.0.1.3'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 3002, error: 'Invalid username or password', data: null });
    }
  });

  it('is case-insensitive on the username', async () => {
    expect((await login('ALICE', TEST_PASSWORD)).status).toBe(1000);
  });

  it('rejects a missing field with 2001 naming it', async () => {
    const res = await t.api(api.login, { body: offContract({ username: 'alice' }) });
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.issues).toEqual([expect.objectContaining({ path: 'password' })]);
  });
});

describe('throttling', () => {
  it('makes a username wait after 5 failures, with Retry-After growing in 60 s steps', async () => {
    await t.addAdmin('bob', 'OPERATOR');
    for (let i = 0; i < 4; i++) expect((await login('bob', 'nope-nope', `10.1.0.${i}`)).statusCode).toBe(401);
    // Fifth failure is still answered as a failure, but from now on the account waits.
    expect((await login('bob', 'nope-nope', '10.1.0.9')).statusCode).toBe(401);
    const blocked = await login('bob', TEST_PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.status).toBe(3029);
    expect(blocked.headers['retry-after']).toBe('60');
    // Rotating the address does not help: the username counter is shared.
    expect((await login('bob', TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await login('bob', 'nope-nope', '10.1.2.1')).statusCode).toBe(401);
    const longer = await login('bob', TEST_PASSWORD, '10.1.2.2');
    expect(longer.headers['retry-after']).toBe('120');
    t.clock.advance(121_000);
    expect((await login('bob', TEST_PASSWORD, '10.1.2.3')).status).toBe(1000);
    // Success clears the counter.
    expect((await login('bob', 'nope-nope', '10.1.2.4')).statusCode).toBe(401);
    expect((await login('bob', TEST_PASSWORD, '10.1.2.5')).status).toBe(1000);
  });

  it('caps the wait at 900 s and forgets after 12 h', async () => {
    await t.addAdmin('carol', 'OPERATOR');
    for (let i = 0; i < 30; i++) {
      t.clock.advance(901_000);
      expect((await login('carol', 'nope-nope', `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login('carol', TEST_PASSWORD, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    t.clock.advance(12 * 3600_000);
    expect((await login('carol', TEST_PASSWORD, '10.2.1.2')).status).toBe(1000);
  });

  it('caps failures per client IP across many usernames', async () => {
    for (let i = 0; i < 30; i++) await login(`spray_${i}`, 'nope-nope', '10.3.3.3');
    const blocked = await login('alice', TEST_PASSWORD, '10.3.3.3');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are not affected.
    expect((await login('alice', TEST_PASSWORD, '10.3.3.4')).status).toBe(1000);
    t.clock.advance(15 * 60_000);
    expect((await login('alice', TEST_PASSWORD, '10.3.3.3')).status).toBe(1000);
  });

  it('ignores a forged X-Forwarded-For (trustProxy is off)', async () => {
    await t.addAdmin('dave', 'OPERATOR');
    for (let i = 0; i < 5; i++) {
      await t.api(api.login, {
        body: { username: 'dave', password: 'nope-nope' },
        remoteAddress: '10.4.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    }
    const res = await t.api(api.login, {
      body: { username: 'dave', password: TEST_PASSWORD },
      remoteAddress: '10.4.0.1',
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('GET self answers the username and POST self the username, kind, type, role, id and report time zone', async () => {
    const token = await t.login('alice');
    const get = await t.api(api.selfCheck, { token });
    expect(get.body).toEqual({ status: 1000, error: null, data: { username: 'alice' } });
    const post = await t.api(api.self, { token });
    expect(post.data).toEqual({
      username: 'alice',
      kind: 'staff',
      type: 'SUPERADMIN',
      role: 'SUPERADMIN',
      id: expect.stringMatching(/^\d+$/),
      timeZone: 'Asia/Bangkok',
    });
  });

  it('POST self names the configured REPORT_TIMEZONE, the clock of the web’s business days', async () => {
    const local = await createTestApp({ REPORT_TIMEZONE: 'America/New_York' });
    try {
      await local.addAdmin('zoned', 'REPORTER');
      const res = await local.api(api.self, { token: await local.login('zoned') });
      expect(res.status).toBe(1000);
      expect(res.data).toMatchObject({ username: 'zoned', type: 'REPORTER', timeZone: 'America/New_York' });
    } finally {
      await local.close();
    }
  });

  it('refuses a missing, malformed or unknown token with 3001', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-real-token' },
    ];
    for (const headers of tries) {
      const res = await t.api(api.self, { headers });
      expect(res.statusCode).toBe(401);
      expect(res.status).toBe(3001);
    }
  });

  it('expires after 30 minutes idle but not while in use', async () => {
    const token = await t.login('alice');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(20 * 60_000);
      expect((await self(token)).status).toBe(1000);
    }
    t.clock.advance(30 * 60_000);
    expect((await self(token)).status).toBe(3001);
  });

  it('expires 12 hours after sign-in however active', async () => {
    const token = await t.login('alice');
    for (let i = 0; i < 24; i++) {
      t.clock.advance(29 * 60_000);
      await self(token);
    }
    expect((await self(token)).status).toBe(1000);
    t.clock.advance(30 * 60_000);
    expect((await self(token)).status).toBe(3001);
  });

  it('logout revokes the token at once, and only that one', async () => {
    const token = await t.login('alice');
    const other = await t.login('alice');
    const res = await t.api(api.logout, { token });
    expect(res.body).toEqual({ status: 1000, error: null, data: { ok: true } });
    expect((await self(token)).status).toBe(3001);
    expect((await self(other)).status).toBe(1000);
  });
});

describe('verify (re-authentication)', () => {
  it('accepts the signed-in admin’s own password and refuses another', async () => {
    const token = await t.login('alice');
    const ok = await t.api(api.verify, { token, body: { password: TEST_PASSWORD } });
    expect(ok.body).toEqual({ status: 1000, error: null, data: { verified: true } });
    const bad = await t.api(api.verify, { token, body: { password: 'not-it-at-all' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.status).toBe(3002);
    // A failed re-check does not end the session.
    expect((await self(token)).status).toBe(1000);
  });

  it('requires a password and a session', async () => {
    const token = await t.login('alice');
    expect((await t.api(api.verify, { token, body: offContract({}) })).status).toBe(2001);
    expect((await t.api(api.verify, { body: { password: 'x' } })).status).toBe(3001);
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  /** Sign in through a proxy at 10.8.0.1 whose chain carries a forged leftmost entry. */
  const viaProxy = (local: TestApp, xff: string, password = TEST_PASSWORD, username = 'proxied') =>
    local.api(api.login, {
      body: { username, password },
      remoteAddress: '10.8.0.1',
      headers: { 'x-forwarded-for': xff },
    });

  const recordedAddresses = async (local: TestApp) => {
    const [admin] = await local.ctx.db.select().from(admins).where(eq(admins.username, 'proxied'));
    const [audit] = await local.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'proxied'), eq(auditLog.action, 'login')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return { activeLoginIp: admin?.activeLoginIp, auditIp: audit?.ip };
  };

  it.each([
    ['a hop count (1)', '1', '203.0.113.9, 198.51.100.7', '198.51.100.7'],
    ['a hop count (2)', '2', '203.0.113.9, 198.51.100.7, 10.8.0.2', '198.51.100.7'],
    [
      'a list of trusted proxies',
      '10.8.0.0/24, 10.9.0.1',
      '203.0.113.9, 198.51.100.7, 10.8.0.2',
      '198.51.100.7',
    ],
  ] as const)(
    'with %s, takes the address the trusted hops saw, never the forged leftmost entry',
    async (_name, trust, xff, client) => {
      // As the environment would set it, read by the start-up configuration.
      const local = await createTestApp({ TRUST_PROXY: loadConfig({ TRUST_PROXY: trust }).TRUST_PROXY });
      try {
        await local.addAdmin('proxied', 'OPERATOR');
        expect((await viaProxy(local, xff)).status).toBe(1000);
        expect(await recordedAddresses(local)).toEqual({ activeLoginIp: client, auditIp: client });

        // Rotating the forged leftmost entry does not escape the per-IP cap of the real client.
        const chain = xff.split(', ').slice(1).join(', ');
        for (let i = 0; i < IP_MAX_FAILURES; i++) {
          await viaProxy(local, `192.0.2.${i}, ${chain}`, 'wrong-password', `sprayed_${i}`);
        }
        const blocked = await viaProxy(local, `192.0.2.250, ${chain}`);
        expect(blocked.status).toBe(3029);
      } finally {
        await local.close();
      }
    },
  );

  it('without TRUST_PROXY, the socket address is recorded whatever X-Forwarded-For says', async () => {
    const local = await createTestApp();
    try {
      await local.addAdmin('proxied', 'OPERATOR');
      expect((await viaProxy(local, '203.0.113.9')).status).toBe(1000);
      expect(await recordedAddresses(local)).toEqual({ activeLoginIp: '10.8.0.1', auditIp: '10.8.0.1' });
    } finally {
      await local.close();
    }
  });
});

describe('a forwarded address that is not an IP address (TRUST_PROXY)', () => {
  const HUGE = `${'a'.repeat(7_990)}.example`;
  /** Where the address of a sign-in lands: the session, the audit record, the account row. */
  const stored = async (local: TestApp, username: string) => {
    const [admin] = await local.ctx.db.select().from(admins).where(eq(admins.username, username));
    const [session] = await local.ctx.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.adminId, admin?.id ?? 0n))
      .orderBy(desc(sessions.id))
      .limit(1);
    const [audit] = await local.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actor, username), eq(auditLog.action, 'login')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return { session: session?.ip, audit: audit?.ip, account: admin?.activeLoginIp };
  };

  it.each([
    ['hop count 1, an 8,000-character entry', '1', HUGE],
    ['hop count 1, a word', '1', '203.0.113.9, not-an-address'],
    ['hop count 1, an IPv6 zone of 100 characters', '1', `fe80::1%${'z'.repeat(100)}`],
    ['hop count 2, a garbled hop between', '2', '198.51.100.7, garbage'],
    ['a list of trusted proxies, an 8,000-character entry', '10.8.0.0/24', HUGE],
  ] as const)('%s: the socket address is stored and counted instead', async (_name, trust, xff) => {
    const local = await createTestApp({ TRUST_PROXY: loadConfig({ TRUST_PROXY: trust }).TRUST_PROXY });
    try {
      await local.addAdmin('forwarded', 'OPERATOR');
      const via = (password: string) =>
        local.api(api.login, {
          body: { username: 'forwarded', password },
          remoteAddress: '10.8.0.1',
          headers: { 'x-forwarded-for': xff },
        });
      expect((await via(TEST_PASSWORD)).status).toBe(1000);
      expect(await stored(local, 'forwarded')).toEqual({
        session: '10.8.0.1',
        audit: '10.8.0.1',
        account: '10.8.0.1',
      });
      expect((await via('wrong-password')).status).toBe(3002);
      const keys = await local.ctx.db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(like(loginThrottle.key, 'ip:%'));
      expect(keys.map((k) => k.key)).toEqual(['ip:10.8.0.1']);
    } finally {
      await local.close();
    }
  });

  it('a valid forwarded address through the configured hop is still believed', async () => {
    const local = await createTestApp({ TRUST_PROXY: loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY });
    try {
      await local.addAdmin('forwarded', 'OPERATOR');
      const res = await local.api(api.login, {
        body: { username: 'forwarded', password: TEST_PASSWORD },
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': `${HUGE}, 2001:db8::7` },
      });
      expect(res.status).toBe(1000);
      expect((await stored(local, 'forwarded')).session).toBe('2001:db8::7');
    } finally {
      await local.close();
    }
  });
});
