import { api, ingestConflictDataSchema } from '@sapi/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract, type RawAnswer } from '../../../test/calls.ts';
import {
  type Bet,
  bet,
  ingest,
  makeAdapter,
  makeAgent,
  registerBrands,
  type SignedAgent,
  signedHeaders,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { countRows, rollupMismatches } from '../../../test/ledger-checks.ts';

let t: TestApp;
let op: string;
let agent: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.tokenFor('OPERATOR');
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  agent = await makeAgent(t, op, { prefix: 'ing' });
});
afterAll(() => t.close());

/** The items a 409 names as conflicting, read through the contract's schema of that refusal. */
const conflictsOf = (res: RawAnswer) => ingestConflictDataSchema.parse(res.body?.data).conflicts;

describe('ingest: signature and timestamp', () => {
  it('accepts a signed batch and creates unknown players under the agent', async () => {
    const res = await ingest(t, agent, [
      bet({ username: 'newbie' }),
      bet({ username: 'newbie', betType: 'DEPOSIT', amount: 100 }),
    ]);
    expect(res.body).toEqual({ status: 1000, error: null, data: { accepted: 2, duplicates: 0 } });
    const users = await t.ok(api.userList, { token: op, body: { username: 'newbie' } });
    expect(users.records).toMatchObject([{ username: 'ingnewbie', name: 'newbie', agent: agent._id }]);
  });

  it.each([
    ['a wrong secret', { secret: 'not-the-secret-at-all' }],
    ['a stale timestamp', { timestamp: Date.parse('2026-11-01T02:54:00.000Z') }],
    ['a future timestamp', { timestamp: Date.parse('2026-11-01T03:05:01.000Z') }],
  ])('refuses %s with 401', async (_what, opts) => {
    const res = await ingest(t, agent, [bet()], opts);
    expect(res.statusCode).toBe(401);
    expect(res.status).toBe(3001);
  });

  it('refuses an unknown key, missing headers, and a body changed after signing', async () => {
    expect((await ingest(t, { apiKey: 'ak_nope', secret: agent.secret }, [bet()])).statusCode).toBe(401);
    const bare = await t.api(api.ingest, { body: { transactions: [bet()] } });
    expect(bare.statusCode).toBe(401);
    const signed = bet({ amount: -1 });
    const res = await t.api(api.ingest, {
      body: { transactions: [{ ...signed, amount: -1000 }] },
      sign: () => signedHeaders(agent, JSON.stringify({ transactions: [signed] }), { now: t.clock.now() }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a locked agent with 403 (3003) and accepts again once unlocked', async () => {
    const a = await makeAgent(t, op);
    await t.ok(api.agentLock, { token: op, params: { id: a._id } });
    const res = await ingest(t, a, [bet()]);
    expect(res.statusCode).toBe(403);
    expect(res.status).toBe(3003);
    await t.ok(api.agentUnlock, { token: op, params: { id: a._id } });
    expect((await ingest(t, a, [bet()])).status).toBe(1000);
  });
});

describe('ingest: duplicates and players', () => {
  it('a re-sent batch (replay) changes nothing and answers its rows as duplicates', async () => {
    const batch = [bet(), bet({ betType: 'SETTLE', amount: 25 })];
    const before = await countRows(t, 'transactions');
    expect((await ingest(t, agent, batch)).data).toEqual({ accepted: 2, duplicates: 0 });
    expect((await ingest(t, agent, batch)).data).toEqual({ accepted: 0, duplicates: 2 });
    expect(await countRows(t, 'transactions')).toBe(before + 2);
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('a batch mixing stored and new bets stores only the new ones, players old and new alike', async () => {
    const stored = [bet({ username: 'mixold' }), bet({ username: 'mixold', betType: 'SETTLE', amount: 3 })];
    expect((await ingest(t, agent, stored)).data).toEqual({ accepted: 2, duplicates: 0 });
    const before = await countRows(t, 'transactions');
    const mixed = [bet({ username: 'mixnew' }), ...stored, bet({ username: 'mixold', amount: -7 })];
    expect((await ingest(t, agent, mixed)).data).toEqual({ accepted: 2, duplicates: 2 });
    expect(await countRows(t, 'transactions')).toBe(before + 2);
    expect(await rollupMismatches(t)).toBe(0);
    const users = await t.ok(api.userList, { token: op, body: { username: 'mixnew' } });
    expect(users.records).toMatchObject([{ username: 'ingmixnew', agent: agent._id }]);
  });
});

describe('ingest: validation', () => {
  it.each([
    [{ betType: 'JACKPOT' }, 'transactions.1.betType'],
    [{ amount: 5 }, 'transactions.1.amount'],
    [{ betType: 'SETTLE', amount: -5 }, 'transactions.1.amount'],
    [{ amount: -1.005 }, 'transactions.1.amount'],
    [{ startDate: 'yesterday' }, 'transactions.1.startDate'],
    [{ username: 'bad name!' }, 'transactions.1.username'],
    [{ betId: '' }, 'transactions.1.betId'],
    [
      { startDate: '2026-11-01T05:00:00.000Z', endDate: '2026-11-01T04:59:59.999Z' },
      'transactions.1.endDate',
    ],
    [{ startDate: '2026-11-01T12:00:00+07:00', endDate: '2026-11-01T04:59:59Z' }, 'transactions.1.endDate'],
    // Below a millisecond two versions of one bet would compare or store as one (silent duplicate).
    [{ startDate: '2026-11-01T05:00:00.0001Z' }, 'transactions.1.startDate'],
    [{ endDate: '2026-11-01T06:00:00.0009+07:00' }, 'transactions.1.endDate'],
  ])('refuses %j naming the item index, storing nothing', async (over, path) => {
    const before = await countRows(t, 'transactions');
    const res = await ingest(t, agent, offContract([bet(), { ...bet(), ...over }]));
    expect(res.statusCode).toBe(400);
    expect(res.issues[0]?.path).toBe(path);
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('takes 1 to 1000 items', async () => {
    expect((await ingest(t, agent, [])).status).toBe(2001);
    const many = Array.from({ length: 1001 }, () => bet());
    expect((await ingest(t, agent, many)).issues[0]?.path).toBe('transactions');
    const full = Array.from({ length: 1000 }, (_, i) => bet({ username: `bulk${i % 37}` }));
    expect((await ingest(t, agent, full)).data).toEqual({ accepted: 1000, duplicates: 0 });
  });

  it('answers malformed JSON with 400', async () => {
    const text = '{"transactions": [';
    const res = await t.raw({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { 'content-type': 'application/json', ...signedHeaders(agent, text, { now: t.clock.now() }) },
      payload: text,
    });
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
  });
});

describe('ingest: rollups always equal the raw rows', () => {
  it('for random batches with duplicates, retries and concurrent senders', async () => {
    const local = await createTestApp();
    try {
      const token = await local.tokenFor('OPERATOR');
      await registerBrands(local, await local.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
      const agents: SignedAgent[] = [await makeAgent(local, token), await makeAgent(local, token)];
      const item = fc.record({
        bet: fc.integer({ min: 1, max: 60 }),
        betType: fc.constantFrom('HOLD', 'SETTLE', 'CANCEL', 'VOID', 'DEPOSIT', 'WITHDRAW', 'PROMOTION'),
        cents: fc.integer({ min: 0, max: 1_000_000 }),
        brand: fc.constantFrom('PG', 'JILI', 'SA'),
        game: fc.constantFrom('g1', 'g2'),
        player: fc.constantFrom('pl1', 'pl2', 'pl3'),
        // Around midnight Bangkok (17:00 UTC) so business days split.
        minute: fc.integer({ min: 16 * 60, max: 18 * 60 }),
      });
      const acknowledged = new Set<string>();
      // A bet key keeps the fields it was first generated with: a re-send of it with other fields
      // would be a conflict (tested on its own), not the duplicate this property is about.
      const versions = new Map<string, Bet>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              agent: fc.integer({ min: 0, max: 1 }),
              items: fc.array(item, { minLength: 1, maxLength: 25 }),
            }),
            {
              minLength: 1,
              maxLength: 6,
            },
          ),
          async (batches) => {
            const sends = batches.flatMap((b) => {
              const a = agents[b.agent] as SignedAgent;
              const rows = b.items.map((i) => {
                const key = `${a._id}|R${i.bet}|${i.betType}`;
                const version =
                  versions.get(key) ??
                  bet({
                    betId: `R${i.bet}`,
                    betType: i.betType,
                    amount: (['HOLD', 'WITHDRAW'].includes(i.betType) ? -i.cents : i.cents) / 100,
                    gameBrand: i.brand,
                    gameCode: i.game,
                    username: i.player,
                    startDate: new Date(Date.UTC(2026, 10, 2, 0, i.minute)).toISOString(),
                  });
                versions.set(key, version);
                return version;
              });
              // Each batch is sent twice at once: a client retry racing the original.
              return [ingest(local, a, rows), ingest(local, a, rows)].map((p) =>
                p.then((res) => {
                  expect(res.status).toBe(1000);
                  for (const r of rows) acknowledged.add(`${a._id}|${r.betId}|${r.betType}`);
                }),
              );
            });
            await Promise.all(sends);
            expect(await rollupMismatches(local)).toBe(0);
            expect(await countRows(local, 'transactions')).toBe(acknowledged.size);
            expect(await countRows(local, 'transaction_keys')).toBe(acknowledged.size);
          },
        ),
        { numRuns: 15 },
      );
    } finally {
      await local.close();
    }
  });
});

describe('ingest: data rules', () => {
  it('refuses a bet whose game brand is no registered provider with 400 naming the item, storing nothing', async () => {
    const before = await countRows(t, 'transactions');
    const res = await ingest(t, agent, [bet({ username: 'brandnew1' }), bet(), bet({ gameBrand: 'NOPE' })]);
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.issues).toEqual([
      {
        path: 'transactions.2.gameBrand',
        code: 'unknown_game_brand',
        params: { gameBrand: 'NOPE' },
        message: '"NOPE" is not the codename of a registered game provider',
      },
    ]);
    expect(await countRows(t, 'transactions')).toBe(before);
    // Nor is the new player of the refused batch created.
    const users = await t.ok(api.userList, { token: op, body: { username: 'brandnew1' } });
    expect(users.records).toEqual([]);
    // The codename is matched exactly: a provider "PG" does not make "pg" a brand.
    expect((await ingest(t, agent, [bet({ gameBrand: 'pg' })])).issues[0]?.path).toBe(
      'transactions.0.gameBrand',
    );
  });

  it('takes a bet only on a business day a report can ask for, so every report shows every stored bet', async () => {
    const own = await makeAgent(t, op);
    // 20:00 UTC on 31 December 2200 is already 2201 in Bangkok: no report year reaches it.
    const late = await ingest(t, own, [bet(), bet({ startDate: '2200-12-31T20:00:00.000Z' })]);
    expect(late.statusCode).toBe(400);
    expect(late.issues).toMatchObject([
      { path: 'transactions.1.startDate', code: 'date_range', params: { minimum: 1900, maximum: 2200 } },
    ]);
    // The first business day of 1900 is taken, and the agent's report of that year shows it.
    const early = bet({
      betType: 'SETTLE',
      betTypeFromGame: 'win',
      amount: 5,
      startDate: '1900-01-01T00:00:00.000Z',
    });
    expect((await ingest(t, own, [early])).data).toEqual({ accepted: 1, duplicates: 0 });
    const year = await t.ok(api.summaryAgentMonthly, {
      token: op,
      params: { agentId: own._id },
      body: { year: '1900' },
    });
    expect(year.rows.find((r) => r.month === '01')).toMatchObject({ year: '1900', transactionCount: 1 });
    expect(year.totals.transactionCount).toBe(1);
  });

  it('refuses an unknown brand also in a batch re-sending stored bets (the probing statement)', async () => {
    const stored = bet();
    expect((await ingest(t, agent, [stored])).data).toEqual({ accepted: 1, duplicates: 0 });
    const res = await ingest(t, agent, [stored, bet({ gameBrand: 'NOPE2' })]);
    expect(res.statusCode).toBe(400);
    expect(res.issues[0]?.path).toBe('transactions.1.gameBrand');
  });

  it('refuses an amount beyond the satang, also a hair beyond, instead of rounding it', async () => {
    const before = await countRows(t, 'transactions');
    for (const amount of [10.001, 10.000000001, -5e-324]) {
      const res = await ingest(t, agent, [bet({ betType: 'SETTLE', amount })]);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.issues[0], String(amount)).toMatchObject({
        path: 'transactions.0.amount',
        code: 'decimals',
      });
    }
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('accepts bets of a disabled provider, so open rounds settle', async () => {
    const admin = await t.tokenFor('ADMIN');
    const provider = await makeAdapter(t, admin, { codename: 'OLDCAMP' });
    const hold = bet({ gameBrand: 'OLDCAMP' });
    expect((await ingest(t, agent, [hold])).status).toBe(1000);
    const off = await t.api(api.adapterDisable, { token: admin, params: { id: provider._id } });
    expect(off.status).toBe(1000);
    const settle: Bet = { ...hold, betType: 'SETTLE', amount: 20 };
    expect((await ingest(t, agent, [settle])).data).toEqual({ accepted: 1, duplicates: 0 });
  });

  it.each([
    ['amount', { amount: -11 }],
    ['betTypeFromGame', { betTypeFromGame: 'other-label' }],
    ['gameBrand', { gameBrand: 'JILI' }],
    ['gameCode', { gameCode: 'another-game' }],
    ['username', { username: 'someoneelse' }],
    ['startDate', { startDate: '2026-11-01T05:00:01.000Z' }],
    ['endDate', { endDate: '2026-11-01T06:00:00.000Z' }],
  ])(
    'a re-sent bet with a different %s is a conflict (2009) naming it, and nothing of the batch is stored',
    async (_field, change) => {
      const original = bet({ username: 'resender' });
      expect((await ingest(t, agent, [original])).data).toEqual({ accepted: 1, duplicates: 0 });
      const before = await countRows(t, 'transactions');
      const fresh = bet({ username: 'resender' });
      const res = await ingest(t, agent, [fresh, original, { ...original, ...change }]);
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({
        status: 2009,
        error: 'A re-sent bet differs from the stored one; nothing of the batch was stored',
        data: {
          conflicts: [{ index: 2, betId: original.betId, betType: 'HOLD' }],
          issues: [{ path: 'transactions', code: 'bet_resent_differs' }],
        },
      });
      expect(await countRows(t, 'transactions')).toBe(before);
      expect(await rollupMismatches(t)).toBe(0);
      // The same re-send without the changed copy stays a plain duplicate, and the fresh bet goes in.
      expect((await ingest(t, agent, [fresh, original])).data).toEqual({ accepted: 1, duplicates: 1 });
    },
  );

  it('an identical re-send is a duplicate even when dates are written with another offset or case', async () => {
    const original = bet({ username: 'Resend2', endDate: '2026-11-01T06:00:00.000Z' });
    expect((await ingest(t, agent, [original])).data).toEqual({ accepted: 1, duplicates: 0 });
    const same = { ...original, username: 'resend2', startDate: '2026-11-01T12:00:00+07:00' };
    expect((await ingest(t, agent, [same])).data).toEqual({ accepted: 0, duplicates: 1 });
  });

  it('names every conflicting item, a batch holding two versions of one bet included', async () => {
    const a = bet();
    const b = bet({ betType: 'SETTLE', amount: 5 });
    expect((await ingest(t, agent, [a, b])).status).toBe(1000);
    const res = await ingest(t, agent, [{ ...b, amount: 6 }, bet(), { ...a, amount: -1 }]);
    expect(conflictsOf(res)).toEqual([
      { index: 0, betId: b.betId, betType: 'SETTLE' },
      { index: 2, betId: a.betId, betType: 'HOLD' },
    ]);
    const twice = bet();
    const inBatch = await ingest(t, agent, [twice, bet(), { ...twice, amount: -99 }]);
    expect(inBatch.statusCode).toBe(409);
    expect(conflictsOf(inBatch)).toEqual([{ index: 2, betId: twice.betId, betType: 'HOLD' }]);
    // The same bet twice, identical, is one row and one duplicate.
    expect((await ingest(t, agent, [twice, twice])).data).toEqual({ accepted: 1, duplicates: 1 });
  });

  it('a conflicting re-send racing its original in parallel never stores both versions', async () => {
    const original = bet({ username: 'racer' });
    const changed = { ...original, amount: -12 };
    const answers = await Promise.all([
      ingest(t, agent, [original]),
      ingest(t, agent, [changed]),
      ingest(t, agent, [original]),
      ingest(t, agent, [changed]),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    // Whichever version went first is stored; every copy of the other is a conflict.
    expect(statuses).toEqual([1000, 1000, 2009, 2009]);
    const rows = await t.ok(api.transactionList, {
      token: op,
      params: { agentId: agent._id },
      body: { betId: original.betId },
    });
    expect(rows.records).toHaveLength(1);
    expect(await rollupMismatches(t)).toBe(0);
  });
});
