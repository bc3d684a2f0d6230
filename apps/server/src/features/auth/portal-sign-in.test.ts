import { allows, api, portalRoles, type RouteDef, reportExports } from '@sapi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { addAgent, addOperator, type OperatorType, portalSessionFor } from '../../../test/portal.ts';
import { signInNameClashes } from '../../core/sign-in-names.ts';
import { agents, auditLog } from '../../db/schema/index.ts';
import * as passwords from '../../lib/passwords.ts';
import { USER_FREE_FAILURES } from './throttle.ts';

/*
 * docs/design.md §16: agents and their operators sign in through staff sign-in, with its counters and
 * answers; the agent side may use only the routes that list its role (deny by default).
 */

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
let agentA: string;
beforeAll(async () => {
  t = await createTestApp();
  agentA = await addAgent(t, 'agent_alpha', 'alp');
});
afterAll(() => t.close());
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
  vi.mocked(passwords.verifyAgainstDummy).mockClear();
});

let ipCounter = 0;
/** Each sign-in from its own address, so the address cap never mixes into a case. */
const signIn = (username: string, password = TEST_PASSWORD) =>
  t.api(api.login, {
    body: { username, password },
    remoteAddress: `10.77.${++ipCounter >> 8}.${ipCounter & 255}`,
  });

