import { type OperatorType, operatorTypes } from '@sapi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext, PortalActor } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { conflict, invalidField, notFound } from '../../core/errors.ts';
import { type PortalAccount, portalAccountOf } from '../../core/portal-sessions.ts';
import {
  acceptPortalSecondFactor,
  claimPortalStep,
  deletePortalRecoveryCodes,
  issuePortalRecoveryCodes,
  portalAccountKey,
  portalRecoveryCodesLeft,
} from '../../core/portal-totp.ts';
import { matchingStep, newTotpSecret, openTotpSecret, otpauthUri, sealTotpSecret } from '../../core/totp.ts';
import type { Executor } from '../../db/client.ts';
import { findAgent } from '../../db/lookups.ts';
import { agentOperators, agents, portalLoginChallenges } from '../../db/schema/index.ts';
import { isAllowedIp } from '../../lib/ip-allow.ts';
import { admitOwnAttempt, recordOwnSuccess } from './throttle.ts';

/*
 * Two-factor sign-in of the agent side's own accounts (docs/design.md §16), as staff's
 * (two-factor-management.ts): enrol with a pending secret a first code confirms, ten recovery codes,
 * turn off or renew codes with re-authentication and a code; and the owners' sign-in settings.
 */

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

const wrongCode = () => invalidField('code', 'is wrong, expired or already used', 'totp_invalid');

/** An agent-side account's own code counter: only a good code resets it. */
const portalCodeKey = (actor: PortalActor) => `c:${portalAccountKey(actor)}`;

const entityOf = (actor: PortalActor) =>
  ({
    entity: actor.kind === 'agent' ? ('agent' as const) : ('agent-operator' as const),
    entityId: actor.id.toString(),
  }) satisfies Partial<AuditEntry>;

const accountOf = async (ctx: AppContext, actor: PortalActor): Promise<PortalAccount> => {
  const account = await portalAccountOf(ctx.db, actor);
  if (!account) throw notFound(actor.kind === 'agent' ? 'Agent' : 'Agent operator');
  return account;
};

/** Set the account's secret columns (the agent's row or the operator's). */
const setSecrets = (
  tx: Executor,
  actor: PortalActor,
  values: { totpSecret?: string | null; totpPendingSecret: string | null; totpLastStep?: null },
  where?: { secret: null; pending: string },
) =>
  actor.operatorId === null
    ? tx
        .update(agents)
        .set(values)
        .where(
          and(
            eq(agents.id, actor.agentId),
            where ? isNull(agents.totpSecret) : undefined,
            where ? eq(agents.totpPendingSecret, where.pending) : undefined,
          ),
        )
        .returning({ id: agents.id })
    : tx
        .update(agentOperators)
        .set(values)
        .where(
          and(
            eq(agentOperators.id, actor.operatorId),
            where ? isNull(agentOperators.totpSecret) : undefined,
            where ? eq(agentOperators.totpPendingSecret, where.pending) : undefined,
          ),
        )
        .returning({ id: agentOperators.id });

export const portalTotpStatus = async (ctx: AppContext, actor: PortalActor) => {
  const account = await accountOf(ctx, actor);
  return {
    enabled: account.totpSecret !== null,
    required: account.totpRequired,
    recoveryCodesLeft: account.totpSecret ? await portalRecoveryCodesLeft(ctx.db, actor) : 0,
  };
};

export const startPortalEnrolment = async (ctx: AppContext, actor: PortalActor, audit: Audit) => {
  const account = await accountOf(ctx, actor);
  if (account.totpSecret)
    throw conflict('totp_already_on', 'Two-factor sign-in is already on; turn it off first');
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, account.username);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await ctx.db.transaction(async (tx) => {
    await setSecrets(tx, actor, {
      totpPendingSecret: sealTotpSecret(ctx.config, portalAccountKey(actor), secret),
    });
    await audit(tx, { action: 'totp-enrol-start', ...entityOf(actor) });
  });
  return {
    secret,
    otpauthUri: uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
};

export const confirmPortalEnrolment = async (
  ctx: AppContext,
  actor: PortalActor,
  code: string,
  audit: Audit,
) => {
  const account = await accountOf(ctx, actor);
  if (account.totpSecret) throw conflict('totp_already_on', 'Two-factor sign-in is already on');
  const pending = account.totpPendingSecret;
  if (!pending) throw conflict('totp_not_started', 'Start the enrolment first');
  const admission = await admitOwnAttempt(ctx.db, portalCodeKey(actor), ctx.now());
  const now = ctx.now();
  const step = matchingStep(openTotpSecret(ctx.config, portalAccountKey(actor), pending), code, now);
  if (step === null) throw wrongCode();
  await recordOwnSuccess(ctx.db, admission);
  return ctx.db.transaction(async (tx) => {
    // Compare-and-set on the pending secret this code was checked against: a parallel confirm loses.
    const moved = await setSecrets(
      tx,
      actor,
      { totpSecret: pending, totpPendingSecret: null, totpLastStep: null },
      { secret: null, pending },
    );
    if (moved.length === 0)
      throw conflict('concurrent_change', 'The enrolment changed at the same time; start again');
    await claimPortalStep(tx, actor, step);
    const recoveryCodes = await issuePortalRecoveryCodes(tx, actor);
    await audit(tx, { action: 'totp-enable', ...entityOf(actor) });
    return { recoveryCodes };
  });
};

