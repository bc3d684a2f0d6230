import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryPrepared, queryTextRows } from '../../db/client.ts';
import { monthOfDay } from '../../db/sql-time.ts';
import { dayKeys, daysBetween, monthKeys, monthsBetween } from './periods.ts';
import {
  addSums,
  addTypeSum,
  agentScope,
  type RawSums,
  sumsByType,
  sumsOf,
  type TypeSums,
  totalsOf,
  zeroSums,
} from './totals.ts';

export type AgentScope = bigint | 'all';

type Grain = 'day' | 'month';
/** The key fields of a period: a day's date, day, month and year, or a month's month and year. */
type PeriodKeys<G extends Grain> = G extends 'day'
  ? ReturnType<typeof dayKeys>
  : ReturnType<typeof monthKeys>;
const periodKeys = <G extends Grain>(grain: G, period: string) =>
  (grain === 'day' ? dayKeys(period) : monthKeys(period)) as PeriodKeys<G>;
interface Range {
  from: string;
  to: string;
}

/** The period a rollup day belongs to: the day itself, or the first of its month (cheap date arithmetic). */
const periodStart: Record<Grain, ReturnType<typeof sql.raw>> = {
  day: sql.raw('day'),
  month: monthOfDay,
};
const periodFormat: Record<Grain, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

interface TypeRow {
  period: string;
  game_brand: string;
  game_code: string;
  bet_type: string;
  amount: string;
  tx_count: string;
}

/** Does the range start on the first of a month and end on the last day of one? */
const wholeMonths = (range: Range) =>
  range.from.endsWith('-01') && new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).getUTCDate() === 1;

export interface SumsQuery {
  table: 'agent' | 'brand' | 'game';
  agent: AgentScope;
  range: Range;
  grain: Grain;
  by?: 'brand' | 'code';
  brand?: string;
}

/**
 * The rows a report sums — shaped like a rollup table (agent_id, day, game_brand, game_code, bet_type,
 * amount, tx_count) — and whether they already hold exactly one row per period, group and bet type
 * (`keyed`: then nothing needs summing). The product reads its rollups; the benchmark passes a scan
 * of the raw rows to show what the rollups save.
 */
export type SumsSource = (ctx: AppContext, q: SumsQuery) => { from: SQL; keyed: boolean };

/** The rollup table a report reads. */
const rollups: SumsSource = (_ctx, q) => {
  const oneAgent = q.agent !== 'all';
  if (q.table === 'brand' && q.grain === 'month' && wholeMonths(q.range)) {
    // Whole months by brand: the monthly rollup, its month standing for the day.
    return {
      from: sql`(select agent_id, month as day, game_brand, bet_type, amount, tx_count from rollup_brand_monthly) as m`,
      keyed: oneAgent,
    };
  }
  if (q.table === 'agent' && q.grain === 'month' && wholeMonths(q.range)) {
    // Whole months of the agent report: the monthly brand rollup (a year of every agent is a few
    // hundred rows, where the daily rollup holds a row per agent, day and bet type).
    return {
      from: sql`(select agent_id, month as day, game_brand, bet_type, amount, tx_count from rollup_brand_monthly) as m`,
      keyed: false,
    };
  }
  if (!oneAgent && q.table === 'brand') {
    // Every agent's brands by day: the rollup summing brands over the agents, a row per day, brand
    // and bet type.
    return { from: sql.raw('rollup_brand_day_all'), keyed: q.grain === 'day' };
  }
  if (!oneAgent && q.table !== 'agent') {
    // Every agent's brands or game codes: the rollup that sums codes over the agents (a month of
    // it is a few thousand rows, where the per-agent brand rollup holds that many per agent).
    return { from: sql.raw('rollup_code_daily'), keyed: q.grain === 'day' && q.by === 'code' };
  }
  const matchesKey =
    q.table === 'agent' ? q.by === undefined : q.by === (q.table === 'brand' ? 'brand' : 'code');
  return { from: sql.raw(`rollup_${q.table}_daily`), keyed: oneAgent && q.grain === 'day' && matchesKey };
};

