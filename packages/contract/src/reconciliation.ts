import { z } from 'zod';
import { isoDateInput, isoTimestamp } from './common.ts';
import { betTypeSchema } from './transaction.ts';

/*
 * Reconciliation by upload (docs/design.md §16): the agent side sends its own bet records as a CSV file
 * (a header naming betId, betType, amount and startDate, then one bet a line) for a day or a month of
 * the report time zone; the answer says which bets are missing on either side and which differ.
 */

/** Most bets one file may hold. */
export const RECONCILIATION_MAX_ROWS = 200_000;
/** Most bytes one file may have (checked from Content-Length before it is read, and while it is read). */
export const RECONCILIATION_MAX_BYTES = 16 * 1024 * 1024;
/** Most characters one line may have. */
export const RECONCILIATION_MAX_LINE = 1000;
/** Differences the JSON answer lists (the CSV answer lists them all). */
export const RECONCILIATION_SHOWN = 200;
/** The columns the header must name (in any order, any case; other columns are ignored). */
export const reconciliationColumns = ['betId', 'betType', 'amount', 'startDate'] as const;

/** The query string of an upload: a day, or the month holding `date`, of the report time zone. */
export const reconciliationQuerySchema = z.object({
  period: z.enum(['day', 'month']),
  /** The day (period `day`), or any day of the month (period `month`), as an ISO date. */
  date: isoDateInput.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'must be a date (YYYY-MM-DD)'),
});
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

export const reconciliationKinds = ['missing_in_ledger', 'missing_in_upload', 'differs'] as const;
export const reconciliationKindSchema = z.enum(reconciliationKinds);
export type ReconciliationKind = z.infer<typeof reconciliationKindSchema>;

/** One bet that is not the same on both sides. Amounts in major units, signed from the player's wallet. */
export const reconciliationDifferenceSchema = z.object({
  kind: reconciliationKindSchema,
  betId: z.string(),
  betType: betTypeSchema,
  /** The line of the file holding it (the header is line 1), null when the file does not. */
  line: z.number().nullable(),
  uploadAmount: z.number().nullable(),
  ledgerAmount: z.number().nullable(),
  uploadStartDate: isoTimestamp.nullable(),
  ledgerStartDate: isoTimestamp.nullable(),
  /** For `differs`: which fields differ. */
  fields: z.array(z.enum(['amount', 'startDate'])),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationDataSchema = z.object({
  /** The first and last day of the period (report time zone). */
  from: z.string(),
  to: z.string(),
  /** Bets in the file, and in the ledger for the agent and period. */
  uploaded: z.number(),
  ledger: z.number(),
  matched: z.number(),
  missingInLedger: z.number(),
  missingInUpload: z.number(),
  differ: z.number(),
  /** The first RECONCILIATION_SHOWN differences; the CSV answer holds them all. */
  differences: z.array(reconciliationDifferenceSchema),
  truncated: z.boolean(),
});
export type ReconciliationData = z.infer<typeof reconciliationDataSchema>;
