import { ALL_AGENTS, type AppContext } from '../../context.ts';
import { assertMonthBegun } from '../../core/settlement-periods.ts';
import { statementView } from '../../ledger/settlement-view.ts';
import { monthOfNumbers } from '../../lib/days.ts';

/**
 * The revenue share of a month: the settlement statement's figures (docs/design.md §15) — open months
 * live, closed months frozen — one row per statement line. `parentShare` is positive when the child
 * pays the parent; `winLose` is the child's downline win/lose; the percentage is the one in force on
 * the line's last day in the month (the statement lists each with its days).
 */
export const revenueShare = async (ctx: AppContext, month: number, year: number) => {
  const first = monthOfNumbers(year, month);
  assertMonthBegun(ctx, first);
  const { data } = await statementView(ctx.db, first, ALL_AGENTS);
  return {
    rows: data.lines.map((l) => ({
      sharing: l.sharing,
      agent: l.agent,
      agentUsername: l.agentUsername,
      parentAgent: l.parentAgent,
      parentAgentUsername: l.parentAgentUsername,
      parentPercentage: l.segments.at(-1)?.parentPercentage ?? 0,
      winLose: l.winLose,
      parentShare: l.parentShare,
    })),
    parents: data.parents.map((p) => ({
      parentAgent: p.parentAgent,
      parentAgentUsername: p.parentAgentUsername,
      parentShare: p.parentShare,
    })),
    total: data.total.parentShare,
  };
};