describe('signing in on the agent side', () => {
  it('an agent signs in with its username (any case); self names its kind, type, agent and prefix', async () => {
    const res = await signIn('Agent_Alpha');
    expect(res.status).toBe(1000);
    const token = res.data?.token ?? '';
    expect(res.data).toEqual({ token });
    const self = await t.ok(api.self, { token });
    expect(self).toMatchObject({
      username: 'agent_alpha',
      kind: 'agent',
      type: 'AGENT',
      role: 'AGENT',
      id: agentA,
      agentId: agentA,
      agentUsername: 'agent_alpha',
      prefix: 'alp',
    });
    expect((await t.ok(api.selfCheck, { token })).username).toBe('agent_alpha');
  });

  it('an operator signs in as username@prefix; self names its type and role', async () => {
    const id = await addOperator(t, agentA, 'mgr_one', 'MANAGER');
    const token = (await signIn('mgr_one@alp')).data?.token ?? '';
    expect(await t.ok(api.self, { token })).toMatchObject({
      username: 'mgr_one@alp',
      kind: 'operator',
      type: 'MANAGER',
      role: 'AGENT_MANAGER',
      id,
      agentId: agentA,
      prefix: 'alp',
    });
  });

  it('staff self answers kind staff and its type as role', async () => {
    await t.addAdmin('staff_self', 'OPERATOR');
    const token = await t.login('staff_self');
    expect(await t.ok(api.self, { token })).toMatchObject({
      kind: 'staff',
      type: 'OPERATOR',
      role: 'OPERATOR',
    });
  });

  it('wrong password, unknown name, locked agent, its operators, locked or deleted operator: one answer', async () => {
    const locked = await addAgent(t, 'agent_locked', 'lck', { locked: true });
    await addOperator(t, locked, 'op_of_locked', 'SUPERMANAGER');
    await addOperator(t, agentA, 'op_locked', 'OPERATOR', { locked: true });
    const deleted = await addOperator(t, agentA, 'op_deleted', 'OPERATOR');
    await t.ctx.db.execute(`update agent_operators set deleted_at = now() where id = ${deleted}`);
    const reference = await signIn('agent_alpha', 'wrong-password-1');
    expect(reference.statusCode).toBe(401);
    expect(reference.status).toBe(3002);
    const others = await Promise.all([
      signIn('no_such_agent'),
      signIn('nobody@alp'),
      signIn('mgr_one@zzz'),
      signIn('agent_locked'),
      signIn('op_of_locked@lck'),
      signIn('op_locked@alp'),
      signIn('op_deleted@alp'),
      signIn('@alp'),
      signIn('x@'),
    ]);
    for (const res of others) {
      expect({ http: res.statusCode, status: res.status, error: res.error, data: res.data }).toEqual({
        http: reference.statusCode,
        status: reference.status,
        error: reference.error,
        data: reference.data,
      });
    }
    // One hash checked per attempt, a dummy where no account matched: similar time for each.
    expect(passwordChecks()).toBe(1 + others.length);
  });

  it("locking an agent ends its own and its operators' sessions at their next request", async () => {
    const agent = await addAgent(t, 'agent_to_lock', 'tlk');
    const op = await addOperator(t, agent, 'op_x', 'REPORTER');
    const own = (await signIn('agent_to_lock')).data?.token ?? '';
    const ops = (await signIn('op_x@tlk')).data?.token ?? '';
    expect((await t.api(api.self, { token: ops })).status).toBe(1000);
    const staff = await t.sessionFor('OPERATOR');
    expect((await t.api(api.agentLock, { token: staff, params: { id: agent } })).status).toBe(1000);
    for (const token of [own, ops]) {
      const res = await t.api(api.self, { token });
      expect(res.statusCode).toBe(401);
      expect(res.status).toBe(3001);
    }
    expect((await signIn('op_x@tlk')).status).toBe(3002);
    // Unlocked, both sign in again; the operator's own lock still holds it alone.
    await t.ok(api.agentUnlock, { token: staff, params: { id: agent } });
    expect((await signIn('agent_to_lock')).status).toBe(1000);
    await t.ok(api.agentOperatorDelete, { token: staff, params: { id: op } });
    expect((await signIn('op_x@tlk')).status).toBe(3002);
  });

  it('a parallel storm at an agent name checks no more passwords than the limit', async () => {
    await addAgent(t, 'agent_storm', 'stm');
    const storm = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn('agent_storm', `guess-${i}`)),
    );
    expect(passwordChecks()).toBe(USER_FREE_FAILURES);
    const count: Record<number, number> = {};
    for (const a of storm) count[a.status] = (count[a.status] ?? 0) + 1;
    expect(count).toEqual({ 3002: USER_FREE_FAILURES, 3029: 40 - USER_FREE_FAILURES });
    // The right password waits too.
    expect((await signIn('agent_storm')).status).toBe(3029);
  });

  it('a password someone else set: the first sign-in may only change it, then signs in plainly', async () => {
    const agent = await addAgent(t, 'agent_first', 'fst', { mustChangePassword: true });
    const first = await signIn('agent_first');
    expect(first.data).toMatchObject({ next: 'change-password' });
    const token = first.data?.token ?? '';
    const rules = await t.api(api.passwordChange, {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'agent_first' },
    });
    expect(rules.status).toBe(2001);
    const wrong = await t.api(api.passwordChange, {
      token,
      body: { currentPassword: 'not-the-password', newPassword: 'a-brand-new-secret-9' },
    });
    expect(wrong.status).toBe(2001);
    expect(
      await t.ok(api.passwordChange, {
        token,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret-9' },
      }),
    ).toEqual({ ended: 0 });
    const [row] = await t.ctx.db
      .select()
      .from(agents)
      .where(eq(agents.id, BigInt(agent)));
    expect(row?.mustChangePassword).toBe(false);
    expect((await signIn('agent_first')).status).toBe(3002);
    const again = await signIn('agent_first', 'a-brand-new-secret-9');
    expect(again.status).toBe(1000);
    expect(again.data?.next).toBeUndefined();
  });

  it('an operator whose password staff reset must change it; its sessions end', async () => {
    const op = await addOperator(t, agentA, 'op_reset', 'OPERATOR');
    const before = (await signIn('op_reset@alp')).data?.token ?? '';
    const staff = await t.sessionFor('OPERATOR');
    await t.ok(api.agentOperatorUpdate, {
      token: staff,
      params: { id: op },
      body: { type: 'OPERATOR', locked: false, password: 'staff-chose-this-1' },
    });
    expect((await t.api(api.self, { token: before })).status).toBe(3001);
    expect((await signIn('op_reset@alp', 'staff-chose-this-1')).data?.next).toBe('change-password');
  });

  it('sign-in and sign-out are audited naming the kind, agent and operator', async () => {
    const op = await addOperator(t, agentA, 'op_audit', 'REPORTER');
    const token = (await signIn('op_audit@alp')).data?.token ?? '';
    await t.ok(api.logout, { token });
    expect((await t.api(api.self, { token })).status).toBe(3001);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'op_audit@alp'), eq(auditLog.entity, 'session')));
    expect(rows.map((r) => r.action).sort()).toEqual(['login', 'logout']);
    for (const r of rows) {
      expect(r.actorId).toBeNull();
      expect((r.after as { by: unknown }).by).toEqual({ kind: 'operator', agentId: agentA, operatorId: op });
    }
  });
});

