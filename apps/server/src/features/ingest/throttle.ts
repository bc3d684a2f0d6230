import { Status } from '@sapi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { refusal } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { ingestThrottle } from '../../db/schema/index.ts';
import { sqlTime } from '../../db/sql-time.ts';
import { deleteInBatches } from '../../db/upkeep.ts';
import { addressKey } from '../../lib/ip-allow.ts';

/**
 * Refusals of unsigned ingest requests (no key, an unknown key, a bad signature, a stale timestamp, a
 * body refused before its signature was checked) one client address may cause per minute; past it,
 * each further one is answered 429 with Retry-After until the minute's window ends (issue 38).
 */
export const INGEST_ADDRESS_REFUSALS_PER_MINUTE = 30;
/** The same per agent key: requests carrying an agent's API key whose signature did not hold. */
export const INGEST_KEY_REFUSALS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/**
 * Only refusals are counted, and only of requests whose signature did not hold: a correctly signed
 * request is never counted nor refused here, so an attacker who floods with a victim's key from
 * elsewhere runs the key's counter up and gets 429s, while the agent's own signed batches go through.
 * An unknown key counts under the address alone (a flood of made-up keys adds no row). The address is
 * the client's (refusalAddress): an IPv6 client's whole /64, else one client would have 2^64 counters.
 */
const keysOf = (ip: string, agentId: bigint | undefined): string[] => {
  const address = `ip:${refusalAddress(ip)}`;
  return agentId === undefined ? [address] : [address, `a:${agentId}`];
};

/**
 * The address an unsigned refusal is counted and logged under: an IPv4 address, or an IPv6 client's
 * /64 (lib/ip-allow.ts addressKey), cut to 64 characters.
 */
export const refusalAddress = (ip: string): string => addressKey(ip).slice(0, 64);

const limitOf = (key: string) =>
  key.startsWith('ip:') ? INGEST_ADDRESS_REFUSALS_PER_MINUTE : INGEST_KEY_REFUSALS_PER_MINUTE;

/**
 * Count one refusal against its address (and its agent's key, when the key is known) in ONE upsert,
 * so parallel refusals from every process each get their own place in the count; answers the seconds
 * until the window of the counter it exceeded ends, or 0 when within every limit. The address row
 * comes first in every statement: two statements lock their rows in the same order, never a cycle.
 */
export const countRefusal = async (
  db: Executor,
  ip: string,
  agentId: bigint | undefined,
  now: Date,
): Promise<number> => {
  const t = ingestThrottle;
  const ended: SQL = sql`${t.windowStart} <= ${sqlTime(new Date(now.getTime() - WINDOW_MS))}`;
  const rows = await db
    .insert(t)
    .values(keysOf(ip, agentId).map((key) => ({ key, windowStart: now, refusals: 1 })))
    .onConflictDoUpdate({
      target: t.key,
      set: {
        refusals: sql`case when ${ended} then 1 else ${t.refusals} + 1 end`,
        windowStart: sql`case when ${ended} then ${sqlTime(now)} else ${t.windowStart} end`,
      },
    })
    .returning();
  let wait = 0;
  for (const row of rows) {
    if (row.refusals <= limitOf(row.key)) continue;
    const left = Math.ceil((row.windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000);
    wait = Math.max(wait, left, 1);
  }
  return wait;
};

/** The 429 an unsigned request gets once its address or key is over the limit. */
export const tooManyRefusals = (seconds: number) =>
  refusal(
    Status.TOO_MANY,
    'too_many_refusals',
    `Too many refused ingest requests; try again in ${seconds} seconds`,
    { params: { seconds }, headers: { 'retry-after': String(seconds) } },
  );

/** Delete the counters whose window has ended (the hourly upkeep), in batches; answers how many went. */
export const pruneIngestThrottle = (db: Executor, now: Date): Promise<number> =>
  deleteInBatches(
    db,
    ingestThrottle,
    ingestThrottle.key,
    sql`${ingestThrottle.windowStart} <= ${sqlTime(new Date(now.getTime() - WINDOW_MS))}`,
  );
