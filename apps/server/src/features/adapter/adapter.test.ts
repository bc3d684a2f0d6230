import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, makeAdapter, makeAgent, parseCsv } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

const base = {
  name: 'Pragmatic',
  codename: 'PRAG_1',
  endpoint: 'https://api.prag.example/v1',
  type: 'SLOT',
  logo: 'https://cdn.prag.example/logo.png',
};

describe('game providers', () => {
  it('creates, lists (page size 50), gets and audits', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/adapter/create', token: admin, payload: base });
    expect(res.body.data).toMatchObject({ ...base, isDisable: false });
    const list = await t.call({ method: 'POST', url: '/api/v1/adapter/list', token: admin, payload: {} });
    expect(list.body.data).toMatchObject({ page: 1, limit: 50, total: 1 });
    const got = await t.call({
      method: 'POST',
      url: `/api/v1/adapter/get/${res.body.data._id}`,
      token: admin,
    });
    expect(got.body.data.codename).toBe('PRAG_1');
    expect(await auditOf(t, admin, 'adapter', res.body.data._id)).toHaveLength(1);
  });

  it('refuses a duplicate code with 409', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/adapter/create', token: admin, payload: base });
    expect(res.statusCode).toBe(409);
    expect(res.body.error).toMatch(/PRAG_1/);
  });

  it.each([
    [{ codename: 'lower' }, 'codename'],
    [{ codename: 'HAS SPACE' }, 'codename'],
    [{ endpoint: 'ftp://x.example' }, 'endpoint'],
    [{ logo: 'javascript:alert(1)' }, 'logo'],
    [{ type: 'POKER' }, 'type'],
    [{ name: '' }, 'name'],
  ])('validates %j', async (over, field) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/adapter/create',
      token: admin,
      payload: { ...base, codename: 'VALID_X', ...over },
    });
    expect(res.body.status).toBe(2001);
    expect(res.body.data.issues[0].path).toBe(field);
  });

  it('edits everything but the name, which stays read-only', async () => {
    const a = await makeAdapter(t, admin);
    const res = await t.call({
      method: 'PUT',
      url: `/api/v1/adapter/update/${a._id}`,
      token: admin,
      payload: { ...base, name: 'Renamed', codename: 'NEW_CODE', type: 'LIVE' },
    });
    expect(res.body.data).toMatchObject({ name: a.name, codename: 'NEW_CODE', type: 'LIVE' });
    const records = await auditOf(t, admin, 'adapter', a._id);
    expect(records.map((r) => r.action)).toEqual(['update', 'create']);
  });

  it('a new code carries over to the agents offering the provider, which can still be saved', async () => {
    const a = await makeAdapter(t, admin);
    const other = await makeAdapter(t, admin);
    const agent = await makeAgent(t, admin, { games: [a.codename, other.codename] });
    const renamed = `${a.codename}_V2`;
    const res = await t.call({
      method: 'PUT',
      url: `/api/v1/adapter/update/${a._id}`,
      token: admin,
      payload: { endpoint: a.endpoint, type: a.type, logo: a.logo, codename: renamed },
    });
    expect(res.body.status).toBe(1000);
    const got = await t.call({ method: 'POST', url: `/api/v1/agent/get/${agent._id}`, token: admin });
    expect(got.body.data.games).toEqual([renamed, other.codename]);
    const saved = await t.call({
      method: 'PUT',
      url: `/api/v1/agent/update/${agent._id}`,
      token: admin,
      payload: { endpoint: agent.endpoint, games: [renamed], agentType: agent.agentType },
    });
    expect(saved.body.status).toBe(1000);
    expect(saved.body.data.games).toEqual([renamed]);
    // The rename is one staff action with one audit record, the adapter's; the agent has its own edit.
    expect((await auditOf(t, admin, 'adapter', a._id)).map((r) => r.action)).toEqual(['update', 'create']);
    expect((await auditOf(t, admin, 'agent', agent._id)).map((r) => r.action)).toEqual(['update', 'create']);
  });

  it('disables (DELETE) and enables (PUT revert), one audit record each, none for a no-op', async () => {
    const a = await makeAdapter(t, admin);
    const off = await t.call({
      method: 'DELETE',
      url: `/api/v1/adapter/delete/${a._id}`,
      token: admin,
      payload: {},
    });
    expect(off.body.data.isDisable).toBe(true);
    await t.call({ method: 'DELETE', url: `/api/v1/adapter/delete/${a._id}`, token: admin });
    const on = await t.call({ method: 'PUT', url: `/api/v1/adapter/revert/${a._id}`, token: admin });
    expect(on.body.data.isDisable).toBe(false);
    const actions = (await auditOf(t, admin, 'adapter', a._id)).map((r) => r.action);
    expect(actions).toEqual(['enable', 'disable', 'create']);
  });

  it('404 for an unknown provider', async () => {
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/adapter/revert/987654', token: admin })).statusCode,
    ).toBe(404);
  });

  it('OPERATOR and REPORTER read but may not write', async () => {
    for (const type of ['OPERATOR', 'REPORTER'] as const) {
      const token = await t.tokenFor(type);
      expect(
        (await t.call({ method: 'POST', url: '/api/v1/adapter/list', token, payload: {} })).statusCode,
      ).toBe(200);
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/adapter/create',
        token,
        payload: { ...base, codename: 'NOPE' },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('exports the filtered list as CSV with a BOM', async () => {
    await makeAdapter(t, admin, { name: 'ค่ายเกม, "ไทย"', codename: 'THAI_1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adapter/export',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'ค่ายเกม' },
    });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['name', 'codename', 'type', 'endpoint', 'logo', 'isDisable', 'createdAt']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['ค่ายเกม, "ไทย"']);
  });
});
