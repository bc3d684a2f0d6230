import { randomBytes } from 'node:crypto';
import { manageableTypes } from '@sapi/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors.ts';
import { assertPasswordRules } from '../../core/password-rules.ts';
import { revokeAllSessions } from '../../core/session-store.ts';
import type { Executor } from '../../db/client.ts';
import { findAdmin } from '../../db/lookups.ts';
import { admins, loginChallenges, sessions } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { admitOwnAttempt, recordOwnSuccess, sessionKey } from './throttle.ts';

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

/**
 * What the contract cannot know (docs/design.md §13): not the username, not one of the 10,000 most common
 * passwords, not the current one. Length (8–128) the contract checks.
 */
const assertAcceptablePassword = (password: string, username: string, current: string): void => {
  const field = 'newPassword';
  assertPasswordRules(password, username, field);
  if (password === current)
    throw invalidField(field, 'must differ from the current one', 'password_unchanged');
};

/** Sign-in challenges still open for the account: a changed password must not be bypassed by one. */
const dropChallenges = (tx: Executor, adminId: bigint) =>
  tx.delete(loginChallenges).where(eq(loginChallenges.adminId, adminId));

/**
 * Change the caller's own password. The current password in the request is the re-authentication,
 * counted on this session's own counter like a verify (strangers' sign-in failures never block it);
 * the write is a compare-and-set on the hash that was checked, so
 * of two changes in parallel one wins and the other answers 2009. Every other session of the account
 * ends; this one goes on.
 */
export const changeOwnPassword = async (
  ctx: AppContext,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
  audit: Audit,
): Promise<{ ended: number }> => {
  const admin = await findAdmin(ctx.db, actor.id);
  if (!admin) throw notFound('Admin');
  const admission = await admitOwnAttempt(ctx.db, sessionKey(actor.sessionId), ctx.now());
  if (!(await verifyPassword(admin.passwordHash, currentPassword))) {
    await ctx.db.transaction((tx) =>
      audit(tx, { action: 'password-change-failed', entity: 'admin', entityId: admin.id.toString() }),
    );
    throw invalidField('currentPassword', 'is incorrect', 'current_password');
  }
  await recordOwnSuccess(ctx.db, admission);
  assertAcceptablePassword(newPassword, admin.username, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(admins)
      .set({ passwordHash, mustChangePassword: false, temporaryPasswordExpiresAt: null, updatedAt: now })
      .where(and(eq(admins.id, admin.id), eq(admins.passwordHash, admin.passwordHash)))
      .returning({ id: admins.id });
    if (changed.length === 0)
      throw conflict('concurrent_change', 'The password was changed at the same time; sign in again');
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(eq(sessions.adminId, admin.id), ne(sessions.id, actor.sessionId), isNull(sessions.revokedAt)),
      )
      .returning({ id: sessions.id });
    await dropChallenges(tx, admin.id);
    await audit(tx, {
      action: 'password-change',
      entity: 'admin',
      entityId: admin.id.toString(),
      after: { endedSessions: ended.length },
    });
    return { ended: ended.length };
  });
};

/** 16 characters of an unambiguous alphabet (about 80 bits), in groups of four for reading aloud. */
const TEMP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const temporaryPassword = (): string => {
  const chars: string[] = [];
  // Rejection sampling keeps every character equally likely.
  while (chars.length < 16) {
    for (const b of randomBytes(32)) {
      if (b < 248 && chars.length < 16) chars.push(TEMP_ALPHABET[b % 31] ?? 'a');
    }
  }
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
};

/** How long a temporary password from a reset works: long enough to reach its holder over a weekend. */
export const TEMPORARY_PASSWORD_MS = 72 * 60 * 60 * 1000;

/**
 * An administrator resets another account's password (docs/design.md §5 decides whose): a temporary password
 * shown once, the account's sessions and open sign-ins end, and its next sign-in may only change it.
 */
export const resetPassword = async (
  ctx: AppContext,
  actor: Actor,
  targetId: bigint,
  audit: Audit,
): Promise<{ temporaryPassword: string }> => {
  const target = await findAdmin(ctx.db, targetId);
  if (!target) throw notFound('Admin');
  if (target.id === actor.id) throw forbidden('reset_own', 'Change your own password instead');
  if (!manageableTypes[actor.type].includes(target.type)) {
    throw forbidden(
      'manage_type_forbidden',
      `A ${actor.type} may not reset the password of a ${target.type}`,
      { actorType: actor.type, type: target.type },
    );
  }
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({
        passwordHash,
        mustChangePassword: true,
        temporaryPasswordExpiresAt: new Date(now.getTime() + TEMPORARY_PASSWORD_MS),
        updatedAt: now,
      })
      .where(eq(admins.id, target.id));
    await revokeAllSessions(tx, target.id, now);
    await dropChallenges(tx, target.id);
    await audit(tx, { action: 'password-reset', entity: 'admin', entityId: target.id.toString() });
  });
  return { temporaryPassword: password };
};
