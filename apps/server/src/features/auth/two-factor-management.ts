import { type AdminType, type AuditAction, adminTypes, manageableTypes } from '@sapi/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Actor, AppContext } from '../../context.ts';
import { approvalRequired, setApprovalRequired } from '../../core/approvals.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors.ts';
import { liveSession } from '../../core/session-store.ts';
import {
  acceptSecondFactor,
  claimStep,
  issueRecoveryCodes,
  matchingStep,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  recoveryCodesLeft,
  sealTotpSecret,
} from '../../core/totp.ts';
import type { Executor } from '../../db/client.ts';
import { findAdmin } from '../../db/lookups.ts';
import {
  admins,
  loginChallenges,
  sessions,
  totpRecoveryCodes,
  totpRequiredTypes,
} from '../../db/schema/index.ts';
import { admitOwnAttempt, codeKey, recordOwnSuccess } from './throttle.ts';

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

const wrongCode = () => invalidField('code', 'is wrong, expired or already used', 'totp_invalid');

const adminOf = async (ctx: AppContext, id: bigint) => {
  const admin = await findAdmin(ctx.db, id);
  if (!admin) throw notFound('Admin');
  return admin;
};

const requiredTypes = async (db: Executor): Promise<AdminType[]> =>
  (await db.select({ type: totpRequiredTypes.type }).from(totpRequiredTypes)).map((r) => r.type);

export const totpStatus = async (ctx: AppContext, actor: Actor) => {
  const admin = await adminOf(ctx, actor.id);
  return {
    enabled: admin.totpSecret !== null,
    required: (await requiredTypes(ctx.db)).includes(admin.type),
    recoveryCodesLeft: admin.totpSecret ? await recoveryCodesLeft(ctx.db, admin.id) : 0,
  };
};

/**
 * Start enrolment: a new secret, kept encrypted as pending until a first code confirms it (an enrolled
 * factor stays as it is meanwhile). The secret is shown as text, otpauth URI and QR code, this once.
 */
export const startEnrolment = async (ctx: AppContext, actor: Actor, audit: Audit) => {
  const admin = await adminOf(ctx, actor.id);
  if (admin.totpSecret)
    throw conflict('totp_already_on', 'Two-factor sign-in is already on; turn it off first');
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, admin.username);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ totpPendingSecret: sealTotpSecret(ctx.config, admin.id, secret) })
      .where(eq(admins.id, admin.id));
    await audit(tx, { action: 'totp-enrol-start', entity: 'admin', entityId: admin.id.toString() });
  });
  return {
    secret,
    otpauthUri: uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
};

/**
 * A first code proves the app holds the secret: it becomes the account's factor, with 10 recovery codes.
 * Counted on the account's own code counter (codeKey), which only a good code resets.
 */
export const confirmEnrolment = async (ctx: AppContext, actor: Actor, code: string, audit: Audit) => {
  const admin = await adminOf(ctx, actor.id);
  if (admin.totpSecret) throw conflict('totp_already_on', 'Two-factor sign-in is already on');
  if (!admin.totpPendingSecret) throw conflict('totp_not_started', 'Start the enrolment first');
  const admission = await admitOwnAttempt(ctx.db, codeKey(admin.id), ctx.now());
  const now = ctx.now();
  const step = matchingStep(openTotpSecret(ctx.config, admin.id, admin.totpPendingSecret), code, now);
  if (step === null) throw wrongCode();
  await recordOwnSuccess(ctx.db, admission);
  return ctx.db.transaction(async (tx) => {
    // Compare-and-set on the pending secret this code was checked against: a parallel confirm loses.
    const moved = await tx
      .update(admins)
      .set({
        totpSecret: admin.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(admins.id, admin.id),
          isNull(admins.totpSecret),
          eq(admins.totpPendingSecret, admin.totpPendingSecret ?? ''),
        ),
      )
      .returning({ id: admins.id });
    if (moved.length === 0)
      throw conflict('concurrent_change', 'The enrolment changed at the same time; start again');
    // The confirming code is spent: it cannot sign in a moment later.
    await claimStep(tx, admin.id, step);
    const recoveryCodes = await issueRecoveryCodes(tx, admin.id);
    await audit(tx, { action: 'totp-enable', entity: 'admin', entityId: admin.id.toString() });
    return { recoveryCodes };
  });
};

/** A code (or recovery code) of the caller's enrolled factor. */
const checkOwnCode = async (
  ctx: AppContext,
  tx: Executor,
  admin: { id: bigint; totpSecret: string | null },
  code: string,
) => {
  const how = await acceptSecondFactor(tx, ctx.config, admin, code, ctx.now());
  if (!how) throw wrongCode();
};

/**
 * A change guarded by verify (route) and a code: the code is counted on the account's own code
 * counter with the sign-in's stepped rules (5 free, then waits). A good `verify` resets only the
 * session's password counter, never this one, so a session that knows the password cannot guess codes
 * at the password's pace; only a good code resets it.
 */
