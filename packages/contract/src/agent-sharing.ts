import { z } from 'zod';
import {
  boolFilter,
  idFilter,
  idSchema,
  isoTimestamp,
  pageFields,
  percentSchema,
  refuseDeepPage,
  sortFields,
  textFilter,
} from './common.ts';
import { reportMoneySchema } from './report.ts';
import { optionalBusinessDay, periodStatusSchema } from './settlement.ts';

/** A percentage change waiting for a second manager's approval (the `sharingChangeApproval` setting). */
export const sharingPendingChangeSchema = z.object({
  approvalId: z.string(),
  parentPercentage: z.number(),
  effectiveFrom: z.string(),
});

export const agentSharingSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  agentPrefix: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentAgentPrefix: z.string(),
  parentPercentage: z.number(),
  isDisable: z.boolean(),
  /**
   * First day (YYYY-MM-DD, REPORT_TIMEZONE) of the version in force today, or of the next scheduled
   * one; null when the arrangement has neither (disabled).
   */
  effectiveFrom: z.string().nullable(),
  /** true: a negative balance is payable by the parent each period; false: it carries forward. */
  settleEachPeriod: z.boolean(),
  pendingChange: sharingPendingChangeSchema.nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type AgentSharing = z.infer<typeof agentSharingSchema>;

export const agentSharingListQuerySchema = z
  .object({
    agent: idFilter,
    parentAgent: idFilter,
    /** Text match on the agent's username / prefix. */
    username: textFilter,
    prefix: textFilter,
    isDisable: boolFilter,
    ...sortFields(['agentUsername', 'createdAt']),
    ...pageFields(10),
  })
  .superRefine(refuseDeepPage);
export type AgentSharingListQuery = z.input<typeof agentSharingListQuerySchema>;

export const agentSharingCreateSchema = z.object({
  agent: idSchema,
  parentAgent: idSchema,
  parentPercentage: percentSchema,
  isDisable: z.boolean().default(false),
  /** The first business day it is in force (default today in REPORT_TIMEZONE). */
  effectiveFrom: optionalBusinessDay,
  settleEachPeriod: z.boolean().optional(),
});
export type AgentSharingCreate = z.input<typeof agentSharingCreateSchema>;

export const agentSharingUpdateSchema = z.object({
  agent: idSchema,
  parentAgent: idSchema,
  parentPercentage: percentSchema,
  /** The first business day the change is in force (default today in REPORT_TIMEZONE). */
  effectiveFrom: optionalBusinessDay,
  settleEachPeriod: z.boolean().optional(),
});
export type AgentSharingUpdate = z.input<typeof agentSharingUpdateSchema>;

/**
 * An update's answer: the arrangement, and when the change waits for approval (the percentage changed
 * while `sharingChangeApproval` is on) the approval's id; the arrangement is then unchanged.
 */
export const agentSharingUpdateDataSchema = agentSharingSchema.extend({
  pendingApproval: z.string().optional(),
});

/** Disable and enable: from which business day (default today in REPORT_TIMEZONE). Optional body. */
export const agentSharingSwitchSchema = z
  .object({ effectiveFrom: optionalBusinessDay })
  .optional()
  .transform((v) => ({ effectiveFrom: v?.effectiveFrom }));
export type AgentSharingSwitch = z.input<typeof agentSharingSwitchSchema>;

/**
 * One version of an arrangement. `from` is its first day, `to` its LAST day (inclusive; null =
 * open-ended). A version replaced on its own first day was never in force: its `to` is the day before
 * its `from`. Disabled stretches are gaps between versions.
 */
export const agentSharingVersionSchema = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentPercentage: z.number(),
  isDisable: z.boolean().optional(),
  createdAt: isoTimestamp,
  /** null for versions made from the arrangements that existed before versions did. */
  createdByUsername: z.string().nullable(),
});
export type AgentSharingVersion = z.infer<typeof agentSharingVersionSchema>;

export const agentSharingWhatIfQuerySchema = z.object({ parentPercentage: percentSchema });
/** A month as it is (or was, frozen) and as it would have been with the new percentage on the days in force. */
export const agentSharingWhatIfRowSchema = z.object({
  year: z.string(),
  month: z.string(),
  status: periodStatusSchema,
  parentShare: reportMoneySchema,
  whatIf: reportMoneySchema,
});
