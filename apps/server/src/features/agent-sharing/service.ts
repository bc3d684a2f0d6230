import type {
  AgentSharing,
  AgentSharingVersion,
  agentSharingCreateSchema,
  agentSharingListQuerySchema,
  agentSharingUpdateSchema,
} from '@sapi/contract';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor, AppContext, Principal } from '../../context.ts';
import {
  approvalRequired,
  createApproval,
  pendingApproval,
  pendingOfKind,
  type SharingChangePayload,
} from '../../core/approvals.ts';
import { type AuditFn, auditedChange } from '../../core/change.ts';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors.ts';
import { agentWithin } from '../../core/scope.ts';
import { assertDayOpen, businessToday, lockSettlement, periodRows } from '../../core/settlement-periods.ts';
import {
  changeSharing,
  currentVersion,
  endVersions,
  inForceFrom,
  startVersion,
  type VersionRow,
} from '../../core/sharing-versions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { contains } from '../../db/filters.ts';
import { agentNamesById } from '../../db/lookups.ts';
import { listing, sortOf } from '../../db/paging.ts';
import { admins, agentSharing, agentSharingVersions, agents, approvals } from '../../db/schema/index.ts';
import { whatIf } from '../../ledger/settlement-statement.ts';
import { type CsvColumn, decimalColumn, flagColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { addDays, yearMonthText } from '../../lib/days.ts';
import { toReportMoney } from '../../lib/money.ts';

type Query = z.output<typeof agentSharingListQuerySchema>;
const child = alias(agents, 'child');
const parent = alias(agents, 'parent');

const bpOf = (percent: number) => Math.round(percent * 100);

const selectJoined = (db: Executor) =>
  db
    .select({
      s: agentSharing,
      childUsername: child.username,
      childPrefix: child.prefix,
      parentUsername: parent.username,
      parentPrefix: parent.prefix,
    })
    .from(agentSharing)
    .innerJoin(child, eq(child.id, agentSharing.agentId))
    .innerJoin(parent, eq(parent.id, agentSharing.parentAgentId));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];
/** A row with what the record shows beside the arrangement: its versions and a change awaiting approval. */
type Joined = JoinedRow & {
  today: string;
  versions: VersionRow[];
  parentNames: Map<bigint, { username: string; prefix: string }>;
  pending: { approvalId: string; bp: number; effectiveFrom: string } | null;
};

/** Versions, parents' names and pending changes of a page of arrangements, in three reads. */
const enrich = async (db: Executor, rows: JoinedRow[], today: string): Promise<Joined[]> => {
  const ids = rows.map((r) => r.s.id);
  if (ids.length === 0) return [];
  // One after another: inside a transaction they share one connection.
  const versions = await db
    .select()
    .from(agentSharingVersions)
    .where(inArray(agentSharingVersions.sharingId, ids))
    .orderBy(agentSharingVersions.effectiveFrom, agentSharingVersions.id);
  const pending = await pendingOfKind(db, 'sharing-change', inArray(approvals.target, ids.map(String)));
  const parentIds = [...new Set(versions.map((v) => v.parentAgentId))];
  const names = await agentNamesById(db, parentIds);
  return rows.map((r) => {
    const p = pending.find((x) => x.target === r.s.id.toString());
    const payload = p?.payload as SharingChangePayload | undefined;
    return {
      ...r,
      today,
      versions: versions.filter((v) => v.sharingId === r.s.id),
      parentNames: names,
      pending:
        p && payload
          ? { approvalId: p.id.toString(), bp: payload.bp, effectiveFrom: payload.effectiveFrom }
          : null,
    };
  });
};

/**
 * The record shows the version in force today, else the next one scheduled; with neither, the
 * arrangement is disabled and shows its latest setting.
 */
