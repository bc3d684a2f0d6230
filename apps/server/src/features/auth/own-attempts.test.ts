import { api, type RouteDef, Status } from '@sapi/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CallArgs, callRoute } from '../../../test/calls.ts';
import {
  createTestApp,
  type LoggedApp,
  loggedApp,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/harness.ts';
import { USER_FREE_FAILURES } from './throttle.ts';

/**
 * docs/design.md §7: strangers' failures never block a signed-in account's own `verify`; its own failures
 * still count; code failures are counted apart and never forgiven by a good password. Every request
 * goes through a second app on the same database whose log the test reads for the secrets sent.
 */
let t: TestApp;
let logged: LoggedApp;

beforeAll(async () => {
  t = await createTestApp();
  // Request lines included (debug): the log a secret would reach first.
  logged = await loggedApp(t.ctx, 'debug');
});
afterAll(async () => {
  await logged.app.close();
  await t.close();
});
beforeEach(() => {
  logged.lines.length = 0;
});

const call = <R extends RouteDef>(def: R, ...options: CallArgs<R>) => callRoute(logged.app, def, ...options);

/** The log holds none of these (a 6-digit code only as a whole number, not inside a timestamp). */
const expectLogFreeOf = (secrets: string[]) => {
  const log = logged.text();
  expect(log.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`));
  }
};

let n = 0;
const account = async (tag: string) => {
  const name = `${tag}_${++n}`;
  await t.addAdmin(name, 'SUPERADMIN');
  const { token } = await t.ok(api.login, {
    body: { username: name, password: TEST_PASSWORD },
    remoteAddress: '10.90.0.1',
  });
  return { name, token };
};

const STRANGER_GUESS = 'stranger-guess-5b1e9d';
const OWN_GUESS = 'own-mistake-7c2a40';

describe('a signed-in account is not locked out by strangers', () => {
  it('six wrong sign-ins from another address: the username waits, the session still verifies with the right password', async () => {
    const a = await account('besieged');
    const strangers = [];
    for (let i = 0; i < USER_FREE_FAILURES + 1; i++) {
      strangers.push(
        await call(api.login, {
          body: { username: a.name, password: `${STRANGER_GUESS}-${i}` },
          remoteAddress: '203.0.113.66',
        }),
      );
    }
    expect(strangers.map((r) => r.status)).toEqual([
      ...Array(USER_FREE_FAILURES).fill(Status.BAD_CREDENTIALS),
      Status.TOO_MANY,
    ]);
    // Sign-in by that username waits, from anywhere (docs/design.md §7's per-username rule stands).
    expect(
      (
        await call(api.login, {
          body: { username: a.name, password: TEST_PASSWORD },
          remoteAddress: '10.90.0.1',
        })
      ).status,
    ).toBe(Status.TOO_MANY);
    // The live session re-checks its password and acts.
    const verified = await call(api.verify, {
      token: a.token,
      body: { password: TEST_PASSWORD },
      remoteAddress: '10.90.0.1',
    });
    expect(verified.status).toBe(Status.OK);
    expectLogFreeOf([STRANGER_GUESS, TEST_PASSWORD]);
  });

  it("the session's own wrong verifies still wait: the sixth answers 3029 with Retry-After, another session of the account is not held up", async () => {
    const a = await account('clumsy');
    // Re-checked first, so the password change below passes its 3005 gate and meets the counter.
    expect((await call(api.verify, { token: a.token, body: { password: TEST_PASSWORD } })).status).toBe(
      Status.OK,
    );
    const statuses: number[] = [];
    for (let i = 0; i < USER_FREE_FAILURES + 1; i++) {
      // From changing addresses: the count is the session's, not the address's.
      const res = await call(api.verify, {
        token: a.token,
        body: { password: `${OWN_GUESS}-${i}` },
        remoteAddress: `10.91.0.${i + 1}`,
      });
      statuses.push(res.status);
      if (res.status === Status.TOO_MANY) expect(res.headers['retry-after']).toBe('60');
    }
    expect(statuses).toEqual([...Array(USER_FREE_FAILURES).fill(Status.BAD_CREDENTIALS), Status.TOO_MANY]);
    // The right password waits too: nothing is checked during the wait.
    expect((await call(api.verify, { token: a.token, body: { password: TEST_PASSWORD } })).status).toBe(
      Status.TOO_MANY,
    );
    // The own password change counts on the same session counter.
    expect(
      (
        await call(api.passwordChange, {
          token: a.token,
          body: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-passphrase-91' },
        })
      ).status,
    ).toBe(Status.TOO_MANY);
    // Another session of the account (another counter) verifies.
    const other = await t.login(a.name);
    expect((await call(api.verify, { token: other, body: { password: TEST_PASSWORD } })).status).toBe(
      Status.OK,
    );
    t.clock.advance(60_000);
    expect((await call(api.verify, { token: a.token, body: { password: TEST_PASSWORD } })).status).toBe(
      Status.OK,
    );
    expectLogFreeOf([OWN_GUESS, TEST_PASSWORD]);
  });
  it("strangers' sign-ins in parallel with the session's verify: the username waits, the verify passes", async () => {
    const a = await account('stormed');
    const [strangers, verified] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(api.login, {
            body: { username: a.name, password: `${STRANGER_GUESS}-p${i}` },
            remoteAddress: `203.0.113.${100 + i}`,
          }),
        ),
      ),
      call(api.verify, { token: a.token, body: { password: TEST_PASSWORD }, remoteAddress: '10.90.0.1' }),
    ]);
    // The username's counter admitted its five; the rest of the storm waits.
    expect(strangers.filter((r) => r.status === Status.BAD_CREDENTIALS)).toHaveLength(USER_FREE_FAILURES);
    expect(strangers.filter((r) => r.status === Status.TOO_MANY)).toHaveLength(30 - USER_FREE_FAILURES);
    expect(verified.status).toBe(Status.OK);
    // Once the storm is over, the session still verifies (and so may act).
    expect((await call(api.verify, { token: a.token, body: { password: TEST_PASSWORD } })).status).toBe(
      Status.OK,
    );
    expectLogFreeOf([STRANGER_GUESS, TEST_PASSWORD]);
  });
});

describe('code failures in verify-guarded two-factor routes', () => {
  const totpAt = (secret: string, at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: at.getTime(),
    });

  /** Six-digit codes none of which the secret accepts now (the step before, now and after). */
  const wrongCodes = (secret: string, count: number): string[] => {
    const now = t.clock.now().getTime();
    const valid = new Set([-30_000, 0, 30_000].map((d) => totpAt(secret, new Date(now + d))));
    const codes: string[] = [];
    for (let c = 314_159; codes.length < count; c += 7_919) {
      const code = String(c % 1_000_000).padStart(6, '0');
      if (!valid.has(code) && !codes.includes(code)) codes.push(code);
    }
    return codes;
  };

  it('are throttled after 5, a good verify in between does not forgive them, and only a good code does', async () => {
    const a = await account('codeguess');
    await t.verify(a.token);
    const started = await t.ok(api.totpEnrol, { token: a.token });
    await t.ok(api.totpConfirm, { token: a.token, body: { code: totpAt(started.secret, t.clock.now()) } });
    t.clock.advance(30_000);

    const guesses = wrongCodes(started.secret, USER_FREE_FAILURES + 2);
    const disable = (code: string) => call(api.totpDisable, { token: a.token, body: { code } });
    const statuses: number[] = [];
    for (const [i, code] of guesses.slice(0, USER_FREE_FAILURES + 1).entries()) {
      // A good password between the guesses: it keeps the session re-checked, and forgives no code.
      if (i === 3) {
        expect((await call(api.verify, { token: a.token, body: { password: TEST_PASSWORD } })).status).toBe(
          Status.OK,
        );
      }
      statuses.push((await disable(code)).status);
    }
    expect(statuses).toEqual([...Array(USER_FREE_FAILURES).fill(Status.VALIDATION), Status.TOO_MANY]);
    // The right code waits as well: nothing is checked during the wait.
    const right = totpAt(started.secret, t.clock.now());
    const waiting = await disable(right);
    expect(waiting.status).toBe(Status.TOO_MANY);
    expect(waiting.headers['retry-after']).toBe('60');
    // Renewing recovery codes shares the account's code counter.
    expect((await call(api.totpRecoveryCodes, { token: a.token, body: { code: right } })).status).toBe(
      Status.TOO_MANY,
    );

    t.clock.advance(60_000);
    await t.verify(a.token);
    // One more wrong code after the wait: the counter still stands (6 failures), so the next waits 120 s.
    expect((await disable(guesses[USER_FREE_FAILURES + 1] ?? '')).status).toBe(Status.VALIDATION);
    expect((await disable(totpAt(started.secret, t.clock.now()))).headers['retry-after']).toBe('120');
    t.clock.advance(120_000);
    await t.verify(a.token);
    const renewed = await call(api.totpRecoveryCodes, {
      token: a.token,
      body: { code: totpAt(started.secret, t.clock.now()) },
    });
    expect(renewed.status).toBe(Status.OK);
    // The good code reset the counter: a new mistake is a plain one again.
    expect((await disable(guesses[0] ?? '')).status).toBe(Status.VALIDATION);
    expectLogFreeOf([...guesses, right, TEST_PASSWORD]);
  });

  it('30 wrong codes in parallel check 5; the right code then waits, as does a parallel storm from another session of the account', async () => {
    const a = await account('codestorm');
    // Another session of the account, opened before the factor is on (then sign-in needs a code).
    const other = await t.login(a.name);
    await t.verify(a.token);
    const started = await t.ok(api.totpEnrol, { token: a.token });
    await t.ok(api.totpConfirm, { token: a.token, body: { code: totpAt(started.secret, t.clock.now()) } });
    t.clock.advance(30_000);
    const guesses = wrongCodes(started.secret, 30);
    // Half through this session, half through another of the same account: one counter, the account's.
    await t.verify(other);
    const storm = await Promise.all(
      guesses.map((code, i) => call(api.totpDisable, { token: i % 2 ? other : a.token, body: { code } })),
    );
    expect(storm.filter((r) => r.status === Status.VALIDATION)).toHaveLength(USER_FREE_FAILURES);
    expect(storm.filter((r) => r.status === Status.TOO_MANY)).toHaveLength(30 - USER_FREE_FAILURES);
    for (const r of storm.filter((x) => x.status === Status.TOO_MANY)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = totpAt(started.secret, t.clock.now());
    expect((await call(api.totpDisable, { token: a.token, body: { code: right } })).status).toBe(
      Status.TOO_MANY,
    );
    // Still on: no guess of the storm, nor the right code during the wait, turned it off.
    t.clock.advance(60_000);
    await t.verify(a.token);
    expect(
      (
        await call(api.totpRecoveryCodes, {
          token: a.token,
          body: { code: totpAt(started.secret, t.clock.now()) },
        })
      ).status,
    ).toBe(Status.OK);
    expectLogFreeOf([...guesses, right, TEST_PASSWORD]);
  });
});
