import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryPrepared } from '../../db/client.ts';
import { toReportMoney } from '../../lib/money.ts';
import { dateInZone } from '../../lib/time.ts';
import { daysBetween, monthRange } from './periods.ts';

interface Month {
  year: number;
  month: number;
}
const previousOf = (m: Month): Month =>
  m.month === 1 ? { year: m.year - 1, month: 12 } : { ...m, month: m.month - 1 };

/**
 * A month's turnover, win/lose and count (from the monthly brand rollup: a row per agent, brand and
 * bet type), its active players and the players registered by its end (from the count rollups: a
 * row per agent and month), so nothing here grows with the number of players or bets.
 */
const period = async (ctx: AppContext, m: Month) => {
  const range = monthRange(m);
  const [row] = await queryPrepared<{
    hold: string;
    win_lose: string;
    tx: string;
    active: string;
    registered: string;
  }>(
    ctx.db,
    'dashboard_period',
    sql`select
          coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
          coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose,
          coalesce(sum(tx_count), 0)::text as tx,
          (select coalesce(sum(players), 0) from rollup_active_players where month = ${range.from}::date)::text as active,
          (select coalesce(sum(players), 0) from rollup_registered_players where month <= ${range.from}::date)::text as registered
        from rollup_brand_monthly where month = ${range.from}::date`,
  );
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
  q: { month?: number | undefined; year?: string | number | undefined },
) => {
  const today = dateInZone(ctx.now(), ctx.config.REPORT_TIMEZONE);
  const current: Month = {
    year: q.year ? Number(q.year) : Number(today.slice(0, 4)),
    month: q.month ?? Number(today.slice(5, 7)),
  };
  const range = monthRange(current);
  const [now, before, daily, brands, agents] = await Promise.all([
    period(ctx, current),
    period(ctx, previousOf(current)),
    queryPrepared<{ day: string; hold: string; win_lose: string }>(
      ctx.db,
      'dashboard_daily',
      sql`select to_char(day, 'YYYY-MM-DD') as day,
                 sum(hold)::text as hold, sum(hold + settle + cancel + void)::text as win_lose
          from rollup_brand_day_all where day between ${range.from}::date and ${range.to}::date group by day`,
    ),
    queryPrepared<{ game_brand: string; hold: string; win_lose: string }>(
      ctx.db,
      'dashboard_brands',
      sql`select game_brand,
                 coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
                 coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose
          from rollup_brand_monthly where month = ${range.from}::date
          group by game_brand order by sum(amount) filter (where bet_type = 'HOLD') asc nulls last limit ${TOP}`,
    ),
    queryPrepared<{ agent: string; username: string; hold: string; win_lose: string }>(
      ctx.db,
      'dashboard_agents',
      sql`select r.agent_id::text as agent, a.username,
                 coalesce(sum(r.amount) filter (where r.bet_type = 'HOLD'), 0)::text as hold,
                 coalesce(sum(r.amount) filter (where r.bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose
          from rollup_brand_monthly r join agents a on a.id = r.agent_id
          where r.month = ${range.from}::date
          group by r.agent_id, a.username order by sum(r.amount) filter (where r.bet_type = 'HOLD') asc nulls last
          limit ${TOP}`,
    ),
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
