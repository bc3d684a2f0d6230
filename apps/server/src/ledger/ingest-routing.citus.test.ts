import { type IngestItem, ingestItemSchema } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rollupMismatches } from '../../test/ledger-checks.ts';
import { queryRows } from '../db/client.ts';
import { batchShardCalls } from './ingest-batch.ts';

/*
 * Ingest on a Citus coordinator (docs/scaling.md §4): each statement of a batch is one task on the
 * worker that holds the batch's agent — a router plan, not a plan pulled through the coordinator — and
 * the rows land in that agent's shards only. Runs only under `npm run test:citus`.
 */

let t: TestApp;
let agents: SignedAgent[];
beforeAll(async () => {
  t = await createTestApp();
  const op = await t.tokenFor('OPERATOR');
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
  agents = [];
  for (let i = 0; i < 4; i++) agents.push(await makeAgent(t, op));
});
afterAll(() => t.close());

const planOf = async (call: ReturnType<typeof sql>) =>
  (await queryRows<{ 'QUERY PLAN': string }>(t.ctx.db, sql`explain ${call}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n');

/** The worker (port) holding `table`'s shard of `agentId`. */
const workerOf = async (table: string, agentId: string) => {
  const [row] = await queryRows<{ port: number }>(
    t.ctx.db,
    sql`select nodeport as port from citus_shards
        where shardid = get_shard_id_for_distribution_column(${table}::regclass, ${agentId}::bigint)`,
  );
  return row?.port;
};

const items = (n: number, prefix: string): IngestItem[] =>
  Array.from({ length: n }, (_, i) =>
    ingestItemSchema.parse(bet({ betId: `${prefix}-${i}`, username: `player${i % 3}` })),
  );

describe('ingest on Citus', () => {
  it('plans every statement of a batch as one task on the worker holding its agent', async () => {
    const ports = new Set<number>();
    for (const agent of agents) {
      const calls = batchShardCalls(
        { id: BigInt(agent._id), prefix: agent.prefix },
        items(100, 'plan'),
        'Asia/Bangkok',
        new Date('2026-11-01T03:00:00Z'),
      );
      const worker = await workerOf('transactions', agent._id);
      expect(worker).toBeDefined();
      ports.add(worker as number);
      for (const call of Object.values(calls)) {
        const plan = await planOf(call);
        expect(plan).toContain('Task Count: 1');
        expect(plan).toContain(`port=${worker}`);
        expect(plan).not.toMatch(/pull to coordinator|Distributed Subplan/);
      }
    }
    // Four agents hash to shards on both workers (a check that the plans name a worker of each).
    expect(ports.size).toBeGreaterThan(1);
  });

  it("stores a batch's rows, keys, players and log row in its agent's shards, every rollup exact", async () => {
    const [agent] = agents as [SignedAgent];
    const res = await ingest(t, agent, items(50, 'store'));
    expect(res.body).toEqual({ status: 1000, error: null, data: { accepted: 50, duplicates: 0 } });
    const again = await ingest(t, agent, items(50, 'store'));
    expect(again.body).toEqual({ status: 1000, error: null, data: { accepted: 0, duplicates: 50 } });
    const counts = await queryRows<{ tx: string; keys: string; players: string; logged: string }>(
      t.ctx.db,
      sql`select (select count(*) from transactions where agent_id = ${agent._id}::bigint)::text as tx,
                 (select count(*) from transaction_keys where agent_id = ${agent._id}::bigint)::text as keys,
                 (select count(*) from users where agent_id = ${agent._id}::bigint)::text as players,
                 (select count(*) from ingest_log where agent_id = ${agent._id}::bigint)::text as logged`,
    );
    expect(counts[0]).toEqual({ tx: '50', keys: '50', players: '3', logged: '2' });
    expect(await rollupMismatches(t)).toBe(0);
  });

  it('draws transaction ids from the worker’s own range, increasing batch after batch', async () => {
    const [, agent] = agents as [SignedAgent, SignedAgent];
    await ingest(t, agent, items(5, 'first'));
    await ingest(t, agent, items(5, 'second'));
    const rows = await queryRows<{ bet_id: string; id: string }>(
      t.ctx.db,
      sql`select bet_id, id::text from transactions where agent_id = ${agent._id}::bigint order by id`,
    );
    expect(rows.map((r) => r.bet_id.split('-')[0])).toEqual([
      ...Array(5).fill('first'),
      ...Array(5).fill('second'),
    ]);
    // Citus gives worker group g the range from g·2^48 + 1: never the coordinator's (from 1).
    expect(BigInt(rows[0]?.id ?? '0')).toBeGreaterThan(2n ** 48n);
  });
});
