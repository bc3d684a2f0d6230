import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import { type Executor, queryPrepared } from '../../db/client.ts';
import { type RawSums, sumsByType } from './type-sums.ts';

/**
 * The sums of one month (`month`: its first day, YYYY-MM-DD) of each agent of `agentIds` that has
 * bets in it, one row per such agent, in one query. From the monthly rollup: a row per agent, brand
 * and bet type, where the daily one has one per day.
 */
export const monthSumsOfAgents = (db: Executor, agentIds: readonly bigint[], month: string) => {
  const [only] = agentIds;
  // One agent by equality: Citus plans `agent_id = $1` on its fast path, `= any($1)` through its full
  // router planner, a millisecond more on each call of the single widget (docs/scaling.md §4).
  const agents =
    agentIds.length === 1 && only !== undefined
      ? sql`agent_id = ${only}::bigint`
      : sql`agent_id = any(${arrayLiteral(agentIds.map(String))}::bigint[])`;
  return queryPrepared<RawSums & { agent: string }>(
    db,
    agentIds.length === 1 ? 'agent_balance' : 'agent_balances',
    sql`select agent_id::text as agent, ${sumsByType} from rollup_brand_monthly
        where ${agents} and month = ${month}::date
        group by agent_id`,
  );
};
