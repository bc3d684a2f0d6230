import { type IngestItem, ingestItemSchema } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingestBatch } from '../ledger/ingest-batch.ts';
import { type Database, type Executor, openDatabase, queryRows } from './client.ts';

/*
 * Moving a populated database onto Citus (docs/scaling.md §4): a plain PostgreSQL database, migrated
 * and holding bets, gets the extension and its workers; `migrate` then distributes its ledger, ending in
 * the schema an empty Citus database migrates to, every row kept and none left on the coordinator.
 * Runs only under `npm run test:citus`.
 */

const coordinatorUrl = process.env.CITUS_TEST_URL as string;
const name = `sapi_move_${process.pid}`;
const at = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
const onNode = async (url: string, statements: string[]) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

let workers: URL[] = [];
let t: TestApp;
let moved: Database;
const AGENT = { id: 7n, prefix: 'mv7' };
const now = new Date('2026-11-10T05:00:00Z');
const batch = (tag: string, n: number): IngestItem[] =>
  Array.from({ length: n }, (_, i) =>
    ingestItemSchema.parse(bet({ betId: `${tag}-${i}`, username: `player${i % 4}`, gameCode: `g${i % 3}` })),
  );

beforeAll(async () => {
  t = await createTestApp();
  workers = (
    await queryRows<{ nodename: string; nodeport: number }>(
      t.ctx.db,
      sql`select nodename, nodeport from pg_dist_node where groupid <> 0 and isactive order by nodeid`,
    )
  ).map((w) => {
    const u = new URL(coordinatorUrl);
    u.hostname = w.nodename;
    u.port = String(w.nodeport);
    return u;
  });
  for (const node of [coordinatorUrl, ...workers.map(String)])
    await onNode(node, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
  // A plain PostgreSQL database: migrated without the extension, then bets stored in it.
  const plain = await openDatabase({ kind: 'postgres', url: at(coordinatorUrl, name), poolSize: 2 });
  await plain.migrate();
  await plain.db.execute(sql`insert into adapters (name, codename, endpoint, type, logo)
                             values ('PG', 'PG', 'https://pg.example.com', 'SLOT', 'x')`);
  await plain.db.execute(sql`insert into agents (id, username, password_hash, endpoint, prefix, code, secret, api_key, agent_type)
                             values (7, 'mover', 'x', 'https://mover.example.com', 'mv7', 'MV7', 's', 'k7', 'SEAMLESS')`);
  await ingestBatch(plain.db, AGENT, batch('before', 120), 'Asia/Bangkok', now, { ip: '127.0.0.1' });
  // A refusal of a request that named no agent (null there).
  await plain.db.execute(
    sql`insert into ingest_log (at, ip, outcome, reason, status) values (now(), '10.0.0.1', 'refused', 'unknown_key', 3001)`,
  );
  await plain.close();
  // Onto Citus: the extension on every node, the workers added; then migrate.
  for (const node of [coordinatorUrl, ...workers.map(String)])
    await onNode(at(node, name), ['create extension citus']);
  const { hostname, port } = new URL(coordinatorUrl);
  await onNode(at(coordinatorUrl, name), [
    `select citus_set_coordinator_host('${hostname}', ${Number(port || 5432)})`,
    ...workers.map((w) => `select citus_add_node('${w.hostname}', ${Number(w.port || 5432)})`),
  ]);
  moved = await openDatabase({ kind: 'postgres', url: at(coordinatorUrl, name), poolSize: 2 });
  await moved.migrate();
}, 240_000);

afterAll(async () => {
  await moved?.close();
  await t?.close();
  for (const node of [coordinatorUrl, ...workers.map(String)])
    await onNode(node, [`drop database if exists ${name} with (force)`]);
});

/**
 * The schema as migrations leave it: tables' columns, indexes, distribution, triggers, functions. Not
 * shards (`_<shard id>`), nor the ledger's monthly partitions, which a server makes as months come.
 */
const own = (column: string) => sql.raw(`${column} !~ '_[0-9]+$' and ${column} !~ '^transactions_y'`);
const schemaOf = async (db: Executor) => ({
  columns: await queryRows(
    db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' and ${own('table_name')} order by 1, 2`,
  ),
  indexes: await queryRows(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = 'public' and ${own('tablename')} order by 1, 2`,
  ),
  distribution: await queryRows(
    db,
    sql`select logicalrelid::text as tbl, partmethod, column_to_column_name(logicalrelid, partkey) as col
        from pg_dist_partition where ${own('logicalrelid::text')} order by 1`,
  ),
  triggers: await queryRows(
    db,
    sql`select event_object_table, trigger_name from information_schema.triggers
        where trigger_schema = 'public' and ${own('event_object_table')} order by 1, 2`,
  ),
  functions: await queryRows(
    db,
    sql`select proname from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
  ),
});

describe('a populated PostgreSQL database moved onto Citus', () => {
  it('ends in the schema an empty Citus database migrates to', async () => {
    expect(await schemaOf(moved.db)).toEqual(await schemaOf(t.ctx.db));
  });

  it('keeps every row, now in the shards, and none on the coordinator', async () => {
    const [counts] = await queryRows<{ tx: string; keys: string; players: string; unnamed: string }>(
      moved.db,
      sql`select (select count(*) from transactions)::text as tx, (select count(*) from transaction_keys)::text as keys,
                 (select count(*) from users)::text as players,
                 (select count(*) from ingest_log where agent_id = 0)::text as unnamed`,
    );
    expect(counts).toEqual({ tx: '120', keys: '120', players: '4', unnamed: '1' });
    const [local] = await queryRows<{ bytes: string }>(
      moved.db,
      sql`select (pg_relation_size('users') + pg_relation_size('transaction_keys')
                  + pg_relation_size('rollup_agent_daily'))::text as bytes`,
    );
    expect(local?.bytes).toBe('0');
  });

  it('stores the next batch on the agent’s worker, its stored bets found as duplicates', async () => {
    const stored = await ingestBatch(moved.db, AGENT, batch('after', 30), 'Asia/Bangkok', now, {
      ip: '127.0.0.1',
    });
    expect(stored).toEqual({ accepted: 30, duplicates: 0 });
    const again = await ingestBatch(moved.db, AGENT, batch('before', 120), 'Asia/Bangkok', now, {
      ip: '127.0.0.1',
    });
    expect(again).toEqual({ accepted: 0, duplicates: 120 });
  });
});
