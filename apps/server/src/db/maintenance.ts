import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Tables rewritten in place all day (rollup upserts, session touches): they leave dead rows. */
const CHURNING = [
  'rollup_game_daily',
  'rollup_brand_daily',
  'rollup_brand_monthly',
  'rollup_game_monthly',
  'rollup_agent_daily',
  'rollup_brand_hours',
  'rollup_brand_minutes',
  'rollup_player_daily',
  'rollup_code_daily',
  'rollup_brand_day_all',
  'rollup_active_players',
  'rollup_registered_players',
  'sessions',
  'login_throttle',
  'ingest_throttle',
  // Appended per ingest request and pruned hourly past 30 days.
  'ingest_log',
  // Append-only, but vacuum is what summarizes the new pages of its BRIN id index on PGlite.
  'transactions',
  // Appended and edited; a username search reads it by an index alone (0029), which needs the
  // visibility map that only vacuum keeps (else every name tested fetches its row from the table).
  'users',
] as const;
/** Append-mostly tables whose planner statistics go stale as they grow. */
const GROWING = ['transaction_keys', 'rollup_player_month', 'audit_log'] as const;

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
    const verb = (CHURNING as readonly string[]).includes(table) ? 'vacuum (analyze)' : 'analyze';
    await db.execute(sql.raw(`${verb} ${table}`));
  }
};
