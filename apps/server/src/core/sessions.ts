import { type AdminType, Status } from '@sapi/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../context.ts';
import { type Db, type Executor, oncePerDatabase } from '../db/client.ts';
import { admins, loginChallenges, sessions, totpRequiredTypes } from '../db/schema/index.ts';
import { sqlTime } from '../db/sql-time.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { refusal } from './errors.ts';

export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A sensitive admin-account change needs a `verify` in the same session this recently (DESIGN §7). */
export const REAUTH_MS = 5 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 30 * 1000;

/** Kept for the session list; a longer header is cut, not refused. */
const MAX_USER_AGENT = 512;

/**
 * Start a session and return the token, which exists nowhere else after this. `verified`: the sign-in
 * itself counts as this session's password re-check (used when the account must set something up first).
 */
export const createSession = async (
  tx: Executor,
  adminId: bigint,
  ip: string | null,
  now: Date,
  opts: { userAgent?: string | undefined; verified?: boolean } = {},
): Promise<string> => {
  const token = newToken();
  await tx.insert(sessions).values({
    tokenHash: sha256Hex(token),
    adminId,
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    userAgent: opts.userAgent ? opts.userAgent.slice(0, MAX_USER_AGENT) : null,
    verifiedAt: opts.verified ? now : null,
  });
  return token;
};

/**
 * Every authenticated request runs this look-up first: prepared once per database (a named
 * statement on PostgreSQL, planned once per connection; the SQL built once on PGlite).
 */
const sessionLookup = oncePerDatabase((db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      verifiedAt: sessions.verifiedAt,
      id: admins.id,
      username: admins.username,
      type: admins.type,
      locked: admins.locked,
      mustChangePassword: admins.mustChangePassword,
      allowedIps: admins.allowedIps,
      // Required for the account's type but not enrolled: it may only enrol (3009) until it has.
      mustEnrolTotp: sql<boolean>`(${admins.totpSecret} is null and exists (select 1 from ${totpRequiredTypes} where ${totpRequiredTypes.type} = ${admins.type}))`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup'),
);

/** The staff member behind a token, or null when it is unknown, revoked, expired or the account locked. */
export const resolveSession = async (ctx: AppContext, token: string): Promise<Actor | null> => {
  const now = ctx.now();
  const [row] = await sessionLookup(ctx.db, '').execute({ tokenHash: sha256Hex(token) });
  if (!row || row.locked) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= IDLE_MS) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    username: row.username,
    type: row.type as AdminType,
    sessionId: row.sessionId,
    verifiedAt: row.verifiedAt,
    mustChangePassword: row.mustChangePassword,
    mustEnrolTotp: row.mustEnrolTotp === true,
    allowedIps: row.allowedIps,
  };
};

/** Record a successful password re-check on this session only. */
export const markSessionVerified = async (tx: Executor, sessionId: bigint, now: Date): Promise<void> => {
  await tx.update(sessions).set({ verifiedAt: now }).where(eq(sessions.id, sessionId));
};

/** 3005 unless this session re-checked its password within REAUTH_MS (a verify in the future does not count). */
export const assertRecentlyVerified = (actor: Actor, now: Date): void => {
  const at = actor.verifiedAt?.getTime();
  const age = at === undefined ? Number.POSITIVE_INFINITY : now.getTime() - at;
  if (age < 0 || age >= REAUTH_MS) {
    throw refusal(
      Status.REAUTH_REQUIRED,
      'reauth_required',
      'Confirm your password (verify) before this change',
      {
        params: { minutes: REAUTH_MS / 60_000 },
      },
    );
  }
};

/** Live = not revoked, not past its absolute expiry, not idle too long (the same rules as resolveSession). */
export const liveSession = (now: Date) =>
  sql`${sessions.revokedAt} is null and ${sessions.expiresAt} > ${sqlTime(now)} and ${sessions.lastSeenAt} > ${sqlTime(new Date(now.getTime() - IDLE_MS))}`;

export const revokeSession = async (tx: Executor, sessionId: bigint, now: Date): Promise<void> => {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
};

/** End every live session of an account at once (lock, type change, password change). */
export const revokeAllSessions = async (tx: Executor, adminId: bigint, now: Date): Promise<void> => {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
};

/** Sessions past any expiry are useless; drop them now and then to keep the table small. */
export const pruneSessions = async (tx: Executor, now: Date): Promise<void> => {
  // Sign-in challenges of the two-step sign-in likewise, once expired or used.
  await tx
    .delete(loginChallenges)
    .where(sql`${loginChallenges.expiresAt} < ${sqlTime(now)} or ${loginChallenges.usedAt} is not null`);
  await tx
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} < ${sqlTime(now)} or ${sessions.lastSeenAt} < ${sqlTime(new Date(now.getTime() - IDLE_MS))} or ${sessions.revokedAt} is not null`,
    );
};
