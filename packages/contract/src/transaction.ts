import { z } from 'zod';
import {
  centsIssue,
  dateFilter,
  hasCents,
  idFilter,
  idSchema,
  isoDateInput,
  isoDateTimeInput,
  isoTimestamp,
  MAX_MONEY,
  nameChars,
  pageFields,
  refuseDeepPage,
  refuseInvisible,
  refuseReversedDates,
  textFilter,
} from './common.ts';
import { issueSchema } from './envelope.ts';
import { coded } from './issues.ts';

export const betTypes = [
  'HOLD',
  'SETTLE',
  'CANCEL',
  'VOID',
  'DEPOSIT',
  'WITHDRAW',
  'PROMOTION',
  'PROMOTION_REFUND',
  'PROMOTION_AFFILIATE',
] as const;
export const betTypeSchema = z.enum(betTypes);
export type BetType = z.infer<typeof betTypeSchema>;
/** Bet types that take money from the player's wallet: their amounts are ≤ 0 (docs/design.md §6). */
export const debitBetTypes: readonly BetType[] = ['HOLD', 'WITHDRAW'];

export const transactionSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  user: z.string(),
  username: z.string(),
  betId: z.string(),
  betType: betTypeSchema,
  betTypeFromGame: z.string(),
  gameBrand: z.string(),
  gameCode: z.string(),
  /** Major units, signed from the player's wallet. */
  amount: z.number(),
  startDate: isoTimestamp,
  endDate: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z
  .object({
    /** Player id. */
    user: idFilter,
    username: textFilter,
    betId: textFilter,
    betType: z
      .union([betTypeSchema, z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    betTypeFromGame: textFilter,
    gameBrand: textFilter,
    gameCode: textFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    ...pageFields(10),
    /** Keyset cursor of the previous page's last row (`nextCursor`): makes any page as fast as the first. */
    cursor: z.string().max(100).optional(),
  })
  // A cursor page is a keyset step at any depth; only numbered pages pay for their OFFSET.
  .superRefine((v, ctx) => (v.cursor ? undefined : refuseDeepPage(v, ctx)))
  .superRefine(refuseReversedDates);

export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionListDataSchema = z.object({
  records: z.array(transactionSchema),
  page: z.number(),
  limit: z.number(),
  /** Cursor for the next page, null when this page was the last. */
  nextCursor: z.string().nullable(),
});
export type TransactionListData = z.infer<typeof transactionListDataSchema>;

export const transactionDetailSchema = transactionSchema.extend({
  /** Every row of the same bet id for this agent, oldest first (HOLD → SETTLE/CANCEL/VOID). */
  history: z.array(transactionSchema),
});

export const transactionParamsSchema = z.object({ agentId: idSchema, listId: idSchema });
export const agentIdParamsSchema = z.object({ agentId: idSchema });

/** One bet record as a game integration sends it (docs/design.md §9). */
export const ingestItemSchema = z
  .object({
    // Keys and names people read are refused with invisible characters (`g1` and `g1\u200b` would be
    // two report rows reading "g1"); the provider's own label is free text, kept verbatim.
    betId: z.string().min(1).max(64).superRefine(refuseInvisible),
    betType: betTypeSchema,
    betTypeFromGame: z.string().max(64),
    gameBrand: z.string().min(1).max(32).superRefine(refuseInvisible),
    gameCode: z.string().min(1).max(64).superRefine(refuseInvisible),
    username: z
      .string()
      .min(3)
      .max(26)
      .superRefine(nameChars(/^[a-zA-Z0-9_]*$/, 'username_chars', 'may contain only letters, digits and _')),
    amount: z.number().finite().min(-MAX_MONEY).max(MAX_MONEY).refine(hasCents, centsIssue()),
    startDate: isoDateTimeInput,
    endDate: isoDateTimeInput.nullable().optional(),
  })
  .superRefine((item, ctx) => {
    const debit = debitBetTypes.includes(item.betType);
    if (debit ? item.amount > 0 : item.amount < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        ...coded(
          debit ? 'amount_not_positive' : 'amount_not_negative',
          `${item.betType} amounts must be ${debit ? '≤ 0' : '≥ 0'}`,
          { betType: item.betType },
        ),
      });
    }
    if (item.endDate && Date.parse(item.endDate) < Date.parse(item.startDate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        ...coded('end_before_start', 'must not be before startDate'),
      });
    }
  });
export type IngestItem = z.infer<typeof ingestItemSchema>;

export const INGEST_MAX_ITEMS = 1000;
export const ingestBodySchema = z.object({
  transactions: z
    .array(ingestItemSchema)
    .min(1, 'must hold 1 to 1000 items')
    .max(INGEST_MAX_ITEMS, 'must hold 1 to 1000 items'),
});
/**
 * The answer to a stored batch. A re-sent bet (same agent, betId, betType) identical to the stored one
 * counts as a duplicate and changes nothing.
 */
export const ingestDataSchema = z.object({ accepted: z.number(), duplicates: z.number() });

/**
 * The `data` of a batch refused with 2009 (HTTP 409) because some of its bets conflict: a bet whose key
 * (agent, betId, betType) is already stored, or appears earlier in the same batch, with any other
 * field different (amount, betTypeFromGame, gameBrand, gameCode, username, startDate, endDate).
 * `index` is the item's position in `transactions` (0-based). Nothing of such a batch is stored.
 * `issues` says the reason like every other refusal (code `bet_resent_differs`).
 */
export const ingestConflictDataSchema = z.object({
  conflicts: z.array(z.object({ index: z.number(), betId: z.string(), betType: betTypeSchema })),
  issues: z.array(issueSchema),
});
export type IngestConflictData = z.infer<typeof ingestConflictDataSchema>;

export const registerCountQuerySchema = z.object({
  /** Any day of the month to report (ISO date or date-time); the month is taken in the report time zone. */
  date: isoDateInput,
});
export const registerCountRowSchema = z.object({ date: z.string(), count: z.number() });
