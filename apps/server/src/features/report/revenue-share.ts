import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryPrepared } from '../../db/client.ts';
import { toReportMoney } from '../../lib/money.ts';
import { monthRange } from './periods.ts';

/** bp hundredths of a percent of an amount, rounded half away from zero to the satang. */
export const shareOf = (amount: bigint, bp: number): bigint => {
  const scaled = amount * BigInt(bp);
  const abs = scaled < 0n ? -scaled : scaled;
  const rounded = (abs + 5000n) / 10000n;
  return scaled < 0n ? -rounded : rounded;
};

/** For a month: each enabled arrangement, the child's win/lose and the parent's share of it; totals per parent. */
export const revenueShare = async (ctx: AppContext, month: number, year: number) => {
  const range = monthRange({ month, year });
  const rows = await queryPrepared<{
    sharing: string;
    agent: string;
    agent_username: string;
    parent: string;
    parent_username: string;
    bp: number;
    win_lose: string;
  }>(
    ctx.db,
    'revenue_share',
    sql`select s.id::text as sharing, c.id::text as agent, c.username as agent_username,
               p.id::text as parent, p.username as parent_username, s.parent_bp as bp,
               -- The month's row per brand and bet type (a few dozen an agent, however many bets),
               -- not its days.
               coalesce((select sum(r.amount) from rollup_brand_monthly r
                         where r.agent_id = s.agent_id and r.month = ${range.from}::date
                           and r.bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose
        from agent_sharing s
        join agents c on c.id = s.agent_id
        join agents p on p.id = s.parent_agent_id
        where not s.is_disable
        order by p.username, c.username`,
  );
  const perParent = new Map<string, { parentAgent: string; parentAgentUsername: string; share: bigint }>();
  let total = 0n;
  const out = rows.map((r) => {
    const winLose = BigInt(r.win_lose);
    const share = shareOf(winLose, Number(r.bp));
    const entry = perParent.get(r.parent) ?? {
      parentAgent: r.parent,
      parentAgentUsername: r.parent_username,
      share: 0n,
    };
    entry.share += share;
    perParent.set(r.parent, entry);
    total += share;
    return {
      sharing: r.sharing,
      agent: r.agent,
      agentUsername: r.agent_username,
      parentAgent: r.parent,
      parentAgentUsername: r.parent_username,
      parentPercentage: Number(r.bp) / 100,
      winLose: toReportMoney(winLose),
      parentShare: toReportMoney(share),
    };
  });
  return {
    rows: out,
    parents: [...perParent.values()].map((p) => ({
      parentAgent: p.parentAgent,
      parentAgentUsername: p.parentAgentUsername,
      parentShare: toReportMoney(p.share),
    })),
    total: toReportMoney(total),
  };
};
