import { api, Status } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, makeAgent, registerBrands, type SignedAgent, signedHeaders } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import {
  INGEST_ADDRESS_REFUSALS_PER_MINUTE,
  INGEST_KEY_REFUSALS_PER_MINUTE,
  pruneIngestThrottle,
} from './throttle.ts';

/**
 * Issue 38: refusals of requests whose signature did not hold are rate-limited per address and per
 * key (429 with Retry-After) and logged in aggregate — a flood writes a few rows, not a row each —
 * while a correctly signed request is never counted nor refused by the limit.
 */
let t: TestApp;
let victim: SignedAgent;
beforeAll(async () => {
  t = await createTestApp();
  const op = await t.sessionFor('OPERATOR');
  await registerBrands(t, await t.sessionFor('ADMIN'), ['PG']);
  victim = await makeAgent(t, op, { prefix: 'fld' });
});
afterAll(() => t.close());

const URL_ = '/api/v1/ingest/transactions';
const body = (betId = 'F1') => JSON.stringify({ transactions: [bet({ betId, username: 'floodplayer' })] });

/** One ingest request from `ip` with the given headers. */
const send = (ip: string, headers: Record<string, string>, payload = body()) =>
  t.raw({
    method: 'POST',
    url: URL_,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** A correctly signed batch of the victim's, from `ip`. */
const signed = (ip: string, betId: string) => {
  const payload = body(betId);
  return send(ip, signedHeaders(victim, payload, { now: t.clock.now() }), payload);
};

interface LogRow {
  reason: string;
  status: number;
  count: number;
  agent: string | null;
}
/** The log rows of an address (no agent: null on one database, 0 on Citus, migration 0045). */
const logRowsOf = (ip: string) =>
  queryRows<LogRow>(
    t.ctx.db,
    sql`select reason, status, count, nullif(agent_id, 0)::text as agent from ingest_log where ip = ${ip} order by id`,
  );
const throttleRows = () =>
  queryRows<{ key: string; refusals: number }>(
    t.ctx.db,
    sql`select key, refusals from ingest_throttle order by key`,
  );

const statusesOf = (answers: { statusCode: number }[]) => {
  const by: Record<number, number> = {};
  for (const a of answers) by[a.statusCode] = (by[a.statusCode] ?? 0) + 1;
  return by;
};

describe('a flood of forged ingest requests', () => {
  it('200 in parallel from one address, each with a made-up key: a handful of rows, 429 with Retry-After past the limit', async () => {
    const ip = '198.51.100.7';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(ip, {
          'x-api-key': `ak_forged_${i}`,
          'x-timestamp': String(t.clock.now().getTime()),
          'x-signature': 'ab'.repeat(32),
        }),
      ),
    );
    expect(statusesOf(answers)).toEqual({
      401: INGEST_ADDRESS_REFUSALS_PER_MINUTE,
      429: 200 - INGEST_ADDRESS_REFUSALS_PER_MINUTE,
    });
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.status).toBe(Status.TOO_MANY);
      expect(a.issues[0]).toMatchObject({ code: 'too_many_refusals' });
      const wait = Number(a.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // One row per answer kind, each counting its requests; no row per made-up key anywhere.
    const rows = await logRowsOf(ip);
    expect(rows).toEqual([
      {
        reason: 'unknown_key',
        status: Status.UNAUTHENTICATED,
        count: INGEST_ADDRESS_REFUSALS_PER_MINUTE,
        agent: null,
      },
      {
        reason: 'unknown_key',
        status: Status.TOO_MANY,
        count: 200 - INGEST_ADDRESS_REFUSALS_PER_MINUTE,
        agent: null,
      },
    ]);
    expect((await throttleRows()).filter((r) => r.key.includes(ip))).toEqual([
      { key: `ip:${ip}`, refusals: 200 },
    ]);
    expect((await throttleRows()).some((r) => r.key.includes('forged'))).toBe(false);

    // The list shows the two rows with their counts.
    const reporter = await t.sessionFor('REPORTER');
    const page = await t.ok(api.ingestLogList, {
      token: reporter,
      body: { reason: 'unknown_key', limit: 100 },
    });
    const mine = page.records.filter((r) => r.ip === ip);
    expect(mine.map((r) => r.count).sort((a, b) => a - b)).toEqual([30, 170]);
    expect(mine.every((r) => r.lastAt !== null && r.lastAt >= r.at)).toBe(true);
  });

  it('requests without credentials and unreadable bodies count under the address too, and past the limit answer 429', async () => {
    const ip = '198.51.100.8';
    const none = await Promise.all(
      Array.from({ length: INGEST_ADDRESS_REFUSALS_PER_MINUTE }, () => send(ip, {})),
    );
    expect(statusesOf(none)).toEqual({ 401: INGEST_ADDRESS_REFUSALS_PER_MINUTE });
    const malformed = await send(ip, {}, '{"transactions": [');
    expect(malformed.statusCode).toBe(429);
    expect(malformed.headers['retry-after']).toBeDefined();
    expect(await logRowsOf(ip)).toEqual([
      { reason: 'missing_credentials', status: 3001, count: INGEST_ADDRESS_REFUSALS_PER_MINUTE, agent: null },
      { reason: 'malformed_body', status: 3029, count: 1, agent: null },
    ]);
  });

  it('the window ends: a minute later the address is answered 401 again, in a new row of its own minute', async () => {
    const ip = '198.51.100.9';
    await Promise.all(Array.from({ length: INGEST_ADDRESS_REFUSALS_PER_MINUTE + 5 }, () => send(ip, {})));
    expect((await send(ip, {})).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await send(ip, {})).statusCode).toBe(401);
    const rows = await logRowsOf(ip);
    expect(rows.map((r) => [r.status, r.count])).toEqual([
      [3001, INGEST_ADDRESS_REFUSALS_PER_MINUTE],
      [3029, 6],
      [3001, 1],
    ]);
  });
});

