import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The latest game a player bet on ("brand / code"), as a column of a query over players: `userId`
 * is that query's player id. Read off the raw rows by the player index: one probe per player listed.
 */
export const latestGameOf = (userId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select t.game_brand || ' / ' || t.game_code from transactions t
        where t.user_id = ${userId} order by t.start_date desc, t.id desc limit 1)`;