/** Sums of a rollup table per period (and per brand / game code), for one agent or all. */
const rollupSums = async (ctx: AppContext, opts: SumsQuery, source: SumsSource) => {
  const { from, keyed } = source(ctx, opts);
  const keys =
    opts.by === 'code'
      ? sql`game_brand, game_code`
      : opts.by === 'brand'
        ? sql`game_brand, ''::text`
        : sql`''::text, ''::text`;
  // One sum per bet type per group (two aggregates a row instead of ten filtered ones), folded
  // into per-type sums here; the period is formatted once per group, not once per row, and rows
  // are sorted by the date itself (the same order as its ISO text, without sorting strings).
  // A table already holding one row per group is read as it is: no sums, no hashing.
  const rows = await queryTextRows<TypeRow>(
    ctx.db,
    sql`select to_char(p, ${periodFormat[opts.grain]}) as period, game_brand, game_code, bet_type,
               amount::text as amount, tx_count::text as tx_count
        from (select ${periodStart[opts.grain]} as p, ${keys}, bet_type,
                     ${keyed ? sql`amount, tx_count` : sql`sum(amount), sum(tx_count)`}
              from ${from}
              where ${agentScope(opts.agent)} and day between ${opts.range.from}::date and ${opts.range.to}::date
                ${opts.brand ? sql`and game_brand = ${opts.brand}` : sql``}
              ${keyed ? sql`` : sql`group by 1, 2, 3, 4`}) as g (p, game_brand, game_code, bet_type, amount, tx_count)
        order by g.p, 2, 3`,
    'report_sums',
  );
  const groups = new Map<string, { period: string; game_brand: string; game_code: string; sums: TypeSums }>();
  for (const r of rows) {
    const key = `${r.period}|${r.game_brand}|${r.game_code}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        period: r.period,
        game_brand: r.game_brand ?? '',
        game_code: r.game_code ?? '',
        sums: zeroSums(),
      };
      groups.set(key, group);
    }
    addTypeSum(group.sums, r.bet_type, BigInt(r.amount), BigInt(r.tx_count));
  }
  return [...groups.values()];
};

/**
 * Sums of a rollup table per period (and per brand with `by: 'brand'`), one row per row shown: one
 * GROUP BY sums each bet type into its own column, in the order shown. Prepared, read as plain rows
 * (a result this small costs less to decode than a JSON text), nothing folded or sorted here.
 */
const pivotSums = async (ctx: AppContext, q: SumsQuery, source: SumsSource) => {
  const { from } = source(ctx, q);
  const rows = await queryPrepared<RawSums & { period: string; game_brand: string }>(
    ctx.db,
    'report_pivot',
    sql`select to_char(p, ${periodFormat[q.grain]}) as period, game_brand, ${sumsByType}
        from (select ${periodStart[q.grain]} as p, ${q.by === 'brand' ? sql`game_brand` : sql`''::text`} as game_brand,
                     bet_type, amount, tx_count
              from ${from}
              where ${agentScope(q.agent)} and day between ${q.range.from}::date and ${q.range.to}::date) as g
        group by p, game_brand
        order by p, game_brand`,
  );
  return rows.map((r) => ({ period: r.period, game_brand: r.game_brand, sums: sumsOf(r) }));
};

const report = <K extends object>(rows: { key: K; sums: TypeSums }[]) => ({
  rows: rows.map((r) => ({ ...r.key, ...totalsOf(r.sums) })),
  totals: totalsOf(rows.reduce((acc, r) => addSums(acc, r.sums), zeroSums())),
});

/** One row per business day of the range (days without bets included, as zeros). */
export const agentDaily = async (
  ctx: AppContext,
  agent: AgentScope,
  range: Range,
  source: SumsSource = rollups,
) => {
  const found = new Map(
    (await pivotSums(ctx, { table: 'agent', agent, range, grain: 'day' }, source)).map((r) => [
      r.period,
      r.sums,
    ]),
  );
  return report(
    daysBetween(range.from, range.to).map((d) => ({ key: dayKeys(d), sums: found.get(d) ?? zeroSums() })),
  );
};

/** One row per month of the range (months without bets included). */
export const agentMonthly = async (
  ctx: AppContext,
  agent: AgentScope,
  range: Range,
  source: SumsSource = rollups,
) => {
  const found = new Map(
    (await pivotSums(ctx, { table: 'agent', agent, range, grain: 'month' }, source)).map((r) => [
      r.period,
      r.sums,
    ]),
  );
  return report(
    monthsBetween(range.from, range.to).map((m) => ({ key: monthKeys(m), sums: found.get(m) ?? zeroSums() })),
  );
};

/** One row per period and game brand that saw bets. */
export const gameByBrand = async <G extends Grain>(
  ctx: AppContext,
  agent: AgentScope,
  range: Range,
  grain: G,
  source: SumsSource = rollups,
) => {
  const rows = await pivotSums(ctx, { table: 'brand', agent, range, grain, by: 'brand' }, source);
  return report(
    rows.map((r) => ({
      key: { ...periodKeys(grain, r.period), gameBrand: r.game_brand },
      sums: r.sums,
    })),
  );
};

/** One row per period and game code of one brand. */
export const gameByCode = async <G extends Grain>(
  ctx: AppContext,
  agent: AgentScope,
  brand: string,
  range: Range,
  grain: G,
  source: SumsSource = rollups,
) => {
  const rows = await rollupSums(ctx, { table: 'game', agent, range, grain, by: 'code', brand }, source);
  return report(
    rows.map((r) => ({
      key: {
        ...periodKeys(grain, r.period),
        gameBrand: r.game_brand,
        gameCode: r.game_code,
      },
      sums: r.sums,
    })),
  );
};
