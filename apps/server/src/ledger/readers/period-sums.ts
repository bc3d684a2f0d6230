import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../context.ts';
import { type Executor, queryOfAgent, queryPrepared } from '../../db/client.ts';
import { sumColumns } from '../bet-type-columns.ts';
import { allAgentsTables, withinScopeOf } from '../scope.ts';
import { monthOfDay } from '../time-columns.ts';
import { agentScope, type RawSums, sumsAsStored, sumsByColumn, sumsByType } from './type-sums.ts';

/*
 * The reports' sums per period (business day or month), per agent or over every agent, and per game
 * brand or game code: which rollup answers a report, and the one statement that sums it.
 */

export type AgentScope = bigint | 'all';
export type Grain = 'day' | 'month';
/** Business days, first and last included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** What a report sums: its table of the ledger (agent, brand, game), whose bets, over which days. */
export interface SumsQuery {
  table: 'agent' | 'brand' | 'game';
  agent: AgentScope;
  /** The caller's scope (docs/design.md §16): `all` is every agent in it, and no row outside it is read. */
  scope: Scope;
  range: DayRange;
  grain: Grain;
  by?: 'brand' | 'code';
  brand?: string;
}

/**
 * The rows a report sums, shaped like a rollup table (agent_id, day, game_brand, game_code, bet_type,
 * amount, tx_count) or, `byColumn`, like one with a column per bet type (agent_id, day, game_brand,
 * game_code, hold … promotion_affiliate, tx_count; 0027, 0028, 0031, 0032), and whether each row stands for a whole month
 * (`months`: its day is the month's first). The product reads its rollups (`rollupSums`); the
 * benchmark passes a scan of the raw rows (bench/raw-scan.ts) to show what the rollups save.
 */
export type SumsSource = (
  q: SumsQuery,
  timeZone: string,
  /** The rows are every agent's and the tables summed over all of them may answer (`allAgentsTables`). */
  wholePlatform: boolean,
) => { from: SQL; months?: true; byColumn?: true };

/** The period a rollup day belongs to: the day itself, or the first of its month (cheap date arithmetic). */
const periodStart: Record<Grain, ReturnType<typeof sql.raw>> = {
  day: sql.raw('day'),
  month: monthOfDay,
};
const periodFormat: Record<Grain, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** Does the range start on the first of a month and end on the last day of one? */
const wholeMonths = (range: DayRange) =>
  range.from.endsWith('-01') && new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).getUTCDate() === 1;

/** The monthly brand rollup, its month standing for the day. */
const brandMonths = {
  from: sql`(select agent_id, month as day, game_brand, bet_type, amount, tx_count from rollup_brand_monthly) as m`,
  months: true,
} as const;

/** The rollup table a report reads. */
export const rollupSums: SumsSource = (q, _timeZone, wholePlatform) => {
  // Per-agent tables whenever the rows are not the whole platform's (one agent, or a scope's agents: the
  // tables summed over every agent have no agent to filter by) or those tables are not kept (Citus).
  const oneAgent = !wholePlatform;
  if (q.table !== 'game' && q.grain === 'month' && wholeMonths(q.range)) {
    // Whole months of the agent or brand report: the monthly brand rollup (a year of every agent is
    // a few hundred rows, where the daily rollup holds a row per agent, day and bet type).
    return brandMonths;
  }
  if (oneAgent && q.table === 'game' && q.grain === 'month' && wholeMonths(q.range)) {
    // Whole months of one agent's game codes: the monthly game rollup, a row per month and code with
    // a column per bet type (0032; the daily one holds a row per day that saw a bet).
    return {
      from: sql`(select agent_id, month as day, game_brand, game_code, ${sql.raw(sumColumns.join(', '))}
                 from rollup_game_monthly) as m`,
      months: true,
      byColumn: true,
    };
  }
  if (q.table === 'brand') {
    // Brands by day: a row per day and brand with a column per bet type, one agent's (0027) or
    // summed over every agent (0028).
    return { from: sql.raw(oneAgent ? 'rollup_brand_daily' : 'rollup_brand_day_all'), byColumn: true };
  }
  if (q.table === 'game') {
    // Game codes by day: a row per brand, day and code with a column per bet type, one agent's
    // (0032) or summed over every agent (0031).
    return { from: sql.raw(oneAgent ? 'rollup_game_daily' : 'rollup_code_daily'), byColumn: true };
  }
  return { from: sql.raw('rollup_agent_daily') };
};