describe('one IPv6 client rotating its addresses', () => {
  it('200 forged requests in parallel, each from another address of one /64: counted and logged under the /64, a handful of rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(`2001:db8:77:7:${(i + 1).toString(16)}::1`, {
          'x-api-key': `ak_forged_v6_${i}`,
          'x-timestamp': String(t.clock.now().getTime()),
          'x-signature': 'ab'.repeat(32),
        }),
      ),
    );
    expect(statusesOf(answers)).toEqual({
      401: INGEST_ADDRESS_REFUSALS_PER_MINUTE,
      429: 200 - INGEST_ADDRESS_REFUSALS_PER_MINUTE,
    });
    expect((await logRowsOf('2001:db8:77:7::/64')).map((r) => [r.status, r.count])).toEqual([
      [Status.UNAUTHENTICATED, INGEST_ADDRESS_REFUSALS_PER_MINUTE],
      [Status.TOO_MANY, 200 - INGEST_ADDRESS_REFUSALS_PER_MINUTE],
    ]);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ingest_log where ip like '2001:db8:77:%'`,
    );
    expect(n).toBe(2);
    expect((await throttleRows()).filter((r) => r.key.startsWith('ip:2001:db8:77:'))).toEqual([
      { key: 'ip:2001:db8:77:7::/64', refusals: 200 },
    ]);
  });
});

describe("a victim agent's key abused from elsewhere", () => {
  it('bad signatures with the key: no row per request, the key answers 429 past its limit, and the agent’s own signed batches go through throughout', async () => {
    const attacker = '203.0.113.66';
    const home = '192.0.2.10';
    const forged = () =>
      send(attacker, signedHeaders(victim, body(), { now: t.clock.now(), secret: 'not-the-victims-secret' }));
    // The flood and the agent's own traffic at once.
    const [flood, own] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, forged)),
      Promise.all(Array.from({ length: 5 }, (_, i) => signed(home, `OWN${i}`))),
    ]);
    expect(own.map((a) => a.status)).toEqual(Array(5).fill(Status.OK));
    expect(statusesOf(flood)).toEqual({
      401: Math.min(INGEST_ADDRESS_REFUSALS_PER_MINUTE, INGEST_KEY_REFUSALS_PER_MINUTE),
      429: 200 - Math.min(INGEST_ADDRESS_REFUSALS_PER_MINUTE, INGEST_KEY_REFUSALS_PER_MINUTE),
    });
    const rows = await logRowsOf(attacker);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(200);
    expect(rows.every((r) => r.reason === 'bad_signature' && r.agent === victim._id)).toBe(true);

    // The key is over its limit: a forgery from a fresh address is refused by the key's counter…
    const fresh = await send(
      '203.0.113.67',
      signedHeaders(victim, body(), { now: t.clock.now(), secret: 'wrong-again-x' }),
    );
    expect(fresh.statusCode).toBe(429);
    // …while a correctly signed batch passes from home, and even from the flooding address itself.
    expect((await signed(home, 'OWN-after')).status).toBe(Status.OK);
    expect((await signed(attacker, 'OWN-from-there')).status).toBe(Status.OK);
    // Each accepted batch keeps its own row, as before.
    expect((await logRowsOf(home)).map((r) => [r.status, r.count])).toEqual(Array(6).fill([1000, 1]));
  });

  it('a signed refusal (invalid data) keeps a row of its own per request and is never limited', async () => {
    const ip = '192.0.2.11';
    const bad = JSON.stringify({ transactions: [{ ...bet(), amount: 5 }] });
    const answers = await Promise.all(
      Array.from({ length: INGEST_KEY_REFUSALS_PER_MINUTE + 5 }, () =>
        send(ip, signedHeaders(victim, bad, { now: t.clock.now() }), bad),
      ),
    );
    expect(statusesOf(answers)).toEqual({ 400: INGEST_KEY_REFUSALS_PER_MINUTE + 5 });
    const rows = await logRowsOf(ip);
    expect(rows).toHaveLength(INGEST_KEY_REFUSALS_PER_MINUTE + 5);
    expect(rows.every((r) => r.reason === 'validation' && r.count === 1)).toBe(true);
  });
});

describe('the rate limit’s own rows', () => {
  it('are deleted by the upkeep once their window has ended; counters of a running window stay', async () => {
    // The first tests' windows ended when the clock moved on a minute; the victim's test's still runs.
    const all = (await throttleRows()).length;
    const gone = await pruneIngestThrottle(t.ctx.db, t.clock.now());
    expect(gone).toBeGreaterThan(0);
    const running = await throttleRows();
    expect(running.length).toBe(all - gone);
    expect(running.map((r) => r.key)).toContain(`a:${victim._id}`);
    t.clock.advance(61_000);
    expect(await pruneIngestThrottle(t.ctx.db, t.clock.now())).toBe(running.length);
    expect(await throttleRows()).toEqual([]);
  });
});
