import {
  api,
  INGEST_LOG_MAX_ITEMS,
  type IngestLogListQuery,
  type IngestLogRecord,
  Status,
} from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offContract } from '../../../test/calls.ts';
import {
  bet,
  ingest,
  makeAgent,
  parseCsv,
  registerBrands,
  type SignedAgent,
  signedHeaders,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { AppError, conflict } from '../../core/errors.ts';
import { ingestLog } from '../../db/schema/index.ts';
import { classifyRefusal, pruneIngestLog } from './log.ts';

let t: TestApp;
let op: string;
let reporter: string;
let agent: SignedAgent;
let other: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.sessionFor('OPERATOR');
  reporter = await t.sessionFor('REPORTER');
  await registerBrands(t, await t.sessionFor('ADMIN'), ['PG', 'JILI']);
  agent = await makeAgent(t, op, { prefix: 'lga' });
  other = await makeAgent(t, op, { prefix: 'lgb' });
});
afterAll(() => t.close());

/** The newest log row of an agent (the one the last request wrote). */
const latest = async (agentId: string): Promise<IngestLogRecord> => {
  const page = await t.ok(api.ingestLogList, { token: reporter, body: { agent: agentId, limit: 1 } });
  const [row] = page.records;
  if (!row) throw new Error('no log row');
  return row;
};
const logTotal = async (body: IngestLogListQuery) =>
  (await t.ok(api.ingestLogList, { token: reporter, body })).total;

