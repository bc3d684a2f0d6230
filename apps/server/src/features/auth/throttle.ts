import { Status } from '@sapi/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { refusal } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { sqlTime } from '../../db/sql-time.ts';
import { addressKey } from '../../lib/ip-allow.ts';

/**
 * docs/design.md §7: per username, 5 free failures, then 60 s more per failure up to 900 s, forgotten after
 * 12 h. The same stepped rules count a session's own re-checks and an account's own code checks.
 */
export const USER_FREE_FAILURES = 5;
const USER_STEP_S = 60;
const USER_MAX_WAIT_S = 900;
const USER_RESET_MS = 12 * 60 * 60 * 1000;
/** Per client IP, a looser cap against spraying many usernames: 30 failures in 15 minutes. */
export const IP_MAX_FAILURES = 30;
const IP_WINDOW_MS = 15 * 60 * 1000;

/**
 * The keys: `ip:` the sign-in's client address (window rules); the stepped ones are `u:` the sign-in's
 * username, `s:` one live session's password re-checks (verify, own password change) and `c:` an
 * account's code checks inside a session (two-factor confirm, turn off, new recovery codes).
 */
const IP_PREFIX = 'ip:';
const userKey = (username: string) => `u:${username.toLowerCase()}`;
/** The address counter is the client's (lib/ip-allow.ts addressKey): an IPv6 client's whole /64. */
const ipKey = (ip: string) => `${IP_PREFIX}${addressKey(ip)}`;
/** A session's own password re-checks: strangers' sign-in failures never reach this counter. */
export const sessionKey = (sessionId: bigint) => `s:${sessionId}`;
/** An account's own code checks in a session: a good password never resets this counter. */
export const codeKey = (adminId: bigint) => `c:${adminId}`;

/** Seconds a stepped key must still wait, or 0. */
const steppedWait = (failures: number, lastFailureAt: Date, now: Date): number => {
  if (now.getTime() - lastFailureAt.getTime() >= USER_RESET_MS) return 0;
  if (failures < USER_FREE_FAILURES) return 0;
  const wait = Math.min(USER_STEP_S * (failures - USER_FREE_FAILURES + 1), USER_MAX_WAIT_S);
  return Math.max(0, Math.ceil((lastFailureAt.getTime() + wait * 1000 - now.getTime()) / 1000));
};

const ipWait = (failures: number, windowStart: Date, now: Date): number => {
  const windowEnd = windowStart.getTime() + IP_WINDOW_MS;
  if (failures < IP_MAX_FAILURES || now.getTime() >= windowEnd) return 0;
  return Math.ceil((windowEnd - now.getTime()) / 1000);
};

/** An attempt that may check a password; `userCount` is its place in the username's counter. */
export interface Admission {
  username: string;
  ip: string;
  userCount: number;
}

/** An attempt of a signed-in account's own (session or code key); `count` is its place in it. */
export interface OwnAdmission {
  key: string;
  count: number;
}

const n = (value: number): SQL => sql.raw(String(value));

/**
 * Rows whose window is over: their next attempt would start counting afresh, so deleting them changes
 * nothing (the upkeep deletes these). Also the `expired` rule of the upsert below.
 */
export const expiredThrottleRows = (now: Date): SQL => {
  const t = loginThrottle;
  return sql`(case when ${t.key} like ${`${IP_PREFIX}%`}
    then ${t.windowStart} <= ${sqlTime(new Date(now.getTime() - IP_WINDOW_MS))}
    else ${t.lastFailureAt} <= ${sqlTime(new Date(now.getTime() - USER_RESET_MS))} end)`;
};

/**
 * The same rules as steppedWait/ipWait, on the stored row as it was before this attempt (inside
 * ON CONFLICT DO UPDATE, bare column names are the existing row).
 */