export const toSharing = (r: Joined): AgentSharing => {
  const v = currentVersion(r.versions, r.today);
  const parentOf = v && r.parentNames.get(v.parentAgentId);
  return {
    _id: r.s.id.toString(),
    agent: r.s.agentId.toString(),
    agentUsername: r.childUsername,
    agentPrefix: r.childPrefix,
    parentAgent: (v?.parentAgentId ?? r.s.parentAgentId).toString(),
    parentAgentUsername: parentOf?.username ?? r.parentUsername,
    parentAgentPrefix: parentOf?.prefix ?? r.parentPrefix,
    parentPercentage: (v?.parentBp ?? r.s.parentBp) / 100,
    isDisable: v === undefined,
    effectiveFrom: v?.effectiveFrom ?? null,
    settleEachPeriod: r.s.settleEachPeriod,
    pendingChange: r.pending && {
      approvalId: r.pending.approvalId,
      parentPercentage: r.pending.bp / 100,
      effectiveFrom: r.pending.effectiveFrom,
    },
    createdAt: r.s.createdAt.toISOString(),
    updatedAt: r.s.updatedAt.toISOString(),
  };
};

/** The agent-sharing export: its columns and their headers in each language. */
export const sharingCsvColumns: CsvColumn<AgentSharing>[] = [
  textColumn({ th: 'เอเจนต์', en: 'Agent' }, (r) => r.agentUsername),
  textColumn({ th: 'คำนำหน้าเอเจนต์', en: 'Agent prefix' }, (r) => r.agentPrefix),
  textColumn({ th: 'เอเจนต์แม่', en: 'Parent agent' }, (r) => r.parentAgentUsername),
  textColumn({ th: 'คำนำหน้าเอเจนต์แม่', en: 'Parent agent prefix' }, (r) => r.parentAgentPrefix),
  decimalColumn({ th: 'เปอร์เซ็นต์ของเอเจนต์แม่', en: 'Parent percentage' }, (r) => r.parentPercentage),
  textColumn({ th: 'มีผลตั้งแต่วันที่', en: 'Effective from' }, (r) => r.effectiveFrom),
  flagColumn({ th: 'ปิดใช้งาน', en: 'Disabled' }, (r) => r.isDisable),
  timeColumn({ th: 'วันที่สร้าง', en: 'Created' }, (r) => r.createdAt),
];

/**
 * The arrangements an agent-side caller reads (docs/design.md §16): those whose child and parent (the
 * latest setting) are both of its scope — its sub-agents' and theirs', never its own with its parent.
 * The child is of the scope today, so a version of it in force today (the one the record shows) has a
 * parent of the scope too: a move to another parent from a later day names today's parent to no one
 * outside. Nothing for staff.
 */
const ofScope = (actor: Principal): SQL | undefined =>
  actor.kind === 'staff'
    ? undefined
    : and(
        agentWithin(actor.scope, agentSharing.parentAgentId),
        agentWithin(actor.scope, agentSharing.agentId),
        ne(agentSharing.agentId, actor.agentId),
      );

const whereOf = (actor: Principal, q: Query) =>
  and(
    ofScope(actor),
    q.agent ? eq(agentSharing.agentId, q.agent) : undefined,
    q.parentAgent ? eq(agentSharing.parentAgentId, q.parentAgent) : undefined,
    contains(child.username, q.username),
    contains(child.prefix, q.prefix),
    q.isDisable === undefined ? undefined : eq(agentSharing.isDisable, q.isDisable),
  );

/** The sharing list and its export, for one set of filters. */
export const sharingListing = (ctx: AppContext, actor: Principal, q: Query) => {
  const today = businessToday(ctx);
  return listing({
    where: whereOf(actor, q),
    id: agentSharing.id,
    idOf: (r: Joined) => r.s.id,
    toDto: toSharing,
    fetch: async (where, limit, offset, order = [desc(agentSharing.id)]) =>
      enrich(
        ctx.db,
        await selectJoined(ctx.db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        today,
      ),
    count: async (where) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(agentSharing)
          .innerJoin(child, eq(child.id, agentSharing.agentId))
          .where(where)
      )[0]?.n ?? 0,
    // At most one live arrangement per agent: by the agent's name (lower case) or by creation.
    order: sortOf(
      q,
      { agentUsername: sql`lower(${child.username})`, createdAt: agentSharing.createdAt },
      agentSharing.id,
    ),
  });
};

