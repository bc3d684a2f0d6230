import { z } from 'zod';
import { isoTimestamp, pageFields, refuseDeepPage, sortFields } from './common.ts';

/*
 * Four-eyes approvals (docs/design.md §15): a change that waits until a second SUPERADMIN or ADMIN
 * approves it. The requester's own approval is refused (3004, issue `own_request`); a decided one is
 * 2009 (`approval_decided`).
 */

export const approvalKinds = ['settlement-close', 'sharing-change'] as const;
export const approvalKindSchema = z.enum(approvalKinds);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const approvalListQuerySchema = z
  .object({
    status: optionalEnum(approvalStatuses),
    kind: optionalEnum(approvalKinds),
    ...sortFields(['requestedAt']),
    ...pageFields(20),
  })
  .superRefine(refuseDeepPage);
export type ApprovalListQuery = z.input<typeof approvalListQuerySchema>;

/** What a settlement close changes: the period. */
export const settlementCloseSummarySchema = z.object({ year: z.string(), month: z.string() });
/** What a percentage change changes: the arrangement, from and to which percentage, from which day. */
export const sharingChangeSummarySchema = z.object({
  sharing: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  fromPercentage: z.number(),
  toPercentage: z.number(),
  effectiveFrom: z.string(),
});

export const approvalSchema = z.object({
  _id: z.string(),
  kind: approvalKindSchema,
  status: approvalStatusSchema,
  /** The staff account that asked; absent when the agent side asked (docs/design.md §16). */
  requestedBy: z.string().optional(),
  /** The staff username, or the agent-side sign-in name (`name` or `operator@prefix`). */
  requestedByUsername: z.string(),
  requestedAt: isoTimestamp,
  decidedBy: z.string().optional(),
  decidedByUsername: z.string().optional(),
  decidedAt: isoTimestamp.optional(),
  reason: z.string().optional(),
  /** `settlement-close`: {year, month}; `sharing-change`: the arrangement and the percentages. */
  summary: z.union([settlementCloseSummarySchema, sharingChangeSummarySchema]),
});
export type Approval = z.infer<typeof approvalSchema>;

/** Approve or reject: an optional reason, kept with the decision. */
export const approvalDecisionSchema = z
  .object({ reason: z.string().trim().max(500).optional() })
  .optional()
  .transform((v) => ({ reason: v?.reason === '' ? undefined : v?.reason }));

export const settlementCloseDataSchema = z.object({ approval: approvalSchema });
