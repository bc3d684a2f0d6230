import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every request to the ingest API, accepted or refused, kept 30 days (docs/design.md §9): the server's hourly
 * upkeep deletes older rows. An accepted batch writes its row in the batch's own statement; a refused
 * one after the refusal, before the answer leaves. No request body is kept: for refused or conflicting
 * items only their index, betId, betType and reason, at most INGEST_LOG_MAX_ITEMS of them.
 * A refusal of a request whose signature did not hold is counted in its minute's row instead
 * (migration 0036, issue 38): a flood of forged requests writes a few rows a minute, not a row each.
 */
export const ingestLog = pgTable(
  'ingest_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: ts('at').notNull(),
    /** The agent whose API key the request carried, when the key is known (signed or not); else null. */
    agentId: bigint('agent_id', { mode: 'bigint' }),
    ip: text('ip').notNull(),
    /** Items in the body, when it parsed to a batch. */
    itemCount: integer('item_count'),
    accepted: integer('accepted'),
    duplicates: integer('duplicates'),
    outcome: text('outcome', { enum: ['accepted', 'partial', 'refused'] }).notNull(),
    /** Why a request was refused (contract `ingestLogReasons`); null when it was not. */
    reason: text('reason'),
    /** The answer's status (docs/design.md §4). */
    status: integer('status').notNull(),
    /** The answer's first issue code, when it gave one. */
    code: text('code'),
    /** That params (`{maximum: 2}`, `{username: …}`), for its text; null when none were kept (migration 0030). */
    params: jsonb('params'),
    /** Refused or conflicting items, the first INGEST_LOG_MAX_ITEMS: `[{index, betId, betType, code, field, params?}]`. */
    items: jsonb('items'),
    /** How many items the answer named in all (may exceed the items kept). */
    itemsTotal: integer('items_total').notNull().default(0),
    /** Requests this row stands for: 1, or an unsigned refusal's count within its minute. */
    count: integer('count').notNull().default(1),
    /** An aggregated row's minute (its key with ip, agent, reason and status); null for a row of one request. */
    minute: ts('minute'),
    /** The latest request an aggregated row counts (`at` is its first); null for a row of one request. */
    lastAt: ts('last_at'),
  },
  (t) => [
    index('ingest_log_at_idx').on(t.at),
    index('ingest_log_agent_idx').on(t.agentId, t.id),
    // The agent list's badge: one probe per agent of its refusals of the last 24 hours.
    index('ingest_log_refused_idx').on(t.agentId, t.at).where(sql`outcome = 'refused'`),
    uniqueIndex('ingest_log_minute_idx')
      .on(t.minute, t.ip, sql`(coalesce(${t.agentId}, 0))`, t.reason, t.status)
      .where(sql`minute is not null`),
  ],
);

/**
 * Refusals of unsigned ingest requests per client address (`ip:…`) and per known agent key (`a:<id>`)
 * in fixed one-minute windows, shared by every process (features/ingest/throttle.ts). Rows of ended
 * windows are deleted by the upkeep.
 */
export const ingestThrottle = pgTable('ingest_throttle', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  refusals: integer('refusals').notNull(),
});
