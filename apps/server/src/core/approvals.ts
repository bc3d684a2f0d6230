import type { Approval, ApprovalKind } from '@sapi/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/client.ts';
import { admins, approvalSettings, approvals } from '../db/schema/index.ts';

/*
 * Four-eyes approvals (docs/design.md §15): what waits for a second manager. One pending approval per
 * kind and target (a unique index); the features that ask (settlement close, sharing change) create
 * them here, the approval feature lists and decides them.
 */

const requester = alias(admins, 'requester');
const decider = alias(admins, 'decider');

export const selectApprovals = (db: Executor) =>
  db
    .select({
      a: approvals,
      // A staff account's username, or the agent side's sign-in name (docs/design.md §16).
      requestedByUsername: sql<string>`coalesce(${requester.username}, ${approvals.requestedByName}, '')`,
      decidedByUsername: decider.username,
    })
    .from(approvals)
    .leftJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy));

type Joined = Awaited<ReturnType<ReturnType<typeof selectApprovals>['execute']>>[number];

export const toApproval = (r: Joined): Approval => ({
  _id: r.a.id.toString(),
  kind: r.a.kind,
  status: r.a.status,
  ...(r.a.requestedBy === null ? {} : { requestedBy: r.a.requestedBy.toString() }),
  requestedByUsername: r.requestedByUsername,
  requestedAt: r.a.requestedAt.toISOString(),
  ...(r.a.decidedBy === null ? {} : { decidedBy: r.a.decidedBy.toString() }),
  ...(r.decidedByUsername === null ? {} : { decidedByUsername: r.decidedByUsername }),
  ...(r.a.decidedAt === null ? {} : { decidedAt: r.a.decidedAt.toISOString() }),
  ...(r.a.reason === null ? {} : { reason: r.a.reason }),
  summary: r.a.summary as Approval['summary'],
});

export const findApproval = async (db: Executor, id: bigint) =>
  (await selectApprovals(db).where(eq(approvals.id, id)))[0];

/** The pending approval of this kind and target, if any. */
export const pendingApproval = async (db: Executor, kind: ApprovalKind, target: string) =>
  (
    await db
      .select({ id: approvals.id, payload: approvals.payload })
      .from(approvals)
      .where(and(eq(approvals.kind, kind), eq(approvals.target, target), eq(approvals.status, 'pending')))
  )[0];

/** Pending approvals of a kind, newest first (the sharing list's `pendingChange`). */
export const pendingOfKind = (db: Executor, kind: ApprovalKind, where?: SQL) =>
  db
    .select({ id: approvals.id, target: approvals.target, payload: approvals.payload })
    .from(approvals)
    .where(and(eq(approvals.kind, kind), eq(approvals.status, 'pending'), where))
    .orderBy(desc(approvals.id));

export const createApproval = async (
  tx: Tx,
  a: {
    kind: ApprovalKind;
    target: string;
    /** A staff account's id, or the agent side's sign-in name. */
    by: bigint | { name: string };
    now: Date;
    payload: unknown;
    summary: unknown;
  },
): Promise<Approval> => {
  const [row] = await tx
    .insert(approvals)
    .values({
      kind: a.kind,
      target: a.target,
      requestedBy: typeof a.by === 'bigint' ? a.by : null,
      requestedByName: typeof a.by === 'bigint' ? null : a.by.name,
      requestedAt: a.now,
      payload: a.payload,
      summary: a.summary,
    })
    .returning({ id: approvals.id });
  const found = row && (await findApproval(tx, row.id));
  if (!found) throw new Error('approval not stored');
  return toApproval(found);
};

/** Is a second manager's approval required for this kind of change? (security settings) */
export const approvalRequired = async (db: Executor, kind: 'sharing-change') =>
  (
    await db
      .select({ required: approvalSettings.required })
      .from(approvalSettings)
      .where(eq(approvalSettings.kind, kind))
  )[0]?.required === true;

export const setApprovalRequired = async (db: Executor, kind: 'sharing-change', required: boolean) => {
  await db
    .insert(approvalSettings)
    .values({ kind, required })
    .onConflictDoUpdate({ target: approvalSettings.kind, set: { required } });
};

/** What a pending percentage change carries: the change as requested, applied when it is approved. */
export interface SharingChangePayload {
  sharing: string;
  agent: string;
  parentAgent: string;
  bp: number;
  effectiveFrom: string;
  settleEachPeriod?: boolean;
}
