import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, makeAgent, parseCsv, registerBrands } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let op: string;
let agent: { _id: string; prefix: string };
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  op = await t.tokenFor('OPERATOR');
  agent = await makeAgent(t, op, { prefix: 'zz' });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/v1/user/create', token: op, payload });

describe('players', () => {
  it('stores prefix + typed name, shows the name without prefix, keeps money exact', async () => {
    const res = await create({ agent: agent._id, username: 'player1', betLimit: 1234.56, locked: false });
    expect(res.body.data).toMatchObject({
      username: 'zzplayer1',
      name: 'player1',
      betLimit: 1234.56,
      locked: false,
    });
    const list = await t.call({
      method: 'POST',
      url: '/api/v1/user/list',
      token: op,
      payload: { username: 'player' },
    });
    expect(list.body.data).toMatchObject({ limit: 50, total: 1 });
    expect(list.body.data.records[0].name).toBe('player1');
  });

  it('refuses a taken username (409), a bad bet limit and an unknown agent', async () => {
    expect((await create({ agent: agent._id, username: 'PLAYER1', betLimit: 1 })).statusCode).toBe(409);
    for (const betLimit of [-1, 1.001, '5']) {
      const res = await create({ agent: agent._id, username: 'player2', betLimit });
      expect(res.body.data.issues[0].path).toBe('betLimit');
    }
    expect((await create({ agent: '999999', username: 'player2', betLimit: 1 })).statusCode).toBe(404);
  });

  it('edits bet limit and locked (username read-only), audited', async () => {
    const u = (await create({ agent: agent._id, username: 'editme', betLimit: 100 })).body.data;
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/user/update/${u._id}`,
      token: op,
      payload: { username: 'renamed', betLimit: 0.1, locked: true },
    });
    expect(res.body.data).toMatchObject({ username: 'zzeditme', betLimit: 0.1, locked: true });
    const admin = await t.tokenFor('ADMIN');
    const [rec] = await auditOf(t, admin, 'user', u._id);
    expect(rec).toMatchObject({
      action: 'update',
      before: { betLimit: 100 },
      after: { betLimit: 0.1, locked: true },
    });
  });

  it('soft-deletes: gone from lists and get, name reusable, history kept', async () => {
    const u = (await create({ agent: agent._id, username: 'goner', betLimit: 5 })).body.data;
    const del = await t.call({ method: 'DELETE', url: `/api/v1/user/delete/${u._id}`, token: op });
    expect(del.statusCode).toBe(200);
    const list = await t.call({
      method: 'POST',
      url: '/api/v1/user/list',
      token: op,
      payload: { username: 'goner' },
    });
    expect(list.body.data.total).toBe(0);
    expect((await t.call({ method: 'POST', url: `/api/v1/user/get/${u._id}`, token: op })).statusCode).toBe(
      404,
    );
    expect((await create({ agent: agent._id, username: 'goner', betLimit: 5 })).statusCode).toBe(200);
    const admin = await t.tokenFor('ADMIN');
    expect((await auditOf(t, admin, 'user', u._id)).map((r) => r.action)).toEqual(['delete', 'create']);
  });

  it('REPORTER reads but may not write', async () => {
    const reporter = await t.tokenFor('REPORTER');
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/list', token: reporter, payload: {} })).statusCode,
    ).toBe(200);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/user/create',
      token: reporter,
      payload: { agent: agent._id, username: 'nope', betLimit: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('exports the filtered players as CSV', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/export',
      headers: { authorization: `Bearer ${op}` },
      payload: { username: 'player1' },
    });
    const rows = parseCsv(res.body);
    expect(rows[0]?.[0]).toBe('username');
    expect(rows.slice(1)).toEqual([
      ['player1', 'zzplayer1', expect.any(String), '1234.56', 'false', expect.any(String), ''],
    ]);
  });
});

describe('latest game', () => {
  it('shows the game of the player’s most recent bet', async () => {
    const { ingest, bet } = await import('../../../test/factories.ts');
    const a = await makeAgent(t, op);
    await ingest(t, a, [
      bet({
        username: 'gamer1',
        gameBrand: 'PG',
        gameCode: 'old-game',
        startDate: '2026-10-01T00:00:00.000Z',
      }),
      bet({
        username: 'gamer1',
        gameBrand: 'JILI',
        gameCode: 'new-game',
        startDate: '2026-10-02T00:00:00.000Z',
      }),
    ]);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/user/list',
      token: op,
      payload: { username: 'gamer1' },
    });
    expect(res.body.data.records[0].activeGamePlaying).toBe('JILI / new-game');
  });
});