describe('ingest log: every request is recorded', () => {
  it('an accepted batch, then the same batch again (partial: all duplicates), with time, address and counts', async () => {
    const batch = [bet({ username: 'logone' }), bet({ username: 'logone', betType: 'SETTLE', amount: 5 })];
    await ingest(t, agent, batch);
    expect(await latest(agent._id)).toMatchObject({
      at: t.clock.now().toISOString(),
      agent: agent._id,
      agentUsername: agent.username,
      ip: '127.0.0.1',
      itemCount: 2,
      accepted: 2,
      duplicates: 0,
      outcome: 'accepted',
      reason: null,
      status: Status.OK,
      itemsTotal: 0,
    });
    await ingest(t, agent, [...batch, bet({ username: 'logone' })]);
    expect(await latest(agent._id)).toMatchObject({
      itemCount: 3,
      accepted: 1,
      duplicates: 2,
      outcome: 'partial',
    });
  });

  it.each([
    ['bad_signature', { secret: 'not-the-secret-at-all' }],
    ['stale_timestamp', { timestamp: Date.parse('2026-11-01T02:54:00.000Z') }],
  ])(
    'a %s refusal, attributed to the agent whose key it carried, without its items',
    async (reason, opts) => {
      const res = await ingest(t, agent, [bet({ betId: 'SECRET-ISH' })], opts);
      expect(res.status).toBe(Status.UNAUTHENTICATED);
      const row = await latest(agent._id);
      expect(row).toMatchObject({ outcome: 'refused', reason, status: 3001, itemCount: 1, itemsTotal: 0 });
      expect((await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } })).items).toEqual([]);
    },
  );

  it('an unknown key and a request without headers: recorded with no agent, and no body kept', async () => {
    const before = await logTotal({ reason: 'unknown_key' });
    await ingest(t, { apiKey: 'ak_nobody', secret: 'x'.repeat(32) }, [bet()]);
    expect(await logTotal({ reason: 'unknown_key' })).toBe(before + 1);
    // Refusals whose signature did not hold are counted in their minute's row (issue 38), not a row each.
    await ingest(t, { apiKey: 'ak_nobody_else', secret: 'x'.repeat(32) }, [bet()]);
    expect(await logTotal({ reason: 'unknown_key' })).toBe(before + 1);
    const [counted] = (await t.ok(api.ingestLogList, { token: reporter, body: { reason: 'unknown_key' } }))
      .records;
    expect(counted).toMatchObject({ count: 2, lastAt: t.clock.now().toISOString() });
    await t.api(api.ingest, { body: { transactions: [bet()] } });
    const page = await t.ok(api.ingestLogList, { token: reporter, body: { reason: 'missing_credentials' } });
    expect(page.records[0]).toMatchObject({ agent: null, agentUsername: null, outcome: 'refused' });
  });

  it('a validation refusal names each item (index, betId, field, code)', async () => {
    const res = await ingest(t, agent, offContract([bet(), bet({ betId: 'BADAMT', amount: 5 })]));
    expect(res.status).toBe(Status.VALIDATION);
    const row = await latest(agent._id);
    expect(row).toMatchObject({ outcome: 'refused', reason: 'validation', status: 2001, itemsTotal: 1 });
    const detail = await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } });
    expect(detail.items).toEqual([
      {
        index: 1,
        betId: 'BADAMT',
        betType: 'HOLD',
        code: 'amount_not_positive',
        field: 'amount',
        params: { betType: 'HOLD' },
      },
    ]);
  });

  it('keeps each issue’s params for its text: 0.005 on a HOLD is two issues, with their numbers and names', async () => {
    const res = await ingest(t, agent, offContract([bet({ betId: 'HALFSATANG', amount: 0.005 })]));
    expect(res.status).toBe(Status.VALIDATION);
    const row = await latest(agent._id);
    expect(row).toMatchObject({ status: 2001, code: 'decimals', params: { maximum: 2 }, itemsTotal: 2 });
    const detail = await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } });
    expect(detail.params).toEqual({ maximum: 2 });
    expect(detail.items).toEqual([
      {
        index: 0,
        betId: 'HALFSATANG',
        betType: 'HOLD',
        code: 'decimals',
        field: 'amount',
        params: { maximum: 2 },
      },
      {
        index: 0,
        betId: 'HALFSATANG',
        betType: 'HOLD',
        code: 'amount_not_positive',
        field: 'amount',
        params: { betType: 'HOLD' },
      },
    ]);
  });

  it('a row logged before params were kept reads back with none (null), items too', async () => {
    const [stored] = await t.ctx.db
      .insert(ingestLog)
      .values({
        at: t.clock.now(),
        agentId: BigInt(agent._id),
        ip: '127.0.0.1',
        itemCount: 1,
        outcome: 'refused',
        reason: 'validation',
        status: Status.VALIDATION,
        code: 'decimals',
        items: [{ index: 0, betId: 'OLD1', betType: 'HOLD', code: 'decimals', field: 'amount' }],
        itemsTotal: 1,
      })
      .returning({ id: ingestLog.id });
    const id = String(stored?.id);
    const detail = await t.ok(api.ingestLogGet, { token: reporter, params: { id } });
    expect(detail).toMatchObject({ code: 'decimals', params: null });
    expect(detail.items).toEqual([
      { index: 0, betId: 'OLD1', betType: 'HOLD', code: 'decimals', field: 'amount', params: null },
    ]);
    // Listed too (found by id: on Citus a row inserted through the coordinator draws from its range).
    const listed = await t.ok(api.ingestLogList, { token: reporter, body: { agent: agent._id, limit: 100 } });
    expect(listed.records.find((r) => r._id === id)).toMatchObject({ code: 'decimals', params: null });
  });

  it('an unknown brand, a conflict, an address not allowed and a locked agent', async () => {
    await ingest(t, agent, [bet(), bet({ betId: 'NOBRAND', gameBrand: 'NOPE' })]);
    let row = await latest(agent._id);
    expect(row).toMatchObject({
      reason: 'unknown_brand',
      code: 'unknown_game_brand',
      params: { gameBrand: 'NOPE' },
      itemsTotal: 1,
    });
    expect((await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } })).items).toEqual([
      {
        index: 1,
        betId: 'NOBRAND',
        betType: 'HOLD',
        code: 'unknown_game_brand',
        field: 'gameBrand',
        params: { gameBrand: 'NOPE' },
      },
    ]);

    const stored = bet({ betId: 'CONF1', username: 'logconf' });
    await ingest(t, agent, [stored]);
    const res = await ingest(t, agent, [bet({ username: 'logconf' }), { ...stored, amount: -99 }]);
    expect(res.status).toBe(Status.CONFLICT);
    row = await latest(agent._id);
    expect(row).toMatchObject({
      outcome: 'refused',
      reason: 'conflict',
      code: 'bet_resent_differs',
      itemsTotal: 1,
    });
    expect((await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } })).items).toEqual([
      { index: 1, betId: 'CONF1', betType: 'HOLD', code: 'bet_resent_differs', field: null, params: null },
    ]);

    const fenced = await makeAgent(t, op, { prefix: 'lgf' });
    await t.ok(api.agentAllowedIpsUpdate, {
      token: op,
      params: { id: fenced._id },
      body: { allowedIps: ['198.51.100.0/24'] },
    });
    expect((await ingest(t, fenced, [bet()])).status).toBe(Status.ADDRESS_NOT_ALLOWED);
    expect(await latest(fenced._id)).toMatchObject({ reason: 'address_not_allowed', status: 3008 });
    // The existing per-day refusal counter still counts it (docs/design.md §13's refusals list).
    const refusals = await t.ok(api.ipRefusalList, { token: op, body: { scope: 'agent' } });
    expect(refusals.records.some((r) => r.subjectId === fenced._id)).toBe(true);

    const locked = await makeAgent(t, op, { prefix: 'lgl' });
    await t.ok(api.agentLock, { token: op, params: { id: locked._id } });
    await ingest(t, locked, [bet()]);
    expect(await latest(locked._id)).toMatchObject({ reason: 'agent_locked', status: 3003 });
  });

  it('malformed JSON and an oversized body are recorded against the key they carried', async () => {
    const text = '{"transactions": [';
    const res = await t.raw({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { 'content-type': 'application/json', ...signedHeaders(agent, text, { now: t.clock.now() }) },
      payload: text,
    });
    expect(res.statusCode).toBe(400);
    expect(await latest(agent._id)).toMatchObject({ reason: 'malformed_body', itemCount: null });
    const big = JSON.stringify({ transactions: [], pad: 'x'.repeat(1024 * 1024) });
    const tooBig = await t.raw({
      method: 'POST',
      url: '/api/v1/ingest/transactions',
      headers: { 'content-type': 'application/json', ...signedHeaders(agent, big, { now: t.clock.now() }) },
      payload: big,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await latest(agent._id)).toMatchObject({ reason: 'malformed_body', outcome: 'refused' });
  });

  it('a correctly signed body sent as text, or with no content type, is refused for its content type, not its signature', async () => {
    const text = JSON.stringify({ transactions: [] });
    for (const type of ['text/plain', undefined]) {
      const res = await t.raw({
        method: 'POST',
        url: '/api/v1/ingest/transactions',
        headers: {
          ...(type ? { 'content-type': type } : {}),
          ...signedHeaders(agent, text, { now: t.clock.now() }),
        },
        payload: text,
      });
      expect(res.statusCode).toBe(415);
      expect(res.body).toMatchObject({ status: 2001, data: { issues: [{ code: 'content_type' }] } });
      expect(await latest(agent._id)).toMatchObject({ reason: 'malformed_body', outcome: 'refused' });
    }
  });

  it('keeps at most INGEST_LOG_MAX_ITEMS items of a refusal and counts them all', async () => {
    const many = Array.from({ length: 300 }, (_, i) => bet({ betId: `M${i}`, amount: 1 }));
    const res = await ingest(t, agent, offContract(many));
    expect(res.status).toBe(Status.VALIDATION);
    const row = await latest(agent._id);
    expect(row).toMatchObject({ itemCount: 300, itemsTotal: 300 });
    const detail = await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } });
    expect(detail.items).toHaveLength(INGEST_LOG_MAX_ITEMS);
    expect(detail.items[0]).toMatchObject({ index: 0, betId: 'M0' });
  });

  it('a betId the database cannot store is not quoted (NUL, lone surrogate); no 500', async () => {
    const res = await ingest(
      t,
      agent,
      offContract([bet({ betId: 'A\u0000B', amount: 1 }), bet({ betId: 'x\uD800', amount: 1 })]),
    );
    expect(res.status).toBe(Status.VALIDATION);
    const row = await latest(agent._id);
    const detail = await t.ok(api.ingestLogGet, { token: reporter, params: { id: row._id } });
    expect(detail.items.length).toBeGreaterThan(0);
    expect(detail.items.every((i) => i.betId === null)).toBe(true);
  });

  it('parallel batches each leave exactly one row', async () => {
    const before = await logTotal({ agent: other._id });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ingest(t, other, [bet({ username: `par${i % 3}` }), bet({ username: 'parshared' })]),
      ),
    );
    expect(answers.every((a) => a.status === Status.OK)).toBe(true);
    expect(await logTotal({ agent: other._id })).toBe(before + 8);
    expect(await logTotal({ agent: other._id, outcome: 'accepted' })).toBe(before + 8);
  });
});

