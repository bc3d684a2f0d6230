import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DISK_RESERVE_BYTES, freeBytes, mib } from '../lib/disk-space.ts';
import { PRIVATE_DIR_MODE, PRIVATE_UMASK, tightenDir } from '../lib/private-dir.ts';
import { arrayLiteral } from './array-literal.ts';
import { catchUpCitus } from './citus-catch-up.ts';
import { type WorkerReads, workerReads } from './citus-worker-reads.ts';
import { isDiskFull } from './errors.ts';
import { survivesLostConnections } from './held-clients.ts';
import { openReadRouting, type ReadLog, type ReadRouting } from './replica.ts';
import * as schema from './schema/index.ts';
import {
  CITUS_PROBE,
  isCitusClient,
  markCitus,
  type SqlEngine,
  sessionOptions,
  sessionSettings,
} from './session-settings.ts';

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
  /** PostgreSQL with a read replica only: where report and list reads go (db/replica.ts). */
  reads?: ReadRouting<Db>;
}

/** Folder of the SQL migrations, beside this module in source and in the server bundle alike. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * `reportTimeZone` (REPORT_TIMEZONE) is set on every session as `sapi.report_timezone`, for the
 * migrations that backfill rollups by business day or month (Asia/Bangkok when unset).
 */
export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      reportTimeZone?: string;
      /** A streaming replica for report and list reads (DATABASE_READ_URL). */
      read?: { url: string; maxLagMs: number; log: ReadLog };
      /** An idle connection lost (server restart, failover): the pool drops it and opens another. */
      onConnectionError?: (err: Error) => void;
      /** On Citus: where a worker passed by for reads, and back, is said (citus-worker-reads.ts). */
      log?: ReadLog;
    }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob; reportTimeZone?: string };

/** An IANA zone name as a session setting value: letters, digits and `/_+-` only, else none. */
const zoneSetting = (zone: string | undefined) =>
  zone && /^[A-Za-z0-9/_+-]+$/.test(zone) ? zone : undefined;

/** Emscripten's file layer under PGlite: the calls that create files and folders. */
interface EmscriptenFs {
  open(path: unknown, flags: unknown, mode?: number): unknown;
  mkdir(path: unknown, mode?: number): unknown;
}

/**
 * PGlite's PostgreSQL creates its files through Emscripten, which sets each new file's mode itself
 * (0644 or 0666 for some, whatever the process umask): masked to the owner here, so every file it
 * writes is 0600 and every folder 0700. Those made while it opened are tightened right after.
 */
const keepFilesPrivate = (client: PGlite, dataDir: string) => {
  tightenDir(dataDir);
  const fs = (client as unknown as { Module?: { FS?: EmscriptenFs } }).Module?.FS;
  if (!fs || typeof fs.open !== 'function' || typeof fs.mkdir !== 'function') return;
  const open = fs.open.bind(fs);
  const mkdir = fs.mkdir.bind(fs);
  fs.open = (path, flags, mode = 0o666) => open(path, flags, mode & ~PRIVATE_UMASK);
  fs.mkdir = (path, mode = 0o777) => mkdir(path, mode & ~PRIVATE_UMASK);
};

/**
 * A PGlite that fails to open says only "failed to initialize properly"; when its disk is (nearly)
 * full, that is the cause, so the error names it (lib/disk-space.ts).
 */
const openPglite = async (dataDir: string | undefined, loadDataDir: Blob | undefined) => {
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (err) {
    const free = dataDir ? freeBytes(dataDir) : Number.POSITIVE_INFINITY;
    if (dataDir && (isDiskFull(err) || free < DISK_RESERVE_BYTES)) {
      throw new Error(
        `PGlite could not open DATA_DIR ${dataDir}: no space left on its disk (${mib(free)} MiB free, ` +
          `${mib(DISK_RESERVE_BYTES)} MiB needed); free space and start again — nothing stored is lost`,
        { cause: err },
      );
    }
    throw err;
  }
  if (dataDir) keepFilesPrivate(client, dataDir);
  return client;
};

