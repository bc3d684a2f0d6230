import { type AuditAction, type LoginResult, Status } from '@sapi/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.ts';
import { admitsAddress, assertAllowedIp } from '../../core/allow-list.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { recordAudit } from '../../core/audit.ts';
import { AppError, invalidField, refusal } from '../../core/errors.ts';
import { findPortalAccount, type PortalAccount, portalAccountOf } from '../../core/portal-sessions.ts';
import { acceptPortalSecondFactor } from '../../core/portal-totp.ts';
import { createSession, markSessionVerified } from '../../core/session-store.ts';
import { acceptSecondFactor } from '../../core/totp.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { findAdmin } from '../../db/lookups.ts';
import { admins, loginChallenges, portalLoginChallenges, totpRequiredTypes } from '../../db/schema/index.ts';
import { isAllowedIp } from '../../lib/ip-allow.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { openPortalSession } from './portal.ts';
import {
  admitAttempt,
  admitOwnAttempt,
  recordOwnSuccess,
  recordSecondStepSuccess,
  recordSuccess,
  sessionKey,
} from './throttle.ts';

/** One answer for unknown user, wrong password and locked account (docs/design.md §7). */
const badCredentials = () => new AppError(Status.BAD_CREDENTIALS, 'Invalid username or password');

/** How long the code step may follow the password step. */
export const CHALLENGE_MS = 5 * 60 * 1000;
/** Codes one challenge may try; the username's throttle applies as well. */
export const CHALLENGE_ATTEMPTS = 5;

export const findAdminByUsername = async (ctx: AppContext, username: string) => {
  const [row] = await ctx.db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
};

type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdminByUsername>>>;

interface Client {
  ip: string;
  userAgent: string | undefined;
}

const totpRequiredFor = async (ctx: AppContext, type: AdminRow['type']): Promise<boolean> => {
  const rows = await ctx.db
    .select({ type: totpRequiredTypes.type })
    .from(totpRequiredTypes)
    .where(eq(totpRequiredTypes.type, type));
  return rows.length > 0;
};

/** Open the session of a completed sign-in, with what the account must do first when it must. */
const openSession = async (
  ctx: AppContext,
  admin: AdminRow,
  client: Client,
  method: 'password' | 'totp' | 'recovery',
): Promise<LoginResult> => {
  const next =
    admin.mustChangePassword === true
      ? ('change-password' as const)
      : !admin.totpSecret && (await totpRequiredFor(ctx, admin.type))
        ? ('enrol-totp' as const)
        : undefined;
  const now = ctx.now();
  const entry: AuditEntry = {
    action: 'login',
    entity: 'session',
    entityId: admin.id.toString(),
    after: { ip: client.ip, method },
  };
  const token = await ctx.db.transaction(async (tx) => {
    await tx.update(admins).set({ activeLoginIp: client.ip }).where(eq(admins.id, admin.id));
    // The password (and code) just given is a re-check: for its first minutes (REAUTH_MS) a sensitive
    // change or a setup step asks for no second password prompt.
    const t = await createSession(tx, admin.id, client.ip, now, {
      userAgent: client.userAgent,
      verified: next !== undefined || ctx.config.SIGN_IN_VERIFIES === 'on',
      limit: ctx.config.MAX_SESSIONS_PER_ACCOUNT,
    });
    await recordAudit(tx, { actorId: admin.id, actor: admin.username, ip: client.ip }, entry, now);
    return t;
  });
  return next ? { token, next } : { token };
};

/**
 * Check credentials once the attempt is counted and admitted. Without a second factor: open a session.
 * With one: 3006 and a short-lived challenge for the code step, and the attempt stays counted until
 * that step succeeds, so the password alone never resets the throttle between code guesses.
 */
export const login = async (
  ctx: AppContext,
  username: string,
  password: string,
  client: Client,
): Promise<LoginResult> => {
  const admission = await admitAttempt(ctx.db, username, client.ip, ctx.now());
  const admin = await findAdminByUsername(ctx, username);
  // No staff account of that name: an agent (its own name) or an operator (`name@prefix`), the one
  // name space of docs/design.md §16, with the same counters, one hash check and the same answers.
  const agentSide = admin ? undefined : await findPortalAccount(ctx.db, username);
  const hash = admin?.passwordHash ?? agentSide?.passwordHash;
  const ok = hash ? await verifyPassword(hash, password) : await verifyAgainstDummy(password);
  if (agentSide) {
    // Locked (an operator also when its agent is) answers as a wrong password; the failure stays counted.
    if (!ok || agentSide.locked) throw badCredentials();
    // Off its agent's sign-in list the right password answers as a wrong one too (and stays counted);
    // the owners find the refusal in the audit log.
    if (!isAllowedIp(agentSide.signInIps, client.ip)) throw await refusedAddress(ctx, agentSide, client);
    if (agentSide.totpSecret) throw await portalChallenge(ctx, agentSide, client);
    await recordSuccess(ctx.db, admission);
    return openPortalSession(ctx, agentSide, client);
  }
  // A failure stays counted: admitAttempt counted it before the check.
  if (!admin || !ok || admin.locked) throw badCredentials();
  // From an address off the account's list the right password answers as a wrong one (and stays
  // counted), so an off-list client never learns it guessed right; staff see the refusal counted.
  if (!(await admitsAddress(ctx.db, 'admin', admin, client.ip, ctx.now()))) throw badCredentials();
  // Only after the password, too: an unused temporary password is not a standing credential.
  if (
    admin.mustChangePassword &&
    admin.temporaryPasswordExpiresAt &&
    admin.temporaryPasswordExpiresAt <= ctx.now()
  ) {
    throw new AppError(
      Status.TEMPORARY_PASSWORD_EXPIRED,
      'This temporary password has expired; ask an administrator to reset the password again',
    );
  }
  if (admin.totpSecret) throw await challenge(ctx, admin, client);
  await recordSuccess(ctx.db, admission);
  return openSession(ctx, admin, client, 'password');
};

