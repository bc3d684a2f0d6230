import { api } from '@sapi/contract';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawAnswer } from '../../../test/calls.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { auditLog, loginThrottle } from '../../db/schema/index.ts';
import * as passwords from '../../lib/passwords.ts';
import { IP_MAX_FAILURES, USER_FREE_FAILURES } from './throttle.ts';

// The real checks, observed: every Argon2 verification the sign-in paths make is counted.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return {
    ...real,
    verifyPassword: vi.fn(real.verifyPassword),
    verifyAgainstDummy: vi.fn(real.verifyAgainstDummy),
  };
});
const passwordChecks = () =>
  vi.mocked(passwords.verifyPassword).mock.calls.length +
  vi.mocked(passwords.verifyAgainstDummy).mock.calls.length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
  vi.mocked(passwords.verifyAgainstDummy).mockClear();
});

const login = (username: string, password: string, ip: string) =>
  t.api(api.login, { body: { username, password }, remoteAddress: ip });

const statuses = (answers: RawAnswer[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.status] = (count[a.status] ?? 0) + 1;
  return count;
};

describe('a parallel storm of guesses at one username (attempts counted before the check)', () => {
  it('60 parallel wrong guesses check 5 passwords; the right one is refused until the wait has passed, then accepted', async () => {
    await t.addAdmin('storm_user', 'OPERATOR');
    // From 60 addresses, as a botnet would: only the username counter can stop it.
    const storm = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('storm_user', `wrong-guess-${i}`, `10.50.0.${i}`)),
    );
    expect(passwordChecks()).toBe(USER_FREE_FAILURES);
    expect(statuses(storm)).toEqual({ 3002: USER_FREE_FAILURES, 3029: 60 - USER_FREE_FAILURES });
    for (const res of storm.filter((r) => r.status === 3029)) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
    }

    const right = await login('storm_user', TEST_PASSWORD, '10.50.1.1');
    expect(right.status).toBe(3029);
    expect(right.headers['retry-after']).toBe('60');

    // During the wait, another storm with the right password inside it: nothing is checked.
    t.clock.advance(59_000);
    const again = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => login('storm_user', `wrong-again-${i}`, `10.50.2.${i}`)),
      login('storm_user', TEST_PASSWORD, '10.50.2.99'),
    ]);
    expect(statuses(again)).toEqual({ 3029: 21 });
    expect(passwordChecks()).toBe(USER_FREE_FAILURES);

    t.clock.advance(1_000);
    expect((await login('storm_user', TEST_PASSWORD, '10.50.3.1')).status).toBe(1000);
    expect(passwordChecks()).toBe(USER_FREE_FAILURES + 1);
    // The success cleared the counter: a new mistake is a plain failure again.
    expect((await login('storm_user', 'wrong-once-more', '10.50.3.2')).status).toBe(3002);
  });
});

describe('a parallel storm of usernames from one address (the per-IP cap)', () => {
  it('60 parallel guesses at 60 usernames check 30 passwords; the address waits 15 minutes, others do not', async () => {
    for (let i = 0; i < 60; i += 2) await t.addAdmin(`ip_victim_${i}`, 'OPERATOR');
    const ip = '10.60.0.1';
    const storm = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(i % 2 ? `spray_${i}` : `ip_victim_${i}`, `spray-pw-${i}`, ip),
      ),
    );
    expect(passwordChecks()).toBe(IP_MAX_FAILURES);
    const counts = statuses(storm);
    expect(counts[3002] ?? 0).toBe(IP_MAX_FAILURES);
    expect((counts[3002] ?? 0) + (counts[3029] ?? 0)).toBe(60);

    const right = await login('other_user_ok', TEST_PASSWORD, ip);
    expect(right.status).toBe(3029);
    expect(Number(right.headers['retry-after'])).toBe(15 * 60);
    await t.addAdmin('ip_bystander', 'OPERATOR');
    expect((await login('ip_bystander', TEST_PASSWORD, ip)).status).toBe(3029);
    expect(passwordChecks()).toBe(IP_MAX_FAILURES);
    // Another address is not affected by this one's cap.
    expect((await login('ip_bystander', TEST_PASSWORD, '10.60.0.2')).status).toBe(1000);

    t.clock.advance(15 * 60_000);
    expect((await login('ip_bystander', TEST_PASSWORD, ip)).status).toBe(1000);
  });
});

