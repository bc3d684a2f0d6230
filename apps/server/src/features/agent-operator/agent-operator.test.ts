import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const register = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/v1/agent-operator/register', token: op, payload });

describe('agent operators', () => {
  it('registers, answering statusCode/statusMessage beside the envelope', async () => {
    const res = await register({
      agent: a1._id,
      username: 'cashier',
      password: 'operator-pass',
      type: 'OPERATOR',
    });
    expect(res.body).toMatchObject({ status: 1000, statusCode: 1000, statusMessage: 'Success', error: null });
    expect(res.body.data).toMatchObject({
      agent: a1._id,
      username: 'cashier',
      type: 'OPERATOR',
      locked: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('operator-pass');
  });

  it('keeps usernames unique per agent only', async () => {
    const dup = await register({
      agent: a1._id,
      username: 'CASHIER',
      password: 'operator-pass',
      type: 'MANAGER',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({ statusCode: 2009, statusMessage: dup.body.error });
    const other = await register({
      agent: a2._id,
      username: 'cashier',
      password: 'operator-pass',
      type: 'MANAGER',
    });
    expect(other.body.status).toBe(1000);
  });

  it('lists by agent (page size 50)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/agent-operator/list',
      token: op,
      payload: { agent: a1._id },
    });
    expect(res.body.data).toMatchObject({ limit: 50, total: 1 });
  });

  it('validates type and password', async () => {
    const res = await register({ agent: a1._id, username: 'x_user', password: 'short', type: 'BOSS' });
    expect(res.body.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['password', 'type']);
  });

  it('edits type, locked and password; deletes; each audited', async () => {
    const o = (
      await register({ agent: a2._id, username: 'editor', password: 'operator-pass', type: 'REPORTER' })
    ).body.data;
    const upd = await t.call({
      method: 'PUT',
      url: `/api/v1/agent-operator/update/${o._id}`,
      token: op,
      payload: { type: 'SUPERMANAGER', locked: true, password: 'new-operator-pass' },
    });
    expect(upd.body.data).toMatchObject({ type: 'SUPERMANAGER', locked: true });
    const del = await t.call({ method: 'DELETE', url: `/api/v1/agent-operator/delete/${o._id}`, token: op });
    expect(del.statusCode).toBe(200);
    const list = await t.call({
      method: 'POST',
      url: '/api/v1/agent-operator/list',
      token: op,
      payload: { username: 'editor' },
    });
    expect(list.body.data.total).toBe(0);
    const admin = await t.tokenFor('ADMIN');
    const records = await auditOf(t, admin, 'agent-operator', o._id);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(JSON.stringify(records)).not.toContain('new-operator-pass');
  });
});