describe('ingest log: reading it', () => {
  it('filters by agent, outcome, reason and time; another agent never sees the first one’s rows', async () => {
    const mine = await t.ok(api.ingestLogList, { token: reporter, body: { agent: agent._id, limit: 100 } });
    expect(mine.records.length).toBeGreaterThan(5);
    expect(mine.records.every((r) => r.agent === agent._id)).toBe(true);
    const theirs = await t.ok(api.ingestLogList, { token: reporter, body: { agent: other._id, limit: 100 } });
    expect(theirs.records.some((r) => r.agent === agent._id)).toBe(false);
    const refused = await t.ok(api.ingestLogList, {
      token: reporter,
      body: { agent: agent._id, outcome: 'refused', reason: 'bad_signature' },
    });
    expect(refused.records.length).toBe(1);
    const later = await t.ok(api.ingestLogList, {
      token: reporter,
      body: { startDate: new Date(t.clock.now().getTime() + 1000).toISOString() },
    });
    expect(later.total).toBe(0);
  });

  it('the second agent’s own credentials open nothing of the log; staff sessions do (every role)', async () => {
    const row = await latest(agent._id);
    const body = JSON.stringify({ agent: agent._id });
    for (const route of [api.ingestLogList, api.ingestLogExport]) {
      const res = await t.raw({
        method: 'POST',
        url: `/api/v1${route.path}`,
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(other, body, { now: t.clock.now() }),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
    }
    const get = await t.raw({
      method: 'POST',
      url: `/api/v1/ingest-log/get/${row._id}`,
      headers: signedHeaders(other, '', { now: t.clock.now() }),
    });
    expect(get.statusCode).toBe(401);
    expect((await t.api(api.ingestLogGet, { params: { id: '999999999' }, token: reporter })).statusCode).toBe(
      404,
    );
  });

  it('exports the filtered log as CSV with Thai or English headers', async () => {
    const th = await t.api(api.ingestLogExport, {
      token: reporter,
      body: { agent: agent._id, outcome: 'refused' },
    });
    const rows = parseCsv(th.res.body);
    expect(rows[0]?.[0]).toBe('เวลา');
    expect(rows.length - 1).toBe(
      (await t.ok(api.ingestLogList, { token: reporter, body: { agent: agent._id, outcome: 'refused' } }))
        .total,
    );
    const en = await t.api(api.ingestLogExport, {
      token: reporter,
      body: { agent: agent._id },
      headers: { 'accept-language': 'en' },
    });
    expect(parseCsv(en.res.body)[0]).toContain('Outcome');
  });

  it('the agent list counts each agent’s refusals of the last 24 hours', async () => {
    const list = await t.ok(api.agentList, { token: reporter, body: { limit: 100 } });
    const byId = new Map(list.records.map((a) => [a._id, a.ingestRefusals24h]));
    expect(byId.get(agent._id)).toBeGreaterThan(3);
    expect(byId.get(other._id)).toBe(0);
    t.clock.advance(25 * 3600 * 1000);
    reporter = await t.sessionFor('REPORTER');
    const later = await t.ok(api.agentList, { token: reporter, body: { limit: 100 } });
    expect(later.records.find((a) => a._id === agent._id)?.ingestRefusals24h).toBe(0);
  });

  it('rows older than 30 days are pruned by the upkeep, newer ones kept', async () => {
    const before = await logTotal({});
    expect(before).toBeGreaterThan(0);
    await ingest(t, agent, [bet({ username: 'fresh' })]);
    t.clock.advance(29 * 24 * 3600 * 1000);
    reporter = await t.sessionFor('REPORTER');
    expect(await pruneIngestLog(t.ctx.db, t.clock.now())).toBe(before);
    expect(await logTotal({})).toBe(1);
    t.clock.advance(2 * 24 * 3600 * 1000);
    reporter = await t.sessionFor('REPORTER');
    expect(await pruneIngestLog(t.ctx.db, t.clock.now())).toBe(1);
    expect(await logTotal({})).toBe(0);
  });
});

describe('ingest log: the reasons no batch here provokes', () => {
  it.each([
    [conflict('player_other_agent', 'x'), 'player_other_agent', 2009],
    [conflict('agent_total_out_of_range', 'x'), 'total_out_of_range', 2009],
    [new Error('boom'), 'internal_error', 9000],
    [Object.assign(new Error('too big'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), 'malformed_body', 2001],
    [new AppError(Status.LOCKED, 'locked'), 'agent_locked', 3003],
  ])('%s → %s', (err, reason, status) => {
    expect(classifyRefusal(err, undefined, null, true)).toMatchObject({ reason, status });
  });

  it('quotes no bet of a request whose signature did not hold', () => {
    const err = new AppError(Status.VALIDATION, 'bad', {
      issues: [{ path: 'transactions.0.amount', code: 'too_big' }],
    });
    const body = { transactions: [{ betId: 'PRIVATE' }] };
    expect(classifyRefusal(err, undefined, body, false)).toMatchObject({ items: [], itemsTotal: 0 });
    expect(classifyRefusal(err, undefined, body, true).items).toEqual([
      { index: 0, betId: 'PRIVATE', betType: null, code: 'too_big', field: 'amount', params: null },
    ]);
  });

  it('keeps the params of a refusal about the whole request (a player of another agent)', () => {
    const err = conflict('player_other_agent', 'x', { params: { username: 'lgaplayer01' } });
    expect(classifyRefusal(err, undefined, null, true)).toMatchObject({
      code: 'player_other_agent',
      params: { username: 'lgaplayer01' },
    });
  });

  it('keeps of an unsigned request only the params its schema gives, none that repeat its body', () => {
    const err = new AppError(Status.VALIDATION, 'bad', {
      issues: [
        {
          path: 'transactions.0.amount',
          code: 'amount_not_positive',
          params: { betType: 'SECRET', maximum: 2, origin: 'number' },
        },
      ],
    });
    expect(classifyRefusal(err, undefined, null, false)).toMatchObject({
      code: 'amount_not_positive',
      params: { maximum: 2, origin: 'number' },
    });
    expect(classifyRefusal(err, undefined, null, true).params).toEqual({
      betType: 'SECRET',
      maximum: 2,
      origin: 'number',
    });
  });

  it('keeps only short, plain params: no objects, no long lists, no text the database cannot store', () => {
    const err = new AppError(Status.VALIDATION, 'bad', {
      issues: [
        {
          path: '',
          code: 'invalid_value',
          params: {
            values: ['A', 'B'],
            nested: { a: 1 },
            many: Array.from({ length: 50 }, (_, i) => i),
            nul: 'a\u0000b',
            long: 'x'.repeat(100),
            inf: Number.POSITIVE_INFINITY,
            'bad key': 1,
          },
        },
      ],
    });
    expect(classifyRefusal(err, undefined, null, true).params).toEqual({
      values: ['A', 'B'],
      long: 'x'.repeat(64),
    });
  });
});