describe('a flood of new usernames from one address writes no counter past the cap', () => {
  /** The throttle rows this flood could have written: its usernames' and its address's. */
  const floodRows = async (tag: string, ip: string) =>
    (
      await t.ctx.db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(or(like(loginThrottle.key, `u:${tag}_%`), eq(loginThrottle.key, `ip:${ip}`)))
    ).length;

  it.each([
    ['one after another', false],
    ['in parallel', true],
  ] as const)(
    '100 sign-ins with new usernames, %s: at most 30 username rows and the address row; the cap answers 3029 with Retry-After',
    async (_how, parallel) => {
      const tag = parallel ? 'flood_par' : 'flood_seq';
      const ip = parallel ? '10.80.0.2' : '10.80.0.1';
      const attempt = (i: number) => login(`${tag}_${i}`, `flood-pw-${i}`, ip);
      const answers = parallel
        ? await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(i)))
        : await Array.from({ length: 100 }, (_, i) => i).reduce<Promise<RawAnswer[]>>(
            async (done, i) => [...(await done), await attempt(i)],
            Promise.resolve([]),
          );
      expect(statuses(answers)).toEqual({ 3002: IP_MAX_FAILURES, 3029: 100 - IP_MAX_FAILURES });
      for (const res of answers.filter((r) => r.status === 3029)) {
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await floodRows(tag, ip)).toBe(IP_MAX_FAILURES + 1);
      // Refused attempts go on writing nothing.
      await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(100 + i)));
      expect(await floodRows(tag, ip)).toBe(IP_MAX_FAILURES + 1);
    },
  );
});

describe('one IPv6 client rotating its addresses (the address counter is its /64)', () => {
  it('100 parallel sign-ins with new usernames, each from another address of one /64: 30 checked, 31 rows; an IPv4 client spelled mapped shares its counter', async () => {
    const tag = 'flood_v6';
    const attempt = (i: number) =>
      login(`${tag}_${i}`, `flood-pw-${i}`, `2001:db8:60:1:${(i + 1).toString(16)}::${i + 7}`);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(i)));
    expect(statuses(answers)).toEqual({ 3002: IP_MAX_FAILURES, 3029: 100 - IP_MAX_FAILURES });
    expect(passwordChecks()).toBe(IP_MAX_FAILURES);
    const rows = await t.ctx.db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(or(like(loginThrottle.key, `u:${tag}_%`), like(loginThrottle.key, 'ip:2001:db8:60:%')));
    expect(rows.filter((r) => r.key.startsWith('ip:')).map((r) => r.key)).toEqual(['ip:2001:db8:60:1::/64']);
    expect(rows).toHaveLength(IP_MAX_FAILURES + 1);
    // Another /64 of the same /48 is another client.
    expect((await login(`${tag}_other`, 'flood-pw-x', '2001:db8:60:2::1')).status).toBe(3002);

    // 10.61.0.1 and its mapped spellings are one client: 30 failures in all, then the wait.
    const spellings = ['10.61.0.1', '::ffff:10.61.0.1', '::ffff:a3d:1'];
    const mapped = await Promise.all(
      Array.from({ length: 45 }, (_, i) => login(`mapped_${i}`, 'wrong-pw', spellings[i % 3] ?? '')),
    );
    expect(statuses(mapped)).toEqual({ 3002: IP_MAX_FAILURES, 3029: 45 - IP_MAX_FAILURES });
  });
});

describe('verify (re-authentication) is throttled and audited like a sign-in', () => {
  /** The actor's verify records by action. */
  const verifyRecords = async (actor: string) => {
    const rows = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actor, actor), inArray(auditLog.action, ['verify', 'verify-failed'])));
    const count: Record<string, number> = {};
    for (const { action } of rows) count[action] = (count[action] ?? 0) + 1;
    return count;
  };

  it('60 parallel wrong verifies check 5 passwords, each leaves one verify-failed record; the right one waits, then is accepted and recorded', async () => {
    await t.addAdmin('verifier', 'SUPERADMIN');
    const token = await t.login('verifier');
    vi.mocked(passwords.verifyPassword).mockClear();
    vi.mocked(passwords.verifyAgainstDummy).mockClear();
    const verify = (password: string, ip: string) =>
      t.api(api.verify, { token, body: { password }, remoteAddress: ip });

    const storm = await Promise.all(
      Array.from({ length: 60 }, (_, i) => verify(`wrong-${i}`, `10.70.0.${i}`)),
    );
    expect(passwordChecks()).toBe(USER_FREE_FAILURES);
    expect(statuses(storm)).toEqual({ 3002: USER_FREE_FAILURES, 3029: 60 - USER_FREE_FAILURES });
    // One record per checked attempt; refused ones (3029) checked nothing and are not recorded.
    expect(await verifyRecords('verifier')).toEqual({ 'verify-failed': USER_FREE_FAILURES });

    // The counter is this session's own: its verify waits, whatever address it comes from ...
    expect((await verify(TEST_PASSWORD, '10.70.1.1')).status).toBe(3029);
    // ... while the account's sign-in (its username's counter, which strangers fill) is not held up
    // by a session's failed re-checks.
    expect((await login('verifier', TEST_PASSWORD, '10.70.1.2')).status).toBe(1000);
    // Failed re-checks do not end the session.
    expect((await t.api(api.self, { token })).status).toBe(1000);

    t.clock.advance(60_000);
    expect((await verify(TEST_PASSWORD, '10.70.1.3')).status).toBe(1000);
    expect(passwordChecks()).toBe(USER_FREE_FAILURES + 2);
    expect(await verifyRecords('verifier')).toEqual({ 'verify-failed': USER_FREE_FAILURES, verify: 1 });
  });
});
