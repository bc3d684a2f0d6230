import { api, type BodyOf } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OffContract, offContract } from '../../../test/calls.ts';
import {
  auditOf,
  bet,
  ingest,
  makeAgent,
  parseCsv,
  registerBrands,
  type SignedAgent,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let op: string;
let agent: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  op = await t.tokenFor('OPERATOR');
  agent = await makeAgent(t, op, { prefix: 'zz' });
});
afterAll(() => t.close());

const create = (body: BodyOf<typeof api.userCreate> | OffContract) =>
  t.api(api.userCreate, { token: op, body });

describe('players', () => {
  it('stores prefix + typed name, shows the name without prefix, keeps money exact', async () => {
    const res = await create({ agent: agent._id, username: 'player1', betLimit: 1234.56, locked: false });
    expect(res.data).toMatchObject({
      username: 'zzplayer1',
      name: 'player1',
      betLimit: 1234.56,
      locked: false,
    });
    const list = await t.ok(api.userList, { token: op, body: { username: 'player' } });
    expect(list).toMatchObject({ limit: 50, total: 1 });
    expect(list.records[0]?.name).toBe('player1');
  });

  it('refuses a taken username (409), a bad bet limit and an unknown agent', async () => {
    expect((await create({ agent: agent._id, username: 'taken1', betLimit: 1 })).status).toBe(1000);
    expect((await create({ agent: agent._id, username: 'TAKEN1', betLimit: 1 })).statusCode).toBe(409);
    for (const betLimit of [-1, 1.001, 1.000000001, 5e-324, '5']) {
      const res = await create(offContract({ agent: agent._id, username: 'taken2', betLimit }));
      expect(res.issues[0]?.path).toBe('betLimit');
    }
    expect((await create({ agent: '999999', username: 'taken2', betLimit: 1 })).statusCode).toBe(404);
  });

  it('edits bet limit and locked (username read-only), audited', async () => {
    const u = await t.ok(api.userCreate, {
      token: op,
      body: { agent: agent._id, username: 'editme', betLimit: 100 },
    });
    const res = await t.ok(api.userUpdate, {
      token: op,
      params: { id: u._id },
      // The username is no field of the update: a client sending one anyway is ignored.
      body: offContract({ username: 'renamed', betLimit: 0.1, locked: true }),
    });
    expect(res).toMatchObject({ username: 'zzeditme', betLimit: 0.1, locked: true });
    const admin = await t.tokenFor('ADMIN');
    const [rec] = await auditOf(t, admin, 'user', u._id);
    expect(rec).toMatchObject({
      action: 'update',
      before: { betLimit: 100 },
      after: { betLimit: 0.1, locked: true },
    });
  });

  it('soft-deletes: gone from lists and get, name reusable, history kept', async () => {
    const u = await t.ok(api.userCreate, {
      token: op,
      body: { agent: agent._id, username: 'goner', betLimit: 5 },
    });
    const del = await t.api(api.userDelete, { token: op, params: { id: u._id } });
    expect(del.statusCode).toBe(200);
    const list = await t.ok(api.userList, { token: op, body: { username: 'goner' } });
    expect(list.total).toBe(0);
    expect((await t.api(api.userGet, { token: op, params: { id: u._id } })).statusCode).toBe(404);
    expect((await create({ agent: agent._id, username: 'goner', betLimit: 5 })).statusCode).toBe(200);
    const admin = await t.tokenFor('ADMIN');
    expect((await auditOf(t, admin, 'user', u._id)).map((r) => r.action)).toEqual(['delete', 'create']);
  });

  it('REPORTER reads but may not write', async () => {
    const reporter = await t.tokenFor('REPORTER');
    expect((await t.api(api.userList, { token: reporter, body: {} })).statusCode).toBe(200);
    const res = await t.api(api.userCreate, {
      token: reporter,
      body: { agent: agent._id, username: 'nope', betLimit: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('exports the filtered players as CSV', async () => {
    const created = await t.ok(api.userCreate, {
      token: op,
      body: { agent: agent._id, username: 'exported1', betLimit: 1234.56 },
    });
    const csv = await t.ok(api.userExport, { token: op, body: { username: 'exported1' } });
    const rows = parseCsv(csv);
    expect(rows[0]?.[0]).toBe('ชื่อผู้ใช้');
    // Registered: the Bangkok wall time (UTC+7, REPORT_TIMEZONE), `yyyy-MM-dd HH:mm:ss[.SSS]`, not ISO UTC.
    const registered = new Date(Date.parse(created.createdAt) + 7 * 3_600_000)
      .toISOString()
      .replace('T', ' ')
      .replace(/(?:\.000)?Z$/, '');
    expect(rows.slice(1)).toEqual([
      ['exported1', 'zzexported1', agent.username, '1234.56', 'ไม่ใช่', registered, ''],
    ]);
  });
});

describe('sorting the player list', () => {
  it('sorts by name or registration on the server, stable across pages; the export stays newest first', async () => {
    const own = await makeAgent(t, op, { prefix: 'srt' });
    // Typed in this order: ids (and registration) follow it; names do not.
    const typed = ['mango', 'Apple', 'kiwi', 'banana', 'cherry'];
    for (const username of typed) await create({ agent: own._id, username, betLimit: 1 });
    const names = async (body: Partial<BodyOf<typeof api.userList>>) => {
      const pages: string[] = [];
      for (const page of [1, 2, 3]) {
        const list = await t.ok(api.userList, {
          token: op,
          body: { agent: own._id, limit: 2, page, ...body },
        });
        expect(list.total).toBe(5);
        pages.push(...list.records.map((r) => r.name));
      }
      return pages;
    };
    // Case does not part names (Apple before banana); every player once over the pages.
    expect(await names({ sort: 'username', order: 'asc' })).toEqual([
      'Apple',
      'banana',
      'cherry',
      'kiwi',
      'mango',
    ]);
    expect(await names({ sort: 'username', order: 'desc' })).toEqual([
      'mango',
      'kiwi',
      'cherry',
      'banana',
      'Apple',
    ]);
    expect(await names({ sort: 'createdAt', order: 'asc' })).toEqual(typed);
    expect(await names({ sort: 'createdAt', order: 'desc' })).toEqual([...typed].reverse());
    // No sort ('' as the screen sends it): newest first.
    expect(await names({ sort: '', order: '' })).toEqual([...typed].reverse());
    // The export of a sorted screen: every row, newest first (its batches follow the id).
    const csv = await t.ok(api.userExport, {
      token: op,
      body: { agent: own._id, sort: 'username', order: 'asc' },
    });
    expect(
      parseCsv(csv)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([...typed].reverse());
  });

  it('refuses a column it cannot sort cheaply, or an order that is none, naming the field', async () => {
    for (const [body, path] of [
      [{ sort: 'betLimit' }, 'sort'],
      [{ sort: 'username', order: 'up' }, 'order'],
    ] as const) {
      const res = await t.api(api.userList, { token: op, body: offContract(body) });
      expect(res.statusCode).toBe(400);
      expect(res.issues[0]?.path).toBe(path);
    }
  });
});

describe('latest game', () => {
  it('shows the game of the player’s most recent bet', async () => {
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
    const res = await t.ok(api.userList, { token: op, body: { username: 'gamer1' } });
    expect(res.records[0]?.activeGamePlaying).toBe('JILI / new-game');
  });
});