const findJoined = async (db: Executor, id: bigint, today: string, where?: SQL) => {
  const rows = await selectJoined(db).where(and(eq(agentSharing.id, id), where));
  return (await enrich(db, rows, today))[0];
};

export const getSharing = async (ctx: AppContext, id: bigint) => {
  const row = await findJoined(ctx.db, id, businessToday(ctx));
  if (!row) throw notFound('Agent sharing');
  return toSharing(row);
};

/** Every version of an arrangement, earliest first, with its last day (inclusive) and who made it. */
export const sharingHistory = async (ctx: AppContext, id: bigint): Promise<AgentSharingVersion[]> => {
  const [found] = await ctx.db
    .select({ id: agentSharing.id })
    .from(agentSharing)
    .where(eq(agentSharing.id, id));
  if (!found) throw notFound('Agent sharing');
  const maker = alias(admins, 'maker');
  const rows = await ctx.db
    .select({ v: agentSharingVersions, parentUsername: agents.username, makerUsername: maker.username })
    .from(agentSharingVersions)
    .innerJoin(agents, eq(agents.id, agentSharingVersions.parentAgentId))
    .leftJoin(maker, eq(maker.id, agentSharingVersions.createdBy))
    .where(eq(agentSharingVersions.sharingId, id))
    .orderBy(agentSharingVersions.effectiveFrom, agentSharingVersions.id);
  return rows.map((r) => ({
    _id: r.v.id.toString(),
    from: r.v.effectiveFrom,
    to: r.v.effectiveTo === null ? null : addDays(r.v.effectiveTo, -1),
    parentAgent: r.v.parentAgentId.toString(),
    parentAgentUsername: r.parentUsername,
    parentPercentage: r.v.parentBp / 100,
    createdAt: r.v.createdAt.toISOString(),
    createdByUsername: r.makerUsername,
  }));
};

/** Rules for any arrangement agent → parent, enabled or not: both agents exist and they differ. */
const assertPair = async (tx: Tx, agentId: bigint, parentId: bigint) => {
  if (agentId === parentId) {
    throw invalidField('parentAgent', 'An agent cannot be its own parent', 'own_parent');
  }
  const found = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(sql`${agents.id} in (${agentId}, ${parentId})`);
  if (!found.some((a) => a.id === agentId)) throw invalidField('agent', 'Agent not found', 'agent_not_found');
  if (!found.some((a) => a.id === parentId)) {
    throw invalidField('parentAgent', 'Parent agent not found', 'agent_not_found');
  }
};

/** The effective day of a change: as sent or today, and never in a closed or closing period. */
const effectiveDay = async (ctx: AppContext, tx: Tx, sent: string | undefined) => {
  const day = sent ?? businessToday(ctx);
  assertDayOpen(await periodRows(tx), day, 'effectiveFrom');
  return day;
};

export const createSharing = (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof agentSharingCreateSchema>,
  audit: AuditFn,
) =>
  ctx.db.transaction(async (tx) => {
    await lockSettlement(tx);
    const { agent: agentId, parentAgent: parentId } = input;
    await assertPair(tx, agentId, parentId);
    const from = await effectiveDay(ctx, tx, input.effectiveFrom);
    const now = ctx.now();
    const bp = bpOf(input.parentPercentage);
    const [row] = await tx
      .insert(agentSharing)
      .values({
        agentId,
        parentAgentId: parentId,
        parentBp: bp,
        isDisable: input.isDisable,
        settleEachPeriod: input.settleEachPeriod ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: agentSharing.id })
      .catch((err: unknown) => {
        throw oneEnabled(err);
      });
    if (!row) throw notFound('Agent');
    if (!input.isDisable) {
      await startVersion(tx, { sharingId: row.id, agentId, parentId, bp, from, by: actor.id, now });
    }
    const created = await findJoined(tx, row.id, businessToday(ctx));
    if (!created) throw notFound('Agent');
    const dto = toSharing(created);
    await audit(tx, { action: 'create', entity: 'agent-sharing', entityId: dto._id, after: dto });
    return dto;
  });

