import { api } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let agent: SignedAgent;

beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
  const op = await t.tokenFor('OPERATOR');
  token = await t.tokenFor('REPORTER');
  agent = await makeAgent(t, op, { prefix: 'rg' });
  // Two players, registered by their first bets on the harness's day (2026-11-01).
  await ingest(t, agent, [bet({ username: 'alice' }), bet({ username: 'bobby' })]);
});
afterAll(() => t.close());

describe('registration count report', () => {
  it('answers every day of the month in the report time zone', async () => {
    const res = await t.ok(api.registerCount, {
      token,
      params: { agentId: agent._id },
      body: { date: '2026-11-15' },
    });
    expect(res).toHaveLength(30);
    expect(res[0]).toEqual({ date: '2026-11-01', count: 2 });
    expect(res.reduce((s, r) => s + r.count, 0)).toBe(2);
  });

  it('answers the whole platform for `all`: each day the sum of every agent’s, a deleted player still counted', async () => {
    const op = await t.tokenFor('OPERATOR');
    const other = await makeAgent(t, op);
    const made = await t.ok(api.userCreate, {
      token: op,
      body: { agent: other._id, username: 'reg_all_one', betLimit: 1 },
    });
    await t.ok(api.userDelete, { token: op, params: { id: made._id } });
    const body = { date: '2026-11-01' };
    const all = await t.ok(api.registerCount, { token, params: { agentId: 'all' }, body });
    const agents = await t.ok(api.agentList, { token, body: { page: 1, limit: 100 } });
    const perAgent = await Promise.all(
      agents.records.map((a) => t.ok(api.registerCount, { token, params: { agentId: a._id }, body })),
    );
    expect(all).toHaveLength(30);
    expect(all.map((d) => d.count)).toEqual(
      all.map((_, i) => perAgent.reduce((sum, days) => sum + (days[i]?.count ?? 0), 0)),
    );
    const ofOther = await t.ok(api.registerCount, { token, params: { agentId: other._id }, body });
    expect(ofOther.reduce((s, r) => s + r.count, 0)).toBe(1);
    expect(all.reduce((s, r) => s + r.count, 0)).toBeGreaterThanOrEqual(3);
  });

  it('refuses an agent that does not exist (404), not a month of zeros', async () => {
    const res = await t.api(api.registerCount, {
      token,
      params: { agentId: '999999999' },
      body: { date: '2026-11-01' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('counts a 23:30 UTC registration on the next Bangkok day', async () => {
    // Its own app: the clock moves a month on, past every session of the shared one.
    const local = await createTestApp();
    try {
      const op = await local.tokenFor('OPERATOR');
      const a = await makeAgent(local, op);
      local.clock.set('2026-11-30T17:30:00.000Z');
      const fresh = await local.tokenFor('OPERATOR');
      await local.ok(api.userCreate, {
        token: fresh,
        body: { agent: a._id, username: 'late_one', betLimit: 1 },
      });
      const count = (date: string) =>
        local.ok(api.registerCount, { token: fresh, params: { agentId: a._id }, body: { date } });
      const nov = await count('2026-11-01');
      expect(nov.reduce((s, r) => s + r.count, 0)).toBe(0);
      const dec = await count('2026-12-01T00:00:00+07:00');
      expect(dec[0]).toEqual({ date: '2026-12-01', count: 1 });
      expect(dec).toHaveLength(31);
    } finally {
      await local.close();
    }
  });
});
