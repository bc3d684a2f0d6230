import { type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import { type Executor, queryOfAgent, queryPrepared } from '../../db/client.ts';
import { type RawSums, sumsByType } from './type-sums.ts';

/**
 * The sums of one month (`month`: its first day, YYYY-MM-DD) of each agent of `agentIds` that has
 * bets in it, one row per such agent, in one query. From the monthly rollup: a row per agent, brand
 * and bet type, where the daily one has one per day.
 */
export const monthSumsOfAgents = (db: Executor, agentIds: readonly bigint[], month: string) => {
  const [only] = agentIds;
  const sums = (agents: SQL) =>
    sql`select agent_id::text as agent, ${sumsByType} from rollup_brand_monthly
        where ${agents} and month = ${month}::date
        group by agent_id`;
  // One agent by equality, on Citus on its worker (db/client.ts queryOfAgent).
  if (agentIds.length === 1 && only !== undefined) {
    return queryOfAgent<RawSums & { agent: string }>(
      db,
      'agent_balance',
      only,
      sums(sql`agent_id = ${only}::bigint`),
    );
  }
  return queryPrepared<RawSums & { agent: string }>(
    db,
    'agent_balances',
    sums(sql`agent_id = any(${arrayLiteral(agentIds.map(String))}::bigint[])`),
  );
};
