import { randomBytes } from 'node:crypto';
import { api, pathOf } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.ts';
import type { Dataset } from './dataset.ts';
import { requestJson } from './http.ts';

/**
 * What an anonymous flooding client makes the server write (issue 38, docs/design.md §7: refused anonymous
 * requests are rate-limited and logged in aggregate, never a row each): rows and bytes of the tables
 * such requests touch, read on the database directly before and after the flood (a PGlite data folder
 * serves one process at a time, so the server is stopped for each reading).
 */

/** Tables an anonymous request may write to. */
export const FLOOD_TABLES = ['ingest_log', 'ingest_throttle', 'login_throttle'] as const;
type Table = (typeof FLOOD_TABLES)[number];

export interface Storage {
  rows: Record<Table, number>;
  /** pg_total_relation_size: the table, its indexes and TOAST, on disk. */
  bytes: Record<Table, number>;
  /** PostgreSQL's WAL position in bytes (everything the cluster wrote); null on PGlite. */
  walBytes: number | null;
}

/** The data set's database, on one connection (the bench's server may still hold the others). */
const openDataset = (dataset: Dataset) =>
  openDatabase(
    'DATABASE_URL' in dataset.env
      ? { kind: 'postgres', url: dataset.env.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: dataset.env.DATA_DIR },
  );

/** Rows and sizes of the flood's tables, read directly from the data set's database. */
export const storageOf = async (dataset: Dataset): Promise<Storage> => {
  const database = await openDataset(dataset);
  try {
    // A data set made by an older build gets the current schema first, as the server would do.
    await database.migrate();
    const rows = {} as Record<Table, number>;
    const bytes = {} as Record<Table, number>;
    for (const table of FLOOD_TABLES) {
      const [r] = await queryRows<{ n: string; size: string }>(
        database.db,
        sql`select (select count(*) from ${sql.raw(table)})::text as n,
                   pg_total_relation_size(${table}::regclass)::text as size`,
      );
      rows[table] = Number(r?.n ?? 0);
      bytes[table] = Number(r?.size ?? 0);
    }
    let walBytes: number | null = null;
    if ('DATABASE_URL' in dataset.env) {
      const [w] = await queryRows<{ lsn: string }>(
        database.db,
        sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn`,
      );
      walBytes = Number(w?.lsn ?? 0);
    }
    return { rows, bytes, walBytes };
  } finally {
    await database.close();
  }
};

/**
 * Take back what the sign-in flood left in the throttle (this machine's address and the made-up
 * usernames), so the bench can sign in again at once instead of 15 minutes later.
 */
export const forgetSignInFlood = async (dataset: Dataset): Promise<void> => {
  const database = await openDataset(dataset);
  try {
    await database.db.execute(sql`delete from login_throttle where key like 'ip:%' or key like 'u:flood\_%'`);
  } finally {
    await database.close();
  }
};

export interface FloodResult {
  requests: number;
  seconds: number;
  /** Answers by envelope status (3001, 3029, …). */
  answers: Record<number, number>;
}

/**
 * `connections` clients, one kept-alive connection each, sending `next()` requests back to back for
 * `seconds`, all from this machine's one address.
 */
const flood = async (
  connections: number,
  seconds: number,
  next: (i: number) => { url: string; headers: Record<string, string>; body: string },
): Promise<FloodResult> => {
  const answers: Record<number, number> = {};
  let requests = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const { url, headers, body } = next(requests++);
        const envelope = (await requestJson(url, 'POST', headers, body)) as { status?: number };
        const status = envelope.status ?? -1;
        answers[status] = (answers[status] ?? 0) + 1;
      }
    }),
  );
  return { requests, seconds: (performance.now() - started) / 1000, answers };
};

/**
 * Forged ingest requests: every other one carries a real agent's API key with a bad signature (the
 * refusals pin on that agent), the others a made-up key each; a small signed-looking batch.
 */
export const forgedIngestFlood = (base: string, apiKey: string, connections: number, seconds: number) => {
  const url = `${base}/api/v1${pathOf(api.ingest)}`;
  const body = JSON.stringify({
    transactions: [
      {
        betId: 'FLOOD-1',
        betType: 'HOLD',
        betTypeFromGame: 'bet',
        gameBrand: 'PG',
        gameCode: 'flood',
        username: 'flood',
        amount: -1,
        startDate: new Date().toISOString(),
      },
    ],
  });
  return flood(connections, seconds, (i) => ({
    url,
    body,
    headers: {
      'x-api-key': i % 2 === 0 ? apiKey : `ak_${randomBytes(12).toString('hex')}`,
      'x-timestamp': String(Date.now()),
      'x-signature': randomBytes(32).toString('hex'),
    },
  }));
};

/** Anonymous sign-in attempts, a new username each. */
export const signInFlood = (base: string, connections: number, seconds: number) => {
  const url = `${base}/api/v1${pathOf(api.login)}`;
  return flood(connections, seconds, () => ({
    url,
    headers: {},
    body: JSON.stringify({
      username: `flood_${randomBytes(8).toString('hex')}`,
      password: 'not-the-password',
    }),
  }));
};
