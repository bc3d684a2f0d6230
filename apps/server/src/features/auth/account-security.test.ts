import { api, loginChallengeSchema, Status } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { admins } from '../../db/schema/index.ts';
import { TEMPORARY_PASSWORD_MS } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const username = (tag: string) => `${tag}_${++n}`;

/** A new account signed in through the API; `ua` is the browser it says it is. */
const account = async (tag: string, type: 'SUPERADMIN' | 'ADMIN' | 'OPERATOR' | 'REPORTER' = 'OPERATOR') => {
  const name = username(tag);
  const id = await t.addAdmin(name, type);
  const token = await t.login(name);
  return { name, id, token };
};

/** An account whose session has just re-checked its password, as the change form does first. */
const verifiedAccount = async (tag: string) => {
  const a = await account(tag);
  await t.verify(a.token);
  return a;
};

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

/** The challenge a 3006 answer carries for the code step. */
const challengeOf = (res: { body: { data: unknown } | null }) =>
  loginChallengeSchema.parse(res.body?.data).challenge;

/** Enrol the account's authenticator through the API; answers the secret and the recovery codes. */
const enrol = async (token: string) => {
  await t.verify(token);
  const started = await t.ok(api.totpEnrol, { token });
  const { recoveryCodes } = await t.ok(api.totpConfirm, {
    token,
    body: { code: codeAt(started.secret, t.clock.now()) },
  });
  return { secret: started.secret, recoveryCodes, started };
};

