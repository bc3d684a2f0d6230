import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
let agent: { _id: string; apiKey: string; secret: string; prefix: string };
const TOTAL = 137;

beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  const op = await t.tokenFor('OPERATOR');
  token = await t.tokenFor('REPORTER');
  agent = await makeAgent(t, op, { prefix: 'tx' });
  // Many rows share a start time, so the order must break ties by id.
  const rows = Array.from({ length: TOTAL }, (_, i) =>
    bet({
      betId: `T${Math.floor(i / 2)}`,
      betType: i % 2 === 0 ? 'HOLD' : 'SETTLE',
      amount: i % 2 === 0 ? -(i + 1) / 4 : i,
      username: i % 3 === 0 ? 'alice' : 'bobby',
      gameBrand: i % 5 === 0 ? 'JILI' : 'PG',
      startDate: new Date(Date.UTC(2026, 9, 1 + (i % 20), 12, 0, 0)).toISOString(),
    }),
  );
  await ingest(t, agent, rows);
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, agentId = agent._id) =>
  t.call({ method: 'POST', url: `/api/v1/transaction/${agentId}/list`, token, payload: body });

describe('transaction list', () => {
  it('defaults to page 1 of 10, newest first, amounts in major units', async () => {
    const res = await list({});
    expect(res.body.data).toMatchObject({ page: 1, limit: 10 });
    const records = res.body.data.records as { startDate: string; amount: number }[];
    expect(records).toHaveLength(10);
    const times = records.map((r) => r.startDate);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.data.nextCursor).toEqual(expect.any(String));
  });

  it('pages by cursor and by page number alike: every row once, none skipped', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(10, 50, 100), async (limit) => {
        const byCursor: string[] = [];
        let cursor: string | undefined;
        for (let page = 1; ; page++) {
          const res = await list({ limit, page, ...(cursor ? { cursor } : {}) });
          byCursor.push(...res.body.data.records.map((r: { _id: string }) => r._id));
          const byNumber = await list({ limit, page });
          expect(byNumber.body.data.records.map((r: { _id: string }) => r._id)).toEqual(
            res.body.data.records.map((r: { _id: string }) => r._id),
          );
          cursor = res.body.data.nextCursor ?? undefined;
          if (!cursor) break;
        }
        expect(byCursor).toHaveLength(TOTAL);
        expect(new Set(byCursor).size).toBe(TOTAL);
      }),
      { numRuns: 3 },
    );
  });

  it('filters by username, bet id, bet type, brand and date range', async () => {
    const alice = await list({ username: 'alice', limit: 100 });
    expect(alice.body.data.records.every((r: { username: string }) => r.username === 'txalice')).toBe(true);
    const byBet = await list({ betId: 'T3' });
    expect(byBet.body.data.records.map((r: { betType: string }) => r.betType).sort()).toEqual([
      'HOLD',
      'SETTLE',
    ]);
    const settles = await list({ betType: 'SETTLE', limit: 100 });
    expect(settles.body.data.records).toHaveLength(68);
    const jili = await list({ gameBrand: 'jili', limit: 100 });
    expect(jili.body.data.records.every((r: { gameBrand: string }) => r.gameBrand === 'JILI')).toBe(true);
    const day = await list({
      startDate: '2026-10-01T00:00:00.000Z',
      endDate: '2026-10-01T23:59:59.999Z',
      limit: 100,
    });
    expect(day.body.data.records).toHaveLength(7);
  });

  it('filters by player, game type and game code, several at once, wildcards taken literally', async () => {
    type Row = { _id: string; user: string; username: string; gameBrand: string; gameCode: string };
    const alice: Row[] = (await list({ username: 'alice', limit: 100 })).body.data.records;
    expect(alice).toHaveLength(46);
    const byPlayer: Row[] = (await list({ user: alice[0]?.user, limit: 100 })).body.data.records;
    expect(byPlayer.map((r) => r._id)).toEqual(alice.map((r) => r._id));
    // Every row is a 'bet' of mahjong-ways: the text filters match all of them, the bet type narrows.
    const byGame = await list({ gameCode: 'JONG-WAY', betTypeFromGame: 'BE', betType: 'SETTLE', limit: 100 });
    expect(byGame.body.data.records).toHaveLength(68);
    expect((await list({ gameCode: 'slots' })).body.data.records).toHaveLength(0);
    expect((await list({ betTypeFromGame: 'win' })).body.data.records).toHaveLength(0);
    expect((await list({ gameCode: 'mahjong_ways' })).body.data.records).toHaveLength(0);
    expect((await list({ username: 'al%' })).body.data.records).toHaveLength(0);
    // Several filters and a cursor: the next page continues the same filtered list.
    const first = await list({ username: 'alice', gameBrand: 'PG', limit: 20 });
    const next = await list({
      username: 'alice',
      gameBrand: 'PG',
      limit: 20,
      cursor: first.body.data.nextCursor,
    });
    const pages: Row[] = [...first.body.data.records, ...next.body.data.records];
    expect(pages).toHaveLength(36);
    expect(new Set(pages.map((r) => r._id)).size).toBe(36);
    expect(pages.every((r) => r.username === 'txalice' && r.gameBrand === 'PG')).toBe(true);
  });

  it('404 for an unknown agent, 2001 for a forged cursor', async () => {
    expect((await list({}, '999999')).statusCode).toBe(404);
    expect((await list({ cursor: 'bm9wZQ' })).body.data.issues[0].path).toBe('cursor');
  });
});

describe('transaction detail', () => {
  it('answers every field and the bet’s history, oldest first', async () => {
    const { body } = await list({ betId: 'T4' });
    const settle = body.data.records.find((r: { betType: string }) => r.betType === 'SETTLE');
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/transaction/${agent._id}/get/${settle._id}`,
      token,
    });
    expect(res.body.data).toMatchObject({
      _id: settle._id,
      betId: 'T4',
      betType: 'SETTLE',
      username: settle.username,
    });
    expect(res.body.data.history.map((h: { betType: string }) => h.betType)).toEqual(['HOLD', 'SETTLE']);
    const other = await makeAgent(t, await t.tokenFor('OPERATOR'));
    expect(
      (await t.call({ method: 'POST', url: `/api/v1/transaction/${other._id}/get/${settle._id}`, token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('registration count report', () => {
  it('answers every day of the month in the report time zone', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/report/${agent._id}/user/register/count`,
      token,
      payload: { date: '2026-11-15' },
    });
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data[0]).toEqual({ date: '2026-11-01', count: 2 });
    expect(res.body.data.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(2);
  });

  it('counts a 23:30 UTC registration on the next Bangkok day', async () => {
    const op = await t.tokenFor('OPERATOR');
    const a = await makeAgent(t, op);
    t.clock.set('2026-11-30T17:30:00.000Z');
    const fresh = await t.tokenFor('OPERATOR');
    await t.call({
      method: 'POST',
      url: '/api/v1/user/create',
      token: fresh,
      payload: { agent: a._id, username: 'late_one', betLimit: 1 },
    });
    const nov = await t.call({
      method: 'POST',
      url: `/api/v1/report/${a._id}/user/register/count`,
      token: fresh,
      payload: { date: '2026-11-01' },
    });
    expect(nov.body.data.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(0);
    const dec = await t.call({
      method: 'POST',
      url: `/api/v1/report/${a._id}/user/register/count`,
      token: fresh,
      payload: { date: '2026-12-01T00:00:00+07:00' },
    });
    expect(dec.body.data[0]).toEqual({ date: '2026-12-01', count: 1 });
    expect(dec.body.data).toHaveLength(31);
  });
});
