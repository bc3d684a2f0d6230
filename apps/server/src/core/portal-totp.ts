import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { agentOperators, agents, portalRecoveryCodes } from '../db/schema/index.ts';
import {
  type KeyConfig,
  matchingStep,
  newRecoveryCode,
  openTotpSecret,
  RECOVERY_CODE_COUNT,
  recoveryHash,
} from './totp.ts';

/*
 * Two-factor sign-in of the agent side's accounts (docs/design.md §16): staff's mechanism (core/totp.ts)
 * on the agent's or operator's own row. An account is named by one key, `agent:<id>` or `operator:<id>`:
 * its secret is sealed for that key and its recovery codes are stored under it.
 */

export interface PortalAccountRef {
  agentId: bigint;
  operatorId: bigint | null;
}

export const portalAccountKey = (a: PortalAccountRef): string =>
  a.operatorId === null ? `agent:${a.agentId}` : `operator:${a.operatorId}`;

/** Accept a code's step once (as `claimStep`): the account's last accepted step only moves forward. */
export const claimPortalStep = async (tx: Executor, a: PortalAccountRef, step: number): Promise<boolean> => {
  if (a.operatorId === null) {
    const rows = await tx
      .update(agents)
      .set({ totpLastStep: step })
      .where(
        and(eq(agents.id, a.agentId), or(isNull(agents.totpLastStep), sql`${agents.totpLastStep} < ${step}`)),
      )
      .returning({ id: agents.id });
    return rows.length === 1;
  }
  const rows = await tx
    .update(agentOperators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(agentOperators.id, a.operatorId),
        or(isNull(agentOperators.totpLastStep), sql`${agentOperators.totpLastStep} < ${step}`),
      ),
    )
    .returning({ id: agentOperators.id });
  return rows.length === 1;
};

/** Replace the account's recovery codes with 10 new ones, returned once; only hashes are kept. */
export const issuePortalRecoveryCodes = async (tx: Executor, a: PortalAccountRef): Promise<string[]> => {
  const account = portalAccountKey(a);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(portalRecoveryCodes).where(eq(portalRecoveryCodes.account, account));
  await tx
    .insert(portalRecoveryCodes)
    .values(codes.map((code) => ({ account, codeHash: recoveryHash(code) })));
  return codes;
};

export const portalRecoveryCodesLeft = async (tx: Executor, a: PortalAccountRef): Promise<number> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(portalRecoveryCodes)
    .where(and(eq(portalRecoveryCodes.account, portalAccountKey(a)), isNull(portalRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
};

export const deletePortalRecoveryCodes = async (tx: Executor, a: PortalAccountRef): Promise<void> => {
  await tx.delete(portalRecoveryCodes).where(eq(portalRecoveryCodes.account, portalAccountKey(a)));
};

/**
 * Check a second factor of an enrolled agent-side account and use it up: a 6-digit code of a step not
 * yet accepted, or an unused recovery code (atomic, so parallel uses of one code succeed once).
 */
export const acceptPortalSecondFactor = async (
  tx: Executor,
  config: KeyConfig,
  account: PortalAccountRef & { totpSecret: string | null },
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> => {
  if (!account.totpSecret) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const secret = openTotpSecret(config, portalAccountKey(account), account.totpSecret);
    const step = matchingStep(secret, trimmed, now);
    return step !== null && (await claimPortalStep(tx, account, step)) ? 'totp' : null;
  }
  const used = await tx
    .update(portalRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(portalRecoveryCodes.account, portalAccountKey(account)),
        eq(portalRecoveryCodes.codeHash, recoveryHash(trimmed)),
        isNull(portalRecoveryCodes.usedAt),
      ),
    )
    .returning({ account: portalRecoveryCodes.account });
  return used.length === 1 ? 'recovery' : null;
};