/** A row of sums of one period (YYYY-MM-DD or YYYY-MM) and, as the query groups, brand and code. */
export type PeriodSums = RawSums & { period: string; game_brand: string; game_code: string };

/**
 * Sums of a rollup table per period (and per brand, or per game code of one brand), one row per row
 * shown: one GROUP BY sums each bet type into its own column, in the order shown. Prepared, read as
 * plain rows, nothing folded or sorted here: the rows sent do not grow with how many bet types a
 * group saw. Grouped by the keys shown only (a constant key still costs a comparison per row sorted),
 * and a monthly source's month is its period as it is; a source whose rows are the rows shown is
 * read as it is (the GROUP BY cost as much as the read).
 */
export const sumsByPeriod = async (
  db: Executor,
  timeZone: string,
  q: SumsQuery,
  source: SumsSource = rollupSums,
): Promise<PeriodSums[]> => {
  const wholePlatform = q.agent === 'all' && allAgentsTables(db, q.scope);
  const { from, months, byColumn } = source(q, timeZone, wholePlatform);
  // A table with a column per bet type holds a row per period and brand (or code): by its own
  // period (the day, or a monthly table's month), the rows shown.
  // Not when several agents' rows of a per-agent table make one row shown (a scope's `all`).
  const severalAgents = q.agent === 'all' && !wholePlatform;
  const rowsShown = byColumn && (q.grain === 'day' || months === true) && !severalAgents;
  const keys = q.by === 'code' ? ['game_brand', 'game_code'] : q.by === 'brand' ? ['game_brand'] : [];
  const shown = (key: string) => sql.raw(keys.includes(key) ? key : `''::text`);
  const groups = sql.raw(['p', ...keys].join(', '));
  // Rows of a bet type each (not a column per type): summed per row shown and type first, so each
  // type's FILTER is tested on a few rows, not on every agent's, brand's or day's — but for one
  // agent's days, whose rows are already one per day and type.
  const preGrouped = !byColumn && !(q.agent !== 'all' && q.table === 'agent' && q.grain === 'day');
  const typeColumns = preGrouped
    ? 'bet_type, sum(amount) as amount, sum(tx_count) as tx_count'
    : 'bet_type, amount, tx_count';
  const statement = sql`select to_char(p, ${periodFormat[q.grain]}) as period, ${shown('game_brand')} as game_brand,
               ${shown('game_code')} as game_code, ${rowsShown ? sumsAsStored : byColumn ? sumsByColumn : sumsByType}
        from (select ${months ? sql.raw('day') : periodStart[q.grain]} as p, ${sql.raw(keys.map((k) => `${k}, `).join(''))}
                     ${sql.raw(byColumn ? sumColumns.join(', ') : typeColumns)}
              from ${from}
              where ${agentScope(q.agent)} and ${withinScopeOf(q.scope, q.agent)} and day between ${q.range.from}::date and ${q.range.to}::date
                ${q.brand === undefined ? sql`` : sql`and game_brand = ${q.brand}`}
              ${preGrouped ? sql.raw(`group by ${Array.from({ length: keys.length + 2 }, (_, i) => i + 1).join(', ')}`) : sql``}) as g
        ${rowsShown ? sql`` : sql`group by ${groups}`}
        order by ${groups}`;
  // One agent's: on Citus on its worker (db/client.ts queryOfAgent).
  return q.agent === 'all'
    ? queryPrepared<PeriodSums>(db, 'report_pivot', statement)
    : queryOfAgent<PeriodSums>(db, 'report_pivot', q.agent, statement);
};
