import { z } from 'zod';
import {
  dateFilter,
  idFilter,
  isoTimestamp,
  pageFields,
  refuseDeepPage,
  refuseReversedDates,
} from './common.ts';

/**
 * How an ingest request ended: `accepted` — every item stored new; `partial` — answered success, but
 * some (or all) items were already stored and counted as duplicates; `refused` — nothing stored.
 */
export const ingestLogOutcomes = ['accepted', 'partial', 'refused'] as const;
export const ingestLogOutcomeSchema = z.enum(ingestLogOutcomes);
export type IngestLogOutcome = z.infer<typeof ingestLogOutcomeSchema>;

/** Why an ingest request was refused (docs/design.md §9); the log screen names each in the user's language. */
export const ingestLogReasons = [
  'missing_credentials',
  'unknown_key',
  'bad_signature',
  'stale_timestamp',
  'address_not_allowed',
  'agent_locked',
  'malformed_body',
  'validation',
  'unknown_brand',
  'conflict',
  'player_other_agent',
  'total_out_of_range',
  'internal_error',
] as const;
export const ingestLogReasonSchema = z.enum(ingestLogReasons);
export type IngestLogReason = z.infer<typeof ingestLogReasonSchema>;

/** Days an ingest request stays in the log. */
export const INGEST_LOG_DAYS = 30;
/** Refused or conflicting items kept per request (the rest are counted in `itemsTotal`, not listed). */
export const INGEST_LOG_MAX_ITEMS = 100;

/**
 * The numbers and names an issue's text fills in (`maximum`, `betType`, `username`, …; see
 * `issueText`); null when none were kept: rows logged before they were, issues without any, and for a
 * request whose signature did not hold, all but the schema's own limits (nothing of its body is kept).
 */
export const ingestLogParamsSchema = z.record(z.string(), z.unknown()).nullable();

/** One refused or conflicting item of a request: its position, its bet, and why. */
export const ingestLogItemSchema = z.object({
  /** 0-based position in `transactions`; null when the reason concerns the whole batch. */
  index: z.number().nullable(),
  betId: z.string().nullable(),
  betType: z.string().nullable(),
  /** The issue code (`bet_resent_differs`, `unknown_game_brand`, `too_small`, …). */
  code: z.string(),
  /** The item's field the issue is about, when there is one. */
  field: z.string().nullable(),
  /** The params, for its text in the user's language. */
  params: ingestLogParamsSchema,
});
export type IngestLogItem = z.infer<typeof ingestLogItemSchema>;

export const ingestLogRecordSchema = z.object({
  _id: z.string(),
  at: isoTimestamp,
  /** The agent whose API key the request carried (signed or not); null for an unknown or missing key. */
  agent: z.string().nullable(),
  agentUsername: z.string().nullable(),
  ip: z.string(),
  /** Items in the body, when it parsed to a batch. */
  itemCount: z.number().nullable(),
  accepted: z.number().nullable(),
  duplicates: z.number().nullable(),
  outcome: ingestLogOutcomeSchema,
  reason: ingestLogReasonSchema.nullable(),
  /** The answer's status (docs/design.md §4). */
  status: z.number(),
  /** The answer's first issue code, when it gave one. */
  code: z.string().nullable(),
  /** That params, for its text in the user's language. */
  params: ingestLogParamsSchema,
  /** How many items the answer named as refused or conflicting (the detail lists at most INGEST_LOG_MAX_ITEMS). */
  itemsTotal: z.number(),
  /**
   * Requests the row stands for. 1, except for refusals of requests whose signature did not hold
   * (`missing_credentials`, `unknown_key`, `bad_signature`, `stale_timestamp`, a body refused before its
   * signature was checked): those are counted in one row per minute, address, agent, reason and
   * answered status, so a flood of forged requests writes a few rows a minute (issue 38). `at` is the
   * first of them.
   */
  count: z.number(),
  /** The latest request a counted row stands for (within `at`'s minute); null for a row of one request. */
  lastAt: isoTimestamp.nullable(),
});
export type IngestLogRecord = z.infer<typeof ingestLogRecordSchema>;

export const ingestLogDetailSchema = ingestLogRecordSchema.extend({
  items: z.array(ingestLogItemSchema),
});
export type IngestLogDetail = z.infer<typeof ingestLogDetailSchema>;

const enumFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined));

export const ingestLogListQuerySchema = z
  .object({
    /** One agent's requests; empty = every agent's (and those of no known key). */
    agent: idFilter,
    outcome: enumFilter(ingestLogOutcomes),
    reason: enumFilter(ingestLogReasons),
    startDate: dateFilter,
    endDate: dateFilter,
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage)
  .superRefine(refuseReversedDates);
export type IngestLogListQuery = z.input<typeof ingestLogListQuerySchema>;
