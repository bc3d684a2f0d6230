import { api } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../../../test/calls.ts';
import { auditOf, bet, ingest, makeAdapter, makeAgent, parseCsv } from '../../../test/factories.ts';
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
} as const;

describe('game providers', () => {
  it('creates, lists (page size 50), gets and audits', async () => {
    const created = await t.ok(api.adapterCreate, { token: admin, body: base });
    expect(created).toMatchObject({ ...base, isDisable: false });
    const list = await t.ok(api.adapterList, { token: admin, body: { name: base.name } });
    expect(list).toMatchObject({ page: 1, limit: 50, total: 1 });
    const got = await t.ok(api.adapterGet, { token: admin, params: { id: created._id } });
    expect(got.codename).toBe('PRAG_1');
    expect(await auditOf(t, admin, 'adapter', created._id)).toHaveLength(1);
  });

  it('refuses a duplicate code with 409', async () => {
    const body = { ...base, name: 'Duplicated', codename: 'DUP_1' };
    expect((await t.api(api.adapterCreate, { token: admin, body })).status).toBe(1000);
    const res = await t.api(api.adapterCreate, { token: admin, body });
    expect(res.statusCode).toBe(409);
    expect(res.error).toMatch(/DUP_1/);
  });

  it.each([
    [{ codename: 'lower' }, 'codename'],
    [{ codename: 'HAS SPACE' }, 'codename'],
    [{ endpoint: 'ftp://x.example' }, 'endpoint'],
    [{ logo: 'javascript:alert(1)' }, 'logo'],
    [{ type: 'POKER' }, 'type'],
    [{ name: '' }, 'name'],
  ])('validates %j', async (over, field) => {
    const res = await t.api(api.adapterCreate, {
      token: admin,
      body: offContract({ ...base, codename: 'VALID_X', ...over }),
    });
    expect(res.status).toBe(2001);
    expect(res.issues[0]?.path).toBe(field);
  });

  it('edits everything but the name, which stays read-only', async () => {
    const a = await makeAdapter(t, admin);
    const res = await t.ok(api.adapterUpdate, {
      token: admin,
      params: { id: a._id },
      // The name is no field of the update: a client sending one anyway is ignored.
      body: offContract({ ...base, name: 'Renamed', codename: 'NEW_CODE', type: 'LIVE' }),
    });
    expect(res).toMatchObject({ name: a.name, codename: 'NEW_CODE', type: 'LIVE' });
    const records = await auditOf(t, admin, 'adapter', a._id);
    expect(records.map((r) => r.action)).toEqual(['update', 'create']);
  });

  it('a new code carries over to the agents offering the provider, which can still be saved', async () => {
    const a = await makeAdapter(t, admin);
    const other = await makeAdapter(t, admin);
    const agent = await makeAgent(t, admin, { games: [a.codename, other.codename] });
    const renamed = `${a.codename}_V2`;
    const res = await t.api(api.adapterUpdate, {
      token: admin,
      params: { id: a._id },
      body: { endpoint: a.endpoint, type: a.type, logo: a.logo, codename: renamed },
    });
    expect(res.status).toBe(1000);
    const got = await t.ok(api.agentGet, { token: admin, params: { id: agent._id } });
    expect(got.games).toEqual([renamed, other.codename]);
    const saved = await t.api(api.agentUpdate, {
      token: admin,
      params: { id: agent._id },
      body: { endpoint: agent.endpoint, games: [renamed], agentType: agent.agentType },
    });
    expect(saved.status).toBe(1000);
    expect(saved.data?.games).toEqual([renamed]);
    // The rename is one staff action with one audit record, the adapter's; the agent has its own edit.
    expect((await auditOf(t, admin, 'adapter', a._id)).map((r) => r.action)).toEqual(['update', 'create']);
    expect((await auditOf(t, admin, 'agent', agent._id)).map((r) => r.action)).toEqual(['update', 'create']);
  });

  it('keeps a code that stored bets use (409 codename_in_use), so their open rounds still settle', async () => {
    const a = await makeAdapter(t, admin);
    const agent = await makeAgent(t, admin, { games: [a.codename] });
    const hold = bet({ gameBrand: a.codename });
    expect((await ingest(t, agent, [hold])).status).toBe(1000);
    const rename = (codename: string) =>
      t.api(api.adapterUpdate, {
        token: admin,
        params: { id: a._id },
        body: { endpoint: a.endpoint, type: a.type, logo: a.logo, codename },
      });
    const refused = await rename(`${a.codename}_NEW`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body?.data).toMatchObject({
      issues: [{ path: 'codename', code: 'codename_in_use', params: { codename: a.codename } }],
    });
    // Nothing changed: the provider, the agent's games, and the round settles under its code.
    expect((await t.ok(api.adapterGet, { token: admin, params: { id: a._id } })).codename).toBe(a.codename);
    expect((await t.ok(api.agentGet, { token: admin, params: { id: agent._id } })).games).toEqual([
      a.codename,
    ]);
    const settle = { ...hold, betType: 'SETTLE' as const, betTypeFromGame: 'win', amount: 20 };
    expect((await ingest(t, agent, [settle])).status).toBe(1000);
    // Its other fields still change.
    const moved = await t.api(api.adapterUpdate, {
      token: admin,
      params: { id: a._id },
      body: { endpoint: 'https://moved.example.com', type: a.type, logo: a.logo, codename: a.codename },
    });
    expect(moved.status).toBe(1000);
  });

  it('a rename racing ingests of the code leaves no bet under a code no provider has', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await makeAdapter(t, admin);
      const agent = await makeAgent(t, admin, { games: [a.codename] });
      const renamed = `${a.codename}_R`;
      const [answers, renaming] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => ingest(t, agent, [bet({ gameBrand: a.codename })]))),
        t.api(api.adapterUpdate, {
          token: admin,
          params: { id: a._id },
          body: { endpoint: a.endpoint, type: a.type, logo: a.logo, codename: renamed },
        }),
      ]);
      const stored = answers.filter((r) => r.status === 1000).length;
      // Either the rename went first (every ingest after it is refused: unknown code) or a bet did
      // (the rename is refused): never both.
      if (renaming.status === 1000) expect(stored).toBe(0);
      else expect(renaming.body?.data).toMatchObject({ issues: [{ code: 'codename_in_use' }] });
      for (const r of answers) if (r.status !== 1000) expect(r.statusCode).toBe(400);
    }
  });

  it('disables (DELETE) and enables (PUT revert), one audit record each, none for a no-op', async () => {
    const a = await makeAdapter(t, admin);
    const off = await t.ok(api.adapterDisable, { token: admin, params: { id: a._id } });
    expect(off.isDisable).toBe(true);
    await t.ok(api.adapterDisable, { token: admin, params: { id: a._id } });
    const on = await t.ok(api.adapterEnable, { token: admin, params: { id: a._id } });
    expect(on.isDisable).toBe(false);
    const actions = (await auditOf(t, admin, 'adapter', a._id)).map((r) => r.action);
    expect(actions).toEqual(['enable', 'disable', 'create']);
  });

  it('404 for an unknown provider', async () => {
    expect((await t.api(api.adapterEnable, { token: admin, params: { id: '987654' } })).statusCode).toBe(404);
  });

  it('OPERATOR and REPORTER read but may not write', async () => {
    for (const type of ['OPERATOR', 'REPORTER'] as const) {
      const token = await t.tokenFor(type);
      expect((await t.api(api.adapterList, { token, body: {} })).statusCode).toBe(200);
      const res = await t.api(api.adapterCreate, { token, body: { ...base, codename: 'NOPE' } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('exports the filtered list as CSV with a BOM', async () => {
    await makeAdapter(t, admin, { name: 'ค่ายเกม, "ไทย"', codename: 'THAI_1' });
    const res = await t.api(api.adapterExport, { token: admin, body: { name: 'ค่ายเกม' } });
    expect(res.res.headers['content-type']).toMatch(/text\/csv/);
    const csv = res.data ?? '';
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['ชื่อ', 'รหัส', 'ประเภท', 'ที่อยู่ปลายทาง', 'โลโก้', 'ปิดใช้งาน', 'วันที่สร้าง']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['ค่ายเกม, "ไทย"']);
    // An export takes a page size up to 500 (docs/design.md §4), the file still every matching row; not 501.
    const wide = await t.api(api.adapterExport, {
      token: admin,
      body: offContract({ name: 'ค่ายเกม', limit: 500 }),
    });
    expect(wide.statusCode).toBe(200);
    expect(
      parseCsv(wide.data ?? '')
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['ค่ายเกม, "ไทย"']);
    const over = await t.api(api.adapterExport, {
      token: admin,
      body: offContract({ name: 'ค่ายเกม', limit: 501 }),
    });
    expect(over.statusCode).toBe(400);
    expect(
      (await t.api(api.adapterList, { token: admin, body: offContract({ limit: 500 }) })).statusCode,
    ).toBe(400);
  });
});
