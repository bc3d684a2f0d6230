import { sql } from 'drizzle-orm';
import { type Executor, onCitus, queryRows } from '../../db/client.ts';

/**
 * Are bets stored under game brand `codename` (any agent's)? The code rollup sums every agent's bets
 * and is keyed by code first: one index probe. Citus keeps no rollup over every agent: there each
 * shard's monthly brand rollup (a row per agent, month, brand and bet type) is read until one is found.
 */
export const brandHasBets = async (db: Executor, codename: string) => {
  if (!onCitus(db))
    return (
      (
        await queryRows(
          db,
          sql`select 1 as one from rollup_code_daily where game_brand = ${codename} limit 1`,
        )
      ).length > 0
    );
  // One connection per worker: the provider's transaction then writes the agents (a reference table),
  // which Citus refuses after a read over several connections to one worker.
  await db.execute(sql`set local citus.multi_shard_modify_mode to 'sequential'`);
  return (
    (
      await queryRows(
        db,
        sql`select 1 as one from rollup_brand_monthly where game_brand = ${codename} limit 1`,
      )
    ).length > 0
  );
};