describe('own password change', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const a = await verifiedAccount('pw');
    const other = await t.login(a.name);
    const bad = await t.api(api.passwordChange, {
      token: a.token,
      body: { currentPassword: 'wrong-password', newPassword: 'a-fresh-passphrase-1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body?.data).toMatchObject({ issues: [{ path: 'currentPassword', code: 'current_password' }] });

    const done = await t.ok(api.passwordChange, {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-passphrase-1' },
    });
    expect(done.ended).toBe(1);
    expect((await t.api(api.self, { token: other })).status).toBe(Status.UNAUTHENTICATED);
    expect((await t.api(api.self, { token: a.token })).status).toBe(Status.OK);
    expect((await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } })).status).toBe(
      Status.BAD_CREDENTIALS,
    );
    await t.login(a.name, 'a-fresh-passphrase-1');
  });

  it.each([
    ['too short', 'short12', 'too_small'],
    ['too long', 'x'.repeat(129), 'too_big'],
    ['a common password', 'password1', 'password_common'],
    ['a common password in capitals', 'QWERTYUIOP', 'password_common'],
    ['the current one', TEST_PASSWORD, 'password_unchanged'],
  ])('refuses %s', async (_what, newPassword, code) => {
    const a = await verifiedAccount('pwrule');
    const res = await t.api(api.passwordChange, {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD, newPassword },
    });
    expect(res.status).toBe(Status.VALIDATION);
    expect(res.body?.data).toMatchObject({ issues: [{ path: 'newPassword', code }] });
  });

  it('refuses the username, in any case', async () => {
    const name = `LongUserName_${++n}`;
    await t.addAdmin(name, 'REPORTER');
    const token = await t.verify(await t.login(name));
    const res = await t.api(api.passwordChange, {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: name.toLowerCase() },
    });
    expect(res.body?.data).toMatchObject({ issues: [{ code: 'password_is_username' }] });
  });

  it('accepts exactly 8 and 128 characters', async () => {
    const a = await verifiedAccount('pwedge');
    await t.ok(api.passwordChange, {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'zq8#Lk2!' },
    });
    await t.ok(api.passwordChange, {
      token: a.token,
      body: { currentPassword: 'zq8#Lk2!', newPassword: 'é'.repeat(128) },
    });
    await t.login(a.name, 'é'.repeat(128));
  });

  it('of two changes at once, exactly one wins', async () => {
    const a = await verifiedAccount('pwrace');
    const passwords = ['first-new-passphrase', 'second-new-passphrase'];
    const results = await Promise.all(
      passwords.map((newPassword) =>
        t.api(api.passwordChange, { token: a.token, body: { currentPassword: TEST_PASSWORD, newPassword } }),
      ),
    );
    const won = results.findIndex((r) => r.status === Status.OK);
    const lost = results[1 - won];
    expect(results.filter((r) => r.status === Status.OK)).toHaveLength(1);
    // The loser checked the old hash while the winner wrote (2009), or, when the winner had
    // already written by the time it looked, its current password no longer was one (2001).
    if (lost?.status === Status.VALIDATION) {
      expect(lost.body?.data).toMatchObject({
        issues: [{ path: 'currentPassword', code: 'current_password' }],
      });
    } else {
      expect(lost?.status).toBe(Status.CONFLICT);
    }
    await t.login(a.name, passwords[won]);
    const loser = await t.api(api.login, { body: { username: a.name, password: passwords[1 - won] ?? '' } });
    expect(loser.status).toBe(Status.BAD_CREDENTIALS);
  });

  it('asks for no separate verify: the current password in the body is the re-check, even long after sign-in', async () => {
    const a = await account('pwreauth');
    t.clock.advance(20 * 60_000);
    const res = await t.api(api.passwordChange, {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-passphrase-3' },
    });
    expect(res.status).toBe(Status.OK);
  });

  it('throttles wrong current passwords like sign-ins', async () => {
    const a = await verifiedAccount('pwthrottle');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.api(api.passwordChange, {
        token: a.token,
        body: { currentPassword: `wrong-${i}`, newPassword: 'a-fresh-passphrase-2' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(Status.TOO_MANY);
  });
});

describe('password reset by an administrator', () => {
  it('gives a temporary password once; the account may only change it next', async () => {
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const target = await account('reset', 'REPORTER');
    const { temporaryPassword } = await t.ok(api.passwordReset, { token: admin, params: { id: target.id } });
    expect(temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // Its sessions ended at once.
    expect((await t.api(api.self, { token: target.token })).status).toBe(Status.UNAUTHENTICATED);

    expect(await t.ok(api.adminSecurity, { token: admin, params: { id: target.id } })).toEqual({
      totpEnabled: false,
      mustChangePassword: true,
      allowedIps: [],
      liveSessions: 0,
    });
    const signedIn = await t.ok(api.login, { body: { username: target.name, password: temporaryPassword } });
    expect(signedIn.next).toBe('change-password');
    const token = signedIn.token;
    const blocked = await t.api(api.agentList, { token, body: {} });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.status).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    expect((await t.api(api.self, { token })).status).toBe(Status.OK);

    await t.ok(api.passwordChange, {
      token,
      body: { currentPassword: temporaryPassword, newPassword: 'my-own-passphrase-9' },
    });
    expect((await t.api(api.agentList, { token, body: {} })).status).toBe(Status.OK);
    const again = await t.ok(api.login, { body: { username: target.name, password: 'my-own-passphrase-9' } });
    expect(again.next).toBeUndefined();
  });

  it('needs a fresh verify (3005) and follows docs/design.md §5 on whose', async () => {
    const unverified = await t.sessionFor('SUPERADMIN');
    const target = await account('reset2', 'OPERATOR');
    expect((await t.api(api.passwordReset, { token: unverified, params: { id: target.id } })).status).toBe(
      Status.REAUTH_REQUIRED,
    );
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const superadmin = await account('reset3', 'SUPERADMIN');
    const otherAdmin = await account('reset4', 'ADMIN');
    for (const id of [superadmin.id, otherAdmin.id]) {
      const res = await t.api(api.passwordReset, { token: admin, params: { id } });
      expect(res.status).toBe(Status.FORBIDDEN);
    }
    const sa = await account('reset5', 'SUPERADMIN');
    await t.verify(sa.token);
    expect((await t.api(api.passwordReset, { token: sa.token, params: { id: sa.id } })).status).toBe(
      Status.FORBIDDEN,
    );
    expect((await t.api(api.passwordReset, { token: sa.token, params: { id: superadmin.id } })).status).toBe(
      Status.OK,
    );
  });
});

describe('sessions', () => {
  it('lists own sessions with browser and the current one marked, and ends one or all others', async () => {
    const a = await account('sess');
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const second = await t.api(api.login, {
      body: { username: a.name, password: TEST_PASSWORD },
      headers: { 'user-agent': chrome },
      remoteAddress: '203.0.113.7',
    });
    const secondToken = second.data?.token ?? '';
    const third = await t.login(a.name);
    const { records } = await t.ok(api.sessionList, { token: a.token });
    expect(records).toHaveLength(3);
    expect(records.filter((r) => r.current)).toHaveLength(1);
    const fromChrome = records.find((r) => r.ip === '203.0.113.7');
    expect(fromChrome?.browser).toBe('Chrome 131 on Windows');

    if (!fromChrome) throw new Error('no session from the second sign-in');
    await t.ok(api.sessionEnd, { token: a.token, params: { id: fromChrome._id } });
    expect((await t.api(api.self, { token: secondToken })).status).toBe(Status.UNAUTHENTICATED);
    expect((await t.ok(api.sessionEndOthers, { token: a.token })).ended).toBe(1);
    expect((await t.api(api.self, { token: third })).status).toBe(Status.UNAUTHENTICATED);
    expect((await t.api(api.self, { token: a.token })).status).toBe(Status.OK);
  });

  it("cannot end another account's session (answered as not found)", async () => {
    const victim = await account('victim');
    const attacker = await account('attacker');
    const sa = await t.sessionFor('SUPERADMIN');
    const { records } = await t.ok(api.sessionListAll, { token: sa, body: { adminId: victim.id } });
    const id = records[0]?._id ?? '';
    const res = await t.api(api.sessionEnd, { token: attacker.token, params: { id } });
    expect(res.status).toBe(Status.NOT_FOUND);
    expect((await t.api(api.self, { token: victim.token })).status).toBe(Status.OK);
    // A SUPERADMIN may.
    await t.ok(api.sessionEndAny, { token: sa, params: { id } });
    expect((await t.api(api.self, { token: victim.token })).status).toBe(Status.UNAUTHENTICATED);
  });

  it('an ended session is refused at once by another app process on the same database', async () => {
    const other = await buildApp({ ctx: t.ctx, webRoot: '/nonexistent' });
    await other.ready();
    try {
      const a = await account('twoproc');
      const second = await t.login(a.name);
      const selfVia = (token: string) =>
        other.inject({
          method: 'POST',
          url: '/api/v1/admin/authorization/self',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await selfVia(second)).statusCode).toBe(200);
      await t.ok(api.sessionEndOthers, { token: a.token });
      expect((await selfVia(second)).statusCode).toBe(401);
      expect((await selfVia(a.token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("a SUPERADMIN ends all of an account's sessions", async () => {
    const a = await account('endall');
    await t.login(a.name);
    const sa = await t.sessionFor('SUPERADMIN');
    expect((await t.ok(api.sessionEndAccount, { token: sa, params: { id: a.id } })).ended).toBe(2);
    expect((await t.api(api.self, { token: a.token })).status).toBe(Status.UNAUTHENTICATED);
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a QR code, then signs in in two steps; a code is accepted once only', async () => {
    const a = await account('totp');
    const { secret, recoveryCodes, started } = await enrol(a.token);
    expect(started.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.otpauthUri).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    t.clock.advance(60_000);
    const step1 = await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } });
    expect(step1.statusCode).toBe(401);
    expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
    const challenge = challengeOf(step1);
    const code = codeAt(secret, t.clock.now());
    // The same code twice in parallel: one session, not two.
    const tries = await Promise.all([1, 2].map(() => t.api(api.loginTotp, { body: { challenge, code } })));
    expect(tries.filter((r) => r.status === Status.OK)).toHaveLength(1);

    // The same code on a new challenge: refused (replay within its window).
    const again = await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } });
    const challenge2 = challengeOf(again);
    const replay = await t.api(api.loginTotp, { body: { challenge: challenge2, code } });
    expect(replay.status).toBe(Status.VALIDATION);
    expect(replay.body?.data).toMatchObject({ issues: [{ path: 'code', code: 'totp_invalid' }] });

    // A recovery code works once.
    const rc = recoveryCodes[0] ?? '';
    expect(
      (await t.api(api.loginTotp, { body: { challenge: challenge2, code: rc.toUpperCase() } })).status,
    ).toBe(Status.OK);
    const again3 = await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } });
    const challenge3 = challengeOf(again3);
    expect((await t.api(api.loginTotp, { body: { challenge: challenge3, code: rc } })).status).toBe(
      Status.VALIDATION,
    );
    expect((await t.ok(api.totpStatus, { token: a.token })).recoveryCodesLeft).toBe(9);
  });

  it('a recovery code sent twice in parallel opens one session', async () => {
    const a = await account('rcrace');
    const { recoveryCodes } = await enrol(a.token);
    const code = recoveryCodes[3] ?? '';
    const challenges = await Promise.all(
      [1, 2].map(async () =>
        challengeOf(await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } })),
      ),
    );
    const tries = await Promise.all(
      challenges.map((challenge) => t.api(api.loginTotp, { body: { challenge, code } })),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([Status.OK, Status.VALIDATION]);
  });

  it('keeps the secret encrypted at rest', async () => {
    const a = await account('totprest');
    const { secret } = await enrol(a.token);
    const [row] = await t.ctx.db
      .select()
      .from(admins)
      .where(eq(admins.id, BigInt(a.id)));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
  });

  it('expires a challenge and caps codes per challenge', async () => {
    const a = await account('totpcap');
    const { secret } = await enrol(a.token);
    const step1 = await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } });
    const challenge = challengeOf(step1);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.api(api.loginTotp, { body: { challenge, code: '000000' } })).status);
    }
    // The password step counted once, like a failed sign-in, until the code step succeeds: so the
    // username's throttle (5 free failures) stops code guesses after four.
    expect(statuses.slice(0, 4)).toEqual(Array(4).fill(Status.VALIDATION));
    expect(statuses.slice(4).every((s) => s === Status.TOO_MANY)).toBe(true);
    t.clock.advance(16 * 60_000);
    const late = await t.api(api.login, { body: { username: a.name, password: TEST_PASSWORD } });
    const c2 = challengeOf(late);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await t.api(api.loginTotp, {
      body: { challenge: c2, code: codeAt(secret, t.clock.now()) },
    });
    expect(expired.status).toBe(Status.UNAUTHENTICATED);
  });

  it('disables with re-authentication and a code', async () => {
    const a = await account('totpoff');
    const { secret } = await enrol(a.token);
    t.clock.advance(30_000);
    const other = await t.login(a.name).catch(() => 'second-factor');
    expect(other).toBe('second-factor');
    const wrong = await t.api(api.totpDisable, { token: a.token, body: { code: '123456' } });
    expect(wrong.status).toBe(Status.VALIDATION);
    await t.ok(api.totpDisable, { token: a.token, body: { code: codeAt(secret, t.clock.now()) } });
    expect(
      (await t.ok(api.login, { body: { username: a.name, password: TEST_PASSWORD } })).token,
    ).toBeTruthy();
  });

  it('a required type must enrol before anything else (3009)', async () => {
    const sa = await t.sessionFor('SUPERADMIN', { verified: true });
    // A type sent twice is refused where it stands, not quietly stored once.
    const twice = await t.api(api.securitySettingsUpdate, {
      token: sa,
      body: { totpRequiredTypes: ['REPORTER', 'REPORTER'] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body?.data).toMatchObject({
      issues: [{ path: 'totpRequiredTypes.1', code: 'type_repeated', params: { type: 'REPORTER' } }],
    });
    await t.ok(api.securitySettingsUpdate, { token: sa, body: { totpRequiredTypes: ['REPORTER'] } });
    expect(await t.ok(api.securitySettingsGet, { token: sa })).toEqual({
      totpRequiredTypes: ['REPORTER'],
      sharingChangeApproval: false,
    });
    const name = username('required');
    await t.addAdmin(name, 'REPORTER');
    const signedIn = await t.ok(api.login, { body: { username: name, password: TEST_PASSWORD } });
    expect(signedIn.next).toBe('enrol-totp');
    const blocked = await t.api(api.agentList, { token: signedIn.token, body: {} });
    expect(blocked.status).toBe(Status.SECOND_FACTOR_ENROLMENT_REQUIRED);
    // The sign-in counts as the re-authentication for enrolling right away.
    const started = await t.ok(api.totpEnrol, { token: signedIn.token });
    await t.ok(api.totpConfirm, {
      token: signedIn.token,
      body: { code: codeAt(started.secret, t.clock.now()) },
    });
    expect((await t.api(api.agentList, { token: signedIn.token, body: {} })).status).toBe(Status.OK);
    await t.ok(api.securitySettingsUpdate, { token: sa, body: { totpRequiredTypes: [] } });
  });

  it('a first code confirmed twice in parallel enrols once, with one set of recovery codes', async () => {
    const a = await account('totpconfirm');
    await t.verify(a.token);
    const started = await t.ok(api.totpEnrol, { token: a.token });
    const code = codeAt(started.secret, t.clock.now());
    const tries = await Promise.all(
      [1, 2].map(() => t.api(api.totpConfirm, { token: a.token, body: { code } })),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([Status.OK, Status.CONFLICT]);
    expect((await t.ok(api.totpStatus, { token: a.token })).recoveryCodesLeft).toBe(10);
  });

  it('a reset password of an enrolled account: code step first, then the forced change', async () => {
    const a = await account('totpreset', 'REPORTER');
    const { secret } = await enrol(a.token);
    const admin = await t.sessionFor('ADMIN', { verified: true });
    const { temporaryPassword } = await t.ok(api.passwordReset, { token: admin, params: { id: a.id } });
    t.clock.advance(30_000);
    const step1 = await t.api(api.login, { body: { username: a.name, password: temporaryPassword } });
    expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
    const signedIn = await t.ok(api.loginTotp, {
      body: { challenge: challengeOf(step1), code: codeAt(secret, t.clock.now()) },
    });
    expect(signedIn.next).toBe('change-password');
    expect((await t.api(api.agentList, { token: signedIn.token, body: {} })).status).toBe(
      Status.PASSWORD_CHANGE_REQUIRED,
    );
  });

  it('an administrator resets a lost factor', async () => {
    const a = await account('totplost', 'OPERATOR');
    await enrol(a.token);
    const admin = await t.sessionFor('ADMIN', { verified: true });
    await t.ok(api.totpReset, { token: admin, params: { id: a.id } });
    expect(
      (await t.ok(api.login, { body: { username: a.name, password: TEST_PASSWORD } })).token,
    ).toBeTruthy();
  });
});

// Last in the file: it moves the shared clock three days on.
describe('temporary password expiry', () => {
  it('works for 72 hours, then answers 3010 and a new reset gives a working one; the right password only', async () => {
    const admin = await t.sessionFor('SUPERADMIN', { verified: true });
    const target = await account('expiry', 'REPORTER');
    const first = await t.ok(api.passwordReset, { token: admin, params: { id: target.id } });
    t.clock.advance(TEMPORARY_PASSWORD_MS - 1);
    const inTime = await t.ok(api.login, {
      body: { username: target.name, password: first.temporaryPassword },
    });
    expect(inTime.next).toBe('change-password');

    t.clock.advance(1);
    const late = await t.api(api.login, {
      body: { username: target.name, password: first.temporaryPassword },
    });
    expect([late.statusCode, late.status]).toEqual([403, Status.TEMPORARY_PASSWORD_EXPIRED]);
    // A wrong password still answers as any wrong password does: the expiry tells a guesser nothing.
    const wrong = await t.api(api.login, { body: { username: target.name, password: 'not-the-password' } });
    expect(wrong.status).toBe(Status.BAD_CREDENTIALS);

    const again = await t.ok(api.passwordReset, {
      token: await t.sessionFor('SUPERADMIN', { verified: true }),
      params: { id: target.id },
    });
    const signedIn = await t.ok(api.login, {
      body: { username: target.name, password: again.temporaryPassword },
    });
    await t.ok(api.passwordChange, {
      token: signedIn.token,
      body: { currentPassword: again.temporaryPassword, newPassword: 'my-own-passphrase-7' },
    });
    // The account's own password never expires.
    t.clock.advance(TEMPORARY_PASSWORD_MS * 2);
    const own = await t.ok(api.login, { body: { username: target.name, password: 'my-own-passphrase-7' } });
    expect(own.next).toBeUndefined();
  });
});
