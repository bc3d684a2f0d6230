import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { queryPrepared } from '../../db/client.ts';
import { monthOf } from '../../lib/time.ts';
import { monthRange } from './periods.ts';
import { balanceOf, type RawSums, sumsByType, sumsOf, zeroSums } from './totals.ts';

/** The month of a widget's `date` (first day of the month, spec §9) as a business-day range. */
const rangeOf = (date: string, timeZone: string) => {
  const first = monthOf(date, timeZone);
  return monthRange({ year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
};

/** Monthly widgets of many agents in one query (the agent report page). */
export const monthlyBalances = async (ctx: AppContext, agentIds: bigint[], date: string) => {
  const range = rangeOf(date, ctx.config.REPORT_TIMEZONE);
  const rows = await queryPrepared<RawSums & { agent: string }>(
    ctx.db,
    'agent_balances',
    // The monthly rollup: a row per agent, brand and bet type, where the daily one has one per day.
    sql`select agent_id::text as agent, ${sumsByType} from rollup_brand_monthly
        where agent_id = any(${arrayLiteral(agentIds.map(String))}::bigint[])
          and month = ${range.from}::date
        group by agent_id`,
  );
  const found = new Map(rows.map((r) => [r.agent, sumsOf(r)]));
  return agentIds.map((id) => ({
    agent: id.toString(),
    ...balanceOf(found.get(id.toString()) ?? zeroSums()),
  }));
};

export const monthlyBalance = async (ctx: AppContext, agentId: bigint, date: string) => {
  const [one] = await monthlyBalances(ctx, [agentId], date);
  const { agent: _agent, ...balance } = one ?? { agent: '', ...balanceOf(zeroSums()) };
  return balance;
};
