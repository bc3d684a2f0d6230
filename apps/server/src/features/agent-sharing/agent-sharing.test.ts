import { api, type BodyOf } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OffContract, offContract } from '../../../test/calls.ts';
import { auditOf, makeAgent, type SignedAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let op: string;
/** Agents no arrangement is made for: the tests that are refused before any write name them. */
let senior: SignedAgent;
let master: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  senior = await makeAgent(t, op, { agentType: 'SENIOR' });
  master = await makeAgent(t, op, { agentType: 'MASTER' });
});
afterAll(() => t.close());

/** A senior, a master and an agent of the test's own, with no arrangement yet. */
const threeAgents = async () => ({
  senior: await makeAgent(t, op, { agentType: 'SENIOR' }),
  master: await makeAgent(t, op, { agentType: 'MASTER' }),
  agent: await makeAgent(t, op, { agentType: 'AGENT' }),
});

const create = (body: BodyOf<typeof api.agentSharingCreate> | OffContract) =>
  t.api(api.agentSharingCreate, { token: op, body });

describe('agent sharing', () => {
  it('creates agent → parent at 35 %, listing the parent prefix', async () => {
    const { senior, master, agent } = await threeAgents();
    const res = await create({ agent: agent._id, parentAgent: master._id, parentPercentage: 35 });
    expect(res.data).toMatchObject({
      agent: agent._id,
      parentAgentPrefix: master.prefix,
      parentPercentage: 35,
    });
    const list = await t.ok(api.agentSharingList, { token: op, body: { agent: agent._id } });
    expect(list).toMatchObject({ limit: 10, total: 1 });
    const filtered = await t.ok(api.agentSharingList, { token: op, body: { parentAgent: senior._id } });
    expect(filtered.total).toBe(0);
    const admin = await t.tokenFor('ADMIN');
    expect(await auditOf(t, admin, 'agent-sharing', res.data?._id ?? '')).toHaveLength(1);
  });

  it('allows at most one enabled arrangement per agent (409)', async () => {
    const { senior, master, agent } = await threeAgents();
    expect((await create({ agent: agent._id, parentAgent: master._id, parentPercentage: 35 })).status).toBe(
      1000,
    );
    const res = await create({ agent: agent._id, parentAgent: senior._id, parentPercentage: 10 });
    expect(res.statusCode).toBe(409);
    // A disabled one is fine.
    const off = await t.ok(api.agentSharingCreate, {
      token: op,
      body: { agent: agent._id, parentAgent: senior._id, parentPercentage: 10, isDisable: true },
    });
    expect(off.isDisable).toBe(true);
    // …but it cannot be enabled while the other is.
    const on = await t.api(api.agentSharingEnable, { token: op, params: { id: off._id } });
    expect(on.statusCode).toBe(409);
  });

  it('refuses an agent as its own parent', async () => {
    const res = await create({ agent: senior._id, parentAgent: senior._id, parentPercentage: 5 });
    expect(res.status).toBe(2001);
    expect(res.issues[0]?.path).toBe('parentAgent');
  });

  it('refuses a cycle through enabled arrangements (409), but not through disabled ones', async () => {
    const { senior, master, agent } = await threeAgents();
    const link = async (child: SignedAgent, parent: SignedAgent, isDisable = false) =>
      (await create({ agent: child._id, parentAgent: parent._id, parentPercentage: 20, isDisable }))
        .statusCode;
    expect(await link(agent, master)).toBe(200);
    expect(await link(master, senior)).toBe(200);
    // senior → agent would close agent → master → senior → agent.
    const cycle = await create({ agent: senior._id, parentAgent: agent._id, parentPercentage: 1 });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.error).toMatch(/cycle/);
    // A disabled arrangement closes no cycle.
    expect(await link(senior, agent, true)).toBe(200);
  });

  it('names a missing agent or parent on its field, also for a disabled arrangement', async () => {
    const { master, agent } = await threeAgents();
    const missing = '999999999';
    for (const isDisable of [false, true]) {
      for (const [body, path] of [
        [{ agent: missing, parentAgent: master._id }, 'agent'],
        [{ agent: agent._id, parentAgent: missing }, 'parentAgent'],
      ] as const) {
        const res = await create({ ...body, parentPercentage: 5, isDisable });
        expect(res.status, `${path}, disabled: ${isDisable}`).toBe(2001);
        expect(res.issues).toMatchObject([{ path, code: 'agent_not_found' }]);
      }
    }
    // The edit of a disabled arrangement too.
    const off = await t.ok(api.agentSharingCreate, {
      token: op,
      body: { agent: agent._id, parentAgent: master._id, parentPercentage: 5, isDisable: true },
    });
    const moved = await t.api(api.agentSharingUpdate, {
      token: op,
      params: { id: off._id },
      body: { agent: agent._id, parentAgent: missing, parentPercentage: 5 },
    });
    expect(moved.issues).toMatchObject([{ path: 'parentAgent', code: 'agent_not_found' }]);
  });

  it.each([[-1], [100.01], [12.345], [99.999999999], ['35']])('validates parentPercentage %j', async (p) => {
    const res = await create(
      offContract({ agent: senior._id, parentAgent: master._id, parentPercentage: p }),
    );
    expect(res.status).toBe(2001);
    expect(res.issues[0]?.path).toBe('parentPercentage');
  });

  it('keeps 2-decimal percentages exact, edits and disables with audit', async () => {
    const { senior, master, agent } = await threeAgents();
    const res = await t.ok(api.agentSharingCreate, {
      token: op,
      body: { agent: agent._id, parentAgent: senior._id, parentPercentage: 12.34 },
    });
    expect(res.parentPercentage).toBe(12.34);
    const params = { id: res._id };
    const upd = await t.ok(api.agentSharingUpdate, {
      token: op,
      params,
      body: { agent: agent._id, parentAgent: master._id, parentPercentage: 0.05 },
    });
    expect(upd).toMatchObject({ parentAgent: master._id, parentPercentage: 0.05 });
    const off = await t.ok(api.agentSharingDisable, { token: op, params });
    expect(off.isDisable).toBe(true);
    const admin = await t.tokenFor('ADMIN');
    expect((await auditOf(t, admin, 'agent-sharing', res._id)).map((r) => r.action)).toEqual([
      'disable',
      'update',
      'create',
    ]);
  });

  it('404 for unknown agents and arrangements', async () => {
    const res = await create({ agent: '999999', parentAgent: master._id, parentPercentage: 1 });
    expect(res.status).toBe(2001);
    expect((await t.api(api.agentSharingGet, { token: op, params: { id: '999999' } })).statusCode).toBe(404);
  });
});
