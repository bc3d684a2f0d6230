import type {
  AgentSharing,
  agentSharingCreateSchema,
  agentSharingListQuerySchema,
  agentSharingUpdateSchema,
} from '@sapi/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type AuditFn, auditedChange } from '../../core/change.ts';
import { conflict, invalidField, notFound } from '../../core/errors.ts';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { contains } from '../../db/filters.ts';
import { listing } from '../../db/paging.ts';
import { agentSharing, agents } from '../../db/schema/index.ts';
import { type CsvColumn, decimalColumn, textColumn, timeColumn } from '../../lib/csv.ts';

type Query = z.output<typeof agentSharingListQuerySchema>;
const child = alias(agents, 'child');
const parent = alias(agents, 'parent');
/** Sharing changes are rare; one lock keeps the "no cycle" and "one enabled" checks true across processes. */
const SHARING_LOCK = 0x5a_05_4a;

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

type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

export const toSharing = (r: Joined): AgentSharing => ({
  _id: r.s.id.toString(),
  agent: r.s.agentId.toString(),
  agentUsername: r.childUsername,
  agentPrefix: r.childPrefix,
  parentAgent: r.s.parentAgentId.toString(),
  parentAgentUsername: r.parentUsername,
  parentAgentPrefix: r.parentPrefix,
  parentPercentage: r.s.parentBp / 100,
  isDisable: r.s.isDisable,
  createdAt: r.s.createdAt.toISOString(),
  updatedAt: r.s.updatedAt.toISOString(),
});

/** The agent-sharing export: its columns and their headers in each language. */
export const sharingCsvColumns: CsvColumn<AgentSharing>[] = [
  textColumn({ th: 'เอเจนต์', en: 'Agent' }, (r) => r.agentUsername),
  textColumn({ th: 'Prefix เอเจนต์', en: 'Agent prefix' }, (r) => r.agentPrefix),
  textColumn({ th: 'เอเจนต์แม่', en: 'Parent agent' }, (r) => r.parentAgentUsername),
  textColumn({ th: 'Prefix เอเจนต์แม่', en: 'Parent agent prefix' }, (r) => r.parentAgentPrefix),
  decimalColumn({ th: 'เปอร์เซ็นต์ของเอเจนต์แม่', en: 'Parent percentage' }, (r) => r.parentPercentage),
  textColumn({ th: 'ปิดใช้งาน', en: 'Disabled' }, (r) => r.isDisable),
  timeColumn({ th: 'วันที่สร้าง', en: 'Created' }, (r) => r.createdAt),
];

const whereOf = (q: Query) =>
  and(
    q.agent ? eq(agentSharing.agentId, q.agent) : undefined,
    q.parentAgent ? eq(agentSharing.parentAgentId, q.parentAgent) : undefined,
    contains(child.username, q.username),
    contains(child.prefix, q.prefix),
    q.isDisable === undefined ? undefined : eq(agentSharing.isDisable, q.isDisable),
  );

/** The sharing list and its export, for one set of filters. */
export const sharingListing = (ctx: AppContext, q: Query) =>
  listing({
    where: whereOf(q),
    id: agentSharing.id,
    idOf: (r: Joined) => r.s.id,
    toDto: toSharing,
    fetch: (where, limit, offset) =>
      selectJoined(ctx.db).where(where).orderBy(desc(agentSharing.id)).limit(limit).offset(offset),
    count: async (where) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(agentSharing)
          .innerJoin(child, eq(child.id, agentSharing.agentId))
          .where(where)
      )[0]?.n ?? 0,
  });

const findJoined = async (db: Executor, id: bigint) =>
  (await selectJoined(db).where(eq(agentSharing.id, id)))[0];

