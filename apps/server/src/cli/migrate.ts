import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.ts';
import { ensureCurrentPartitions } from '../ledger/partitions.ts';
import { runOnDatabase } from './run-on-database.ts';

/** Migrations recorded as applied (none before the first run, when drizzle's table is not there yet). */
const appliedCount = async (database: Database) => {
  const [table] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return 0;
  const [row] = await queryRows<{ n: string }>(
    database.db,
    sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
};

/**
 * `npm run migrate`: bring the database to the current schema and make the ledger's partitions,
 * then exit — what the server does at start-up, as a step of its own before a deploy, so a
 * migration that backfills a rollup from the whole ledger runs once, while the old servers still
 * answer, instead of inside each new server's start. As the tables' owner (DATABASE_OWNER_URL when
 * set), in REPORT_TIMEZONE (the backfills count business days in it).
 */
runOnDatabase(
  (config) => ({ url: config.DATABASE_OWNER_URL ?? config.DATABASE_URL, poolSize: 1 }),
  async (database) => {
    const started = performance.now();
    const before = await appliedCount(database);
    await database.migrate();
    await ensureCurrentPartitions(database.db, new Date());
    const applied = (await appliedCount(database)) - before;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      applied === 0
        ? `The schema is current (${before} migrations); partitions checked in ${seconds} s.`
        : `Applied ${applied} migration(s) in ${seconds} s; the schema is current.`,
    );
    return 0;
  },
);