describe('one name space for plain sign-in names', () => {
  it('a staff account may not take an agent name, nor an agent a staff name (any case)', async () => {
    const superadmin = await t.sessionFor('SUPERADMIN', { verified: true });
    const staff = await t.api(api.adminCreate, {
      token: superadmin,
      body: { username: 'AGENT_ALPHA', password: 'a-long-staff-password', type: 'REPORTER' },
    });
    expect(staff.status).toBe(2009);
    expect(staff.issues).toMatchObject([{ path: 'username', code: 'sign_in_name_taken' }]);

    await t.addAdmin('staff_named', 'REPORTER');
    const writer = await t.sessionFor('OPERATOR');
    const agent = await t.api(api.agentRegister, {
      token: writer,
      body: {
        username: 'Staff_Named',
        password: 'an-agent-password-1',
        endpoint: 'https://agent.example',
        games: [],
        prefix: 'stn',
        code: 'stn_code',
        agentType: 'AGENT',
      },
    });
    expect(agent.status).toBe(2009);
    expect(agent.issues).toMatchObject([{ path: 'username', code: 'sign_in_name_taken' }]);
  });

  it('clashes made before the rule are listed (for the start-up warning)', async () => {
    await t.addAdmin('old_clash', 'REPORTER');
    await addAgent(t, 'OLD_CLASH', 'olc');
    expect(await signInNameClashes(t.ctx.db)).toContain('OLD_CLASH');
    // The staff account keeps the name.
    expect((await t.ok(api.self, { token: await t.login('old_clash') })).kind).toBe('staff');
  });
});

describe('deny by default: every contract route for every agent-side role', () => {
  const routes = [
    ...Object.entries(api),
    ...Object.entries(reportExports).map(([n, d]) => [`${n}Export`, d]),
  ] as [string, RouteDef][];
  const params = { id: '999999', agentId: '999999', listId: '999999', gameBrand: 'PG' };
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    const agent = await addAgent(t, 'agent_matrix', 'mtx');
    tokens.set('AGENT', await portalSessionFor(t, agent));
    const types: OperatorType[] = ['SUPERMANAGER', 'MANAGER', 'OPERATOR', 'REPORTER'];
    for (const type of types) {
      const op = await addOperator(t, agent, `m_${type.toLowerCase()}`, type);
      tokens.set(`AGENT_${type}`, await portalSessionFor(t, agent, op));
    }
  });

  it('the routes open to the agent side are the ones that read or write through its scope', () => {
    const open = routes
      .filter(([, def]) => def.access !== 'public' && portalRoles.some((role) => allows(def, role)))
      .map(([n]) => n);
    expect(open.sort()).toEqual(
      [
        'adapterExport',
        'adapterGet',
        'adapterList',
        'agentAllowedIpsGet',
        'agentAllowedIpsUpdate',
        'agentSignInSettingsGet',
        'agentSignInSettingsUpdate',
        'agentExport',
        'agentGet',
        'agentList',
        'agentLock',
        'agentOperatorList',
        'agentOperatorRegister',
        'agentOperatorTotpReset',
        'agentOperatorUpdate',
        'agentPick',
        'agentRegister',
        'agentReportMonthly',
        'agentReportMonthlyBatch',
        'agentRotateSecret',
        'agentSharingList',
        'agentSharingUpdate',
        'agentTree',
        'agentUnlock',
        'agentUpdate',
        'auditList',
        'ingestLogExport',
        'ingestLogGet',
        'ingestLogList',
        'registerCount',
        'registerCountExport',
        'settlementExport',
        'settlementList',
        'settlementPeriods',
        'transactionExport',
        'userExport',
        'dashboard',
        'logout',
        'passwordChange',
        'reconciliationExport',
        'reconciliationRun',
        'self',
        'selfCheck',
        'sessionEnd',
        'sessionEndOthers',
        'sessionList',
        'totpConfirm',
        'totpDisable',
        'totpEnrol',
        'totpRecoveryCodes',
        'totpStatus',
        'summaryAgentDaily',
        'summaryAgentDailyExport',
        'summaryAgentMonthly',
        'summaryAgentMonthlyExport',
        'summaryGameDaily',
        'summaryGameDailyExport',
        'summaryGameDailyByGame',
        'summaryGameDailyByGameExport',
        'summaryGameMonthly',
        'summaryGameMonthlyExport',
        'summaryGameMonthlyByGame',
        'summaryGameMonthlyByGameExport',
        'summaryTransactionGet',
        'summaryTransactionList',
        'transactionGet',
        'transactionList',
        'userCreate',
        'userGet',
        'userList',
        'userUpdate',
        'verify',
      ].sort(),
    );
  });

  describe.each(routes.filter(([name]) => name !== 'logout'))('%s', (_name, def) => {
    it.each([...portalRoles])('as %s', async (role) => {
      const res = await t.api(def, { params, body: {}, token: tokens.get(role) });
      if (def.access === 'public') return;
      if (def.access === 'agent-signed') {
        expect(res.status).toBe(3001);
      } else if (allows(def, role)) {
        expect([401, 403]).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.status).toBe(3004);
      }
    });
  });
});
