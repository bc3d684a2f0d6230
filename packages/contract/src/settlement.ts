import { z } from 'zod';
import {
  centsIssue,
  hasCents,
  idFilter,
  idSchema,
  isoTimestamp,
  MAX_MONEY,
  MAX_YEAR,
  MIN_YEAR,
  pageFields,
  refuseDeepPage,
} from './common.ts';
import { coded } from './issues.ts';
import { part, reportMoneySchema, yearPart } from './report.ts';

/*
 * Settlement (docs/design.md §15): periods (calendar months in REPORT_TIMEZONE), their statements, the
 * close request and the payments between a child agent and its parent. Money in major units, exact
 * (`reportMoneySchema`). Sign convention: `parentShare` and `outstanding` are POSITIVE when the child
 * pays the parent and NEGATIVE when the parent owes the child.
 */

const money = reportMoneySchema;

/** Is `v` a real calendar day written YYYY-MM-DD in the years MIN_YEAR..MAX_YEAR? */
export const isBusinessDay = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/**
 * A business day `YYYY-MM-DD` (a day of REPORT_TIMEZONE, not an instant): effective dates and payment
 * dates. One rule and one code for every way it can be wrong (not a day, 2026-02-30, year 0, beyond 2200).
 */
export const businessDaySchema = z.string().refine(
  isBusinessDay,
  coded('invalid_date', `must be a day YYYY-MM-DD in the years ${MIN_YEAR}..${MAX_YEAR}`, {
    minimum: MIN_YEAR,
    maximum: MAX_YEAR,
  }),
);

