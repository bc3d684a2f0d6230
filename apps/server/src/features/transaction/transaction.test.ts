import { api, type BodyOf, lastServedPage, Status } from '@sapi/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../../../test/calls.ts';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { migrationStatements, rollupMismatches } from '../../../test/ledger-checks.ts';
import { MINUTES_ABOVE } from '../../ledger/readers/transaction-seek.ts';
import { hourColumns } from '../../ledger/time-columns.ts';
import { MAX_NAMED_PLAYERS } from './list.ts';

let t: TestApp;
let token: string;
let agent: SignedAgent;
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

const list = (body: BodyOf<typeof api.transactionList>, agentId = agent._id) =>
  t.api(api.transactionList, { token, params: { agentId }, body });
/** The page's rows; throws unless the list answered. */
const rows = async (body: BodyOf<typeof api.transactionList>) =>
  (await t.ok(api.transactionList, { token, params: { agentId: agent._id }, body })).records;

describe('transaction list', () => {
  it('defaults to page 1 of 10, newest first, amounts in major units', async () => {
    const res = await t.ok(api.transactionList, { token, params: { agentId: agent._id }, body: {} });
    expect(res).toMatchObject({ page: 1, limit: 10 });
    expect(res.records).toHaveLength(10);
    const times = res.records.map((r) => r.startDate);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.nextCursor).toEqual(expect.any(String));
  });

  it('pages by cursor and by page number alike: every row once, none skipped', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(10, 50, 100), async (limit) => {
        const byCursor: string[] = [];
        let cursor: string | undefined;
        for (let page = 1; ; page++) {
          const res = await t.ok(api.transactionList, {
            token,
            params: { agentId: agent._id },
            body: { limit, page, ...(cursor ? { cursor } : {}) },
          });
          const ids = res.records.map((r) => r._id);
          byCursor.push(...ids);
          expect((await rows({ limit, page })).map((r) => r._id)).toEqual(ids);
          cursor = res.nextCursor ?? undefined;
          if (!cursor) break;
        }
        expect(byCursor).toHaveLength(TOTAL);
        expect(new Set(byCursor).size).toBe(TOTAL);
      }),
      { numRuns: 3 },
    );
  });

  it('filters by username, bet id, bet type, brand and date range', async () => {
    const alice = await rows({ username: 'alice', limit: 100 });
    expect(alice.every((r) => r.username === 'txalice')).toBe(true);
    const byBet = await rows({ betId: 'T3' });
    expect(byBet.map((r) => r.betType).sort()).toEqual(['HOLD', 'SETTLE']);
    expect(await rows({ betType: 'SETTLE', limit: 100 })).toHaveLength(68);
    const jili = await rows({ gameBrand: 'jili', limit: 100 });
    expect(jili.every((r) => r.gameBrand === 'JILI')).toBe(true);
    const day = await rows({
      startDate: '2026-10-01T00:00:00.000Z',
      endDate: '2026-10-01T23:59:59.999Z',
      limit: 100,
    });
    expect(day).toHaveLength(7);
  });

  it('filters by brand exactly: JILI lists no JILI_FISH bets, on the list and the summary list alike', async () => {
    const op = await t.tokenFor('OPERATOR');
    await registerBrands(t, await t.tokenFor('ADMIN'), ['JILI_FISH', 'XJILI']);
    const other = await makeAgent(t, op, { prefix: 'tb' });
    await ingest(t, other, [
      bet({ gameBrand: 'JILI' }),
      bet({ gameBrand: 'JILI_FISH' }),
      bet({ gameBrand: 'XJILI' }),
      bet({ gameBrand: 'JILI' }),
    ]);
    for (const route of [api.transactionList, api.summaryTransactionList]) {
      const brands = async (gameBrand: string) =>
        (
          await t.ok(route, { token, params: { agentId: other._id }, body: { gameBrand, limit: 100 } })
        ).records.map((r) => r.gameBrand);
      expect(await brands('JILI')).toEqual(['JILI', 'JILI']);
      // A codename is upper case: typed in lower case it names the same brand.
      expect(await brands('jili')).toEqual(['JILI', 'JILI']);
      expect(await brands('JILI_FISH')).toEqual(['JILI_FISH']);
      expect(await brands('JIL')).toEqual([]);
      expect(await brands('%')).toEqual([]);
    }
  });

  it('filters by player, game type and game code, several at once, wildcards taken literally', async () => {
    const alice = await rows({ username: 'alice', limit: 100 });
    expect(alice).toHaveLength(46);
    const byPlayer = await rows({ user: alice[0]?.user, limit: 100 });
    expect(byPlayer.map((r) => r._id)).toEqual(alice.map((r) => r._id));
    // Every row is a 'bet' of mahjong-ways: the text filters match all of them, the bet type narrows.
    expect(
      await rows({ gameCode: 'JONG-WAY', betTypeFromGame: 'BE', betType: 'SETTLE', limit: 100 }),
    ).toHaveLength(68);
    expect(await rows({ gameCode: 'slots' })).toHaveLength(0);
    expect(await rows({ betTypeFromGame: 'win' })).toHaveLength(0);
    expect(await rows({ gameCode: 'mahjong_ways' })).toHaveLength(0);
    expect(await rows({ username: 'al%' })).toHaveLength(0);
    // Several filters and a cursor: the next page continues the same filtered list.
    const filters = { username: 'alice', gameBrand: 'PG', limit: 20 };
    const first = await t.ok(api.transactionList, { token, params: { agentId: agent._id }, body: filters });
    const next = await rows({ ...filters, cursor: first.nextCursor ?? undefined });
    const pages = [...first.records, ...next];
    expect(pages).toHaveLength(36);
    expect(new Set(pages.map((r) => r._id)).size).toBe(36);
    expect(pages.every((r) => r.username === 'txalice' && r.gameBrand === 'PG')).toBe(true);
  });

  it('a deep link holds against edge values and parallel requests: never a 500, never a wrong page', async () => {
    const deepest = lastServedPage(10);
    // The deepest page served (beyond the agent's rows: empty), and one past it (refused, named).
    // The longest brand the filter takes names no provider: an empty page, not an error.
    expect(await rows({ page: 2, gameBrand: 'P'.repeat(100) })).toEqual([]);
    const alice = (await rows({ username: 'alice', limit: 1 }))[0]?.user ?? 'none';
    // The largest player id there can be names no player: an empty page, not an error.
    expect(await rows({ page: 2, user: '9223372036854775807' })).toEqual([]);
    for (const filter of [
      {},
      { gameBrand: 'PG' },
      { user: alice },
      { username: 'ALI' },
      { user: alice, gameBrand: 'PG', betType: 'SETTLE' as const },
    ]) {
      const last = await list({ limit: 10, page: deepest, ...filter });
      expect(last.statusCode).toBe(200);
      expect(last.data).toMatchObject({ records: [], nextCursor: null });
    }
    const past = await list({ limit: 10, page: deepest + 1 });
    expect(past.statusCode).toBe(400);
    expect(past.issues[0]).toMatchObject({ path: 'page', code: 'page_too_deep' });
    // A range at the years the contract allows seeks the same rows as no range.
    const wide = { startDate: '1900-01-01T00:00:00.000Z', endDate: '2200-12-31T23:59:59.999Z' };
    for (const filter of [
      {},
      { gameBrand: 'jili' },
      { user: alice },
      { username: 'lic' },
      { user: alice, betType: 'HOLD' as const },
    ]) {
      expect((await rows({ ...wide, ...filter, limit: 9, page: 2 })).map((r) => r._id)).toEqual(
        (await rows({ ...filter, limit: 9, page: 2 })).map((r) => r._id),
      );
    }
    // Values that break systems are refused as the fields they are, before any query.
    for (const body of [
      { page: 2, startDate: '0000-01-01T00:00:00.000Z' },
      { page: 2, endDate: '9999-12-31T23:59:59.999Z' },
      { page: 2, gameBrand: 'PG\u0000' },
      { page: 2, gameBrand: '\ud800' },
      // One character past the filter's 100.
      { page: 2, gameBrand: 'P'.repeat(101) },
      { page: 2 ** 63, gameBrand: 'PG' },
      { page: 2, betType: 'HOLD\u0000' },
      // A player id one past the largest bigint, with NUL, negative zero and a lone surrogate.
      { page: 2, user: '9223372036854775808' },
      { page: 2, user: '1\u0000' },
      { page: 2, user: '-0' },
      { page: 2, user: '\ud800' },
      // A username search with NUL, a lone surrogate, one character past the filter's 100, on a
      // deep link and on page 1; and with the values that break the other fields.
      { page: 2, username: 'ali\u0000' },
      { page: 2, username: 'a\ud800' },
      { page: 2, username: 'a'.repeat(101) },
      { username: 'ali\u0000' },
      { username: 'a\ud800' },
      { username: 'a'.repeat(101) },
      { username: 'ali', page: 2 ** 63 },
      { username: 'ali', limit: 100.01 },
      { username: 'ali', limit: '1e309' },
      { username: 'ali', page: '-1e309' },
      { username: 'ali', startDate: '0000-01-01T00:00:00.000Z' },
      { username: 'ali', endDate: '9999-12-31T23:59:59.999Z' },
      { username: 'ali', user: '9223372036854775808' },
      { page: 2 ** 63 },
      // A player or a search with a brand or a bet type (0034's seek) and a value that breaks one.
      { page: 2, user: alice, gameBrand: 'PG\u0000' },
      { page: 2, user: alice, betType: 'HOLD\u0000' },
      { page: 2, user: alice, gameBrand: '\ud800', betType: 'HOLD' },
      { page: 2 ** 63, user: alice, gameBrand: 'PG' },
      { page: 2, user: alice, betType: 'SETTLE', limit: 100.01 },
      { page: 2, user: alice, gameBrand: 'PG', limit: '1e309' },
      { page: '-1e309', username: 'ali', betType: 'HOLD' },
      { page: 2, username: 'ali', gameBrand: 'PG', startDate: '0000-01-01T00:00:00.000Z' },
      { page: 2, username: 'ali', betType: 'HOLD', endDate: '9999-12-31T23:59:59.999Z' },
      { page: 2, user: '9223372036854775808', gameBrand: 'PG', betType: 'HOLD' },
      // As text: coerced, it is ±Infinity (the JSON literal 1e309 goes through every route in
      // test/reliability/bad-input.test.ts).
      { page: 2, limit: '1e309' },
      { page: '-1e309' },
      { page: 2, limit: 100.01 },
    ]) {
      const res = await t.api(api.transactionList, {
        token,
        params: { agentId: agent._id },
        body: offContract(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.status).toBe(Status.VALIDATION);
    }
    // Twenty deep links at once answer what one answers alone.
    for (const filter of [
      { betType: 'SETTLE' as const },
      { gameBrand: 'PG' },
      { user: alice },
      { username: 'alice' },
      { user: alice, gameBrand: 'pg' },
      { username: 'alice', betType: 'HOLD' as const },
    ]) {
      const alone = (await rows({ page: 3, limit: 7, ...filter })).map((r) => r._id);
      expect(alone, JSON.stringify(filter)).toHaveLength(7);
      const together = await Promise.all(
        Array.from({ length: 20 }, () => rows({ page: 3, limit: 7, ...filter })),
      );
      for (const page of together) expect(page.map((r) => r._id)).toEqual(alone);
    }
    // Twenty first pages and keyset steps of a name search at once (one player named, and both).
    for (const username of ['alice', 'x']) {
      const first = await list({ limit: 7, username });
      const cursor = first.data?.nextCursor ?? 'none';
      for (const body of [
        { limit: 7, username },
        { limit: 7, username, page: 2, cursor },
      ]) {
        const alone = (await rows(body)).map((r) => r._id);
        expect(alone).toHaveLength(7);
        const together = await Promise.all(Array.from({ length: 20 }, () => rows(body)));
        for (const page of together) expect(page.map((r) => r._id)).toEqual(alone);
      }
    }
  });

  it('a player of another agent lists nothing here, at any page, and counts nothing of this agent', async () => {
    const other = await makeAgent(t, await t.tokenFor('OPERATOR'), { prefix: 'ot' });
    await ingest(
      t,
      other,
      Array.from({ length: 30 }, (_, i) => bet({ betId: `OT${i}`, username: 'alice' })),
    );
    const stranger =
      (
        await t.ok(api.transactionList, {
          token,
          params: { agentId: other._id },
          body: { username: 'alice', limit: 1 },
        })
      ).records[0]?.user ?? 'none';
    for (const page of [1, 2, 3]) {
      expect(await rows({ user: stranger, limit: 10, page })).toEqual([]);
      expect(await rows({ user: stranger, betType: 'HOLD', limit: 10, page })).toEqual([]);
      expect(await rows({ user: stranger, gameBrand: 'PG', limit: 10, page })).toEqual([]);
      // Its player's name searched here names none of this agent's players.
      expect(await rows({ username: 'otali', limit: 10, page })).toEqual([]);
    }
    // A part both agents' players share lists this agent's player only, at every depth.
    const mine = await rows({ username: 'alice', limit: 100 });
    expect(mine.length).toBeGreaterThan(20);
    expect(mine.every((r) => r.username === 'txalice')).toBe(true);
    expect((await rows({ username: 'alice', limit: 10, page: 2 })).map((r) => r._id)).toEqual(
      mine.slice(10, 20).map((r) => r._id),
    );
    // This agent's own pages are the same as before the other agent's bets.
    expect((await rows({ limit: 10, page: 2 })).every((r) => r.agent === agent._id)).toBe(true);
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('a username search naming many players or none pages the same as the cursor, wildcards typed taken literally', async () => {
    const crowd = await makeAgent(t, await t.tokenFor('OPERATOR'), { prefix: 'cw' });
    // 20 players "crowdNN" and one "crawd": "crowd" names MAX_NAMED_PLAYERS (their days), "cr" one
    // more (read by OFFSET).
    const names = [...Array.from({ length: MAX_NAMED_PLAYERS }, (_, i) => `crowd${i}`), 'crawd'];
    await ingest(
      t,
      crowd,
      names.flatMap((username, i) =>
        [0, 1, 2].map((k) =>
          bet({
            betId: `CW${i}-${k}`,
            username,
            startDate: new Date(Date.UTC(2026, 9, 1 + ((i + k * 7) % 25), 3 + k)).toISOString(),
          }),
        ),
      ),
    );
    const page = (body: ListBody) =>
      t.ok(api.transactionList, { token, params: { agentId: crowd._id }, body });
    for (const [username, limit] of [
      ['crowd', 4],
      ['cr', 4],
      ['crowd1', 4],
      ['CRAWD', 2],
    ] as const) {
      await expectPagesAsWalked(page, { username, limit }, 'Asia/Bangkok');
      await expectSearchAsFiltered(page, { username });
    }
    // LIKE's wildcards typed are letters: "cr_wd" and "cr%" name nobody; "%" and "_" neither.
    for (const username of ['cr_wd', 'cr%', '%', '_', 'crowd\\']) {
      for (const n of [1, 2, 3]) {
        expect((await page({ username, limit: 4, page: n })).records, username).toEqual([]);
      }
    }
  });

  it("a username search lists a deleted player's bets and those of a new player of the same name", async () => {
    const op = await t.tokenFor('OPERATOR');
    const churn = await makeAgent(t, op, { prefix: 'ch' });
    const bets = (tag: string, day: number) =>
      Array.from({ length: 12 }, (_, i) =>
        bet({
          betId: `${tag}${i}`,
          username: 'gone',
          startDate: new Date(Date.UTC(2026, 9, day + (i % 4), 2 + i)).toISOString(),
        }),
      );
    await ingest(t, churn, bets('OLD', 1));
    const page = (body: ListBody) =>
      t.ok(api.transactionList, { token, params: { agentId: churn._id }, body });
    const first = (await page({ limit: 1 })).records[0]?.user ?? 'none';
    expect((await t.api(api.userDelete, { token: op, params: { id: first } })).statusCode).toBe(200);
    // The name is free again: the next bets of "gone" make a new player.
    await ingest(t, churn, bets('NEW', 10));
    const listed = await walkAll(page, { username: 'GONE' });
    expect(new Set(listed.map((r) => r.user)).size).toBe(2);
    expect(listed).toHaveLength(24);
    await expectSearchAsFiltered(page, { username: 'gone' });
    await expectPagesAsWalked(page, { username: 'gon', limit: 5 }, 'Asia/Bangkok');
    await expectPagesAsWalked(page, { username: 'one', limit: 5, betType: 'HOLD' }, 'Asia/Bangkok');
  });

  it('404 for an unknown agent, 2001 for a forged cursor', async () => {
    expect((await list({}, '999999')).statusCode).toBe(404);
    expect((await list({ cursor: 'bm9wZQ' })).issues[0]?.path).toBe('cursor');
  });
});

type ListBody = BodyOf<typeof api.transactionList>;
/**
 * Every numbered page of the list `body` (without a cursor), all requested at once, answers the rows
 * walking the cursor reaches for it, and the page after the last is empty.
 */
const expectPagesAsWalked = async (
  page: (body: ListBody) => Promise<{ records: { _id: string }[]; nextCursor: string | null }>,
  body: ListBody & { limit: number },
  zone: string,
) => {
  const walked: string[][] = [];
  let cursor: string | undefined;
  for (let n = 1; ; n++) {
    const res = await page({ ...body, page: n, ...(cursor ? { cursor } : {}) });
    walked.push(res.records.map((r) => r._id));
    cursor = res.nextCursor ?? undefined;
    if (!cursor) break;
  }
  expect(walked.flat().length).toBeGreaterThan(body.limit);
  // Every numbered page at once, as a user opening many links (or an attacker) would send them.
  const direct = await Promise.all(walked.map((_, i) => page({ ...body, page: i + 1 })));
  for (const [i, ids] of walked.entries()) {
    expect(
      direct[i]?.records.map((r) => r._id),
      JSON.stringify({ zone, ...body, page: i + 1 }),
    ).toEqual(ids);
  }
  const beyond = await page({ ...body, page: walked.length + 1 });
  expect(beyond.records).toEqual([]);
  expect(beyond.nextCursor).toBeNull();
};

interface ListedRow {
  _id: string;
  user: string;
  username: string;
  betType: string;
  gameBrand: string;
  startDate: string;
}
type ListPage = (body: ListBody) => Promise<{ records: ListedRow[]; nextCursor: string | null }>;

/** Every row of the list `body`, walked by the cursor 100 a page. */
const walkAll = async (page: ListPage, body: ListBody) => {
  const all: ListedRow[] = [];
  let cursor: string | undefined;
  do {
    const res = await page({ ...body, limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...res.records);
    cursor = res.nextCursor ?? undefined;
  } while (cursor);
  return all;
};

/**
 * A username search (with its other filters) lists exactly the rows of the agent's unfiltered list
 * whose name holds the typed part in any case and which the other filters keep, in the same order:
 * whether it reads the named players' bets or tests the name on every row.
 */
const expectSearchAsFiltered = async (page: ListPage, body: ListBody & { username: string }) => {
  const part = body.username.toLowerCase();
  const from = body.startDate ? Date.parse(body.startDate) : -Infinity;
  const to = body.endDate ? Date.parse(body.endDate) : Infinity;
  const kept = (await walkAll(page, {})).filter(
    (r) =>
      r.username.toLowerCase().includes(part) &&
      (body.user === undefined || r.user === body.user) &&
      (body.gameBrand === undefined || r.gameBrand === body.gameBrand.toUpperCase()) &&
      (body.betType === undefined || r.betType === body.betType) &&
      Date.parse(r.startDate) >= from &&
      Date.parse(r.startDate) <= to,
  );
  const listed = await walkAll(page, body);
  expect(listed.length, JSON.stringify(body)).toBeGreaterThan(0);
  expect(
    listed.map((r) => r._id),
    JSON.stringify(body),
  ).toEqual(kept.map((r) => r._id));
};

/**
 * Deep links on an app whose business days are in `zone`: the page found by seeking (the day from
 * the daily rollup, then the rows inside it) must be the page the cursor reaches. 300 rows over three months, around the
 * zone's midnight, tied on their start time in groups, in several brands and bet types.
 */
const deepLinks = (zone: string, midnightUtc: { hour: number; minute: number }) => {
  let app: TestApp;
  let reader: string;
  let deep: SignedAgent;
  beforeAll(async () => {
    app = zone === 'Asia/Bangkok' ? t : await createTestApp({ REPORT_TIMEZONE: zone });
    if (app !== t) await registerBrands(app, await app.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
    reader = app === t ? token : await app.tokenFor('REPORTER');
    const op = await app.tokenFor('OPERATOR');
    // Another agent's rows first, so this agent's ids run from 3 to 4 digits (ties sort by id).
    const filler = await makeAgent(app, op, { prefix: 'fl' });
    for (let i = 0; i < 2; i++) {
      await ingest(
        app,
        filler,
        Array.from({ length: 400 }, (_, j) => bet({ betId: `FL${i}-${j}` })),
      );
    }
    deep = await makeAgent(app, op, { prefix: 'dl' });
    const types = ['HOLD', 'SETTLE', 'DEPOSIT', 'CANCEL'] as const;
    const items = Array.from({ length: 300 }, (_, i) => {
      const type = types[i % 4] as (typeof types)[number];
      return bet({
        betId: `DL${i}`,
        betType: type,
        amount: type === 'HOLD' ? -1 : 1,
        username: i % 3 === 0 ? 'alice' : 'bobby',
        gameBrand: ['PG', 'JILI', 'SA'][i % 3] as string,
        // Bets 100 apart share their start time (ids above and below 100 among them). Each day has
        // bets from 65 minutes before the zone's midnight to 52 after, 13 apart: three or four UTC
        // hours over two business days, with bets on both sides of every cut.
        startDate: new Date(
          Date.UTC(
            2026,
            8,
            20 + ((i * 7) % 70),
            midnightUtc.hour,
            midnightUtc.minute + ((Math.floor(i / 10) % 10) - 5) * 13,
          ),
        ).toISOString(),
      });
    });
    for (let i = 0; i < items.length; i += 100) await ingest(app, deep, items.slice(i, i + 100));
  });
  afterAll(async () => {
    if (app !== t) await app.close();
  });

  const page = (body: BodyOf<typeof api.transactionList>) =>
    app.ok(api.transactionList, { token: reader, params: { agentId: deep._id }, body });
  const at = (day: string, minutes: number) =>
    new Date(
      Date.parse(`${day}T00:00:00.000Z`) + (midnightUtc.hour * 60 + midnightUtc.minute + minutes) * 60_000,
    ).toISOString();

  it('answers the rows walking the cursor reaches, for every page, with and without filters', async () => {
    const playerId = async (username: string) =>
      (await page({ username, limit: 1 })).records[0]?.user ?? 'none';
    const [alice, bobby] = [await playerId('alice'), await playerId('bobby')];
    const shapes: BodyOf<typeof api.transactionList>[] = [
      {},
      { betType: 'HOLD' },
      { gameBrand: 'jili' },
      // Range ends inside an hour and inside a business day, on either side of midnight.
      { startDate: at('2026-10-05', -15), endDate: at('2026-11-10', -1) },
      { startDate: at('2026-10-31', 10) },
      // Starts 20 minutes into a business day that has bets: the rollup counts the whole day.
      { startDate: at('2026-10-04', 20) },
      { endDate: at('2026-10-02', -20) },
      { betType: 'HOLD', startDate: at('2026-10-05', -3), endDate: at('2026-11-10', 2) },
      { betType: 'SETTLE', gameBrand: 'PG', startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-11-01' },
      // A brand's hours (0025), with the range cut inside an hour and inside a business day.
      { gameBrand: 'PG', startDate: at('2026-10-05', -15), endDate: at('2026-11-10', -1) },
      { gameBrand: 'sa', startDate: at('2026-10-04', 20) },
      // A player's days (0034): the day is the stretch skipped in, the range cut inside a day.
      { user: alice },
      { user: alice, startDate: at('2026-10-05', -15), endDate: at('2026-11-10', -1) },
      { user: bobby, startDate: at('2026-10-04', 20) },
      // A username search naming few players: their days (0034), as for one player; any case.
      { username: 'ali' },
      { username: 'LIC', startDate: at('2026-10-05', -15), endDate: at('2026-11-10', -1) },
      // Both players (dlalice, dlbobby): their days added.
      { username: 'l' },
      { username: 'dl', startDate: at('2026-10-04', 20) },
      { username: 'b', user: bobby },
      // A player's days by brand and bet type (0034): a day without the brand or the type passed
      // over. Alice plays PG only; Bobby JILI and SA.
      { user: alice, gameBrand: 'PG' },
      { user: bobby, gameBrand: 'jili' },
      { user: alice, betType: 'DEPOSIT' },
      { user: bobby, gameBrand: 'SA', betType: 'CANCEL' },
      { user: bobby, betType: 'CANCEL', startDate: at('2026-10-05', -15), endDate: at('2026-11-10', -1) },
      { username: 'l', gameBrand: 'SA' },
      { username: 'ali', betType: 'HOLD' },
      { username: 'dl', gameBrand: 'JILI', betType: 'SETTLE', startDate: at('2026-10-04', 20) },
    ];
    for (const [s, filters] of shapes.entries()) {
      for (const limit of s === 0 ? [7, 25] : filters.startDate ? [4, 7, 9] : [9]) {
        await expectPagesAsWalked(page, { ...filters, limit }, zone);
      }
      if (filters.username !== undefined)
        await expectSearchAsFiltered(page, { ...filters, username: filters.username });
    }
    expect(await rollupMismatches(app)).toBe(0);
    // About 450 requests: more time than one call's test on a machine busy with other work.
  }, 120_000);
};

describe('a numbered page without a cursor (a deep link), business days in Bangkok (UTC+7)', () => {
  deepLinks('Asia/Bangkok', { hour: 17, minute: 0 });
});

describe('a numbered page without a cursor (a deep link), business days in Kolkata (UTC+5:30)', () => {
  // Business days start at half past a UTC hour.
  deepLinks('Asia/Kolkata', { hour: 18, minute: 30 });
});

describe('a deep link into days of 25 and of 23 hours (business days in New York)', () => {
  // Summer time ends on 2026-11-01 (a business day of 25 hours: the hour from 01:00 repeats) and
  // starts on 2026-03-08 (23 hours): each bet falls in one hour of its day, the 25th in the last.
  let app: TestApp;
  let reader: string;
  let ny: SignedAgent;
  beforeAll(async () => {
    app = await createTestApp({ REPORT_TIMEZONE: 'America/New_York' });
    await registerBrands(app, await app.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
    reader = await app.tokenFor('REPORTER');
    ny = await makeAgent(app, await app.tokenFor('OPERATOR'), { prefix: 'ny' });
    // Every 11 minutes through each day of the change and a few hours on either side.
    const around = (fromUtc: string, hours: number, tag: string) =>
      Array.from({ length: Math.floor((hours * 60) / 11) }, (_, i) =>
        bet({
          betId: `${tag}${i}`,
          betType: i % 3 === 0 ? 'HOLD' : 'SETTLE',
          amount: i % 3 === 0 ? -5 : 5,
          startDate: new Date(Date.parse(fromUtc) + i * 11 * 60_000).toISOString(),
        }),
      );
    const items = [
      ...around('2026-10-31T22:00:00.000Z', 34, 'FB'),
      ...around('2026-03-07T23:00:00.000Z', 31, 'SF'),
    ];
    for (let i = 0; i < items.length; i += 100) {
      expect((await ingest(app, ny, items.slice(i, i + 100))).statusCode).toBe(200);
    }
  });
  afterAll(() => app.close());

  it('counts every bet in one hour of its day and lands each page on the rows the cursor reaches', async () => {
    expect(await rollupMismatches(app)).toBe(0);
    const page = (body: ListBody) =>
      app.ok(api.transactionList, { token: reader, params: { agentId: ny._id }, body });
    const player = (await page({ limit: 1 })).records[0]?.user ?? 'none';
    for (const body of [
      { limit: 7 },
      { limit: 13, betType: 'SETTLE' as const },
      // Cut inside the repeated hour and inside the last hour of the 25-hour day.
      { limit: 6, startDate: '2026-11-01T05:40:00.000Z', endDate: '2026-11-02T04:25:00.000Z' },
      // Cut inside the 23-hour day, on both sides of the skipped hour.
      { limit: 6, startDate: '2026-03-08T06:10:00.000Z', endDate: '2026-03-08T08:05:00.000Z' },
      // The same days through the brand's hours (0025).
      { limit: 7, gameBrand: 'PG' },
      {
        limit: 6,
        gameBrand: 'PG',
        startDate: '2026-11-01T05:40:00.000Z',
        endDate: '2026-11-02T04:25:00.000Z',
      },
      { limit: 5, gameBrand: 'PG', betType: 'HOLD' as const, startDate: '2026-03-08T06:10:00.000Z' },
      // A player's days (0034): each day one stretch, its end the next day's start (25 and 23 hours).
      { limit: 7, user: player },
      { limit: 6, user: player, startDate: '2026-11-01T05:40:00.000Z', endDate: '2026-11-02T04:25:00.000Z' },
      { limit: 5, user: player, endDate: '2026-03-08T08:05:00.000Z' },
    ]) {
      await expectPagesAsWalked(page, body, 'America/New_York');
    }
  }, 60_000);

  /** A migration's backfill, run again on the rows above after `clear` emptied what it fills. */
  const expectBackfill = async (file: string, verb: 'INSERT' | 'UPDATE', clear: SQL) => {
    const [backfill, ...others] = migrationStatements(file, verb);
    expect(others).toHaveLength(0);
    await app.ctx.db.transaction(async (tx) => {
      // As the server sets it on its sessions from REPORT_TIMEZONE.
      await tx.execute(
        sql`select set_config('sapi.report_timezone', ${app.ctx.config.REPORT_TIMEZONE}, true)`,
      );
      await tx.execute(clear);
      await tx.execute(sql.raw(backfill ?? ''));
    });
    expect(await rollupMismatches(app)).toBe(0);
  };

  it('the migrations fill the hours, the minutes and the players’ days already stored, in the report time zone', async () => {
    await expectBackfill(
      '0022_rollup_agent_hours.sql',
      'UPDATE',
      sql.raw(`update rollup_agent_daily set ${hourColumns.map((h) => `${h} = 0`).join(', ')}`),
    );
    await expectBackfill('0025_rollup_brand_hours.sql', 'INSERT', sql`delete from rollup_brand_hours`);
    await expectBackfill(
      '0034_rollup_player_daily_by_brand.sql',
      'INSERT',
      sql`delete from rollup_player_daily`,
    );
    await expectBackfill('0033_rollup_brand_minutes.sql', 'INSERT', sql`delete from rollup_brand_minutes`);
  });
});

describe('a deep link into a busy hour: its minutes (0033)', () => {
  // 1,440 bets in one hour (14:00–15:00 in Bangkok), two at each instant 5 s apart (on every
  // minute's first instant), 12 at the last millisecond of every fifth minute, two thirds of them in
  // PG, in four bet types; and 60 more in the hours and days before it. The agent's whole list is
  // skipped into by the minutes of an hour holding more than MINUTES_ABOVE of its rows, directly in
  // a smaller one (a range keeping 20 minutes of the hour); a list with a brand or a bet type always
  // by the minutes.
  const HOUR_BETS = 1440;
  let busy: SignedAgent;
  beforeAll(async () => {
    expect(HOUR_BETS).toBeGreaterThan(MINUTES_ABOVE);
    expect((HOUR_BETS / 60) * 20 + 4).toBeLessThan(MINUTES_ABOVE);
    busy = await makeAgent(t, await t.tokenFor('OPERATOR'), { prefix: 'bh' });
    const hour = Date.parse('2026-10-12T07:00:00.000Z');
    const types = ['HOLD', 'SETTLE', 'DEPOSIT', 'CANCEL'] as const;
    const at = (i: number) =>
      i < HOUR_BETS
        ? hour + Math.floor(i / 2) * 5_000
        : i < HOUR_BETS + 12
          ? hour + (i - HOUR_BETS + 1) * 300_000 - 1
          : hour - (i - HOUR_BETS - 11) * 2_400_000;
    const items = Array.from({ length: HOUR_BETS + 72 }, (_, i) => {
      const type = types[i % 4] as (typeof types)[number];
      return bet({
        betId: `BH${i}`,
        betType: type,
        amount: type === 'HOLD' ? -1 : 1,
        username: i % 5 === 0 ? 'carol' : 'dave',
        gameBrand: ['PG', 'PG', 'JILI'][i % 3] as string,
        startDate: new Date(at(i)).toISOString(),
      });
    });
    for (let i = 0; i < items.length; i += 500) {
      expect((await ingest(t, busy, items.slice(i, i + 500))).statusCode).toBe(200);
    }
  });

  it('lands every page on the rows the cursor reaches, with filters and ranges cut inside a minute', async () => {
    expect(await rollupMismatches(t)).toBe(0);
    const page = (body: ListBody) =>
      t.ok(api.transactionList, { token, params: { agentId: busy._id }, body });
    for (const body of [
      { limit: 7 },
      { limit: 29 },
      { limit: 19, gameBrand: 'pg' },
      { limit: 17, betType: 'SETTLE' as const },
      { limit: 11, gameBrand: 'JILI' },
      { limit: 9, gameBrand: 'PG', betType: 'HOLD' as const },
      // Cut inside minutes, and on a minute's first instant and its last millisecond.
      { limit: 13, startDate: '2026-10-12T07:07:30.000Z', endDate: '2026-10-12T07:41:10.000Z' },
      { limit: 23, startDate: '2026-10-12T07:04:59.999Z', endDate: '2026-10-12T07:55:00.000Z' },
      { limit: 15, gameBrand: 'PG', startDate: '2026-10-12T07:10:00.000Z' },
      { limit: 7, betType: 'CANCEL' as const, endDate: '2026-10-12T07:29:59.999Z' },
      // The agent's whole list in 20 minutes of the hour: skipped into directly.
      { limit: 11, startDate: '2026-10-12T07:30:00.000Z', endDate: '2026-10-12T07:49:59.999Z' },
    ]) {
      await expectPagesAsWalked(page, body, 'Asia/Bangkok');
    }
  }, 120_000);

  it('twenty deep links into the hour at once answer what one answers alone, by its minutes and directly', async () => {
    const ids = async (body: ListBody) =>
      (await t.ok(api.transactionList, { token, params: { agentId: busy._id }, body })).records.map(
        (r) => r._id,
      );
    for (const body of [
      { limit: 7, page: 90 },
      { limit: 9, page: 40, gameBrand: 'JILI' },
      { limit: 11, page: 30, betType: 'SETTLE' as const },
      { limit: 11, page: 20, startDate: '2026-10-12T07:30:00.000Z', endDate: '2026-10-12T07:49:59.999Z' },
    ]) {
      const alone = await ids(body);
      expect(alone, JSON.stringify(body)).toHaveLength(body.limit);
      const together = await Promise.all(Array.from({ length: 20 }, () => ids(body)));
      for (const got of together) expect(got).toEqual(alone);
    }
  });
});

describe('transaction detail', () => {
  it('answers every field and the bet’s history, oldest first', async () => {
    const settle = (await rows({ betId: 'T4' })).find((r) => r.betType === 'SETTLE');
    const listId = settle?._id ?? '';
    const res = await t.ok(api.transactionGet, { token, params: { agentId: agent._id, listId } });
    expect(res).toMatchObject({
      _id: listId,
      betId: 'T4',
      betType: 'SETTLE',
      username: settle?.username,
    });
    expect(res.history.map((h) => h.betType)).toEqual(['HOLD', 'SETTLE']);
    const other = await makeAgent(t, await t.tokenFor('OPERATOR'));
    expect(
      (await t.api(api.transactionGet, { token, params: { agentId: other._id, listId } })).statusCode,
    ).toBe(404);
  });
});
