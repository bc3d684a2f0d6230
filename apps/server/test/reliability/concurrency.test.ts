import { type AuditEntity, type AuditRecord, api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { verifyChain } from '../../src/features/audit/service.ts';
import { bet, imageField, ingest, makeAgent, registerBrands, type SignedAgent } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { countRows, rollupMismatches } from '../ledger-checks.ts';

/**
 * Concurrency beyond what ingest.test.ts covers (the same batch sent twice at once): many
 * different batches in parallel whose bet ids overlap, and parallel staff edits of one record.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI', 'SA']);
  token = await t.tokenFor('SUPERADMIN');
});
afterAll(() => t.close());

/** Audit records of one record, oldest first. */
const history = async (entity: AuditEntity, entityId: string, action?: string) => {
  const { records } = await t.ok(api.auditList, { token, body: { entity, action, limit: 100 } });
  return records.filter((r) => r.entityId === entityId).reverse();
};

/** Every record's before-image is the previous record's after-image: no write was lost in between. */
const expectSerialised = (records: AuditRecord[], field: string) => {
  for (let i = 1; i < records.length; i++) {
    expect(imageField(records[i]?.before, field)).toEqual(imageField(records[i - 1]?.after, field));
  }
};
/** The last record's after-image value of a field. */
const lastAfter = (records: AuditRecord[], field: string) => imageField(records.at(-1)?.after, field);

describe('ingest under contention', () => {
  it('24 parallel batches with overlapping bet ids from two agents: every row once, totals exact', async () => {
    const agents = [await makeAgent(t, token), await makeAgent(t, token)];
    const types = ['HOLD', 'SETTLE', 'DEPOSIT', 'WITHDRAW'] as const;
    const cents = (n: number, type: string) => {
      const v = ((n * 7919) % 100_000) + 1;
      return type === 'HOLD' || type === 'WITHDRAW' ? -v : v;
    };
    const expected = new Map<string, number>();
    const batches = Array.from({ length: 24 }, (_, b) => {
      const agent = agents[b % 2] as SignedAgent;
      // A window over a shared pool of 90 bets: neighbouring batches share most of their keys.
      const rows = Array.from({ length: 30 }, (_, i) => {
        const n = (b * 7 + i) % 90;
        const type = types[(n + i) % 4] as (typeof types)[number];
        expected.set(`${agent._id}|C${n}|${type}`, cents(n, type));
        return bet({
          betId: `C${n}`,
          betType: type,
          amount: cents(n, type) / 100,
          username: `cc${n % 9}`,
          gameBrand: n % 3 ? 'PG' : 'SA',
          gameCode: `g${n % 4}`,
          // Around midnight Bangkok, so business days split.
          startDate: new Date(Date.UTC(2026, 10, 2, 16, 30 + n)).toISOString(),
        });
      });
      // The same key twice in one batch is not what a sender does; keep the last.
      const unique = [...new Map(rows.map((r) => [`${r.betId}|${r.betType}`, r])).values()];
      return { agent, rows: unique };
    });
    const before = await countRows(t, 'transactions');
    const answers = await Promise.all(batches.map((b) => ingest(t, b.agent, b.rows)));
    let accepted = 0;
    for (const [i, res] of answers.entries()) {
      expect(res.status, res.error ?? '').toBe(1000);
      expect(Number(res.data?.accepted) + Number(res.data?.duplicates)).toBe(batches[i]?.rows.length);
      accepted += Number(res.data?.accepted);
    }
    expect(accepted).toBe(expected.size);
    expect(await countRows(t, 'transactions')).toBe(before + expected.size);

    const ids = agents.map((a) => BigInt(a._id));
    const stored = await queryRows<{ k: string; amount: string }>(
      t.ctx.db,
      sql`select agent_id || '|' || bet_id || '|' || bet_type as k, amount::text as amount
          from transactions where agent_id in (${ids[0]}, ${ids[1]})`,
    );
    expect(new Map(stored.map((r) => [r.k, Number(r.amount)]))).toEqual(expected);
    expect(await rollupMismatches(t)).toBe(0);
    // The report totals are the exact sum of what was sent.
    const [sum] = await queryRows<{ total: string }>(
      t.ctx.db,
      sql`select coalesce(sum(amount), 0)::text as total from rollup_agent_daily
          where agent_id in (${ids[0]}, ${ids[1]})`,
    );
    expect(Number(sum?.total)).toBe([...expected.values()].reduce((a, b) => a + b, 0));
  });
});

describe('parallel staff edits of one record', () => {
  it('12 agent edits at once: all succeed, one audit record each, none lost, final state = last write', async () => {
    const agent = await makeAgent(t, token);
    const endpoints = Array.from({ length: 12 }, (_, i) => `https://par${i}.example.com/cb`);
    const answers = await Promise.all(
      endpoints.map((endpoint, i) =>
        t.api(api.agentUpdate, {
          token,
          params: { id: agent._id },
          body: { endpoint, games: [], agentType: i % 2 ? 'AGENT' : 'MASTER' },
        }),
      ),
    );
    for (const res of answers) expect(res.status, res.error ?? '').toBe(1000);
    const records = await history('agent', agent._id, 'update');
    expect(records).toHaveLength(12);
    expect(new Set(records.map((r) => imageField(r.after, 'endpoint')))).toEqual(new Set(endpoints));
    expectSerialised(records, 'endpoint');
    expectSerialised(records, 'agentType');
    const final = await t.ok(api.agentGet, { token, params: { id: agent._id } });
    expect(final).toMatchObject({
      endpoint: lastAfter(records, 'endpoint'),
      agentType: lastAfter(records, 'agentType'),
    });
  });

  it('12 player edits at once: the same, on bet limit and lock', async () => {
    const agent = await makeAgent(t, token);
    const created = await t.ok(api.userCreate, {
      token,
      body: { username: 'racer', betLimit: 100, agent: agent._id },
    });
    const params = { id: created._id };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api(api.userUpdate, { token, params, body: { betLimit: 1000 + i + 0.25, locked: i % 2 === 1 } }),
      ),
    );
    for (const res of answers) expect(res.status, res.error ?? '').toBe(1000);
    const records = await history('user', created._id, 'update');
    expect(records).toHaveLength(12);
    expectSerialised(records, 'betLimit');
    expectSerialised(records, 'locked');
    const final = await t.ok(api.userGet, { token, params });
    expect(final).toMatchObject({
      betLimit: lastAfter(records, 'betLimit'),
      locked: lastAfter(records, 'locked'),
    });
  });

  it('10 locks of the same agent at once: one change, one audit record; the chain stays whole', async () => {
    const agent = await makeAgent(t, token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.api(api.agentLock, { token, params: { id: agent._id } })),
    );
    for (const res of answers) {
      expect(res.status, res.error ?? '').toBe(1000);
      expect(res.data?.locked).toBe(true);
    }
    expect(await history('agent', agent._id, 'lock')).toHaveLength(1);
    expect(await verifyChain(t.ctx.db)).toMatchObject({ ok: true });
  });
});