/**
 * The code step of a sign-in whose password was right: a challenge token, stored with its audit record
 * by `record` (staff's and the agent side's challenges have tables of their own), answered with it.
 */
const secondFactorStep = async (
  ctx: AppContext,
  record: (tx: Tx, challenge: { tokenHash: string; createdAt: Date; expiresAt: Date }) => Promise<void>,
): Promise<AppError> => {
  const token = newToken();
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + CHALLENGE_MS);
  await ctx.db.transaction((tx) => record(tx, { tokenHash: sha256Hex(token), createdAt, expiresAt }));
  return new AppError(Status.SECOND_FACTOR_REQUIRED, 'Enter the code from your authenticator app', {
    challenge: token,
    expiresAt: expiresAt.toISOString(),
  });
};

const challenge = (ctx: AppContext, admin: AdminRow, client: Client) =>
  secondFactorStep(ctx, async (tx, row) => {
    await tx.insert(loginChallenges).values({
      ...row,
      adminId: admin.id,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    await recordAudit(
      tx,
      { actorId: admin.id, actor: admin.username, ip: client.ip },
      { action: 'login-password-ok', entity: 'session', entityId: admin.id.toString() },
      row.createdAt,
    );
  });

/** Who an agent-side sign-in is in the audit log, as portal.ts records its sign-ins. */
const portalAuditOf = (account: PortalAccount, client: Client, action: AuditAction): AuditEntry => ({
  action,
  entity: 'session',
  entityId: (account.operatorId ?? account.agentId).toString(),
  after: {
    ip: client.ip,
    by: {
      kind: account.kind,
      agentId: account.agentId.toString(),
      operatorId: account.operatorId === null ? null : account.operatorId.toString(),
    },
  },
});

const auditPortal = (ctx: AppContext, account: PortalAccount, client: Client, action: AuditAction) =>
  ctx.db.transaction((tx) =>
    recordAudit(
      tx,
      { actorId: null, actor: account.username, ip: client.ip },
      portalAuditOf(account, client, action),
      ctx.now(),
    ),
  );

const refusedAddress = async (ctx: AppContext, account: PortalAccount, client: Client) => {
  await auditPortal(ctx, account, client, 'login-refused-address');
  return badCredentials();
};

/** The code step of an agent-side account that has two-factor on (as `challenge`). */
const portalChallenge = (ctx: AppContext, account: PortalAccount, client: Client) =>
  secondFactorStep(ctx, async (tx, row) => {
    await tx.insert(portalLoginChallenges).values({
      ...row,
      agentId: account.agentId,
      operatorId: account.operatorId,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    await recordAudit(
      tx,
      { actorId: null, actor: account.username, ip: client.ip },
      portalAuditOf(account, client, 'login-password-ok'),
      row.createdAt,
    );
  });

/** The code step of an agent-side challenge: staff's rules (loginWithCode) on the account's own row. */
const portalLoginWithCode = async (
  ctx: AppContext,
  challengeToken: string,
  code: string,
  client: Client,
): Promise<LoginResult> => {
  const now = ctx.now();
  const [found] = await ctx.db
    .select({
      challengeId: portalLoginChallenges.id,
      agentId: portalLoginChallenges.agentId,
      operatorId: portalLoginChallenges.operatorId,
    })
    .from(portalLoginChallenges)
    .where(
      and(
        eq(portalLoginChallenges.tokenHash, sha256Hex(challengeToken)),
        isNull(portalLoginChallenges.usedAt),
        gt(portalLoginChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  const account = found ? await portalAccountOf(ctx.db, found) : undefined;
  if (!found || !account) throw challengeExpired();
  const admission = await admitAttempt(ctx.db, account.username, client.ip, now);
  const [counted] = await ctx.db
    .update(portalLoginChallenges)
    .set({ attempts: sql`${portalLoginChallenges.attempts} + 1` })
    .where(and(eq(portalLoginChallenges.id, found.challengeId), isNull(portalLoginChallenges.usedAt)))
    .returning({ attempts: portalLoginChallenges.attempts });
  if (!counted || counted.attempts > CHALLENGE_ATTEMPTS) throw challengeExpired();
  if (account.locked) throw badCredentials();
  if (!isAllowedIp(account.signInIps, client.ip)) throw await refusedAddress(ctx, account, client);
  const method = await ctx.db.transaction(async (tx) => {
    const how = await acceptPortalSecondFactor(tx, ctx.config, account, code, now);
    if (!how) return null;
    const used = await tx
      .update(portalLoginChallenges)
      .set({ usedAt: now })
      .where(and(eq(portalLoginChallenges.id, found.challengeId), isNull(portalLoginChallenges.usedAt)))
      .returning({ id: portalLoginChallenges.id });
    if (used.length === 0) throw challengeExpired();
    return how;
  });
  if (!method) {
    await auditPortal(ctx, account, client, 'login-code-failed');
    throw invalidField('code', 'is wrong, expired or already used', 'totp_invalid');
  }
  await recordSecondStepSuccess(ctx.db, admission);
  return openPortalSession(ctx, account, client, method);
};

const challengeExpired = () =>
  new AppError(Status.UNAUTHENTICATED, 'This sign-in has expired or was used; sign in again');

/**
 * The code step: a live challenge, throttled per username like a password (and at most
 * CHALLENGE_ATTEMPTS codes per challenge), a code accepted once only; the challenge is used up by the
 * success that opens the session.
 */
export const loginWithCode = async (
  ctx: AppContext,
  challengeToken: string,
  code: string,
  client: Client,
): Promise<LoginResult> => {
  const now = ctx.now();
  const [found] = await ctx.db
    .select({ challengeId: loginChallenges.id, adminId: loginChallenges.adminId })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256Hex(challengeToken)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  // Not a staff challenge: an agent-side one, or none.
  if (!found) return portalLoginWithCode(ctx, challengeToken, code, client);
  const admin = await findAdmin(ctx.db, found.adminId);
  if (!admin) throw challengeExpired();
  const admission = await admitAttempt(ctx.db, admin.username, client.ip, now);
  const [counted] = await ctx.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.id, found.challengeId), isNull(loginChallenges.usedAt)))
    .returning({ attempts: loginChallenges.attempts });
  if (!counted || counted.attempts > CHALLENGE_ATTEMPTS) throw challengeExpired();
  if (admin.locked) throw badCredentials();
  await assertAllowedIp(ctx.db, 'admin', admin, client.ip, now);
  const method = await ctx.db.transaction(async (tx) => {
    const how = await acceptSecondFactor(tx, ctx.config, admin, code, now);
    if (!how) return null;
    // Used up in the same transaction as the code: two right codes in parallel open one session.
    const used = await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(and(eq(loginChallenges.id, found.challengeId), isNull(loginChallenges.usedAt)))
      .returning({ id: loginChallenges.id });
    if (used.length === 0) throw challengeExpired();
    return how;
  });
  if (!method) {
    await ctx.db.transaction((tx) =>
      recordAudit(
        tx,
        { actorId: admin.id, actor: admin.username, ip: client.ip },
        { action: 'login-code-failed', entity: 'session', entityId: admin.id.toString() },
        now,
      ),
    );
    throw invalidField('code', 'is wrong, expired or already used', 'totp_invalid');
  }
  await recordSecondStepSuccess(ctx.db, admission);
  return openSession(ctx, admin, client, method);
};

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

/**
 * Re-check the signed-in admin's password before a sensitive change (docs/design.md §7), throttled with the
 * sign-in's stepped rules on this session's own counter: strangers' sign-in failures (username and
 * address counters) never block it, and its own failures do not lock the username's sign-in. Every
 * checked attempt leaves one audit record; a success marks this session (not the account's other
 * sessions) as verified now.
 */
export const verifyOwnPassword = async (
  ctx: AppContext,
  actor: Actor,
  password: string,
  audit: Audit,
): Promise<void> => {
  const admin = await findAdmin(ctx.db, actor.id);
  if (!admin) throw badCredentials();
  const admission = await admitOwnAttempt(ctx.db, sessionKey(actor.sessionId), ctx.now());
  const ok = await verifyPassword(admin.passwordHash, password);
  const entry = { entity: 'session' as const, entityId: actor.id.toString() };
  if (!ok) {
    await ctx.db.transaction((tx) => audit(tx, { ...entry, action: 'verify-failed' }));
    throw refusal(Status.BAD_CREDENTIALS, 'password_incorrect', 'Password is incorrect', {
      path: 'password',
    });
  }
  await recordOwnSuccess(ctx.db, admission);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await markSessionVerified(tx, actor.sessionId, now);
    await audit(tx, { ...entry, action: 'verify' });
  });
};