export const getSharing = async (ctx: AppContext, id: bigint) => {
  const row = await findJoined(ctx.db, id);
  if (!row) throw notFound('Agent sharing');
  return toSharing(row);
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

/**
 * Rules for an enabled arrangement agent → parent: a valid pair, the agent has no other enabled
 * arrangement, and following enabled arrangements up from the parent never reaches the agent.
 */
const assertArrangementAllowed = async (
  tx: Tx,
  agentId: bigint,
  parentId: bigint,
  self: bigint | undefined,
) => {
  await assertPair(tx, agentId, parentId);
  const [other] = await tx
    .select({ id: agentSharing.id })
    .from(agentSharing)
    .where(
      and(
        eq(agentSharing.agentId, agentId),
        eq(agentSharing.isDisable, false),
        self === undefined ? undefined : ne(agentSharing.id, self),
      ),
    );
  if (other) {
    throw conflict('sharing_exists', 'This agent already has an enabled sharing arrangement', {
      path: 'agent',
    });
  }
  const [chain] = await queryRows<{ reached: boolean }>(
    tx,
    sql`
    with recursive up(id, depth) as (
      select ${parentId}::bigint, 0
      union all
      select s.parent_agent_id, up.depth + 1 from agent_sharing s
      join up on s.agent_id = up.id
      where not s.is_disable and up.depth < 1000 ${self === undefined ? sql`` : sql`and s.id <> ${self}`}
    )
    select exists(select 1 from up where id = ${agentId}) as reached`,
  );
  if (chain?.reached) {
    throw conflict('sharing_cycle', 'This arrangement would make a cycle of parent agents', {
      path: 'parentAgent',
    });
  }
};

export const createSharing = (
  ctx: AppContext,
  input: z.output<typeof agentSharingCreateSchema>,
  audit: AuditFn,
) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SHARING_LOCK})`);
    const { agent: agentId, parentAgent: parentId } = input;
    if (input.isDisable) await assertPair(tx, agentId, parentId);
    else await assertArrangementAllowed(tx, agentId, parentId, undefined);
    const now = ctx.now();
    const [row] = await tx
      .insert(agentSharing)
      .values({
        agentId,
        parentAgentId: parentId,
        parentBp: bpOf(input.parentPercentage),
        isDisable: input.isDisable,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: agentSharing.id });
    const created = row && (await findJoined(tx, row.id));
    if (!created) throw notFound('Agent');
    const dto = toSharing(created);
    await audit(tx, { action: 'create', entity: 'agent-sharing', entityId: dto._id, after: dto });
    return dto;
  });

const loadLocked = (id: bigint) => async (tx: Tx) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${SHARING_LOCK})`);
  return findJoined(tx, id);
};

export const updateSharing = (
  ctx: AppContext,
  id: bigint,
  input: z.output<typeof agentSharingUpdateSchema>,
  audit: AuditFn,
) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: loadLocked(id),
      what: 'Agent sharing',
      toDto: toSharing,
      entity: 'agent-sharing',
      action: 'update',
      audit,
      change: async (t, row) => {
        const { agent: agentId, parentAgent: parentId } = input;
        const bp = bpOf(input.parentPercentage);
        if (row.s.agentId === agentId && row.s.parentAgentId === parentId && row.s.parentBp === bp)
          return undefined;
        if (row.s.isDisable) await assertPair(t, agentId, parentId);
        else await assertArrangementAllowed(t, agentId, parentId, id);
        await t
          .update(agentSharing)
          .set({ agentId, parentAgentId: parentId, parentBp: bp, updatedAt: ctx.now() })
          .where(eq(agentSharing.id, id));
        return findJoined(t, id);
      },
    }),
  );

export const setSharingDisabled = (ctx: AppContext, id: bigint, isDisable: boolean, audit: AuditFn) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: loadLocked(id),
      what: 'Agent sharing',
      toDto: toSharing,
      entity: 'agent-sharing',
      action: isDisable ? 'disable' : 'enable',
      audit,
      change: async (t, row) => {
        if (row.s.isDisable === isDisable) return undefined;
        if (!isDisable) await assertArrangementAllowed(t, row.s.agentId, row.s.parentAgentId, id);
        await t.update(agentSharing).set({ isDisable, updatedAt: ctx.now() }).where(eq(agentSharing.id, id));
        return findJoined(t, id);
      },
    }),
  );
