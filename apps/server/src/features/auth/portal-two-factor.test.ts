import { api, loginChallengeSchema, Status } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { addAgent, addOperator, portalSessionFor } from '../../../test/portal.ts';
import { agentOperators, agents, auditLog } from '../../db/schema/index.ts';

/*
 * docs/design.md §16: the agent side's accounts have staff's two-factor sign-in (§13), their owners may
 * require it of operator types and limit the addresses the agent's accounts sign in from.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A fresh agent (prefix unique per test) and its owner's verified session. */
const newAgent = async (tag: string) => {
  const i = ++n;
  const name = `${tag}_${i}`;
  const prefix = `p${i}x`;
  const id = await addAgent(t, name, prefix);
  const token = await portalSessionFor(t, id);
  return { id, name, prefix, token };
};

let ipCounter = 0;
const nextIp = () => `10.88.${++ipCounter >> 8}.${ipCounter & 255}`;
const signIn = (username: string, password = TEST_PASSWORD, remoteAddress = nextIp()) =>
  t.api(api.login, { body: { username, password }, remoteAddress });

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

const challengeOf = (res: { body: { data: unknown } | null }) =>
  loginChallengeSchema.parse(res.body?.data).challenge;

/** Enrol through the API with a verified session; answers the secret and the recovery codes. */
const enrol = async (token: string) => {
  const started = await t.ok(api.totpEnrol, { token });
  const { recoveryCodes } = await t.ok(api.totpConfirm, {
    token,
    body: { code: codeAt(started.secret, t.clock.now()) },
  });
  return { secret: started.secret, recoveryCodes, started };
};

