import type { Session } from '@sapi/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, PortalActor } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { notFound } from '../../core/errors.ts';
import { livePortal, ofAccount, revokePortalSessionsOf } from '../../core/portal-sessions.ts';
import type { Executor } from '../../db/client.ts';
import { listPage, type PageQuery } from '../../db/paging.ts';
import { portalSessions } from '../../db/schema/index.ts';
import { toSession } from './session-management.ts';

/*
 * An agent-side account's own sessions (docs/design.md §16): listed and ended as staff list and end
 * theirs (session-management.ts), over `portal_sessions`. Only the caller's own account's: another
 * account's session id answers as a missing one.
 */

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

const mine = (actor: PortalActor) => ofAccount(actor.agentId, actor.operatorId);

/** The caller's live sessions: this one first, then the most recently used. */
export const listOwnPortalSessions = (ctx: AppContext, actor: PortalActor, q: PageQuery) => {
  const where = and(mine(actor), livePortal(ctx.now()));
  return listPage(
    q,
    (limit, offset) =>
      ctx.db
        .select()
        .from(portalSessions)
        .where(where)
        .orderBy(
          sql`${portalSessions.id} = ${actor.sessionId} desc`,
          desc(portalSessions.lastSeenAt),
          desc(portalSessions.id),
        )
        .limit(limit)
        .offset(offset),
    async () => Number((await ctx.db.select({ n: count() }).from(portalSessions).where(where))[0]?.n ?? 0),
    (row): Session => toSession({ ...row, adminId: actor.id, username: actor.username }, actor),
  );
};

/** End one live session of the caller's own account; any other id answers as a missing session. */
export const endOwnPortalSession = async (
  ctx: AppContext,
  actor: PortalActor,
  sessionId: bigint,
  audit: Audit,
): Promise<void> => {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(portalSessions)
      .set({ revokedAt: now })
      .where(and(eq(portalSessions.id, sessionId), mine(actor), livePortal(now)))
      .returning({ id: portalSessions.id });
    if (!row) throw notFound('Session');
    await audit(tx, { action: 'session-end', entity: 'session', entityId: row.id.toString() });
  });
};

/** End every other live session of the caller's own account. */
export const endOtherPortalSessions = (ctx: AppContext, actor: PortalActor, audit: Audit) =>
  ctx.db.transaction(async (tx) => {
    const ended = await revokePortalSessionsOf(
      tx,
      actor.agentId,
      actor.operatorId,
      ctx.now(),
      actor.sessionId,
    );
    await audit(tx, {
      action: 'sessions-end-others',
      entity: actor.kind === 'agent' ? 'agent' : 'agent-operator',
      entityId: actor.id.toString(),
      after: { endedSessions: ended },
    });
    return { ended };
  });
