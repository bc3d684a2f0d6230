import { Status } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ipRefusals } from '../db/schema/index.ts';
import { isAllowedIp } from '../lib/ip-allow.ts';
import { AppError } from './errors.ts';

/**
 * Count one refused request against its agent or account for today (UTC), so operations see it in the
 * refusals list; one upsert, so parallel refusals all count.
 */
export const recordRefusal = async (
  db: Executor,
  scope: 'agent' | 'admin',
  subjectId: bigint,
  ip: string,
  now: Date,
): Promise<void> => {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(ipRefusals)
    .values({ scope, subjectId, day, count: 1, lastIp: ip, lastAt: now })
    .onConflictDoUpdate({
      target: [ipRefusals.scope, ipRefusals.subjectId, ipRefusals.day],
      set: { count: sql`${ipRefusals.count} + 1`, lastIp: ip, lastAt: now },
    });
};

type Subject = { id: bigint; allowedIps: readonly string[] };

/**
 * Is `ip` on the subject's list (an empty list restricts nothing)? A refusal is counted where staff
 * see it (the refusals list) before the caller decides how to answer.
 */
export const admitsAddress = async (
  db: Executor,
  scope: 'agent' | 'admin',
  subject: Subject,
  ip: string,
  now: Date,
): Promise<boolean> => {
  if (isAllowedIp(subject.allowedIps, ip)) return true;
  await recordRefusal(db, scope, subject.id, ip, now);
  return false;
};

/** 3008 (counted) unless `ip` is on the list; an empty list restricts nothing. */
export const assertAllowedIp = async (
  db: Executor,
  scope: 'agent' | 'admin',
  subject: Subject,
  ip: string,
  now: Date,
): Promise<void> => {
  if (await admitsAddress(db, scope, subject, ip, now)) return;
  throw new AppError(Status.ADDRESS_NOT_ALLOWED, `Requests from ${ip} are not allowed for this ${scope}`);
};