/** The only place that knows which engine is in use (docs/design.md §1). */
export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if (target.kind === 'postgres') {
    const zone = zoneSetting(target.reportTimeZone);
    const openPool = (engine: SqlEngine) => {
      const pool = new pg.Pool({
        connectionString: target.url,
        max: target.poolSize ?? 20,
        options: sessionOptions(zone ? { 'sapi.report_timezone': zone } : {}, engine),
      });
      // Without a listener, an idle connection the server closes (restart, failover, admin kill) is an
      // unhandled 'error' event that ends the process; with one, the pool discards that connection and
      // the next query opens a new one.
      pool.on('error', (err) => target.onConnectionError?.(err));
      survivesLostConnections(pool);
      if (engine === 'citus') {
        markCitus(pool);
        pool.on('connect', (client) => markCitus(client));
      }
      return pool;
    };
    let pool = openPool('postgres');
    // The sessions' settings depend on the engine (session-settings.ts): a Citus coordinator's pool
    // is opened again with its own.
    const engine: SqlEngine = (await pool.query<{ citus: boolean }>(CITUS_PROBE)).rows[0]?.citus
      ? 'citus'
      : 'postgres';
    let workers: WorkerReads | undefined;
    if (engine === 'citus') {
      await pool.end();
      pool = openPool(engine);
      await pool.query('select 1');
      // One agent's reads go to its worker (citus-worker-reads.ts), with the same session settings.
      workers = workerReads(
        pool,
        target.url,
        sessionOptions(zone ? { 'sapi.report_timezone': zone } : {}, engine),
        target.log,
      );
      workerReadsOf.set(pool, workers);
    }
    const db = drizzlePg(pool, { schema });
    const reads = target.read
      ? await openReadRouting<Db>({
          primary: pool,
          primaryDb: db as unknown as Db,
          dbOn: (replicaPool) => drizzlePg(replicaPool, { schema }) as unknown as Db,
          engine,
          ...target.read,
        })
      : undefined;
    return {
      db: db as unknown as Db,
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        if (engine === 'citus') await catchUpCitus(pool, migrationsFolder);
      },
      close: async () => {
        await reads?.close();
        await workers?.close();
        await pool.end();
      },
      ...(reads ? { reads } : {}),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const client = await openPglite(target.dataDir, target.loadDataDir);
  // As on PostgreSQL (PGlite has no JIT provider, but says on).
  const zone = zoneSetting(target.reportTimeZone);
  const settings = { ...sessionSettings(), ...(zone ? { 'sapi.report_timezone': zone } : {}) };
  await client.exec(
    Object.entries(settings)
      .map(([name, value]) => `SET ${name} = '${value}'`)
      .join('; '),
  );
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

/**
 * `build(db, key)` made once per database (a drizzle one or a PGlite instance) and key, then reused
 * for as long as that database is (tests open many; none outlives its database). A promise is kept
 * from the start, so concurrent first calls share one build; a build that fails is not kept.
 */
export const oncePerDatabase = <D extends object, T>(build: (db: D, key: string) => T) => {
  const built = new WeakMap<D, Map<string, T>>();
  return (db: D, key: string): T => {
    let byKey = built.get(db);
    if (!byKey) {
      byKey = new Map();
      built.set(db, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = build(db, key);
      byKey.set(key, value);
      if (value instanceof Promise) value.catch(() => byKey.delete(key));
    }
    return value;
  };
};

const dialect = new PgDialect();

const statementNames = new Map<string, string>();
/** `prefix` and a digest of the SQL text: one name per distinct text, so two shapes never share one. */
const statementName = (prefix: string, text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    statementNames.set(text, name);
  }
  return name;
};

/** The PGlite instance behind an executor, when it is one outside any transaction. */
const pgliteOf = (db: Executor): PGlite | undefined => {
  const client = (db as unknown as { _: { session: { client?: unknown } } })._.session.client;
  return client instanceof PGlite ? client : undefined;
};
/** The driver's pool, connection or PGlite behind an executor. */
const clientOf = (db: Executor) =>
  (db as unknown as { _: { session: { client?: object } } })._.session.client;
/** Whether an executor talks to a Citus coordinator (its pool was marked when it opened). */
export const onCitus = (db: Executor): boolean => {
  const client = clientOf(db);
  return client !== undefined && isCitusClient(client);
};
/** The worker reads of a Citus coordinator's pool (not of a transaction: it stays on its connection). */
const workerReadsOf = new WeakMap<object, WorkerReads>();
/** `PREPARE <name> as <text>` on a PGlite instance, once. */
const pglitePrepare = oncePerDatabase((pglite: PGlite, nameAsText: string) =>
  pglite.exec(`prepare ${nameAsText}`),
);
/** A parameter as a quoted SQL literal, cast by the prepared statement to its parameter's type. */
const literal = (v: unknown) =>
  v === null || v === undefined ? 'NULL' : `'${String(v).replaceAll("'", "''")}'`;

/** Rows of the statement `name` (of `text`), prepared on first use; see `queryPrepared`. */
const runPrepared = async <T>(db: Executor, name: string, text: string, params: unknown[]): Promise<T[]> => {
  const pglite = pgliteOf(db);
  if (pglite) {
    await pglitePrepare(pglite, `${name} as ${text}`);
    const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
    return (await pglite.query<T>(`execute ${name}${args}`)).rows;
  }
  return (
    (await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as {
      rows: T[];
    }
  ).rows;
};

/**
 * Rows of a hot raw SQL statement run as a prepared statement, named `prefix` and a digest of its
 * text: parsed and planned once per connection instead of on every call. On PostgreSQL it is a named
 * protocol statement (planning a large statement costs more than running a small one). PGlite has no
 * named statements over its protocol: it gets `PREPARE` once and `EXECUTE` with the values as quoted
 * literals; inside a transaction it runs as an ordinary query.
 */
export const queryPrepared = async <T>(db: Executor, prefix: string, query: SQL): Promise<T[]> => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runPrepared<T>(db, statementName(prefix, text), text, params);
};

/**
 * `queryPrepared` for a statement whose text never changes: built once, with its values as
 * `sql.placeholder(name)`s bound on each call — no SQL is put together per call.
 */
export const preparedStatement = <T>(prefix: string, query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(prefix, text);
  return (db: Executor, values: Record<string, unknown>) =>
    runPrepared<T>(db, name, text, fillPlaceholders(params, values));
};

/**
 * A prepared statement of one agent's rows (it reads and writes no other agent's): `preparedStatement`
 * on one database; on a Citus coordinator a call that Citus delegates to the worker holding that
 * agent's shard group, where it runs against those shards as a plain PostgreSQL statement, prepared
 * once per connection (migrations 0050, 0053) — so a statement Citus could not router-plan
 * (data-modifying CTEs, a recursive walk) runs there whole, and a small read is not planned again on
 * every call as a statement Citus routes is. A `write` answers at most one row there; a `read`'s rows
 * come back as one JSON array. Every placeholder of such a statement is cast to its type (on Citus
 * they become elements of one `text[]`).
 */
export const agentStatement = <T>(prefix: string, kind: 'read' | 'write', query: SQL) => {
  const here = preparedStatement<T>(prefix, query);
  let onShard: ((agent: bigint, values: Record<string, unknown>) => SQL) | undefined;
  return async (db: Executor, agent: bigint, values: Record<string, unknown>): Promise<T[]> => {
    if (!onCitus(db)) return here(db, values);
    onShard ??= agentShardCall(kind, query);
    return answerOnShard<T>(db, kind, agent, onShard(agent, values));
  };
};

/**
 * `queryPrepared` for a read of one agent's rows whose values are in its SQL: on Citus run on that
 * agent's worker as `agentStatement`'s reads are. Every value of it is cast to its type.
 */
export const queryOfAgent = async <T>(db: Executor, prefix: string, agent: bigint, query: SQL) => {
  if (!onCitus(db)) return queryPrepared<T>(db, prefix, query);
  const { sql: text, params } = dialect.sqlToQuery(rowsAsJson(query));
  return answerOnShard<T>(db, 'read', agent, shardCall('read', agent, shardText(text), params));
};

/** A read's rows as one json value: the order of its rows (a sorted subquery's) is the array's. */
const rowsAsJson = (query: SQL) => sql`select coalesce(json_agg(x), '[]'::json) from (${query}) as x`;
/** `$n` → `($1[n])`: the one text[] parameter of the functions that run a statement on a shard. */
const shardText = (text: string) => text.replace(/\$(\d+)/g, '($$1[$1])');
/**
 * The delegated call of a statement on `agent`'s shard group, its values as text: itself a prepared
 * statement on the coordinator's connection (planning the call afresh cost a third of a list page).
 */
const SHARD_FUNCTION = { read: 'sapi_agent_read', write: 'sapi_on_agent_shard' } as const;
const shardCall = (kind: 'read' | 'write', agent: bigint, text: string, values: unknown[]) => {
  const args = arrayLiteral(values.map((v) => (v === null || v === undefined ? null : String(v))));
  return sql`select ${sql.raw(SHARD_FUNCTION[kind])}(${agent.toString()}::bigint, ${text}::text, ${args}::text[]) as answer`;
};
/**
 * The rows of a delegated call: a read's array, or a write's one row. A read outside a transaction is
 * called on the agent's worker itself where it can be (citus-worker-reads.ts); everything else on the
 * coordinator, which delegates it there.
 */
const answerOnShard = async <T>(
  db: Executor,
  kind: 'read' | 'write',
  agent: bigint,
  call: SQL,
): Promise<T[]> => {
  const { sql: text, params } = dialect.sqlToQuery(call);
  type Answer = { answer: T | T[] | null };
  const run = (on: Executor) => runPrepared<Answer>(on, SHARD_FUNCTION[kind], text, params);
  const workers = kind === 'read' ? workerReadsOf.get(clientOf(db) ?? {}) : undefined;
  const [result] = (await workers?.onWorker(agent, run)) ?? (await run(db));
  const answer = result?.answer ?? null;
  if (answer === null) return [];
  return kind === 'read' ? (answer as T[]) : [answer as T];
};

/** The call `agentStatement` makes on Citus for `agent` and `values` (also what EXPLAIN is asked about). */
export const agentShardCall = (kind: 'read' | 'write', query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(kind === 'read' ? rowsAsJson(query) : query);
  const onShard = shardText(text);
  return (agent: bigint, values: Record<string, unknown>) =>
    shardCall(kind, agent, onShard, fillPlaceholders(params, values));
};
