import type { AuditRecord, auditListQuerySchema } from '@sapi/contract';
import { and, asc, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Scope } from '../../context.ts';
import { type AuditContent, GENESIS_HASH, linkHash } from '../../core/audit.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { contains, offsetOf, within } from '../../db/filters.ts';
import { sortOf } from '../../db/paging.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Json } from '../../lib/canonical-json.ts';

type AuditRow = typeof auditLog.$inferSelect;

/** The content a stored record was hashed over, as `recordAudit` built it. */
export const storedContent = (row: AuditRow): AuditContent => ({
  at: row.at.toISOString(),
  actorId: row.actorId?.toString() ?? null,
  actor: row.actor,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: (row.before ?? null) as Json,
  after: (row.after ?? null) as Json,
  ip: row.ip,
});

const toRecord = (row: AuditRow): AuditRecord => ({ _id: row.id.toString(), ...storedContent(row) });

/**
 * The records a scope may read (docs/design.md §16): every one for staff; for the agent side those its
 * scope's accounts wrote — no staff id, and `after.by.agentId` (set by the route layer on every
 * agent-side record) one of its agents.
 */
const auditWithin = (scope: Scope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : and(
        isNull(auditLog.actorId),
        sql`(${auditLog.after} -> 'by' ->> 'agentId') = any(${arrayLiteral(scope.agentIds.map(String))}::text[])`,
      );

export const listAudit = async (ctx: AppContext, scope: Scope, q: z.output<typeof auditListQuerySchema>) => {
  const where = and(
    auditWithin(scope),
    contains(auditLog.actor, q.actor),
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    within(auditLog.at, q.startDate, q.endDate),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      // By time through its index (ties by id, the order they were written); else newest first.
      .orderBy(...(sortOf(q, { at: auditLog.at }, auditLog.id) ?? [desc(auditLog.id)]))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { records: rows.map(toRecord), page: q.page, limit: q.limit, total: total?.n ?? 0 };
};

export type ChainReport =
  | { ok: true; records: number }
  | { ok: false; records: number; brokenAt: string; reason: string };

/** Walk the chain in id order and name the first record whose link does not hold. */
export const verifyChain = async (db: Db, batch = 1000): Promise<ChainReport> => {
  let prev = GENESIS_HASH;
  let lastId = 0n;
  let seen = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    if (rows.length === 0) return { ok: true, records: seen };
    for (const row of rows) {
      seen++;
      if (row.prevHash !== prev) {
        return {
          ok: false,
          records: seen,
          brokenAt: row.id.toString(),
          reason: 'previous-hash link does not match',
        };
      }
      const expected = linkHash(prev, storedContent(row));
      if (row.hash !== expected) {
        return {
          ok: false,
          records: seen,
          brokenAt: row.id.toString(),
          reason: 'content does not match its hash',
        };
      }
      prev = row.hash;
      lastId = row.id;
    }
  }
};

/** A checkpointed head: records up to `lastId`, and that record's hash. */
export interface Anchor {
  count: number;
  lastId: string;
  hash: string;
  at: string;
}

export interface AnchorReport {
  /** Records of the chain as it is now. */
  records: number;
  /** Distinct checkpoints compared. */
  checked: number;
  /** What is missing or changed, earliest first; empty when every checkpoint holds. */
  problems: string[];
}

/**
 * Compare the chain with signed checkpoints of its head (see core/audit-checkpoint.ts): at each
 * checkpointed id the chain must still hold that many records and that hash, and it must reach the
 * newest checkpoint. Catches what `verifyChain` cannot: deleted newest records, and records rewritten
 * with every later hash recomputed.
 */
export const verifyAnchors = async (db: Db, anchors: Anchor[], batch = 5000): Promise<AnchorReport> => {
  const distinct = new Map<string, Anchor>();
  for (const a of anchors) distinct.set(`${a.lastId}|${a.count}|${a.hash}`, a);
  const pending = [...distinct.values()].sort((a, b) =>
    BigInt(a.lastId) === BigInt(b.lastId) ? 0 : BigInt(a.lastId) < BigInt(b.lastId) ? -1 : 1,
  );
  const problems: string[] = [];
  let next = 0;
  let seen = 0;
  let lastId = 0n;
  for (;;) {
    const rows = await db
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    for (const row of rows) {
      seen++;
      for (let a = pending[next]; a && BigInt(a.lastId) <= row.id; a = pending[++next]) {
        if (BigInt(a.lastId) < row.id) {
          problems.push(`record ${a.lastId} (checkpointed ${a.at}) is missing`);
        } else if (a.count !== seen) {
          problems.push(
            `checkpoint of ${a.at}: ${a.count} records up to record ${a.lastId}, the chain has ${seen} — ${Math.abs(a.count - seen)} ${a.count > seen ? 'deleted' : 'added'} at or before it`,
          );
        } else if (a.hash !== row.hash) {
          problems.push(
            `record ${a.lastId} no longer has the hash checkpointed ${a.at}: it or a record before it was rewritten`,
          );
        }
      }
      lastId = row.id;
    }
    if (rows.length < batch) break;
  }
  const newest = pending.at(-1);
  if (newest && BigInt(newest.lastId) > lastId) {
    problems.push(
      `the chain ends at record ${lastId} (${seen} records), the checkpoint of ${newest.at} holds ${newest.count} up to record ${newest.lastId}: records ${lastId + 1n}..${newest.lastId} are missing (${newest.count - seen} records)`,
    );
  }
  return { records: seen, checked: pending.length, problems };
};
