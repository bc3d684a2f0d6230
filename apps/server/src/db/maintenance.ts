import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { ledgerTablesKept } from './ledger-catalogue.ts';

/** Tables rewritten in place all day (rollup upserts, session touches): they leave dead rows. */
const CHURNING: readonly string[] = [
  // The ledger's: its rollups and raw rows (db/ledger-catalogue.ts says which churn).
  ...ledgerTablesKept('vacuum'),
  'sessions',
  'login_throttle',
  'ingest_throttle',
  // Appended per ingest request and pruned hourly past 30 days.
  'ingest_log',
  // Appended and edited; a username search reads it by an index alone (0029), which needs the
  // visibility map that only vacuum keeps (else every name tested fetches its row from the table).
  'users',
];
/** Append-mostly tables whose planner statistics go stale as they grow. */
const GROWING: readonly string[] = [...ledgerTablesKept('analyze'), 'audit_log'];

/**
 * What PostgreSQL's autovacuum does on a server, done by hand for embedded PGlite, which has none:
 * reclaim the dead rows of the churning tables and refresh every table's statistics, so report
 * queries keep their plans (an unanalyzed rollup is planned as if it held a hundred rows).
 */
export const vacuumAndAnalyze = async (db: Db, tables: readonly string[] = [...CHURNING, ...GROWING]) => {
  const present = new Set(
    (
      (await db.execute(
        sql`select tablename from pg_tables where schemaname = current_schema()`,
      )) as unknown as {
        rows: { tablename: string }[];
      }
    ).rows.map((r) => r.tablename),
  );
  for (const table of tables) {
    if (!present.has(table)) continue;
    const verb = CHURNING.includes(table) ? 'vacuum (analyze)' : 'analyze';
    await db.execute(sql.raw(`${verb} ${table}`));
  }
};
