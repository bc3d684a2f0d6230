import { api, type BodyOf } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OffContract, offContract } from '../../../test/calls.ts';
import { auditOf, makeAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let op: string;
let a1: { _id: string };
let a2: { _id: string };
beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  a1 = await makeAgent(t, op);
  a2 = await makeAgent(t, op);
});
afterAll(() => t.close());

const register = (body: BodyOf<typeof api.agentOperatorRegister> | OffContract) =>
  t.api(api.agentOperatorRegister, { token: op, body });

describe('agent operators', () => {
  it('registers, answering statusCode/statusMessage beside the envelope', async () => {
    const res = await register({
      agent: a1._id,
      username: 'cashier',
      password: 'operator-pass',
      type: 'OPERATOR',
    });
    expect(res.body).toMatchObject({ status: 1000, statusCode: 1000, statusMessage: 'Success', error: null });
    expect(res.data).toMatchObject({
      agent: a1._id,
      username: 'cashier',
      type: 'OPERATOR',
      locked: false,
    });
    expect(res.res.body).not.toContain('operator-pass');
  });

  it('keeps usernames unique per agent only', async () => {
    const first = {
      agent: a1._id,
      username: 'till_one',
      password: 'operator-pass',
      type: 'MANAGER',
    } as const;
    expect((await register(first)).status).toBe(1000);
    const dup = await register({ ...first, username: 'TILL_ONE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({ statusCode: 2009, statusMessage: dup.error });
    const other = await register({ ...first, agent: a2._id });
    expect(other.status).toBe(1000);
  });

  it('lists by agent (page size 50)', async () => {
    const agent = await makeAgent(t, op);
    await register({ agent: agent._id, username: 'listed', password: 'operator-pass', type: 'OPERATOR' });
    const res = await t.ok(api.agentOperatorList, { token: op, body: { agent: agent._id } });
    expect(res).toMatchObject({ limit: 50, total: 1 });
  });

  it('validates type and password', async () => {
    const res = await register(
      offContract({ agent: a1._id, username: 'x_user', password: 'short', type: 'BOSS' }),
    );
    expect(res.issues.map((i) => i.path).sort()).toEqual(['password', 'type']);
  });

  it('edits type, locked and password; deletes; each audited', async () => {
    const o = await t.ok(api.agentOperatorRegister, {
      token: op,
      body: { agent: a2._id, username: 'editor', password: 'operator-pass', type: 'REPORTER' },
    });
    const upd = await t.ok(api.agentOperatorUpdate, {
      token: op,
      params: { id: o._id },
      body: { type: 'SUPERMANAGER', locked: true, password: 'new-operator-pass' },
    });
    expect(upd).toMatchObject({ type: 'SUPERMANAGER', locked: true });
    const del = await t.api(api.agentOperatorDelete, { token: op, params: { id: o._id } });
    expect(del.statusCode).toBe(200);
    const list = await t.ok(api.agentOperatorList, { token: op, body: { username: 'editor' } });
    expect(list.total).toBe(0);
    const admin = await t.tokenFor('ADMIN');
    const records = await auditOf(t, admin, 'agent-operator', o._id);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(JSON.stringify(records)).not.toContain('new-operator-pass');
  });
});