/** An effective day as forms send it: '' or absent means "today" (the server's business day). */
export const optionalBusinessDay = z
  .union([businessDaySchema, z.literal('')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const periodStatuses = ['open', 'closing', 'closed'] as const;
export const periodStatusSchema = z.enum(periodStatuses);
export type PeriodStatus = z.infer<typeof periodStatusSchema>;

/** One period: `{year, month}` as strings, as the summary reports take them. */
export const settlementMonthQuerySchema = z.object({
  month: part(12, 'month').pipe(z.number()),
  year: yearPart,
});
export type SettlementMonthQuery = z.input<typeof settlementMonthQuerySchema>;

export const settlementPeriodsQuerySchema = z.object({ year: yearPart });

/** A period of the year: every month up to the current one; `status` absent in the store means open. */
export const settlementPeriodSchema = z.object({
  /** "2026" */
  year: z.string(),
  /** "11" (no leading zero) */
  month: z.string(),
  status: periodStatusSchema,
  /**
   * A close can be asked for this month now: the one month the server accepts (over, and next in order:
   * after the last closed month, else the first month with an arrangement or payment; none while a
   * close waits).
   */
  closable: z.boolean(),
  requestedBy: z.string().optional(),
  requestedByUsername: z.string().optional(),
  requestedAt: isoTimestamp.optional(),
  approvalId: z.string().optional(),
  closedAt: isoTimestamp.optional(),
  closedBy: z.string().optional(),
  closedByUsername: z.string().optional(),
});
export type SettlementPeriod = z.infer<typeof settlementPeriodSchema>;
export const settlementPeriodsDataSchema = z.object({ records: z.array(settlementPeriodSchema) });

/**
 * One run of days of the month under one version of the arrangement. `from` and `to` are both days
 * IN the segment (inclusive), within the month.
 */
export const settlementSegmentSchema = z.object({
  from: z.string(),
  to: z.string(),
  parentPercentage: z.number(),
  /** Σ of the child's DOWNLINE win/lose over these days (players' side: negative when players lost). */
  winLose: money,
  /** round_half_away_from_zero(percentage × −winLose) to the satang: positive ⇒ the child pays the parent. */
  parentShare: money,
});
export type SettlementSegment = z.infer<typeof settlementSegmentSchema>;

/** The share of late bets of one closed period, found after it closed. */
export const settlementAdjustmentSchema = z.object({ year: z.string(), month: z.string(), amount: money });

export const settlementLineSchema = z.object({
  /** The arrangement's id (`agent_sharing._id`). */
  sharing: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  agentPrefix: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentAgentPrefix: z.string(),
  segments: z.array(settlementSegmentSchema),
  /** Σ segments' downline win/lose. */
  winLose: money,
  /** Σ segments' parentShare: positive ⇒ the child pays the parent. */
  parentShare: money,
  /** Σ adjustments: late bets of closed periods, each period named in `adjustments`. */
  adjustment: money,
  adjustments: z.array(settlementAdjustmentSchema),
  /** The previous month's outstanding of this arrangement. */
  carriedIn: money,
  /** Paid by the child to the parent in the month (positive). */
  paymentsToParent: money,
  /** Paid by the parent to the child in the month (positive). */
  paymentsToChild: money,
  /**
   * carriedIn + parentShare + adjustment − paymentsToParent + paymentsToChild. Positive: the child still
   * owes the parent. Negative: the parent owes the child (a credit carried forward, or payable now
   * when `settleEachPeriod`).
   */
  outstanding: money,
  settleEachPeriod: z.boolean(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const settlementParentTotalSchema = z.object({
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentAgentPrefix: z.string(),
  winLose: money,
  parentShare: money,
  adjustment: money,
  outstanding: money,
});
export const settlementTotalSchema = z.object({
  winLose: money,
  parentShare: money,
  adjustment: money,
  carriedIn: money,
  paymentsToParent: money,
  paymentsToChild: money,
  outstanding: money,
});

/** The rule the figures follow, stated so the screen can say it. */
export const settlementRules = ['downline-by-day'] as const;

export const settlementStatementSchema = z.object({
  year: z.string(),
  month: z.string(),
  status: periodStatusSchema,
  lines: z.array(settlementLineSchema),
  parents: z.array(settlementParentTotalSchema),
  total: settlementTotalSchema,
  /** When the period closed: its lines are the frozen ones. */
  closedAt: isoTimestamp.optional(),
  rule: z.enum(settlementRules),
});
export type SettlementStatement = z.infer<typeof settlementStatementSchema>;

export const paymentDirections = ['to-parent', 'to-child'] as const;
export const paymentDirectionSchema = z.enum(paymentDirections);
export type PaymentDirection = z.infer<typeof paymentDirectionSchema>;

/** A payment's amount: more than 0 (−0 and 0 refused), at most 2 decimals. */
export const paymentAmountSchema = z
  .number()
  .finite()
  .refine(
    (v) => v > 0 && v <= MAX_MONEY,
    coded('payment_amount_range', `must be more than 0 and at most ${MAX_MONEY}`, {
      minimum: 0,
      maximum: MAX_MONEY,
    }),
  )
  .refine(hasCents, centsIssue());

export const paymentCreateSchema = z.object({
  sharing: idSchema,
  direction: paymentDirectionSchema,
  amount: paymentAmountSchema,
  /** The business day it was paid: not in a closed or closing period. */
  paidOn: businessDaySchema,
  reference: z.string().trim().max(100).default(''),
  note: z.string().trim().max(500).default(''),
});
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

export const paymentListQuerySchema = z
  .object({
    year: z
      .union([yearPart, z.literal('')])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    month: part(12, 'month'),
    sharing: idFilter,
    ...pageFields(20),
  })
  .superRefine((v, ctx) => {
    if (v.month !== undefined && v.year === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        ...coded('required_with_month', 'required with month'),
      });
  })
  .superRefine(refuseDeepPage);
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentVoidSchema = z.object({
  reason: z.string().trim().min(1, 'required').max(500),
});

export const paymentSchema = z.object({
  _id: z.string(),
  sharing: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  direction: paymentDirectionSchema,
  amount: money,
  paidOn: z.string(),
  reference: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdByUsername: z.string(),
  createdAt: isoTimestamp,
  voidedAt: isoTimestamp.optional(),
  voidedBy: z.string().optional(),
  voidedByUsername: z.string().optional(),
  voidReason: z.string().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;