const rules = (now: Date) => {
  const t = loginThrottle;
  const at = sqlTime(now);
  const expired = expiredThrottleRows(now);
  const waiting = sql`(case when ${t.key} like ${`${IP_PREFIX}%`}
    then ${t.failures} >= ${n(IP_MAX_FAILURES)}
    else ${t.failures} >= ${n(USER_FREE_FAILURES)} and ${t.lastFailureAt} + least(${n(USER_STEP_S)} * (${t.failures} - ${n(USER_FREE_FAILURES - 1)}), ${n(USER_MAX_WAIT_S)}) * interval '1 second' > ${at} end)`;
  const refused = sql`(not ${expired} and ${waiting})`;
  return {
    failures: sql`case when ${expired} then 1 when ${waiting} then ${t.failures} else ${t.failures} + 1 end`,
    windowStart: sql`case when ${expired} then ${at} else ${t.windowStart} end`,
    lastFailureAt: sql`case when ${refused} then ${t.lastFailureAt} else ${at} end`,
    admitted: sql`not ${refused}`,
  };
};

type ThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * Count one attempt against one key in one statement, before anything is checked: the row lock of
 * the upsert orders parallel attempts and RETURNING tells each whether it was admitted, so a parallel
 * storm checks no more than the limit. A refused attempt is not counted by its key.
 */
const countAttempt = async (db: Db, key: string, now: Date): Promise<ThrottleRow> => {
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lastFailureAt: now, admitted: true })
    .onConflictDoUpdate({ target: loginThrottle.key, set: rules(now) })
    .returning();
  if (!row) throw new Error(`login_throttle: the upsert of one key returned no row`);
  return row;
};

/** 3029 with Retry-After for a refused row; a refused row always has a wait left (at least 1 s). */
const tooMany = (row: ThrottleRow, now: Date) => {
  const left = row.key.startsWith(IP_PREFIX)
    ? ipWait(row.failures, row.windowStart, now)
    : steppedWait(row.failures, row.lastFailureAt, now);
  const wait = Math.max(left, 1);
  return refusal(
    Status.TOO_MANY,
    'too_many_attempts',
    `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
    {
      params: { seconds: wait },
      headers: { 'retry-after': String(wait) },
    },
  );
};

/**
 * Count this sign-in attempt against its client IP first, then (only if the address admitted it)
 * against its username. An attempt the address refuses writes nothing under the username, so a
 * sprayer of new usernames adds no rows past the cap; one the username refuses is forgiven by the
 * address (it checked nothing). Each key is one atomic upsert, so neither admits more than its limit;
 * a password is checked only when both did. Over a limit: 3029 with Retry-After.
 */
export const admitAttempt = async (db: Db, username: string, ip: string, now: Date): Promise<Admission> => {
  const byIp = await countAttempt(db, ipKey(ip), now);
  if (!byIp.admitted) throw tooMany(byIp, now);
  const byUser = await countAttempt(db, userKey(username), now);
  if (!byUser.admitted) {
    await forgive(db, ipKey(ip), 1);
    throw tooMany(byUser, now);
  }
  return { username, ip, userCount: byUser.failures };
};

/**
 * Count an attempt of a signed-in account against its own key only (sessionKey, codeKey), with the
 * stepped rules: the sign-in's username and address counters, which strangers fill, are not read.
 */
export const admitOwnAttempt = async (db: Db, key: string, now: Date): Promise<OwnAdmission> => {
  const row = await countAttempt(db, key, now);
  if (!row.admitted) throw tooMany(row, now);
  return { key, count: row.failures };
};

/** Take back `count` counted attempts of one key (never below zero). */
const forgive = async (db: Db, key: string, count: number): Promise<void> => {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - ${n(count)}, 0)` })
    .where(eq(loginThrottle.key, key));
};

/**
 * A correct password: the username forgets this attempt and every one counted before it (attempts
 * counted after it, e.g. a storm still in flight, stay); the IP forgets only this attempt, so a
 * sprayer's failures are never wiped by a success of its own.
 */
export const recordSuccess = async (db: Db, a: Admission): Promise<void> => {
  await forgive(db, userKey(a.username), a.userCount);
  await forgive(db, ipKey(a.ip), 1);
};

/** A success on an own key: it forgets this attempt and every one counted before it. */
export const recordOwnSuccess = (db: Db, a: OwnAdmission): Promise<void> => forgive(db, a.key, a.count);

/**
 * The code step of a two-step sign-in succeeded: as recordSuccess, and the client IP also forgets the
 * password step (counted then, not forgiven, so that knowing the password alone never clears the
 * username's counter between code guesses).
 */
export const recordSecondStepSuccess = async (db: Db, a: Admission): Promise<void> => {
  await forgive(db, userKey(a.username), a.userCount);
  await forgive(db, ipKey(a.ip), 2);
};