describe('two-factor sign-in of the agent side', () => {
  it('an agent enrols, then signs in in two steps; a code and a recovery code work once', async () => {
    const a = await newAgent('tfa_agent');
    expect(await t.ok(api.totpStatus, { token: a.token })).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const { secret, recoveryCodes, started } = await enrol(a.token);
    expect(started.otpauthUri).toContain(`secret=${secret}`);
    expect(started.otpauthUri).toContain(encodeURIComponent(a.name));
    expect(started.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    const [row] = await t.ctx.db
      .select()
      .from(agents)
      .where(eq(agents.id, BigInt(a.id)));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);

    t.clock.advance(60_000);
    const step1 = await signIn(a.name);
    expect(step1.statusCode).toBe(401);
    expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
    const challenge = challengeOf(step1);
    const code = codeAt(secret, t.clock.now());
    const tries = await Promise.all([1, 2].map(() => t.api(api.loginTotp, { body: { challenge, code } })));
    expect(tries.filter((r) => r.status === Status.OK)).toHaveLength(1);
    const token = tries.find((r) => r.status === Status.OK)?.data?.token ?? '';
    expect(await t.ok(api.self, { token })).toMatchObject({ kind: 'agent', agentId: a.id });

    // The same code on a new challenge: refused.
    const challenge2 = challengeOf(await signIn(a.name));
    const replay = await t.api(api.loginTotp, { body: { challenge: challenge2, code } });
    expect(replay.status).toBe(Status.VALIDATION);
    expect(replay.body?.data).toMatchObject({ issues: [{ path: 'code', code: 'totp_invalid' }] });

    const rc = recoveryCodes[0] ?? '';
    expect((await t.api(api.loginTotp, { body: { challenge: challenge2, code: rc } })).status).toBe(
      Status.OK,
    );
    const challenge3 = challengeOf(await signIn(a.name));
    expect((await t.api(api.loginTotp, { body: { challenge: challenge3, code: rc } })).status).toBe(
      Status.VALIDATION,
    );
    expect((await t.ok(api.totpStatus, { token: a.token })).recoveryCodesLeft).toBe(9);
  });

  it('an operator enrols and signs in with a code; its secret and codes are its own', async () => {
    const a = await newAgent('tfa_op');
    const opId = await addOperator(t, a.id, 'op_two', 'OPERATOR');
    const opToken = await portalSessionFor(t, a.id, opId);
    const { secret, recoveryCodes } = await enrol(opToken);
    // The agent's own account is not enrolled by its operator's enrolment.
    expect((await t.ok(api.totpStatus, { token: a.token })).enabled).toBe(false);
    expect((await signIn(a.name)).status).toBe(Status.OK);
    const [op] = await t.ctx.db
      .select()
      .from(agentOperators)
      .where(eq(agentOperators.id, BigInt(opId)));
    expect(op?.totpSecret).toMatch(/^v1\./);

    t.clock.advance(60_000);
    const step1 = await signIn(`op_two@${a.prefix}`);
    expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
    const signed = await t.ok(api.loginTotp, {
      body: { challenge: challengeOf(step1), code: codeAt(secret, t.clock.now()) },
    });
    expect(await t.ok(api.self, { token: signed.token })).toMatchObject({ kind: 'operator', id: opId });
    // A recovery code is the operator's: renewing needs a code and replaces all ten.
    t.clock.advance(60_000);
    const renewed = await t.ok(api.totpRecoveryCodes, {
      token: opToken,
      body: { code: codeAt(secret, t.clock.now()) },
    });
    expect(renewed.recoveryCodes).toHaveLength(10);
    const old = challengeOf(await signIn(`op_two@${a.prefix}`));
    expect(
      (await t.api(api.loginTotp, { body: { challenge: old, code: recoveryCodes[1] ?? '' } })).status,
    ).toBe(Status.VALIDATION);
  });

  it('wrong codes are throttled as staff: four, then 3029; a challenge expires', async () => {
    const a = await newAgent('tfa_throttle');
    const { secret } = await enrol(a.token);
    const challenge = challengeOf(await signIn(a.name));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.api(api.loginTotp, { body: { challenge, code: '000000' } })).status);
    }
    expect(statuses.slice(0, 4)).toEqual(Array(4).fill(Status.VALIDATION));
    expect(statuses.slice(4).every((s) => s === Status.TOO_MANY)).toBe(true);
    const failed = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor, a.name));
    expect(failed.filter((r) => r.action === 'login-code-failed')).toHaveLength(4);
    t.clock.advance(16 * 60_000);
    const c2 = challengeOf(await signIn(a.name));
    t.clock.advance(5 * 60_000 + 1);
    const expired = await t.api(api.loginTotp, {
      body: { challenge: c2, code: codeAt(secret, t.clock.now()) },
    });
    expect(expired.status).toBe(Status.UNAUTHENTICATED);
  });

  it('turns off with re-authentication and a code; a wrong code changes nothing', async () => {
    const a = await newAgent('tfa_off');
    const { secret } = await enrol(a.token);
    t.clock.advance(30_000);
    const wrong = await t.api(api.totpDisable, { token: a.token, body: { code: '123456' } });
    expect(wrong.status).toBe(Status.VALIDATION);
    // A session whose sign-in was long ago must re-check its password first.
    const stale = await portalSessionFor(t, a.id);
    t.clock.advance(10 * 60_000);
    const notVerified = await t.api(api.totpDisable, {
      token: stale,
      body: { code: codeAt(secret, t.clock.now()) },
    });
    expect(notVerified.status).toBe(Status.REAUTH_REQUIRED);
    await t.verify(stale);
    await t.ok(api.totpDisable, { token: stale, body: { code: codeAt(secret, t.clock.now()) } });
    expect((await t.ok(api.totpStatus, { token: stale })).enabled).toBe(false);
    expect((await signIn(a.name)).status).toBe(Status.OK);
  });

  it('hostile codes and challenges never 500', async () => {
    const a = await newAgent('tfa_hostile');
    await enrol(a.token);
    const challenge = challengeOf(await signIn(a.name));
    for (const code of ['\u0000', '\ud800', '9'.repeat(5000), '-0', '1e309', '9223372036854775808']) {
      const res = await t.api(api.loginTotp, { body: { challenge, code } });
      expect(res.statusCode).toBeLessThan(500);
      const own = await t.api(api.totpDisable, { token: a.token, body: { code } });
      expect(own.statusCode).toBeLessThan(500);
    }
    for (const c of ['\u0000', '\ud800x', 'x'.repeat(100_000)]) {
      const res = await t.api(api.loginTotp, { body: { challenge: c, code: '123456' } });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe("the owners' sign-in settings", () => {
  it('required two-factor leads an operator of a listed type to enrol before anything else', async () => {
    const a = await newAgent('req');
    const opId = await addOperator(t, a.id, 'op_req', 'OPERATOR');
    await addOperator(t, a.id, 'rep_free', 'REPORTER');
    const twice = await t.api(api.agentSignInSettingsUpdate, {
      token: a.token,
      params: { id: a.id },
      body: { operatorTotpTypes: ['OPERATOR', 'OPERATOR'], signInIps: [] },
    });
    expect(twice.statusCode).toBe(400);
    expect(
      await t.ok(api.agentSignInSettingsUpdate, {
        token: a.token,
        params: { id: a.id },
        body: { operatorTotpTypes: ['OPERATOR', 'MANAGER'], signInIps: [] },
      }),
    ).toEqual({ operatorTotpTypes: ['MANAGER', 'OPERATOR'], signInIps: [] });

    const signed = await t.ok(api.login, {
      body: { username: `op_req@${a.prefix}`, password: TEST_PASSWORD },
    });
    expect(signed.next).toBe('enrol-totp');
    expect((await t.api(api.agentList, { token: signed.token, body: {} })).status).toBe(
      Status.SECOND_FACTOR_ENROLMENT_REQUIRED,
    );
    expect((await t.ok(api.totpStatus, { token: signed.token })).required).toBe(true);
    // The sign-in counts as the re-authentication for enrolling right away.
    await enrol(signed.token);
    expect((await t.api(api.agentList, { token: signed.token, body: {} })).status).toBe(Status.OK);
    // A type not listed, and the agent's own account, sign in as before.
    expect(
      (await t.ok(api.login, { body: { username: `rep_free@${a.prefix}`, password: TEST_PASSWORD } })).next,
    ).toBeUndefined();
    expect(
      (await t.ok(api.login, { body: { username: a.name, password: TEST_PASSWORD } })).next,
    ).toBeUndefined();
    // An existing session of a type that becomes required is stopped at its next request.
    const rep = await portalSessionFor(t, a.id, await addOperator(t, a.id, 'rep_two', 'REPORTER'));
    await t.ok(api.agentSignInSettingsUpdate, {
      token: a.token,
      params: { id: a.id },
      body: { operatorTotpTypes: ['OPERATOR', 'MANAGER', 'REPORTER'], signInIps: [] },
    });
    expect((await t.api(api.agentList, { token: rep, body: {} })).status).toBe(
      Status.SECOND_FACTOR_ENROLMENT_REQUIRED,
    );
    expect(opId).toBeTruthy();
  });

  it('a SUPERMANAGER sets them; a MANAGER may not; another agent answers 404 as a missing one', async () => {
    const a = await newAgent('own');
    const b = await newAgent('other');
    const sm = await portalSessionFor(t, a.id, await addOperator(t, a.id, 'sm_own', 'SUPERMANAGER'));
    const mgr = await portalSessionFor(t, a.id, await addOperator(t, a.id, 'mgr_own', 'MANAGER'));
    const smB = await portalSessionFor(t, b.id, await addOperator(t, b.id, 'sm_b', 'SUPERMANAGER'));
    const body = { operatorTotpTypes: ['REPORTER' as const], signInIps: ['203.0.113.0/24'] };
    // A list without the owner's own address would shut it out of its next sign-in: refused.
    const shutOut = await t.api(api.agentSignInSettingsUpdate, {
      token: sm,
      params: { id: a.id },
      body,
      remoteAddress: '192.0.2.7',
    });
    expect(shutOut.statusCode).toBe(400);
    expect(shutOut.body?.data).toMatchObject({
      issues: [{ path: 'signInIps', code: 'own_address_missing', params: { ip: '192.0.2.7' } }],
    });
    expect(
      await t.ok(api.agentSignInSettingsUpdate, {
        token: sm,
        params: { id: a.id },
        body,
        remoteAddress: '203.0.113.5',
      }),
    ).toEqual(body);
    expect(await t.ok(api.agentSignInSettingsGet, { token: a.token, params: { id: a.id } })).toEqual(body);
    expect((await t.api(api.agentSignInSettingsGet, { token: mgr, params: { id: a.id } })).status).toBe(
      Status.FORBIDDEN,
    );
    const cross = await t.api(api.agentSignInSettingsUpdate, { token: smB, params: { id: a.id }, body });
    const missing = await t.api(api.agentSignInSettingsUpdate, {
      token: smB,
      params: { id: '999999999' },
      body,
    });
    expect(cross.statusCode).toBe(404);
    expect({ status: cross.status, error: cross.error }).toEqual({
      status: missing.status,
      error: missing.error,
    });
    expect((await t.api(api.agentSignInSettingsGet, { token: smB, params: { id: a.id } })).statusCode).toBe(
      404,
    );
    expect(await t.ok(api.agentSignInSettingsGet, { token: a.token, params: { id: a.id } })).toEqual(body);
    // The ingest list is another list.
    expect((await t.ok(api.agentAllowedIpsGet, { token: a.token, params: { id: a.id } })).allowedIps).toEqual(
      [],
    );
  });

  it('hostile settings never 500', async () => {
    const a = await newAgent('hostile_set');
    const bodies: unknown[] = [
      { operatorTotpTypes: ['\u0000'], signInIps: [] },
      { operatorTotpTypes: [], signInIps: ['\ud800'] },
      { operatorTotpTypes: [], signInIps: ['1.2.3.4/99'] },
      { operatorTotpTypes: [], signInIps: ['x'.repeat(100_000)] },
      { operatorTotpTypes: [], signInIps: Array(10_000).fill('1.2.3.4') },
      { operatorTotpTypes: Number.POSITIVE_INFINITY, signInIps: -0 },
      {},
    ];
    for (const body of bodies) {
      const res = await t.api(api.agentSignInSettingsUpdate, {
        token: a.token,
        params: { id: a.id },
        body: body as never,
      });
      expect(res.statusCode).toBe(400);
    }
    for (const id of ['9223372036854775808', '-0', '1e309', '\u0000']) {
      const res = await t.api(api.agentSignInSettingsGet, { token: a.token, params: { id } });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('the sign-in address list of the agent side', () => {
  it('refuses sign-in from elsewhere with the body of a wrong password, in parallel too, and audits it', async () => {
    const a = await newAgent('addr');
    await addOperator(t, a.id, 'op_addr', 'OPERATOR');
    await t.ok(api.agentSignInSettingsUpdate, {
      token: a.token,
      params: { id: a.id },
      body: { operatorTotpTypes: [], signInIps: ['198.51.100.0/24'] },
      remoteAddress: '198.51.100.2',
    });
    const reference = await signIn(a.name, 'wrong-password-1', '203.0.113.9');
    expect(reference.status).toBe(3002);
    const outside = await Promise.all([
      signIn(a.name, TEST_PASSWORD, '203.0.113.10'),
      signIn(`op_addr@${a.prefix}`, TEST_PASSWORD, '203.0.113.11'),
      signIn(a.name, TEST_PASSWORD, '203.0.113.12'),
      signIn(`op_addr@${a.prefix}`, TEST_PASSWORD, '2001:db8::1'),
    ]);
    for (const res of outside) {
      expect({ http: res.statusCode, status: res.status, error: res.error, data: res.data }).toEqual({
        http: reference.statusCode,
        status: reference.status,
        error: reference.error,
        data: reference.data,
      });
    }
    const refused = await t.ctx.db
      .select({ actor: auditLog.actor, ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, 'login-refused-address'));
    expect(refused.filter((r) => r.actor === a.name || r.actor === `op_addr@${a.prefix}`)).toHaveLength(4);
    // From the list: in.
    expect((await signIn(a.name, TEST_PASSWORD, '198.51.100.20')).status).toBe(Status.OK);
    expect((await signIn(`op_addr@${a.prefix}`, TEST_PASSWORD, '198.51.100.21')).status).toBe(Status.OK);
  });

  it('the code step is refused from elsewhere too, as a wrong password', async () => {
    const a = await newAgent('addr_code');
    const { secret } = await enrol(a.token);
    await t.ok(api.agentSignInSettingsUpdate, {
      token: a.token,
      params: { id: a.id },
      body: { operatorTotpTypes: [], signInIps: ['198.51.100.0/24'] },
      remoteAddress: '198.51.100.2',
    });
    t.clock.advance(60_000);
    const step1 = await signIn(a.name, TEST_PASSWORD, '198.51.100.30');
    expect(step1.status).toBe(Status.SECOND_FACTOR_REQUIRED);
    const moved = await t.api(api.loginTotp, {
      body: { challenge: challengeOf(step1), code: codeAt(secret, t.clock.now()) },
      remoteAddress: '203.0.113.40',
    });
    expect(moved.status).toBe(3002);
  });

  it("an owner removes an operator's lost second factor; not a SUPERMANAGER's, nor another agent's", async () => {
    const a = await newAgent('reset');
    const b = await newAgent('reset_other');
    const opId = await addOperator(t, a.id, 'op_lost', 'OPERATOR');
    const smId = await addOperator(t, a.id, 'sm_peer', 'SUPERMANAGER');
    const sm = await portalSessionFor(t, a.id, await addOperator(t, a.id, 'sm_reset', 'SUPERMANAGER'));
    const smB = await portalSessionFor(t, b.id, await addOperator(t, b.id, 'sm_b2', 'SUPERMANAGER'));
    const opToken = await portalSessionFor(t, a.id, opId);
    await enrol(opToken);
    await enrol(await portalSessionFor(t, a.id, smId));
    t.clock.advance(60_000);
    expect((await signIn(`op_lost@${a.prefix}`)).status).toBe(Status.SECOND_FACTOR_REQUIRED);

    const cross = await t.api(api.agentOperatorTotpReset, { token: smB, params: { id: opId } });
    const missing = await t.api(api.agentOperatorTotpReset, { token: smB, params: { id: '999999999' } });
    expect(cross.statusCode).toBe(404);
    expect({ status: cross.status, error: cross.error }).toEqual({
      status: missing.status,
      error: missing.error,
    });
    expect((await t.api(api.agentOperatorTotpReset, { token: opToken, params: { id: opId } })).status).toBe(
      Status.FORBIDDEN,
    );
    expect((await t.api(api.agentOperatorTotpReset, { token: sm, params: { id: smId } })).status).toBe(
      Status.FORBIDDEN,
    );
    await t.ok(api.agentOperatorTotpReset, { token: sm, params: { id: opId } });
    const signed = await signIn(`op_lost@${a.prefix}`);
    expect(signed.status).toBe(Status.OK);
    expect((await t.ok(api.totpStatus, { token: opToken })).enabled).toBe(false);
    const audit = await t.ctx.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'totp-reset'));
    expect(audit.filter((r) => r.entityId === opId)).toHaveLength(1);
    // The agent's own account resets a SUPERMANAGER's.
    await t.ok(api.agentOperatorTotpReset, { token: a.token, params: { id: smId } });
    expect((await signIn(`sm_peer@${a.prefix}`)).status).toBe(Status.OK);
  });

  it('the operator list tells whether each operator uses two-factor, to its owners and staff', async () => {
    const a = await newAgent('op_state');
    const onId = await addOperator(t, a.id, 'op_on', 'OPERATOR');
    const pendingId = await addOperator(t, a.id, 'op_pending', 'REPORTER');
    await addOperator(t, a.id, 'op_off', 'MANAGER');
    const sm = await portalSessionFor(t, a.id, await addOperator(t, a.id, 'sm_state', 'SUPERMANAGER'));
    await enrol(await portalSessionFor(t, a.id, onId));
    // Enrolment started, never confirmed: it still signs in with its password alone.
    await t.ok(api.totpEnrol, { token: await portalSessionFor(t, a.id, pendingId) });
    const admin = await t.sessionFor('REPORTER');
    const states = async (token: string) =>
      Object.fromEntries(
        (await t.ok(api.agentOperatorList, { token, body: { agent: a.id } })).records.map((r) => [
          r.username,
          r.totpEnabled,
        ]),
      );
    const expected = { op_on: true, op_pending: false, op_off: false, sm_state: false };
    for (const token of [a.token, sm, admin]) expect(await states(token)).toEqual(expected);
    await t.ok(api.agentOperatorTotpReset, { token: a.token, params: { id: onId } });
    expect(await states(sm)).toEqual({ ...expected, op_on: false });
    // The staff export says it too.
    const file = await t.api(api.agentOperatorExport, {
      token: await t.sessionFor('ADMIN'),
      body: { agent: a.id },
      headers: { 'accept-language': 'en' },
    });
    expect(file.res.body).toContain('Two-factor');
  });

  it("staff managers remove an agent's own second factor; the agent side may not", async () => {
    const a = await newAgent('staff_reset');
    const child = await addAgent(t, `staff_reset_child_${n}`, `c${n}x`, { parent: a.id });
    await enrol(a.token);
    // Staff read whether the agent's own account uses two-factor; the agent side is not told.
    const listed = async (token: string) =>
      (await t.ok(api.agentList, { token, body: {} })).records.filter(
        (r) => r._id === a.id || r._id === child,
      );
    const staffReader = await t.sessionFor('REPORTER');
    expect((await listed(staffReader)).map((r) => [r._id, r.totpEnabled])).toEqual(
      expect.arrayContaining([
        [a.id, true],
        [child, false],
      ]),
    );
    const ownView = await listed(a.token);
    expect(ownView).toHaveLength(2);
    for (const r of ownView) expect(r).not.toHaveProperty('totpEnabled');
    t.clock.advance(60_000);
    expect((await signIn(a.name)).status).toBe(Status.SECOND_FACTOR_REQUIRED);
    expect((await t.api(api.agentTotpReset, { token: a.token, params: { id: a.id } })).status).toBe(
      Status.FORBIDDEN,
    );
    const reporter = await t.sessionFor('OPERATOR', { verified: true });
    expect((await t.api(api.agentTotpReset, { token: reporter, params: { id: a.id } })).status).toBe(
      Status.FORBIDDEN,
    );
    const admin = await t.sessionFor('ADMIN', { verified: true });
    expect((await t.api(api.agentTotpReset, { token: admin, params: { id: '999999999' } })).statusCode).toBe(
      404,
    );
    await t.ok(api.agentTotpReset, { token: admin, params: { id: a.id } });
    expect((await signIn(a.name)).status).toBe(Status.OK);
    expect((await listed(staffReader)).find((r) => r._id === a.id)?.totpEnabled).toBe(false);
    expect(await t.ok(api.totpStatus, { token: a.token })).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
  });
});
