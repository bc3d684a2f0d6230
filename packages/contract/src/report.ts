import { z } from 'zod';
import { idSchema, idText, isoDateInput, MAX_YEAR, MIN_YEAR } from './common.ts';
import { coded } from './issues.ts';
import { transactionSchema } from './transaction.ts';

/** A report's agent: one agent id, or `all` for the whole platform (docs/design.md §10). */
export const reportAgentParamsSchema = z.object({
  agentId: z.union([idText, z.literal('all')]).transform((v) => (v === 'all' ? v : BigInt(v))),
});
export const gameBrandParamsSchema = reportAgentParamsSchema.extend({
  /** A provider's codename, upper-case only (`codenameSchema`): `pg` in a link can only mean PG. */
  gameBrand: z
    .string()
    .min(1)
    .max(32)
    .transform((v) => v.toUpperCase()),
});

/** An optional whole number 1..max sent as a string or number ('' = absent): a report's day or month. */
export const part = (max: number, name: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({
          code: 'custom',
          ...coded('int_range', `must be a ${name} number 1..${max}`, { minimum: 1, maximum: max }),
        });
        return z.NEVER;
      }
      return n;
    });
/** A report's year: every year a bet's business day may fall in (the ingest checks it), so none is unreachable. */
export const yearPart = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < MIN_YEAR || n > MAX_YEAR) {
    ctx.addIssue({
      code: 'custom',
      ...coded('int_range', `must be a year ${MIN_YEAR}..${MAX_YEAR}`, {
        minimum: MIN_YEAR,
        maximum: MAX_YEAR,
      }),
    });
    return z.NEVER;
  }
  return n;
});

/** Summary bodies use strings `day`, `month`, `year` as the spec sends them; day and month may be ''. */
export const dailySummaryQuerySchema = z.object({
  day: part(31, 'day'),
  month: part(12, 'month').pipe(z.number()),
  year: yearPart,
});
export const monthlySummaryQuerySchema = z.object({ month: part(12, 'month'), year: yearPart });
/** Longest from/to range of the per-day report (one row per day and game code): a year, leap day included. */
export const MAX_DAILY_RANGE_DAYS = 366;
/** Longest from/to range of the per-month report: two years. */
export const MAX_MONTHLY_RANGE_DAYS = 731;
const DAY_MS = 86_400_000;

/**
 * Inclusive range of business days, from date-time pickers (ISO) or plain dates, at most `maxDays`
 * long: checked by arithmetic on the two instants before any work (the server checks again on
 * business days in the report time zone).
 */
const rangeQuery = (maxDays: number, span: string) =>
  z.object({ from: isoDateInput, to: isoDateInput }).superRefine((v, ctx) => {
    const days = Math.floor((Date.parse(v.to) - Date.parse(v.from)) / DAY_MS) + 1;
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], ...coded('end_before_start', 'must not be before from') });
    } else if (days > maxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        ...coded('range_too_long', `the range may span at most ${span} (${maxDays} days)`, {
          maximum: maxDays,
        }),
      });
    }
  });
export const dailyRangeQuerySchema = rangeQuery(MAX_DAILY_RANGE_DAYS, 'one year');
export const monthlyRangeQuerySchema = rangeQuery(MAX_MONTHLY_RANGE_DAYS, 'two years');

/**
 * Below this many satang (10^15) a report sum travels as a JSON number: a decimal of at most 15
 * significant digits is always recovered from its nearest double (DBL_DIG = 15), so the number prints
 * with its exact two decimals. From 2^46 baht on, neighbouring doubles lie further apart than one
 * satang, so larger sums travel as decimal strings.
 */
export const MONEY_NUMBER_LIMIT_SATANG = 1e15;

/**
 * A report's sum in major units, exact: a JSON number below MONEY_NUMBER_LIMIT_SATANG, a decimal
 * string such as "92233720368547758.07" from it on. Sums over agents, days and months have no smaller
 * bound (one agent's counters reach 2^63−1 satang). `Intl.NumberFormat` formats both exactly.
 */
export const reportMoneySchema = z.union([z.number(), z.string().regex(/^-?[0-9]+\.[0-9]{2}$/)]);
export type ReportMoney = z.infer<typeof reportMoneySchema>;
const money = reportMoneySchema;

