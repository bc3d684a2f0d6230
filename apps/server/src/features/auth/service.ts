import { Status } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { recordAudit } from '../../core/audit.ts';
import { AppError } from '../../core/errors.ts';
import { createSession, markSessionVerified } from '../../core/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { findAdmin } from '../../db/lookups.ts';
import { admins } from '../../db/schema/index.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { admitAttempt, recordSuccess } from './throttle.ts';

/** One answer for unknown user, wrong password and locked account (DESIGN §7). */
const badCredentials = () => new AppError(Status.BAD_CREDENTIALS, 'Invalid username or password');

export const findAdminByUsername = async (ctx: AppContext, username: string) => {
  const [row] = await ctx.db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
};

/** Check credentials once the attempt is counted and admitted; on success open a session and record the sign-in. */
export const login = async (
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<string> => {
  const admission = await admitAttempt(ctx.db, username, ip, ctx.now());
  const admin = await findAdminByUsername(ctx, username);
  const ok = admin ? await verifyPassword(admin.passwordHash, password) : await verifyAgainstDummy(password);
  // A failure stays counted: admitAttempt counted it before the check.
  if (!admin || !ok || admin.locked) throw badCredentials();
  await recordSuccess(ctx.db, admission);
  const now = ctx.now();
  const entry: AuditEntry = {
    action: 'login',
    entity: 'session',
    entityId: admin.id.toString(),
    after: { ip },
  };
  return ctx.db.transaction(async (tx) => {
    await tx.update(admins).set({ activeLoginIp: ip }).where(eq(admins.id, admin.id));
    const token = await createSession(tx, admin.id, ip, now);
    await recordAudit(tx, { actorId: admin.id, actor: admin.username, ip }, entry, now);
    return token;
  });
};

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

/**
 * Re-check the signed-in admin's password before a sensitive change (DESIGN §7), throttled and
 * counted like a sign-in. Every checked attempt leaves one audit record; a success marks this
 * session (not the account's other sessions) as verified now.
 */
export const verifyOwnPassword = async (
  ctx: AppContext,
  actor: Actor,
  password: string,
  ip: string,
  audit: Audit,
): Promise<void> => {
  const admin = await findAdmin(ctx.db, actor.id);
  if (!admin) throw badCredentials();
  const admission = await admitAttempt(ctx.db, admin.username, ip, ctx.now());
  const ok = await verifyPassword(admin.passwordHash, password);
  const entry = { entity: 'session' as const, entityId: actor.id.toString() };
  if (!ok) {
    await ctx.db.transaction((tx) => audit(tx, { ...entry, action: 'verify-failed' }));
    throw new AppError(Status.BAD_CREDENTIALS, 'Password is incorrect');
  }
  await recordSuccess(ctx.db, admission);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await markSessionVerified(tx, actor.sessionId, now);
    await audit(tx, { ...entry, action: 'verify' });
  });
};
