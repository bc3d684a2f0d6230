import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export type Engine = 'pglite' | 'postgres' | 'citus';

/** Where a data set of `rows` transactions lives, as server environment variables. */
export interface Dataset {
  engine: Engine;
  rows: number;
  env: { DATABASE_URL: string } | { DATA_DIR: string };
}

/** Name prefix of the PostgreSQL data sets (`BENCH_DATASET_PREFIX`, to keep two checkouts' sets apart). */
export const datasetPrefix = process.env.BENCH_DATASET_PREFIX ?? 'sapi_bench_';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Is there already a seeded data set (agents present)? On PostgreSQL, also how many transactions it
 * now holds by the planner's estimate: every ingest run adds its rows to the reused data set.
 */
const seeded = async (dataset: Dataset): Promise<{ rows: number | null } | null> => {
  if ('DATA_DIR' in dataset.env)
    return existsSync(`${dataset.env.DATA_DIR}/PG_VERSION`) ? { rows: null } : null;
  const client = new pg.Client({ connectionString: dataset.env.DATABASE_URL });
  try {
    await client.connect();
    const res = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables where table_name = 'agents'`,
    );
    if (res.rows[0]?.n !== '1') return null;
    const agents = await client.query<{ n: string }>('select count(*)::text as n from agents');
    if (!(Number(agents.rows[0]?.n) > 0)) return null;
    const estimate = await client.query<{ n: string }>(
      `select coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint::text as n
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'transactions'::regclass`,
    );
    return { rows: Number(estimate.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
};

/** The server a PostgreSQL engine's data sets are made beside (its maintenance database's URL). */
export const engineBaseUrl = (engine: Exclude<Engine, 'pglite'>) =>
  engine === 'citus'
    ? (process.env.BENCH_CITUS_URL ?? 'postgres://postgres@127.0.0.1:9700/postgres')
    : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/** Run `work` with a client of `url`, closed after. */
const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Create database `name` on the server of `url` unless it is there; answers whether it was made. */
const createDatabase = (url: string, name: string) =>
  withClient(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount !== 0) return false;
    await client.query(`create database ${name}`);
    return true;
  });

/** The workers of the Citus coordinator at `url` (its active primaries), as URLs of their `postgres` database. */
const citusWorkers = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ nodename: string; nodeport: number }>(
      `select nodename, nodeport from pg_dist_node where groupid <> 0 and noderole = 'primary' and isactive
       order by nodeid`,
    );
    if (rows.length === 0) throw new Error(`the Citus coordinator ${url} has no active workers`);
    return rows.map(({ nodename, nodeport }) => {
      const u = new URL(url);
      u.hostname = nodename;
      u.port = String(nodeport);
      return u.toString();
    });
  });

/**
 * A database for a data set: on PostgreSQL one database; on Citus the same name on the coordinator
 * and on every worker, each with the extension, the coordinator knowing itself and the workers (as
 * scripts/citus-cluster.mjs prepares its own), so the migrations distribute the ledger over them.
 */
export const ensureDatabase = async (engine: Exclude<Engine, 'pglite'>, name: string) => {
  const base = engineBaseUrl(engine);
  if (engine === 'postgres') {
    await createDatabase(base, name);
    return;
  }
  const workers = await citusWorkers(base);
  if (!(await createDatabase(base, name))) return;
  for (const worker of workers) {
    await createDatabase(worker, name);
    await withClient(withDatabase(worker, name), (c) => c.query('create extension if not exists citus'));
  }
  await withClient(withDatabase(base, name), async (c) => {
    await c.query('create extension if not exists citus');
    const { hostname, port } = new URL(base);
    await c.query('select citus_set_coordinator_host($1, $2)', [hostname, Number(port || 5432)]);
    for (const worker of workers) {
      const w = new URL(worker);
      await c.query('select citus_add_node($1, $2)', [w.hostname, Number(w.port || 5432)]);
    }
  });
};

/** Drop database `name` made by `ensureDatabase` (on every node on Citus). */
export const dropDatabase = async (engine: Exclude<Engine, 'pglite'>, name: string) => {
  const base = engineBaseUrl(engine);
  const nodes = engine === 'citus' ? [base, ...(await citusWorkers(base))] : [base];
  for (const node of nodes)
    await withClient(node, (c) => c.query(`drop database if exists ${name} with (force)`));
};

/**
 * The URLs of a PostgreSQL-engine data set's database on every node that holds it: the one server,
 * or the Citus coordinator and then its workers.
 */
export const nodeUrls = async (dataset: Dataset): Promise<string[]> => {
  if (!('DATABASE_URL' in dataset.env)) return [];
  const url = dataset.env.DATABASE_URL;
  if (dataset.engine !== 'citus') return [url];
  const name = new URL(url).pathname.slice(1);
  return [url, ...(await citusWorkers(engineBaseUrl('citus'))).map((w) => withDatabase(w, name))];
};

/** The URL of database `name` on an engine's server. */
export const databaseUrl = (engine: Exclude<Engine, 'pglite'>, name: string) =>
  withDatabase(engineBaseUrl(engine), name);

/**
 * The benchmark's data set: made once with the demo generator (`seed:demo`, same code path as
 * ingest) and reused by later runs — a PostgreSQL database `sapi_bench_<rows>` next to
 * BENCH_DATABASE_URL's, a Citus database `sapi_bench_citus_<rows>` on BENCH_CITUS_URL's coordinator
 * and its workers, or a PGlite directory `.bench/pglite-<rows>`.
 */
export const ensureDataset = async (engine: Engine, rows: number): Promise<Dataset> => {
  // BENCH_DATASET names another PostgreSQL database or PGlite folder (under .bench/) for this size.
  const name = process.env.BENCH_DATASET || undefined;
  const database = name ?? `${datasetPrefix}${engine === 'citus' ? 'citus_' : ''}${rows}`;
  const dataset: Dataset =
    engine === 'pglite'
      ? { engine, rows, env: { DATA_DIR: `${root}/.bench/${name ?? `pglite-${rows}`}` } }
      : { engine, rows, env: { DATABASE_URL: databaseUrl(engine, database) } };
  if (engine !== 'pglite') await ensureDatabase(engine, database);
  const found = await seeded(dataset);
  if (found) {
    console.log(`Reusing the ${engine} data set of ${rows.toLocaleString('en-US')} transactions.`);
    if (found.rows !== null && found.rows > rows * 1.05) {
      console.log(
        `  It now holds about ${found.rows.toLocaleString('en-US')}: earlier ingest runs added theirs. Drop the database to measure on ${rows.toLocaleString('en-US')} again.`,
      );
    }
    return dataset;
  }
  console.log(`Building the ${engine} data set of ${rows.toLocaleString('en-US')} transactions (once)…`);
  const started = performance.now();
  const run = spawnSync(
    'npx',
    ['tsx', 'apps/server/src/cli/seed-demo.ts', '--transactions', String(rows), '--seed', '1'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...dataset.env, LOG_LEVEL: 'warn' } },
  );
  if (run.status !== 0) throw new Error('seeding the data set failed');
  console.log(`Data set built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return dataset;
};