/** Money columns of every report row (major units; docs/design.md §10). */
export const totalsSchema = z.object({
  transactionCount: z.number(),
  /** −HOLD: what players staked. */
  turnover: money,
  /** SETTLE: what players won back. */
  payout: money,
  cancel: money,
  void: money,
  /** HOLD + SETTLE + CANCEL + VOID, from the player's wallet: negative when players lost. */
  winLose: money,
  deposit: money,
  withdraw: money,
  /** DEPOSIT + WITHDRAW. */
  profit: money,
  promotion: money,
  promotionRefund: money,
  promotionAffiliate: money,
});
export type Totals = z.infer<typeof totalsSchema>;

const dayKey = { date: z.string(), day: z.string(), month: z.string(), year: z.string() };
const monthKey = { month: z.string(), year: z.string() };
export const dailyRowSchema = totalsSchema.extend(dayKey);
export const monthlyRowSchema = totalsSchema.extend(monthKey);
export const gameDailyRowSchema = totalsSchema.extend({ ...dayKey, gameBrand: z.string() });
export const gameMonthlyRowSchema = totalsSchema.extend({ ...monthKey, gameBrand: z.string() });
export const gameCodeDailyRowSchema = gameDailyRowSchema.extend({ gameCode: z.string() });
export const gameCodeMonthlyRowSchema = gameMonthlyRowSchema.extend({ gameCode: z.string() });

export const reportDataSchema = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), totals: totalsSchema });

/** The agent report's monthly widget (docs/spec.md §3 "Monthly agent report"). */
export const monthlyBalanceSchema = z.object({
  holdBalance: money,
  settleBalance: money,
  voidBalance: money,
  cancelBalance: money,
  depositBalance: money,
  withdrawBalance: money,
  promotionBalance: money,
  promotionRefundBalance: money,
  promotionAffiliateBalance: money,
  transactionCount: z.number(),
});
export type MonthlyBalance = z.infer<typeof monthlyBalanceSchema>;
export const monthlyBalanceQuerySchema = z.object({ date: isoDateInput });
/** A page of agents' widgets in one request. */
export const monthlyBalancesQuerySchema = monthlyBalanceQuerySchema.extend({
  agentIds: z.array(idSchema).min(1).max(100),
});
export const monthlyBalancesDataSchema = z.array(monthlyBalanceSchema.extend({ agent: z.string() }));

export const revenueShareQuerySchema = monthlySummaryQuerySchema.extend({
  month: part(12, 'month').pipe(z.number()),
});
/**
 * A month's revenue share: the statement's figures (docs/design.md §15; open months live, closed months
 * frozen), one row per statement line. `winLose` is the child's DOWNLINE win/lose (players' side,
 * negative when players lost); `parentShare` is POSITIVE when the child pays the parent, negative when
 * the parent owes the child. `parentPercentage`: the percentage in force on the line's last day of the
 * month (the statement lists each one with its days).
 */
export const revenueShareRowSchema = z.object({
  sharing: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentPercentage: z.number(),
  winLose: money,
  parentShare: money,
});
export const revenueShareDataSchema = z.object({
  rows: z.array(revenueShareRowSchema),
  parents: z.array(
    z.object({ parentAgent: z.string(), parentAgentUsername: z.string(), parentShare: money }),
  ),
  /** Σ parentShare. */
  total: money,
});

export const betHistoryQuerySchema = z.object({ betId: z.string().trim().min(1, 'required').max(64) });
export const betHistoryDataSchema = z.array(
  transactionSchema.extend({ agentUsername: z.string(), agentPrefix: z.string() }),
);

export const dashboardQuerySchema = z.object({
  month: part(12, 'month'),
  year: z
    .union([yearPart, z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
const periodSchema = z.object({
  month: z.string(),
  year: z.string(),
  turnover: money,
  winLose: money,
  transactionCount: z.number(),
  activePlayers: z.number(),
  registeredPlayers: z.number(),
});
export const dashboardDataSchema = z.object({
  current: periodSchema,
  previous: periodSchema,
  daily: z.array(z.object({ date: z.string(), turnover: money, winLose: money })),
  topBrands: z.array(z.object({ gameBrand: z.string(), turnover: money, winLose: money })),
  topAgents: z.array(z.object({ agent: z.string(), username: z.string(), turnover: money, winLose: money })),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
