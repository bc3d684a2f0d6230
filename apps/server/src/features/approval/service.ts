import type { Approval, approvalListQuerySchema } from '@sapi/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.ts';
import {
  findApproval,
  type SharingChangePayload,
  selectApprovals,
  toApproval,
} from '../../core/approvals.ts';
import type { AuditFn } from '../../core/change.ts';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors.ts';
import { assertDayOpen, lockSettlement, periodRows } from '../../core/settlement-periods.ts';
import { changeSharing } from '../../core/sharing-versions.ts';
import type { Tx } from '../../db/client.ts';
import { sortOf } from '../../db/paging.ts';
import { agentSharing, approvals, settlementPeriods } from '../../db/schema/index.ts';
import { freezeMonth } from '../../ledger/settlement-statement.ts';

/*
 * Four-eyes decisions (docs/design.md §15): a second SUPERADMIN or ADMIN approves or rejects what
 * another asked for. Approving applies the change in the same transaction (a close freezes the
 * period's lines; a percentage change starts its version); rejecting a close opens the period again.
 * Decisions are serialised under the settlement lock, so of two at once exactly one wins.
 */

const newestFirst = [desc(approvals.requestedAt), desc(approvals.id)];

export const listApprovals = async (ctx: AppContext, q: z.output<typeof approvalListQuerySchema>) => {
  const where = and(
    q.status ? eq(approvals.status, q.status) : undefined,
    q.kind ? eq(approvals.kind, q.kind) : undefined,
  );
  const [rows, total] = await Promise.all([
    selectApprovals(ctx.db)
      .where(where)
      // By request time through its index (newest first unless asked otherwise), ties by id.
      .orderBy(...(sortOf(q, { requestedAt: approvals.requestedAt }, approvals.id) ?? newestFirst))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(approvals).where(where),
  ]);
  return { records: rows.map(toApproval), page: q.page, limit: q.limit, total: total[0]?.n ?? 0 };
};

/** Apply an approved percentage change as its requester asked it. */
const applySharingChange = async (ctx: AppContext, tx: Tx, payload: SharingChangePayload, by: bigint) => {
  const [row] = await tx
    .select()
    .from(agentSharing)
    .where(eq(agentSharing.id, BigInt(payload.sharing)));
  if (!row) throw notFound('Agent sharing');
  assertDayOpen(await periodRows(tx), payload.effectiveFrom, 'effectiveFrom');
  const now = ctx.now();
  await changeSharing(
    tx,
    row,
    { agentId: BigInt(payload.agent), parentId: BigInt(payload.parentAgent), bp: payload.bp },
    payload.effectiveFrom,
    by,
    now,
  );
  if (payload.settleEachPeriod !== undefined && payload.settleEachPeriod !== row.settleEachPeriod) {
    await tx
      .update(agentSharing)
      .set({ settleEachPeriod: payload.settleEachPeriod, updatedAt: now })
      .where(eq(agentSharing.id, row.id));
  }
};

/** Approve (`approved`) or reject (`rejected`) another manager's pending request. One audit record. */
export const decide = (
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  decision: 'approved' | 'rejected',
  reason: string | undefined,
  audit: AuditFn,
): Promise<Approval> =>
  ctx.db.transaction(async (tx) => {
    await lockSettlement(tx);
    const found = await findApproval(tx, id);
    if (!found) throw notFound('Approval');
    if (found.a.requestedBy === actor.id) {
      throw forbidden('own_request', 'You cannot decide your own request; a second administrator must');
    }
    const now = ctx.now();
    const [updated] = await tx
      .update(approvals)
      .set({ status: decision, decidedBy: actor.id, decidedAt: now, reason: reason ?? null })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
      .returning({ id: approvals.id });
    if (!updated) throw conflict('approval_decided', 'This request has already been approved or rejected');
    const payload = found.a.payload as { month?: string } & Partial<SharingChangePayload>;
    if (found.a.kind === 'settlement-close') {
      const month = payload.month;
      if (!month) throw invalidField('', 'The approval names no period', 'data_exception');
      if (decision === 'approved') await freezeMonth(tx, month, actor.id, now);
      else await tx.delete(settlementPeriods).where(eq(settlementPeriods.month, month));
    } else if (decision === 'approved') {
      // A version records the staff account behind it: the requester, or (the agent side asked) the approver.
      await applySharingChange(ctx, tx, payload as SharingChangePayload, found.a.requestedBy ?? actor.id);
    }
    const after = await findApproval(tx, id);
    if (!after) throw notFound('Approval');
    const dto = toApproval(after);
    await audit(tx, {
      action: decision === 'approved' ? 'approve' : 'reject',
      entity: 'approval',
      entityId: dto._id,
      before: toApproval(found),
      after: dto,
    });
    return dto;
  });
