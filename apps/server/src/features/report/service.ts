import type { AppContext, Scope } from '../../context.ts';
import {
  type AgentScope,
  type DayRange,
  type Grain,
  rollupSums,
  type SumsQuery,
  type SumsSource,
  sumsByPeriod,
} from '../../ledger/readers/period-sums.ts';
import { dayKeys, daysBetween, monthKeys, monthsBetween } from './periods.ts';
import { addTexts, type RawSums, totalsOfText, zeroText } from './totals.ts';

/*
 * The money reports (docs/spec.md §7 summary routes): the ledger's sums per period
 * (ledger/readers/period-sums.ts) shaped into rows and totals, days and months without bets included.
 */

export type { AgentScope, SumsSource };

/** The key fields of a period: a day's date, day, month and year, or a month's month and year. */
type PeriodKeys<G extends Grain> = G extends 'day'
  ? ReturnType<typeof dayKeys>
  : ReturnType<typeof monthKeys>;
const periodKeys = <G extends Grain>(grain: G, period: string) =>
  (grain === 'day' ? dayKeys(period) : monthKeys(period)) as PeriodKeys<G>;
type Range = DayRange;

/** The ledger's sums for a report, from `source` (the rollups, or the bench's scan of the raw rows). */
const pivotSums = (ctx: AppContext, q: SumsQuery, source: SumsSource) =>
  sumsByPeriod(ctx.db, ctx.config.REPORT_TIMEZONE, q, source);

/**
 * A report's rows and totals, from the sums as the database gives them (integer text). Each row is
 * its totals with the key's fields assigned onto it: two object spreads per row made up half the
 * JavaScript time of building a report of a few hundred rows.
 */
const report = <K extends object>(rows: { key: K; sums: RawSums }[]) => ({
  rows: rows.map((r) => Object.assign(totalsOfText(r.sums), r.key)),
  totals: totalsOfText(addTexts(rows.map((r) => r.sums))),
});

/** The agent report's sums by period (YYYY-MM-DD or YYYY-MM), one agent's or every agent's. */
const agentSums = async (
  ctx: AppContext,
  scope: Scope,
  agent: AgentScope,
  range: Range,
  grain: Grain,
  source: SumsSource,
) =>
  new Map(
    (await pivotSums(ctx, { table: 'agent', agent, scope, range, grain }, source)).map((r) => [r.period, r]),
  );

/** One row per business day of the range (days without bets included, as zeros). */
export const agentDaily = async (
  ctx: AppContext,
  scope: Scope,
  agent: AgentScope,
  range: Range,
  source: SumsSource = rollupSums,
) => {
  const found = await agentSums(ctx, scope, agent, range, 'day', source);
  return report(
    daysBetween(range.from, range.to).map((d) => ({ key: dayKeys(d), sums: found.get(d) ?? zeroText })),
  );
};

/** One row per month of the range (months without bets included). */
export const agentMonthly = async (
  ctx: AppContext,
  scope: Scope,
  agent: AgentScope,
  range: Range,
  source: SumsSource = rollupSums,
) => {
  const found = await agentSums(ctx, scope, agent, range, 'month', source);
  return report(
    monthsBetween(range.from, range.to).map((m) => ({ key: monthKeys(m), sums: found.get(m) ?? zeroText })),
  );
};

/** One row per period and game brand that saw bets. */
export const gameByBrand = async <G extends Grain>(
  ctx: AppContext,
  scope: Scope,
  agent: AgentScope,
  range: Range,
  grain: G,
  source: SumsSource = rollupSums,
) => {
  const rows = await pivotSums(ctx, { table: 'brand', agent, scope, range, grain, by: 'brand' }, source);
  return report(
    rows.map((r) => ({
      key: Object.assign(periodKeys(grain, r.period), { gameBrand: r.game_brand }),
      sums: r,
    })),
  );
};

/** One row per period and game code of one brand. */
export const gameByCode = async <G extends Grain>(
  ctx: AppContext,
  scope: Scope,
  agent: AgentScope,
  brand: string,
  range: Range,
  grain: G,
  source: SumsSource = rollupSums,
) => {
  const rows = await pivotSums(ctx, { table: 'game', agent, scope, range, grain, by: 'code', brand }, source);
  return report(
    rows.map((r) => ({
      key: Object.assign(periodKeys(grain, r.period), { gameBrand: r.game_brand, gameCode: r.game_code }),
      sums: r,
    })),
  );
};