/** A change guarded by re-authentication (route) and a code of the enrolled factor, on the code counter. */
const withOwnCode = async <T>(
  ctx: AppContext,
  actor: PortalActor,
  code: string,
  audit: Audit,
  failedAction: 'totp-disable-failed' | 'totp-recovery-codes-failed',
  work: (tx: Executor) => Promise<T>,
): Promise<T> => {
  const account = await accountOf(ctx, actor);
  if (!account.totpSecret) throw conflict('totp_not_on', 'Two-factor sign-in is not on');
  const admission = await admitOwnAttempt(ctx.db, portalCodeKey(actor), ctx.now());
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const how = await acceptPortalSecondFactor(tx, ctx.config, account, code, ctx.now());
      if (!how) throw wrongCode();
      return work(tx);
    });
    await recordOwnSuccess(ctx.db, admission);
    return result;
  } catch (err) {
    await ctx.db.transaction((tx) => audit(tx, { action: failedAction, ...entityOf(actor) }));
    throw err;
  }
};

export const disablePortalTotp = (ctx: AppContext, actor: PortalActor, code: string, audit: Audit) =>
  withOwnCode(ctx, actor, code, audit, 'totp-disable-failed', async (tx) => {
    await setSecrets(tx, actor, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    await deletePortalRecoveryCodes(tx, actor);
    await tx
      .delete(portalLoginChallenges)
      .where(
        and(
          eq(portalLoginChallenges.agentId, actor.agentId),
          actor.operatorId === null
            ? isNull(portalLoginChallenges.operatorId)
            : eq(portalLoginChallenges.operatorId, actor.operatorId),
        ),
      );
    await audit(tx, { action: 'totp-disable', ...entityOf(actor) });
    return { ok: true as const };
  });

export const renewPortalRecoveryCodes = (ctx: AppContext, actor: PortalActor, code: string, audit: Audit) =>
  withOwnCode(ctx, actor, code, audit, 'totp-recovery-codes-failed', async (tx) => {
    const recoveryCodes = await issuePortalRecoveryCodes(tx, actor);
    await audit(tx, { action: 'totp-recovery-codes', ...entityOf(actor) });
    return { recoveryCodes };
  });

/** Staff remove an agent's own second factor (a lost phone and codes); it signs in with its password. */
export const resetAgentTotp = async (ctx: AppContext, agentId: bigint, audit: Audit) => {
  const agent = await findAgent(ctx.db, agentId);
  if (!agent) throw notFound('Agent');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(agents.id, agentId));
    await deletePortalRecoveryCodes(tx, { agentId, operatorId: null });
    await tx
      .delete(portalLoginChallenges)
      .where(and(eq(portalLoginChallenges.agentId, agentId), isNull(portalLoginChallenges.operatorId)));
    await audit(tx, { action: 'totp-reset', entity: 'agent', entityId: agentId.toString() });
  });
  return { ok: true as const };
};

const sortTypes = (types: readonly string[]): OperatorType[] =>
  operatorTypes.filter((t) => types.includes(t));

/** One spelling per entry, and each once (as the ingest list). */
const tidy = (entries: readonly string[]): string[] => [
  ...new Set(entries.map((e) => e.trim().toLowerCase())),
];

/** The owners' sign-in settings of an agent: operator types that must use two-factor, sign-in addresses. */
export const portalSignInSettings = async (ctx: AppContext, agentId: bigint) => {
  const agent = await findAgent(ctx.db, agentId);
  if (!agent) throw notFound('Agent');
  return { operatorTotpTypes: sortTypes(agent.operatorTotpTypes), signInIps: agent.signInIps };
};

export const updatePortalSignInSettings = async (
  ctx: AppContext,
  agentId: bigint,
  body: { operatorTotpTypes: readonly OperatorType[]; signInIps: readonly string[] },
  audit: Audit,
  /** An owner's own address: its list must hold it, or the owner could not sign in again from here. */
  ownIp: string | null,
) => {
  const after = { operatorTotpTypes: sortTypes(body.operatorTotpTypes), signInIps: tidy(body.signInIps) };
  if (ownIp !== null && !isAllowedIp(after.signInIps, ownIp)) {
    throw invalidField('signInIps', `must include your current address ${ownIp}`, 'own_address_missing', {
      ip: ownIp,
    });
  }
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ operatorTotpTypes: agents.operatorTotpTypes, signInIps: agents.signInIps })
      .from(agents)
      .where(eq(agents.id, agentId));
    if (!before) throw notFound('Agent');
    await tx
      .update(agents)
      .set({
        operatorTotpTypes: after.operatorTotpTypes,
        signInIps: after.signInIps,
        updatedAt: ctx.now(),
      })
      .where(eq(agents.id, agentId));
    await audit(tx, {
      action: 'update',
      entity: 'agent',
      entityId: agentId.toString(),
      before: { operatorTotpTypes: sortTypes(before.operatorTotpTypes), signInIps: before.signInIps },
      after,
    });
    return after;
  });
};
