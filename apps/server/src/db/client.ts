import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: services take whichever the caller holds. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** Apply pending SQL migrations (same files on both engines). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory, to start test databases from a migrated copy. */
  dumpDataDir?: () => Promise<Blob>;
}

/** Folder of the SQL migrations, beside this module in source and in the server bundle alike. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

/** The only place that knows which engine is in use (DESIGN §1). */
export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if (target.kind === 'postgres') {
    // Sessions run in UTC: timestamps are handled as UTC instants everywhere. No JIT: it compiles
    // any plan estimated above 100,000 (a report over a table never analyzed crosses that), and the
    // compilation took 10–20 ms of a query that runs in 2–5 ms.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 20,
      options: '-c TimeZone=UTC -c jit=off',
    });
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  // As on PostgreSQL (PGlite has no JIT provider, but says on).
  await client.exec("SET TIME ZONE 'UTC'; SET jit = off");
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: async () => client.dumpDataDir('gzip'),
  };
};

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the dialect-level type leaves open. */
export const queryRows = async <T>(db: Executor, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const dialect = new PgDialect();

/**
 * Rows of a hot raw SQL statement run under `name` as a prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every call (the ingest statement's planning alone is
 * ~1.5 ms); PGlite runs it as an ordinary query. One name must always carry the same SQL text.
 */
export const queryPrepared = async <T>(db: Executor, name: string, query: SQL): Promise<T[]> =>
  (
    (await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as {
      rows: T[];
    }
  ).rows;

/**
 * Rows of a query whose columns are all text (or null), fetched as one JSON text. PGlite decodes
 * every field of every result row in JavaScript: a 460-row report took 8 ms that way against 2.9 ms
 * as one JSON value (the query itself ran in under 2 ms); PostgreSQL builds the value in a fraction
 * of a millisecond. Rows keep the query's ORDER BY: the aggregate reads the sorted subquery as is.
 * With `name`, the wrapped statement is prepared (see `queryPrepared`).
 */
export const queryTextRows = async <T extends Record<keyof T, string | null>>(
  db: Executor,
  query: SQL,
  name?: string,
): Promise<T[]> => {
  const wrapped = sql`select coalesce(json_agg(t), '[]')::text as rows from (${query}) as t`;
  const [result] = name
    ? await queryPrepared<{ rows: string }>(db, name, wrapped)
    : await queryRows<{ rows: string }>(db, wrapped);
  return JSON.parse(result?.rows ?? '[]') as T[];
};
