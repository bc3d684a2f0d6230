import { type LoginResult, type SelfData, Status } from '@sapi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, PortalActor, Principal } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { recordAudit } from '../../core/audit.ts';
import { conflict, invalidField, notFound, refusal } from '../../core/errors.ts';
import { assertPasswordRules } from '../../core/password-rules.ts';
import {
  createPortalSession,
  markPortalSessionVerified,
  type PortalAccount,
  portalAccountOf,
  revokePortalSessionsOf,
} from '../../core/portal-sessions.ts';
import type { Executor } from '../../db/client.ts';
import { agentOperators, agents } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { admitOwnAttempt, recordOwnSuccess, sessionKey } from './throttle.ts';

/*
 * The agent side's own account services (docs/design.md §16): the session a sign-in opens, what `self`
 * says, the password re-check and change. The sign-in itself is staff sign-in's (service.ts `login`),
 * which falls through to these accounts when no staff account has the name.
 */

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

/** Who an agent-side account is in the audit log: its sign-in name, kind, agent and operator. */
const by = (account: PortalAccount) => ({
  kind: account.kind,
  agentId: account.agentId.toString(),
  operatorId: account.operatorId === null ? null : account.operatorId.toString(),
});

/**
 * Open the session of an agent-side sign-in; a password someone else set must be changed first, and an
 * operator its owners require two-factor of enrols before anything else (as staff, service.ts).
 */
export const openPortalSession = async (
  ctx: AppContext,
  account: PortalAccount,
  client: { ip: string; userAgent: string | undefined },
  method: 'password' | 'totp' | 'recovery' = 'password',
): Promise<LoginResult> => {
  const next = account.mustChangePassword
    ? ('change-password' as const)
    : account.totpRequired && !account.totpSecret
      ? ('enrol-totp' as const)
      : undefined;
  const now = ctx.now();
  const token = await ctx.db.transaction(async (tx) => {
    const t = await createPortalSession(tx, account, client.ip, now, {
      userAgent: client.userAgent,
      verified: next !== undefined,
      limit: ctx.config.MAX_SESSIONS_PER_ACCOUNT,
    });
    await recordAudit(
      tx,
      { actorId: null, actor: account.username, ip: client.ip },
      {
        action: 'login',
        entity: 'session',
        entityId: (account.operatorId ?? account.agentId).toString(),
        after: { ip: client.ip, method, by: by(account) },
      },
      now,
    );
    return t;
  });
  return next ? { token, next } : { token };
};

/** The self answer of any principal (`POST /admin/authorization/self`). */
export const selfOf = (ctx: AppContext, actor: Principal): SelfData => {
  const timeZone = ctx.config.REPORT_TIMEZONE;
  if (actor.kind === 'staff') {
    return {
      username: actor.username,
      kind: 'staff',
      type: actor.type,
      role: actor.type,
      id: actor.id.toString(),
      timeZone,
    };
  }
  return {
    username: actor.username,
    kind: actor.kind,
    type: actor.type,
    role: actor.role,
    id: actor.id.toString(),
    agentId: actor.agentId.toString(),
    agentUsername: actor.agentUsername,
    prefix: actor.prefix,
    timeZone,
  };
};

/** `verify` for the agent side: the same per-session counter and answers as staff's. */
export const verifyPortalPassword = async (
  ctx: AppContext,
  actor: PortalActor,
  password: string,
  audit: Audit,
): Promise<void> => {
  const account = await portalAccountOf(ctx.db, actor);
  if (!account) throw refusal(Status.BAD_CREDENTIALS, 'password_incorrect', 'Password is incorrect');
  const admission = await admitOwnAttempt(ctx.db, sessionKey(actor.sessionId), ctx.now());
  const entry = { entity: 'session' as const, entityId: actor.id.toString() };
  if (!(await verifyPassword(account.passwordHash, password))) {
    await ctx.db.transaction((tx) => audit(tx, { ...entry, action: 'verify-failed' }));
    throw refusal(Status.BAD_CREDENTIALS, 'password_incorrect', 'Password is incorrect', {
      path: 'password',
    });
  }
  await recordOwnSuccess(ctx.db, admission);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await markPortalSessionVerified(tx, actor.sessionId, now);
    await audit(tx, { ...entry, action: 'verify' });
  });
};

/**
 * Change an agent-side account's own password (docs/account-security.md rules: current one checked on
 * the session's counter, not the sign-in name, not common, not unchanged); a compare-and-set on the
 * checked hash, every other session of the account ends.
 */
export const changePortalPassword = async (
  ctx: AppContext,
  actor: PortalActor,
  currentPassword: string,
  newPassword: string,
  audit: Audit,
): Promise<{ ended: number }> => {
  const account = await portalAccountOf(ctx.db, actor);
  if (!account) throw notFound(actor.kind === 'agent' ? 'Agent' : 'Agent operator');
  const admission = await admitOwnAttempt(ctx.db, sessionKey(actor.sessionId), ctx.now());
  const entity = actor.kind === 'agent' ? ('agent' as const) : ('agent-operator' as const);
  if (!(await verifyPassword(account.passwordHash, currentPassword))) {
    await ctx.db.transaction((tx) =>
      audit(tx, { action: 'password-change-failed', entity, entityId: actor.id.toString() }),
    );
    throw invalidField('currentPassword', 'is incorrect', 'current_password');
  }
  await recordOwnSuccess(ctx.db, admission);
  const field = 'newPassword';
  // Not the sign-in name, nor the bare operator name within it.
  assertPasswordRules(newPassword, account.username, field);
  if (actor.kind === 'operator')
    assertPasswordRules(newPassword, account.username.split('@')[0] ?? '', field);
  if (newPassword === currentPassword)
    throw invalidField(field, 'must differ from the current one', 'password_unchanged');
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const changed =
      actor.operatorId === null
        ? await tx
            .update(agents)
            .set({ passwordHash, mustChangePassword: false, updatedAt: now })
            .where(and(eq(agents.id, actor.agentId), eq(agents.passwordHash, account.passwordHash)))
            .returning({ id: agents.id })
        : await tx
            .update(agentOperators)
            .set({ passwordHash, mustChangePassword: false, updatedAt: now })
            .where(
              and(
                eq(agentOperators.id, actor.operatorId),
                eq(agentOperators.passwordHash, account.passwordHash),
                sql`${agentOperators.deletedAt} is null`,
              ),
            )
            .returning({ id: agentOperators.id });
    if (changed.length === 0)
      throw conflict('concurrent_change', 'The password was changed at the same time; sign in again');
    const ended = await revokePortalSessionsOf(tx, actor.agentId, actor.operatorId, now, actor.sessionId);
    await audit(tx, {
      action: 'password-change',
      entity,
      entityId: actor.id.toString(),
      after: { endedSessions: ended },
    });
    return { ended };
  });
};
