import type { AuditAction, AuditEntity } from '@sapi/contract';
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { canonicalJson, type Json, toJson } from '../lib/canonical-json.ts';
import { sha256Hex } from '../lib/tokens.ts';

export const GENESIS_HASH = '0'.repeat(64);
/** Advisory lock key that serialises advancing the chain head across every app process. */
const CHAIN_LOCK_KEY = 0x5a_0d_17;
const SECRET_KEY = /pass(word)?|secret|token|hash|apikey/i;
export const REDACTED = '[redacted]';

export interface AuditWho {
  actorId: bigint | null;
  actor: string;
  ip: string | null;
}

export interface AuditEntry {
  /** One of the contract's actions, so the audit screen names every action the log holds. */
  action: AuditAction;
  /** One of the contract's kinds, so the audit screen's filter offers every kind the log holds. */
  entity: AuditEntity;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Replace every secret-looking field, at any depth, before it is written. */
export const redact = (value: Json): Json => {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v);
  return out;
};

export interface AuditContent {
  at: string;
  actorId: string | null;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: Json;
  after: Json;
  ip: string | null;
}

/** The chain link: SHA-256 of the previous hash followed by this record's canonical content. */
export const linkHash = (prevHash: string, content: AuditContent): string =>
  sha256Hex(`${prevHash}\n${canonicalJson(content as unknown as Json)}`);

/**
 * Append one audit record inside the caller's transaction; the chain head is read and
 * advanced under a transaction-scoped lock so concurrent writers form one chain.
 */
export const recordAudit = async (
  tx: Executor,
  who: AuditWho,
  entry: AuditEntry,
  now: Date,
): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const [head] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = head?.hash ?? GENESIS_HASH;
  const content: AuditContent = {
    at: now.toISOString(),
    actorId: who.actorId === null ? null : who.actorId.toString(),
    actor: who.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: redact(toJson(entry.before)),
    after: redact(toJson(entry.after)),
    ip: who.ip,
  };
  await tx.insert(auditLog).values({
    at: now,
    actorId: who.actorId,
    actor: content.actor,
    action: content.action,
    entity: content.entity,
    entityId: content.entityId,
    before: content.before,
    after: content.after,
    ip: content.ip,
    prevHash,
    hash: linkHash(prevHash, content),
  });
};
