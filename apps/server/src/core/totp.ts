import { randomBytes } from 'node:crypto';
import { Status } from '@sapi/contract';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../config.ts';
import { type Executor, queryRows } from '../db/client.ts';
import { admins, totpRecoveryCodes } from '../db/schema/index.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { refusal } from './errors.ts';
import { open, seal, totpKey } from './secret-box.ts';

/** RFC 6238 as every authenticator app does it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
/** One step either side, for clocks a little apart (RFC 6238 §5.2 recommends at most one). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
export const ISSUER = 'S.API';

const totpOf = (base32: string, label = 'account') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 for authenticator apps. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUri = (base32: string, username: string): string => totpOf(base32, username).toString();

export type KeyConfig = Pick<Config, 'TOTP_KEY' | 'DATA_DIR'>;
/** Where a secret may be opened: a staff account's id, or an agent-side account's key (core/portal-totp.ts). */
const contextOf = (owner: bigint | string) => `totp:${owner}`;
export const sealTotpSecret = (config: KeyConfig, owner: bigint | string, base32: string): string =>
  seal(totpKey(config), base32, contextOf(owner));
/**
 * A secret this process's key cannot open was sealed with another key: TOTP_KEY differs between the
 * deployment's processes (the start-up check, `checkTotpKey`, normally stops such a process first).
 * A clear 503, never a 500.
 */
const keyMismatch = () =>
  refusal(
    Status.DATABASE_UNAVAILABLE,
    'totp_key_mismatch',
    "This server cannot read two-factor secrets (its TOTP_KEY differs from the other servers')",
  );

export const openTotpSecret = (config: KeyConfig, owner: bigint | string, sealed: string): string => {
  const key = totpKey(config);
  try {
    return open(key, sealed, contextOf(owner));
  } catch {
    throw keyMismatch();
  }
};

const KEY_CHECK_NAME = 'totp';
const KEY_CHECK_TEXT = 'S.API TOTP key check';
const KEY_CHECK_CONTEXT = 'key-check:totp';

/** True when `key` opens `sealed` (and it holds `expected`, when given). */
const opens = (key: Buffer, sealed: string, context: string, expected?: string) => {
  try {
    const text = open(key, sealed, context);
    return expected === undefined || text === expected;
  } catch {
    return false;
  }
};

/** Why a process refuses to start: its key is not the one the database's secrets were sealed with. */
export class TotpKeyMismatchError extends Error {}

/**
 * One TOTP key per deployment (docs/design.md §7): the first start seals a known text with its key in
 * `key_check`; every later start — of any process on the same database — must open it, else it
 * refuses to start (several processes each making their own DATA_DIR/totp.key would otherwise each
 * answer the others' accounts' codes with a failure). A database from before the check is checked
 * against a secret already stored, if any. Two processes starting together: one row wins, the other
 * reads it.
 */
export const checkTotpKey = async (db: Executor, config: KeyConfig): Promise<'sealed' | 'matched'> => {
  const key = totpKey(config);
  const mismatch = () =>
    new TotpKeyMismatchError(
      `The two-factor secrets in this database were sealed with another key than this process's ` +
        `(${config.TOTP_KEY ? 'TOTP_KEY' : `${config.DATA_DIR}/totp.key`}): set TOTP_KEY to the same value on every server process`,
    );
  const stored = async () =>
    (
      await queryRows<{ sealed: string }>(
        db,
        sql`select sealed from key_check where name = ${KEY_CHECK_NAME}`,
      )
    )[0];
  let row = await stored();
  let made = false;
  if (!row) {
    const [secret] = await db
      .select({ id: admins.id, sealed: admins.totpSecret })
      .from(admins)
      .where(isNotNull(admins.totpSecret))
      .limit(1);
    if (secret?.sealed && !opens(key, secret.sealed, `totp:${secret.id}`)) throw mismatch();
    const inserted = await queryRows<{ name: string }>(
      db,
      sql`insert into key_check (name, sealed) values (${KEY_CHECK_NAME}, ${seal(key, KEY_CHECK_TEXT, KEY_CHECK_CONTEXT)})
          on conflict (name) do nothing returning name`,
    );
    made = inserted.length === 1;
    row = await stored();
  }
  if (!row || !opens(key, row.sealed, KEY_CHECK_CONTEXT, KEY_CHECK_TEXT)) throw mismatch();
  return made ? 'sealed' : 'matched';
};

/** The time step a 6-digit code belongs to (within the window around now), or null. */
export const matchingStep = (base32: string, code: string, now: Date): number | null => {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
};

/**
 * Accept a code's step once: one statement moves the account's last accepted step forward only if
 * this step is later, so the same code (or an older one) sent again — even in parallel — fails.
 */
export const claimStep = async (tx: Executor, adminId: bigint, step: number): Promise<boolean> => {
  const rows = await tx
    .update(admins)
    .set({ totpLastStep: step })
    .where(
      and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), sql`${admins.totpLastStep} < ${step}`)),
    )
    .returning({ id: admins.id });
  return rows.length === 1;
};

/** Recovery codes compare without case or dashes: `abcd-efgh-…` as shown, however typed. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/-/g, '');
export const recoveryHash = (code: string) => sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);

/** Use a recovery code once; true when it was this account's and unused (atomic, parallel-safe). */
export const claimRecoveryCode = async (
  tx: Executor,
  adminId: bigint,
  code: string,
  now: Date,
): Promise<boolean> => {
  const rows = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.adminId, adminId),
        eq(totpRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ adminId: totpRecoveryCodes.adminId });
  return rows.length === 1;
};

/** 80 random bits each in base32, shown as four groups of four; only their hashes are stored. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const newRecoveryCode = (): string => {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => BASE32[b % 32]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
};

/** Replace the account's recovery codes with 10 new ones, returned once. */
export const issueRecoveryCodes = async (tx: Executor, adminId: bigint): Promise<string[]> => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.adminId, adminId));
  await tx.insert(totpRecoveryCodes).values(codes.map((code) => ({ adminId, codeHash: recoveryHash(code) })));
  return codes;
};

export const recoveryCodesLeft = async (tx: Executor, adminId: bigint): Promise<number> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.adminId, adminId), isNull(totpRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
};

/**
 * Check a second factor of an enrolled account and use it up: a 6-digit code of a step not yet
 * accepted, or an unused recovery code. Returns how, or null.
 */
export const acceptSecondFactor = async (
  tx: Executor,
  config: KeyConfig,
  admin: { id: bigint; totpSecret: string | null },
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> => {
  if (!admin.totpSecret) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchingStep(openTotpSecret(config, admin.id, admin.totpSecret), trimmed, now);
    return step !== null && (await claimStep(tx, admin.id, step)) ? 'totp' : null;
  }
  return (await claimRecoveryCode(tx, admin.id, trimmed, now)) ? 'recovery' : null;
};
