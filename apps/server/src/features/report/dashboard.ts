import type { AppContext, Scope } from '../../context.ts';
import {
  dailyWinLose,
  monthFigures,
  topAgentsOfMonth,
  topBrandsOfMonth,
} from '../../ledger/readers/month-overview.ts';
import { toReportMoney } from '../../lib/money.ts';
import { dateInZone } from '../../lib/time.ts';
import { daysBetween, monthRange } from './periods.ts';

interface Month {
  year: number;
  month: number;
}
const previousOf = (m: Month): Month =>
  m.month === 1 ? { year: m.year - 1, month: 12 } : { ...m, month: m.month - 1 };

/** A month's turnover, win/lose and count, its active players and the players registered by its end. */
const period = async (ctx: AppContext, scope: Scope, m: Month) => {
  const row = await monthFigures(ctx.db, scope, monthRange(m).from);
  return {
    month: String(m.month).padStart(2, '0'),
    year: String(m.year),
    turnover: toReportMoney(-BigInt(row?.hold ?? '0')),
    winLose: toReportMoney(BigInt(row?.win_lose ?? '0')),
    transactionCount: Number(row?.tx ?? 0),
    activePlayers: Number(row?.active ?? 0),
    registeredPlayers: Number(row?.registered ?? 0),
  };
};

const TOP = 5;

/** This month against last month, the month's daily win/lose, and its top game brands and agents. */
export const dashboard = async (
  ctx: AppContext,
  scope: Scope,
  q: { month?: number | undefined; year?: string | number | undefined },
) => {
  const today = dateInZone(ctx.now(), ctx.config.REPORT_TIMEZONE);
  const current: Month = {
    year: q.year ? Number(q.year) : Number(today.slice(0, 4)),
    month: q.month ?? Number(today.slice(5, 7)),
  };
  const range = monthRange(current);
  const [now, before, daily, brands, agents] = await Promise.all([
    period(ctx, scope, current),
    period(ctx, scope, previousOf(current)),
    dailyWinLose(ctx.db, scope, range.from, range.to),
    topBrandsOfMonth(ctx.db, scope, range.from, TOP),
    topAgentsOfMonth(ctx.db, scope, range.from, TOP),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return {
    current: now,
    previous: before,
    daily: daysBetween(range.from, range.to).map((date) => {
      const d = byDay.get(date);
      return {
        date,
        turnover: toReportMoney(-BigInt(d?.hold ?? '0')),
        winLose: toReportMoney(BigInt(d?.win_lose ?? '0')),
      };
    }),
    topBrands: brands.map((b) => ({
      gameBrand: b.game_brand,
      turnover: toReportMoney(-BigInt(b.hold)),
      winLose: toReportMoney(BigInt(b.win_lose)),
    })),
    topAgents: agents.map((a) => ({
      agent: a.agent,
      username: a.username,
      turnover: toReportMoney(-BigInt(a.hold)),
      winLose: toReportMoney(BigInt(a.win_lose)),
    })),
  };
};
