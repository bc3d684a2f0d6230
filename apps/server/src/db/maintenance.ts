import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * How maintenance keeps a table's planner statistics and dead rows in check on PGlite, which has no
 * autovacuum: `vacuum` for a table rewritten in place (vacuum (analyze)), `analyze` for one that only grows.
 */
export type Upkeep = 'vacuum' | 'analyze';

/** A table maintenance keeps, and how. */
export interface KeptTable {
  readonly name: string;
  readonly upkeep: Upkeep;
}

/** The app's own tables; the ledger's come from its catalogue (ledger/catalogue.ts), passed in by the caller. */
const APP_TABLES: readonly KeptTable[] = [
  // Rewritten in place all day (session touches, throttle counters): they leave dead rows.
  { name: 'sessions', upkeep: 'vacuum' },
  { name: 'login_throttle', upkeep: 'vacuum' },
  { name: 'ingest_throttle', upkeep: 'vacuum' },
  // Appended per ingest request and pruned hourly past 30 days.
  { name: 'ingest_log', upkeep: 'vacuum' },
  // Appended and edited; a username search reads it by an index alone (0029), which needs the
  // visibility map that only vacuum keeps (else every name tested fetches its row from the table).
  { name: 'users', upkeep: 'vacuum' },
  // Append-mostly: its planner statistics go stale as it grows.
  { name: 'audit_log', upkeep: 'analyze' },
];

/**
 * What PostgreSQL's autovacuum does on a server, done by hand for embedded PGlite, which has none:
 * reclaim the dead rows of the churning tables and refresh every table's statistics, so report
 * queries keep their plans (an unanalyzed rollup is planned as if it held a hundred rows). `ledger`
 * is the ledger's tables (`ledgerTables` of ledger/catalogue.ts): db/ sits below the ledger and does
 * not import it, so the caller hands them in; they are kept first, then the app's own.
 */
export const vacuumAndAnalyze = async (db: Db, ledger: readonly KeptTable[]) => {
  const present = new Set(
    (
      (await db.execute(
        sql`select tablename from pg_tables where schemaname = current_schema()`,
      )) as unknown as {
        rows: { tablename: string }[];
      }
    ).rows.map((r) => r.tablename),
  );
  const tables = [...ledger, ...APP_TABLES];
  // Those rewritten in place first, then those that only grow (the order the lists always had).
  for (const table of [
    ...tables.filter((t) => t.upkeep === 'vacuum'),
    ...tables.filter((t) => t.upkeep === 'analyze'),
  ]) {
    if (!present.has(table.name)) continue;
    const verb = table.upkeep === 'vacuum' ? 'vacuum (analyze)' : 'analyze';
    await db.execute(sql.raw(`${verb} ${table.name}`));
  }
};
