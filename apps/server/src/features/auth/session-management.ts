import type { Session } from '@sapi/contract';
import { and, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { notFound } from '../../core/errors.ts';
import { liveSession } from '../../core/session-store.ts';
import type { Executor } from '../../db/client.ts';
import { listPage, type PageQuery, sortOf } from '../../db/paging.ts';
import { admins, sessions } from '../../db/schema/index.ts';
import { browserOf } from '../../lib/user-agent.ts';

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

const columns = {
  id: sessions.id,
  adminId: sessions.adminId,
  username: admins.username,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
};
interface Row {
  id: bigint;
  adminId: bigint;
  username: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** A session as listed: a staff account's (`adminId`), or an agent-side account's under its id. */
export const toSession = (row: Row, current: { sessionId: bigint }): Session => ({
  _id: row.id.toString(),
  adminId: row.adminId.toString(),
  username: row.username,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  ip: row.ip,
  browser: browserOf(row.userAgent),
  userAgent: row.userAgent,
  current: row.id === current.sessionId,
});

type SortQuery<F extends string> = PageQuery & { sort?: F | undefined; order: 'asc' | 'desc' };

/** The most recently used first, ties by id. */
const recentFirst = () => [desc(sessions.lastSeenAt), desc(sessions.id)];

/**
 * The live sessions of `where` in `order`, a page of them and their total (db/paging.ts). Live sessions
 * are few (at most MAX_LIVE_SESSIONS an account), so any of their columns sorts cheaply.
 */
const pageOfSessions = (ctx: AppContext, actor: Actor, where: SQL | undefined, q: PageQuery, order: SQL[]) =>
  listPage(
    q,
    (limit, offset) =>
      ctx.db
        .select(columns)
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => Number((await ctx.db.select({ n: count() }).from(sessions).where(where))[0]?.n ?? 0),
    (row: Row) => toSession(row, actor),
  );

/**
 * The caller's live sessions: unsorted, this one first (the address screen reads it from page 1), then
 * the most recently used; or sorted by sign-in or last use. At most MAX_LIVE_SESSIONS
 * (core/session-store.ts), but paged like every list.
 */
export const listOwnSessions = (ctx: AppContext, actor: Actor, q: SortQuery<'createdAt' | 'lastSeenAt'>) =>
  pageOfSessions(
    ctx,
    actor,
    and(eq(sessions.adminId, actor.id), liveSession(ctx.now())),
    q,
    sortOf(q, { createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt }, sessions.id) ?? [
      sql`${sessions.id} = ${actor.sessionId} desc`,
      ...recentFirst(),
    ],
  );

/**
 * Every live session (or one account's), for a SUPERADMIN, the most recently used first, or sorted by
 * account name, sign-in or last use.
 */
export const listAllSessions = (
  ctx: AppContext,
  actor: Actor,
  q: SortQuery<'username' | 'createdAt' | 'lastSeenAt'> & { adminId?: bigint | undefined },
) =>
  pageOfSessions(
    ctx,
    actor,
    and(liveSession(ctx.now()), q.adminId === undefined ? undefined : eq(sessions.adminId, q.adminId)),
    q,
    sortOf(
      q,
      {
        username: sql`lower(${admins.username})`,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      },
      sessions.id,
    ) ?? recentFirst(),
  );

/**
 * End one live session. `owner` limits it to the caller's own: another account's session is "not found"
 * to them, the same answer as one that does not exist, so ids tell nothing.
 */
export const endSession = async (
  ctx: AppContext,
  sessionId: bigint,
  owner: bigint | null,
  audit: Audit,
): Promise<void> => {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          owner === null ? undefined : eq(sessions.adminId, owner),
          liveSession(now),
        ),
      )
      .returning({ id: sessions.id, adminId: sessions.adminId });
    const row = ended[0];
    if (!row) throw notFound('Session');
    await audit(tx, {
      action: 'session-end',
      entity: 'session',
      entityId: row.id.toString(),
      after: { adminId: row.adminId.toString() },
    });
  });
};

/** End every live session of an account, but `keep` (the caller's own, when ending "all others"). */
export const endSessionsOf = async (
  ctx: AppContext,
  adminId: bigint,
  keep: bigint | null,
  audit: Audit,
): Promise<{ ended: number }> => {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.adminId, adminId),
          isNull(sessions.revokedAt),
          keep === null ? undefined : ne(sessions.id, keep),
        ),
      )
      .returning({ id: sessions.id });
    await audit(tx, {
      action: keep === null ? 'sessions-end-all' : 'sessions-end-others',
      entity: 'admin',
      entityId: adminId.toString(),
      after: { endedSessions: ended.length },
    });
    return { ended: ended.length };
  });
};
