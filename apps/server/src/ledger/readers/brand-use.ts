import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Are bets stored under game brand `codename` (any agent's)? The code rollup sums every agent's bets
 * and is keyed by code first: one index probe.
 */
export const brandHasBets = async (db: Executor, codename: string) =>
  (
    await queryRows<{ one: number }>(
      db,
      sql`select 1 as one from rollup_code_daily where game_brand = ${codename} limit 1`,
    )
  ).length > 0;
