import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The latest game a player bet on ("brand / code"), as a column of a query over players: `agentId`
 * and `userId` are that query's player's agent and id. Read off the raw rows by the player index: one
 * probe per player listed. The agent makes the probe co-located where the ledger is sharded by agent
 * (Citus, docs/scaling.md §4); a query of one agent passes that agent's id itself, since Citus routes
 * a correlated subquery to one shard only when its distribution value is that constant, not the outer
 * column.
 */
export const latestGameOf = (agentId: PgColumn | bigint, userId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select t.game_brand || ' / ' || t.game_code from transactions t
        where t.agent_id = ${agentId} and t.user_id = ${userId}
        order by t.start_date desc, t.id desc limit 1)`;
