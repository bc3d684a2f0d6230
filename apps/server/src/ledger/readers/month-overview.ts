import { sql } from 'drizzle-orm';
import type { Scope } from '../../context.ts';
import { type Executor, queryPrepared } from '../../db/client.ts';
import { allAgentsTables, withinScope } from '../scope.ts';

/*
 * The platform's month at a glance (the dashboard): its totals, its days, its top game brands and
 * agents, every agent together. Money is minor units as integer text; `month` is the month's first
 * day (YYYY-MM-DD). From the monthly and per-day rollups and the count rollups, so nothing here grows
 * with the number of players or bets.
 */

/**
 * A month's hold and win/lose, its count of bets (the monthly brand rollup: a row per agent, brand
 * and bet type), its active players and the players registered by its end (the count rollups: a row
 * per agent and month).
 */
export const monthFigures = async (db: Executor, scope: Scope, month: string) => {
  const [row] = await queryPrepared<{
    hold: string;
    win_lose: string;
    tx: string;
    active: string;
    registered: string;
  }>(
    db,
    'dashboard_period',
    // Three sums joined in FROM, not two of them as subqueries of the first's columns: Citus pushes no
    // subquery on the target list down to the shards (each of these is summed on every worker).
    sql`select b.hold, b.win_lose, b.tx, a.active, r.registered
        from (select
                coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
                coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose,
                coalesce(sum(tx_count), 0)::text as tx
              from rollup_brand_monthly where month = ${month}::date and ${withinScope(scope)}) as b,
             (select coalesce(sum(players), 0)::text as active
              from rollup_active_players where month = ${month}::date and ${withinScope(scope)}) as a,
             (select coalesce(sum(players), 0)::text as registered
              from rollup_registered_players where month <= ${month}::date and ${withinScope(scope)}) as r`,
  );
  return row;
};

/** Each business day of `from`..`to` with bets: its hold and win/lose (YYYY-MM-DD). */
export const dailyWinLose = (db: Executor, scope: Scope, from: string, to: string) =>
  queryPrepared<{ day: string; hold: string; win_lose: string }>(
    db,
    'dashboard_daily',
    // Every agent: the table summed over all of them; a scope's agents: their own rows.
    sql`select to_char(day, 'YYYY-MM-DD') as day,
               sum(hold)::text as hold, sum(hold + settle + cancel + void)::text as win_lose
        from ${sql.raw(allAgentsTables(db, scope) ? 'rollup_brand_day_all' : 'rollup_brand_daily')}
        where day between ${from}::date and ${to}::date and ${withinScope(scope)} group by day`,
  );

/** The month's `top` game brands by turnover (the most held first), with their hold and win/lose. */
export const topBrandsOfMonth = (db: Executor, scope: Scope, month: string, top: number) =>
  queryPrepared<{ game_brand: string; hold: string; win_lose: string }>(
    db,
    'dashboard_brands',
    sql`select game_brand,
               coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
               coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose
        from rollup_brand_monthly where month = ${month}::date and ${withinScope(scope)}
        group by game_brand order by sum(amount) filter (where bet_type = 'HOLD') asc nulls last limit ${top}`,
  );

/** The month's `top` agents by turnover (the most held first), with their username, hold and win/lose. */
export const topAgentsOfMonth = (db: Executor, scope: Scope, month: string, top: number) =>
  queryPrepared<{ agent: string; username: string; hold: string; win_lose: string }>(
    db,
    'dashboard_agents',
    sql`select r.agent_id::text as agent, a.username,
               coalesce(sum(r.amount) filter (where r.bet_type = 'HOLD'), 0)::text as hold,
               coalesce(sum(r.amount) filter (where r.bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose
        from rollup_brand_monthly r join agents a on a.id = r.agent_id
        where r.month = ${month}::date and ${withinScope(scope, sql.raw('r.agent_id'))}
        group by r.agent_id, a.username order by sum(r.amount) filter (where r.bet_type = 'HOLD') asc nulls last
        limit ${top}`,
  );
