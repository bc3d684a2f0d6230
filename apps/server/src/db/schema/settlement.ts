import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { admins } from './admin.ts';
import { agentSharing, agents } from './catalogue.ts';

/* Settlement (migration 0041, docs/design.md §15). Dates are business days as 'YYYY-MM-DD' strings. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const ref = (name: string) => bigint(name, { mode: 'bigint' });

/** One version of an arrangement: in force from `effectiveFrom` up to (not including) `effectiveTo`. */
export const agentSharingVersions = pgTable('agent_sharing_versions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  sharingId: ref('sharing_id')
    .notNull()
    .references(() => agentSharing.id),
  agentId: ref('agent_id')
    .notNull()
    .references(() => agents.id),
  parentAgentId: ref('parent_agent_id')
    .notNull()
    .references(() => agents.id),
  parentBp: integer('parent_bp').notNull(),
  effectiveFrom: day('effective_from').notNull(),
  effectiveTo: day('effective_to'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: ref('created_by').references(() => admins.id),
});

export const settlementPeriods = pgTable('settlement_periods', {
  month: day('month').primaryKey(),
  status: text('status', { enum: ['closing', 'closed'] }).notNull(),
  requestedBy: ref('requested_by').notNull(),
  requestedAt: ts('requested_at').notNull(),
  approvalId: ref('approval_id').notNull(),
  closedAt: ts('closed_at'),
  closedBy: ref('closed_by'),
  ledgerCount: numeric('ledger_count'),
  ledgerAmount: numeric('ledger_amount'),
});

export const approvals = pgTable('approvals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: ['settlement-close', 'sharing-change'] }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  target: text('target').notNull(),
  /** The staff account that asked, or null: the agent side asked (`requestedByName`, migration 0047). */
  requestedBy: ref('requested_by'),
  requestedByName: text('requested_by_name'),
  requestedAt: ts('requested_at').notNull(),
  decidedBy: ref('decided_by'),
  decidedAt: ts('decided_at'),
  reason: text('reason'),
  payload: jsonb('payload').notNull(),
  summary: jsonb('summary').notNull(),
});

const satang = (name: string) => numeric(name).notNull();
export const settlementLines = pgTable('settlement_lines', {
  month: day('month').notNull(),
  sharingId: ref('sharing_id').notNull(),
  agentId: ref('agent_id').notNull(),
  parentAgentId: ref('parent_agent_id').notNull(),
  segments: jsonb('segments').notNull(),
  winLose: satang('win_lose'),
  parentShare: satang('parent_share'),
  adjustment: satang('adjustment'),
  adjustments: jsonb('adjustments').notNull(),
  carriedIn: satang('carried_in'),
  paymentsToParent: satang('payments_to_parent'),
  paymentsToChild: satang('payments_to_child'),
  outstanding: satang('outstanding'),
  settleEachPeriod: boolean('settle_each_period').notNull(),
});

export const settlementPayments = pgTable('settlement_payments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  sharingId: ref('sharing_id').notNull(),
  agentId: ref('agent_id').notNull(),
  parentAgentId: ref('parent_agent_id').notNull(),
  direction: text('direction', { enum: ['to-parent', 'to-child'] }).notNull(),
  amount: ref('amount').notNull(),
  paidOn: day('paid_on').notNull(),
  reference: text('reference').notNull().default(''),
  note: text('note').notNull().default(''),
  createdBy: ref('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  voidedAt: ts('voided_at'),
  voidedBy: ref('voided_by'),
  voidReason: text('void_reason'),
});

export const approvalSettings = pgTable('approval_settings', {
  kind: text('kind').primaryKey(),
  required: boolean('required').notNull(),
});