/** The one-enabled-per-agent index, met by a create racing another: the same 409 as the check's. */
const oneEnabled = (err: unknown) =>
  String(
    (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code,
  ) === '23505'
    ? conflict('sharing_exists', 'This agent already has an enabled sharing arrangement', { path: 'agent' })
    : err;

const loadLocked = (ctx: AppContext, id: bigint, where?: SQL) => async (tx: Tx) => {
  await lockSettlement(tx);
  return findJoined(tx, id, businessToday(ctx), where);
};

/**
 * What the agent side may ask of an arrangement (docs/design.md §16): one of its own agent's direct
 * sub-agents, the same child and parent and settlement option, a different percentage only.
 */
const assertPortalChange = (
  actor: Principal,
  row: Joined,
  input: z.output<typeof agentSharingUpdateSchema>,
) => {
  if (actor.kind === 'staff') return;
  if (row.s.parentAgentId !== actor.agentId) {
    throw forbidden('not_own_sub_agent', 'Only the sharing of your own direct sub-agents can be changed');
  }
  const settle = input.settleEachPeriod ?? row.s.settleEachPeriod;
  if (input.agent !== row.s.agentId || input.parentAgent !== row.s.parentAgentId) {
    throw invalidField('parentAgent', 'An agent-side account may not set this', 'not_for_agent_side');
  }
  if (settle !== row.s.settleEachPeriod) {
    throw invalidField('settleEachPeriod', 'An agent-side account may not set this', 'not_for_agent_side');
  }
};

/**
 * Edit an arrangement from a day (default today). With `sharingChangeApproval` on, a different
 * percentage of an arrangement in force waits for a second manager: the answer is the arrangement
 * unchanged, with the approval's id.
 */
export const updateSharing = async (
  ctx: AppContext,
  actor: Principal,
  id: bigint,
  input: z.output<typeof agentSharingUpdateSchema>,
  audit: AuditFn,
): Promise<AgentSharing & { pendingApproval?: string }> => {
  let pendingId: string | undefined;
  const dto = await ctx.db.transaction((tx) =>
    auditedChange(tx, {
      // An arrangement outside the agent side's reach answers as a missing one.
      load: loadLocked(ctx, id, ofScope(actor)),
      what: 'Agent sharing',
      toDto: toSharing,
      entity: 'agent-sharing',
      action: 'update',
      audit,
      change: async (t, row) => {
        assertPortalChange(actor, row, input);
        const { agent: agentId, parentAgent: parentId } = input;
        const bp = bpOf(input.parentPercentage);
        const settle = input.settleEachPeriod ?? row.s.settleEachPeriod;
        const same = row.s.agentId === agentId && row.s.parentAgentId === parentId && row.s.parentBp === bp;
        if (same && settle === row.s.settleEachPeriod) return undefined;
        await assertPair(t, agentId, parentId);
        const today = businessToday(ctx);
        if (!same) {
          const from = await effectiveDay(ctx, t, input.effectiveFrom);
          const enabled = await inForceFrom(t, id, from);
          // The agent side's percentage change always waits for staff (docs/design.md §16).
          if (actor.kind !== 'staff' && !enabled) {
            throw conflict('sharing_not_in_force', 'This arrangement is not in force from that day', {
              path: 'effectiveFrom',
            });
          }
          const asks = actor.kind !== 'staff' || (await approvalRequired(t, 'sharing-change'));
          if (enabled && row.s.parentBp !== bp && asks) {
            pendingId = await requestChange(
              ctx,
              t,
              actor,
              row,
              { agentId, parentId, bp, from, settle },
              audit,
            );
            return undefined;
          }
          if (actor.kind !== 'staff') return undefined;
          await changeSharing(t, row.s, { agentId, parentId, bp }, from, actor.id, ctx.now());
        }
        if (settle !== row.s.settleEachPeriod) {
          await t
            .update(agentSharing)
            .set({ settleEachPeriod: settle, updatedAt: ctx.now() })
            .where(eq(agentSharing.id, id));
        }
        return findJoined(t, id, today);
      },
    }),
  );
  if (pendingId === undefined) return dto;
  return { ...(await getSharing(ctx, id)), pendingApproval: pendingId };
};

/** A percentage change that waits: one approval per arrangement, audited as a request. */
const requestChange = async (
  ctx: AppContext,
  tx: Tx,
  actor: Principal,
  row: Joined,
  next: { agentId: bigint; parentId: bigint; bp: number; from: string; settle: boolean },
  audit: AuditFn,
) => {
  const target = row.s.id.toString();
  if (await pendingApproval(tx, 'sharing-change', target)) {
    throw conflict('sharing_change_pending', 'This arrangement already has a change awaiting approval');
  }
  const [parentRow] = await tx
    .select({ username: agents.username })
    .from(agents)
    .where(eq(agents.id, next.parentId));
  const [childRow] = await tx
    .select({ username: agents.username })
    .from(agents)
    .where(eq(agents.id, next.agentId));
  const payload: SharingChangePayload = {
    sharing: target,
    agent: next.agentId.toString(),
    parentAgent: next.parentId.toString(),
    bp: next.bp,
    effectiveFrom: next.from,
    settleEachPeriod: next.settle,
  };
  const approval = await createApproval(tx, {
    kind: 'sharing-change',
    target,
    by: actor.kind === 'staff' ? actor.id : { name: actor.username },
    now: ctx.now(),
    payload,
    summary: {
      sharing: target,
      agent: payload.agent,
      agentUsername: childRow?.username ?? '',
      parentAgent: payload.parentAgent,
      parentAgentUsername: parentRow?.username ?? '',
      fromPercentage: row.s.parentBp / 100,
      toPercentage: next.bp / 100,
      effectiveFrom: next.from,
    },
  });
  await audit(tx, { action: 'request', entity: 'approval', entityId: approval._id, after: approval });
  return approval._id;
};

/** Disable (end every version from the day) or enable (a new version from the day). */
export const setSharingDisabled = (
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  isDisable: boolean,
  effectiveFrom: string | undefined,
  audit: AuditFn,
) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: loadLocked(ctx, id),
      what: 'Agent sharing',
      toDto: toSharing,
      entity: 'agent-sharing',
      action: isDisable ? 'disable' : 'enable',
      audit,
      change: async (t, row) => {
        const from = await effectiveDay(ctx, t, effectiveFrom);
        const now = ctx.now();
        if (isDisable) {
          if (!(await inForceFrom(t, id, from)) && row.s.isDisable) return undefined;
          await endVersions(t, id, from);
        } else {
          if (!row.s.isDisable) return undefined;
          await endVersions(t, id, from);
          await startVersion(t, {
            sharingId: id,
            agentId: row.s.agentId,
            parentId: row.s.parentAgentId,
            bp: row.s.parentBp,
            from,
            by: actor.id,
            now,
          });
        }
        await t
          .update(agentSharing)
          .set({ isDisable, updatedAt: now })
          .where(eq(agentSharing.id, id))
          .catch((err: unknown) => {
            throw oneEnabled(err);
          });
        return findJoined(t, id, businessToday(ctx));
      },
    }),
  );

/**
 * What the last three closed periods (else the last three past months) gave the parent, and what they
 * would have with `percentage` on the days the arrangement was in force. Nothing is stored.
 */
export const sharingWhatIf = async (ctx: AppContext, id: bigint, percentage: number) => {
  const [found] = await ctx.db
    .select({ id: agentSharing.id })
    .from(agentSharing)
    .where(eq(agentSharing.id, id));
  if (!found) throw notFound('Agent sharing');
  const rows = await whatIf(ctx.db, id, bpOf(percentage), businessToday(ctx));
  return rows.map((r) => ({
    ...yearMonthText(r.month),
    status: r.status,
    parentShare: toReportMoney(r.parentShare),
    whatIf: toReportMoney(r.whatIf),
  }));
};
