import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands, type SignedAgent } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { workerReads } from './citus-worker-reads.ts';
import { queryRows } from './client.ts';

/*
 * One agent's reads sent to the worker holding its shards (citus-worker-reads.ts, docs/scaling.md §4):
 * the answers are the ones the coordinator gives, the worker is the one holding the agent, and a
 * worker asked about an agent held elsewhere hands the read on. Runs only under `npm run test:citus`.
 */

let t: TestApp;
let token: string;
const agents: SignedAgent[] = [];
/** Each node's database of this test, by port. */
const nodes = new Map<number, pg.Client>();
/** This test's database on the coordinator. */
let coordinatorUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('OPERATOR');
  await registerBrands(t, await t.tokenFor('ADMIN'), ['PG']);
  for (let i = 0; i < 4; i++) {
    const agent = await makeAgent(t, token);
    agents.push(agent);
    await ingest(
      t,
      agent,
      Array.from({ length: 15 }, (_, n) => bet({ betId: `W${i}-${n}`, username: `player${n % 4}` })),
    );
  }
  const [{ db } = { db: '' }] = await queryRows<{ db: string }>(
    t.ctx.db,
    sql`select current_database() as db`,
  );
  const workers = await queryRows<{ port: number }>(
    t.ctx.db,
    sql`select nodeport as port from pg_dist_node where groupid <> 0 and noderole = 'primary'`,
  );
  const coordinator = new URL(process.env.CITUS_TEST_URL ?? '');
  coordinator.pathname = `/${db}`;
  coordinatorUrl = coordinator.toString();
  for (const { port } of workers) {
    const url = new URL(process.env.CITUS_TEST_URL ?? '');
    url.port = String(port);
    url.pathname = `/${db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    nodes.set(port, client);
  }
});
afterAll(async () => {
  await Promise.all([...nodes.values()].map((c) => c.end()));
  await t.close();
});

/** The port of the worker holding `agentId`'s shards. */
const holderOf = async (agentId: string) => {
  const [row] = await queryRows<{ port: number }>(
    t.ctx.db,
    sql`select nodeport as port from citus_shards
        where shardid = get_shard_id_for_distribution_column('users'::regclass, ${agentId}::bigint)`,
  );
  return row?.port as number;
};

/** This test's connections from the server's worker reads on the worker at `port`. */
const workerReadConnections = async (port: number) => {
  const { rows } = await (nodes.get(port) as pg.Client).query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where application_name = 'sapi-worker-reads' and datname = current_database()`,
  );
  return rows[0]?.n ?? 0;
};

describe('one agent’s reads on its worker', () => {
  it('answers the agent’s bets from the worker that holds them', async () => {
    const holders = new Set<number>();
    for (const [i, agent] of agents.entries()) {
      const page = await t.ok(api.transactionList, {
        token,
        params: { agentId: agent._id },
        body: { limit: 100 },
      });
      expect(page.records.map((r) => r.betId).sort()).toEqual(
        Array.from({ length: 15 }, (_, n) => `W${i}-${n}`).sort(),
      );
      const holder = await holderOf(agent._id);
      holders.add(holder);
      expect(await workerReadConnections(holder)).toBeGreaterThan(0);
    }
    // Reports and the username search take the same way.
    const [first] = agents;
    const named = await t.ok(api.transactionList, {
      token,
      params: { agentId: first?._id ?? '' },
      body: { username: 'player1', limit: 100 },
    });
    expect(named.records).toHaveLength(4);
    expect(named.records.every((r) => r.username.endsWith('player1'))).toBe(true);
  });

  it('a worker asked about an agent held by the other hands the read on: the same rows', async () => {
    const read = `select coalesce(json_agg(x), '[]'::json) from
                  (select bet_id from transactions where agent_id = ($1[1])::bigint order by bet_id) as x`;
    for (const agent of agents) {
      const holder = await holderOf(agent._id);
      const answers = [];
      for (const [port, client] of nodes) {
        const { rows } = await client.query<{ rows: { bet_id: string }[] }>(
          'select sapi_agent_read($1::bigint, $2::text, $3::text[]) as rows',
          [agent._id, read, `{${agent._id}}`],
        );
        answers.push({ port, ids: rows[0]?.rows.map((r) => r.bet_id) });
      }
      const fromHolder = answers.find((a) => a.port === holder)?.ids;
      expect(fromHolder).toHaveLength(15);
      for (const a of answers) expect(a.ids).toEqual(fromHolder);
    }
  });

  it('a worker that refuses the connection leaves the read to the coordinator', async () => {
    const coordinator = new pg.Pool({ connectionString: coordinatorUrl, max: 1 });
    // The workers are reached with a database they do not have.
    const url = new URL(coordinatorUrl);
    url.pathname = '/sapi_no_such_database';
    url.password = 'not-a-secret-to-log';
    const lines: { level: string; details: object; message: string }[] = [];
    const reads = workerReads(coordinator, url.toString(), '', {
      info: (details, message) => lines.push({ level: 'info', details, message }),
      warn: (details, message) => lines.push({ level: 'warn', details, message }),
    });
    try {
      let tried = 0;
      const read = async () => {
        tried++;
        return 'answered';
      };
      const agent = BigInt(agents[0]?._id ?? '0');
      // The route is found on the coordinator; the worker refuses the connection (3D000): not read there.
      const answer = reads.onWorker(agent, async (db) => {
        await db.execute(sql`select 1`);
        return read();
      });
      expect(await answer).toBeUndefined();
      expect(tried).toBe(0);
      // Passed by for a while: not even tried again.
      expect(await reads.onWorker(agent, read)).toBeUndefined();
      expect(tried).toBe(0);
      // Said once, naming the worker and the refusal, never the URL's password.
      expect(lines).toEqual([
        {
          level: 'warn',
          details: { worker: `127.0.0.1:${await holderOf(agents[0]?._id ?? '')}`, reason: '3D000' },
          message: expect.stringContaining('passed by'),
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain('not-a-secret-to-log');
    } finally {
      await reads.close();
      await coordinator.end();
    }
  });

  it('a route gone stale by a shard move still reads what was written since', async () => {
    const agent = agents[1] as SignedAgent;
    const ids = async () =>
      (
        await t.ok(api.transactionList, { token, params: { agentId: agent._id }, body: { limit: 100 } })
      ).records.map((r) => r.betId);
    expect(await ids()).toHaveLength(15);
    // The server's route to the agent's worker is now known; the shard group moves away.
    const from = await holderOf(agent._id);
    const to = [...nodes.keys()].find((port) => port !== from) as number;
    await queryRows(
      t.ctx.db,
      sql`select citus_move_shard_placement(
            get_shard_id_for_distribution_column('users', ${agent._id}::bigint),
            '127.0.0.1', ${from}::int, '127.0.0.1', ${to}::int, shard_transfer_mode => 'block_writes')`,
    );
    expect(await holderOf(agent._id)).toBe(to);
    // The server still routes the agent to the old worker (routes live a minute), which hands the read
    // on: a bet stored after the move is read.
    await ingest(t, agent, [bet({ betId: 'W1-after-move', username: 'player0' })]);
    const after = await ids();
    expect(after).toHaveLength(16);
    expect(after).toContain('W1-after-move');
  });
});
