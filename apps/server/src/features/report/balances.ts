import type { AppContext, Scope } from '../../context.ts';
import { assertAgentExists } from '../../core/entities.ts';
import { monthSumsOfAgents } from '../../ledger/readers/agent-month-sums.ts';
import { monthOf } from '../../lib/time.ts';
import { monthRange } from './periods.ts';
import { balanceOf, sumsOf, zeroSums } from './totals.ts';

/** The month of a widget's `date` (first day of the month, docs/spec.md §9) as a business-day range. */
const rangeOf = (date: string, timeZone: string) => {
  const first = monthOf(date, timeZone);
  return monthRange({ year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) });
};

/** The month's sums of the agents with bets in it, by agent id, in one query. */
const sumsOfAgents = async (ctx: AppContext, agentIds: bigint[], date: string) => {
  const range = rangeOf(date, ctx.config.REPORT_TIMEZONE);
  const rows = await monthSumsOfAgents(ctx.db, agentIds, range.from);
  return new Map(rows.map((r) => [r.agent, sumsOf(r)]));
};

/**
 * Monthly widgets of many agents in one query (the agent report page). An agent outside the caller's
 * scope is not read and answers zeros, as an unknown id does (docs/design.md §16).
 */
export const monthlyBalances = async (ctx: AppContext, scope: Scope, agentIds: bigint[], date: string) => {
  const readable = scope.kind === 'all' ? agentIds : agentIds.filter((id) => scope.agentIds.includes(id));
  const found = readable.length > 0 ? await sumsOfAgents(ctx, readable, date) : new Map();
  return agentIds.map((id) => ({
    agent: id.toString(),
    ...balanceOf(found.get(id.toString()) ?? zeroSums()),
  }));
};

/** One agent's widget; a month without bets of an agent that does not exist is "not found", not zeros. */
export const monthlyBalance = async (ctx: AppContext, agentId: bigint, date: string) => {
  const sums = (await sumsOfAgents(ctx, [agentId], date)).get(agentId.toString());
  if (!sums) await assertAgentExists(ctx.db, agentId);
  return balanceOf(sums ?? zeroSums());
};
