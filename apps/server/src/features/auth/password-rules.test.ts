import { api, Status } from '@sapi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { admins } from '../../db/schema/index.ts';
import { bootstrapFirstAdmin } from '../admin/bootstrap.ts';

/**
 * The password rules of docs/design.md §13 apply to every password a person chooses, not only to one's own
 * change: an administrator creating an admin or an agent-operator account (or giving an operator a
 * new password) is refused a common password or the username, with the same issue codes.
 */
let t: TestApp;
let root: string;
let operator: string;
let agentId: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.sessionFor('SUPERADMIN', { verified: true });
  operator = await t.sessionFor('OPERATOR');
  agentId = (await makeAgent(t, operator))._id;
});
afterAll(() => t.close());

const issueOf = (res: { status: number; issues: { path: string; code?: string | undefined }[] }) => ({
  status: res.status,
  issue: res.issues[0],
});

describe('admin accounts created with a password', () => {
  it.each([
    ['a common password, whatever its case', 'rule_admin1', 'PassWord1', 'password_common'],
    ['the username', 'rule_admin2', 'rule_admin2', 'password_is_username'],
    ['the username in another case', 'rule_admin3', 'RULE_ADMIN3', 'password_is_username'],
  ])('refuses %s with 2001 under password', async (_name, username, password, code) => {
    const res = await t.api(api.adminCreate, { token: root, body: { username, password, type: 'OPERATOR' } });
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)).toEqual({
      status: Status.VALIDATION,
      issue: expect.objectContaining({ path: 'password', code }),
    });
    const [row] = await t.database.db.select().from(admins).where(eq(admins.username, username));
    expect(row).toBeUndefined();
  });

  it('accepts a password that is neither', async () => {
    const res = await t.api(api.adminCreate, {
      token: root,
      body: { username: 'rule_admin_ok', password: 'a-long-password', type: 'OPERATOR' },
    });
    expect(res.status).toBe(Status.OK);
  });
});

describe('agent-operator accounts', () => {
  it.each([
    ['a common password', 'rule_op1', 'qwertyuiop', 'password_common'],
    ['the username', 'rule_op2', 'Rule_Op2', 'password_is_username'],
  ])('refuses %s at registration', async (_name, username, password, code) => {
    const res = await t.api(api.agentOperatorRegister, {
      token: operator,
      body: { agent: agentId, username, password, type: 'OPERATOR' },
    });
    expect(issueOf(res)).toEqual({
      status: Status.VALIDATION,
      issue: expect.objectContaining({ path: 'password', code }),
    });
  });

  it('refuses them as a new password on update, and keeps the old one', async () => {
    const created = await t.ok(api.agentOperatorRegister, {
      token: operator,
      body: { agent: agentId, username: 'rule_op3', password: 'operator-pass', type: 'OPERATOR' },
    });
    for (const [password, code] of [
      ['12345678', 'password_common'],
      ['RULE_OP3', 'password_is_username'],
    ] as const) {
      const res = await t.api(api.agentOperatorUpdate, {
        token: operator,
        params: { id: created._id },
        body: { type: 'OPERATOR', locked: false, password },
      });
      expect(issueOf(res)).toEqual({
        status: Status.VALIDATION,
        issue: expect.objectContaining({ path: 'password', code }),
      });
    }
    const kept = await t.api(api.agentOperatorUpdate, {
      token: operator,
      params: { id: created._id },
      body: { type: 'REPORTER', locked: false, password: '' },
    });
    expect(kept.status).toBe(Status.OK);
  });
});

describe('the first SUPERADMIN', () => {
  it('with a generated password must change it at the first sign-in (3007 until then)', async () => {
    const fresh = await createTestApp({ ADMIN_USERNAME: 'first_sa', ADMIN_PASSWORD: undefined });
    try {
      const boot = await bootstrapFirstAdmin(fresh.ctx);
      if (!boot.created || !boot.generatedPassword) throw new Error('expected a generated password');
      const login = await fresh.ok(api.login, {
        body: { username: 'first_sa', password: boot.generatedPassword },
      });
      expect(login.next).toBe('change-password');
      const blocked = await fresh.api(api.agentList, { token: login.token, body: {} });
      expect(blocked.status).toBe(Status.PASSWORD_CHANGE_REQUIRED);
      const changed = await fresh.api(api.passwordChange, {
        token: login.token,
        body: { currentPassword: boot.generatedPassword, newPassword: 'my-own-first-passphrase' },
      });
      expect(changed.status).toBe(Status.OK);
      expect((await fresh.api(api.agentList, { token: login.token, body: {} })).status).toBe(Status.OK);
    } finally {
      await fresh.close();
    }
  });

  it('with ADMIN_PASSWORD from the configuration signs in without a forced change', async () => {
    const fresh = await createTestApp({ ADMIN_USERNAME: 'first_sa', ADMIN_PASSWORD: 'operator-chosen-pass' });
    try {
      const boot = await bootstrapFirstAdmin(fresh.ctx);
      expect(boot).toEqual({ created: true, username: 'first_sa' });
      const login = await fresh.ok(api.login, {
        body: { username: 'first_sa', password: 'operator-chosen-pass' },
      });
      expect(login.next).toBeUndefined();
      expect((await fresh.api(api.agentList, { token: login.token, body: {} })).status).toBe(Status.OK);
    } finally {
      await fresh.close();
    }
  });
});
