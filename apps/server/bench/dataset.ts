import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export type Engine = 'pglite' | 'postgres';

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

const ensurePostgresDatabase = async (serverUrl: string, name: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
};

/**
 * The benchmark's data set: made once with the demo generator (`seed:demo`, same code path as
 * ingest) and reused by later runs — a PostgreSQL database `sapi_bench_<rows>` next to
 * BENCH_DATABASE_URL's, or a PGlite directory `.bench/pglite-<rows>`.
 */
export const ensureDataset = async (engine: Engine, rows: number): Promise<Dataset> => {
  // BENCH_DATASET names another PostgreSQL database or PGlite folder (under .bench/) for this size.
  const name = process.env.BENCH_DATASET || undefined;
  const dataset: Dataset =
    engine === 'postgres'
      ? {
          engine,
          rows,
          env: {
            DATABASE_URL: withDatabase(
              process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
              name ?? `${datasetPrefix}${rows}`,
            ),
          },
        }
      : { engine, rows, env: { DATA_DIR: `${root}/.bench/${name ?? `pglite-${rows}`}` } };
  if ('DATABASE_URL' in dataset.env) {
    await ensurePostgresDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      name ?? `${datasetPrefix}${rows}`,
    );
  }
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
