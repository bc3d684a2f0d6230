import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, makeAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let op: string;
type A = { _id: string; prefix: string };
let senior: A;
let master: A;
let agent: A;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  senior = await makeAgent(t, op, { agentType: 'SENIOR' });
  master = await makeAgent(t, op, { agentType: 'MASTER' });
  agent = await makeAgent(t, op, { agentType: 'AGENT' });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/v1/agent-sharing/create', token: op, payload });

describe('agent sharing', () => {
  it('creates agent → parent at 35 %, listing the parent prefix', async () => {
    const res = await create({ agent: agent._id, parentAgent: master._id, parentPercentage: 35 });
    expect(res.body.data).toMatchObject({
      agent: agent._id,
      parentAgentPrefix: master.prefix,
      parentPercentage: 35,
    });
    const list = await t.call({ method: 'POST', url: '/api/v1/agent-sharing/list', token: op, payload: {} });
    expect(list.body.data).toMatchObject({ limit: 10, total: 1 });
    const filtered = await t.call({
      method: 'POST',
      url: '/api/v1/agent-sharing/list',
      token: op,
      payload: { parentAgent: senior._id },
    });
    expect(filtered.body.data.total).toBe(0);
    const admin = await t.tokenFor('ADMIN');
    expect(await auditOf(t, admin, 'agent-sharing', res.body.data._id)).toHaveLength(1);
  });

  it('allows at most one enabled arrangement per agent (409)', async () => {
    const res = await create({ agent: agent._id, parentAgent: senior._id, parentPercentage: 10 });
    expect(res.statusCode).toBe(409);
    // A disabled one is fine.
    const off = await create({
      agent: agent._id,
      parentAgent: senior._id,
      parentPercentage: 10,
      isDisable: true,
    });
    expect(off.body.data.isDisable).toBe(true);
    // …but it cannot be enabled while the other is.
    const on = await t.call({
      method: 'PUT',
      url: `/api/v1/agent-sharing/revert/${off.body.data._id}`,
      token: op,
    });
    expect(on.statusCode).toBe(409);
  });

  it('refuses an agent as its own parent', async () => {
    const res = await create({ agent: senior._id, parentAgent: senior._id, parentPercentage: 5 });
    expect(res.body.status).toBe(2001);
    expect(res.body.data.issues[0].path).toBe('parentAgent');
  });

  it('refuses a cycle through enabled arrangements (409), but not through disabled ones', async () => {
    expect(
      (await create({ agent: master._id, parentAgent: senior._id, parentPercentage: 20 })).statusCode,
    ).toBe(200);
    // senior → agent would close agent → master → senior → agent.
    const cycle = await create({ agent: senior._id, parentAgent: agent._id, parentPercentage: 1 });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.body.error).toMatch(/cycle/);
  });

  it.each([[-1], [100.01], [12.345], ['35']])('validates parentPercentage %j', async (p) => {
    const res = await create({ agent: senior._id, parentAgent: master._id, parentPercentage: p });
    expect(res.body.status).toBe(2001);
    expect(res.body.data.issues[0].path).toBe('parentPercentage');
  });

  it('keeps 2-decimal percentages exact, edits and disables with audit', async () => {
    const extra = await makeAgent(t, op);
    const res = await create({ agent: extra._id, parentAgent: senior._id, parentPercentage: 12.34 });
    expect(res.body.data.parentPercentage).toBe(12.34);
    const id = res.body.data._id;
    const upd = await t.call({
      method: 'PUT',
      url: `/api/v1/agent-sharing/update/${id}`,
      token: op,
      payload: { agent: extra._id, parentAgent: master._id, parentPercentage: 0.05 },
    });
    expect(upd.body.data).toMatchObject({ parentAgent: master._id, parentPercentage: 0.05 });
    const off = await t.call({ method: 'DELETE', url: `/api/v1/agent-sharing/delete/${id}`, token: op });
    expect(off.body.data.isDisable).toBe(true);
    const admin = await t.tokenFor('ADMIN');
    expect((await auditOf(t, admin, 'agent-sharing', id)).map((r) => r.action)).toEqual([
      'disable',
      'update',
      'create',
    ]);
  });

  it('404 for unknown agents and arrangements', async () => {
    const res = await create({ agent: '999999', parentAgent: master._id, parentPercentage: 1 });
    expect(res.body.status).toBe(2001);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/agent-sharing/get/999999', token: op })).statusCode,
    ).toBe(404);
  });
});