const withOwnCode = async <T>(
  ctx: AppContext,
  actor: Actor,
  code: string,
  audit: Audit,
  failedAction: AuditAction,
  work: (tx: Executor, adminId: bigint) => Promise<T>,
): Promise<T> => {
  const admin = await adminOf(ctx, actor.id);
  if (!admin.totpSecret) throw conflict('totp_not_on', 'Two-factor sign-in is not on');
  const admission = await admitOwnAttempt(ctx.db, codeKey(admin.id), ctx.now());
  try {
    const result = await ctx.db.transaction(async (tx) => {
      await checkOwnCode(ctx, tx, admin, code);
      return work(tx, admin.id);
    });
    await recordOwnSuccess(ctx.db, admission);
    return result;
  } catch (err) {
    await ctx.db.transaction((tx) =>
      audit(tx, { action: failedAction, entity: 'admin', entityId: admin.id.toString() }),
    );
    throw err;
  }
};

/** Turn the caller's second factor off: re-authentication (route) and a code of it. */
export const disableTotp = (ctx: AppContext, actor: Actor, code: string, audit: Audit) =>
  withOwnCode(ctx, actor, code, audit, 'totp-disable-failed', async (tx, adminId) => {
    await removeFactor(tx, adminId);
    await audit(tx, { action: 'totp-disable', entity: 'admin', entityId: adminId.toString() });
    return { ok: true as const };
  });

/** Ten new recovery codes replace the old ones (all of them, used or not). */
export const renewRecoveryCodes = (ctx: AppContext, actor: Actor, code: string, audit: Audit) =>
  withOwnCode(ctx, actor, code, audit, 'totp-recovery-codes-failed', async (tx, adminId) => {
    const recoveryCodes = await issueRecoveryCodes(tx, adminId);
    await audit(tx, { action: 'totp-recovery-codes', entity: 'admin', entityId: adminId.toString() });
    return { recoveryCodes };
  });

const removeFactor = async (tx: Executor, adminId: bigint) => {
  await tx
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(admins.id, adminId));
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.adminId, adminId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.adminId, adminId));
};

/** An administrator removes another account's factor (lost phone and codes); docs/design.md §5 decides whose. */
export const resetTotp = async (ctx: AppContext, actor: Actor, targetId: bigint, audit: Audit) => {
  const target = await adminOf(ctx, targetId);
  if (target.id === actor.id)
    throw forbidden('reset_own', 'Turn your own second factor off with a code instead');
  if (!manageableTypes[actor.type].includes(target.type)) {
    throw forbidden(
      'manage_type_forbidden',
      `A ${actor.type} may not reset the second factor of a ${target.type}`,
      { actorType: actor.type, type: target.type },
    );
  }
  await ctx.db.transaction(async (tx) => {
    await removeFactor(tx, target.id);
    await audit(tx, { action: 'totp-reset', entity: 'admin', entityId: target.id.toString() });
  });
  return { ok: true as const };
};

export const securitySettings = async (ctx: AppContext) => ({
  totpRequiredTypes: sortTypes(await requiredTypes(ctx.db)),
  sharingChangeApproval: await approvalRequired(ctx.db, 'sharing-change'),
});

const sortTypes = (types: AdminType[]) => adminTypes.filter((t) => types.includes(t));

export const updateSecuritySettings = async (
  ctx: AppContext,
  types: AdminType[],
  sharingChangeApproval: boolean | undefined,
  audit: Audit,
) =>
  ctx.db.transaction(async (tx) => {
    const before = {
      totpRequiredTypes: sortTypes(await requiredTypes(tx)),
      sharingChangeApproval: await approvalRequired(tx, 'sharing-change'),
    };
    await tx.delete(totpRequiredTypes);
    if (types.length > 0) await tx.insert(totpRequiredTypes).values(types.map((type) => ({ type })));
    if (sharingChangeApproval !== undefined)
      await setApprovalRequired(tx, 'sharing-change', sharingChangeApproval);
    const after = {
      totpRequiredTypes: sortTypes(types),
      sharingChangeApproval: sharingChangeApproval ?? before.sharingChangeApproval,
    };
    await audit(tx, { action: 'update', entity: 'security-settings', entityId: null, before, after });
    return after;
  });

/** Another account's security state, for those who may manage it (docs/design.md §5), or one's own. */
export const adminSecurity = async (ctx: AppContext, actor: Actor, id: bigint) => {
  const admin = await adminOf(ctx, id);
  if (admin.id !== actor.id && !manageableTypes[actor.type].includes(admin.type)) {
    throw forbidden('manage_type_forbidden', `A ${actor.type} may not see the security of a ${admin.type}`, {
      actorType: actor.type,
      type: admin.type,
    });
  }
  const [live] = await ctx.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.adminId, admin.id), liveSession(ctx.now())));
  return {
    totpEnabled: admin.totpSecret !== null,
    mustChangePassword: admin.mustChangePassword,
    allowedIps: admin.allowedIps,
    liveSessions: Number(live?.n ?? 0),
  };
};
