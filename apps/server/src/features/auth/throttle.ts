import { Status } from '@sapi/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { refusal } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { sqlTime } from '../../db/sql-time.ts';

/** DESIGN §7: per username, 5 free failures, then 60 s more per failure up to 900 s, forgotten after 12 h. */
export const USER_FREE_FAILURES = 5;
const USER_STEP_S = 60;
const USER_MAX_WAIT_S = 900;
const USER_RESET_MS = 12 * 60 * 60 * 1000;
/** Per client IP, a looser cap against spraying many usernames: 30 failures in 15 minutes. */
export const IP_MAX_FAILURES = 30;
const IP_WINDOW_MS = 15 * 60 * 1000;

const USER_PREFIX = 'u:';
const userKey = (username: string) => `${USER_PREFIX}${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Seconds this username must still wait, or 0. */
const userWait = (failures: number, lastFailureAt: Date, now: Date): number => {
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

const n = (value: number): SQL => sql.raw(String(value));

/**
 * The same rules as userWait/ipWait, on the stored row as it was before this attempt (inside
 * ON CONFLICT DO UPDATE, bare column names are the existing row).
 */
const rules = (now: Date) => {
  const t = loginThrottle;
  const at = sqlTime(now);
  const isUser = sql`${t.key} like ${`${USER_PREFIX}%`}`;
  const expired = sql`(case when ${isUser}
    then ${t.lastFailureAt} <= ${sqlTime(new Date(now.getTime() - USER_RESET_MS))}
    else ${t.windowStart} <= ${sqlTime(new Date(now.getTime() - IP_WINDOW_MS))} end)`;
  const waiting = sql`(case when ${isUser}
    then ${t.failures} >= ${n(USER_FREE_FAILURES)} and ${t.lastFailureAt} + least(${n(USER_STEP_S)} * (${t.failures} - ${n(USER_FREE_FAILURES - 1)}), ${n(USER_MAX_WAIT_S)}) * interval '1 second' > ${at}
    else ${t.failures} >= ${n(IP_MAX_FAILURES)} end)`;
  const refused = sql`(not ${expired} and ${waiting})`;
  return {
    failures: sql`case when ${expired} then 1 when ${waiting} then ${t.failures} else ${t.failures} + 1 end`,
    windowStart: sql`case when ${expired} then ${at} else ${t.windowStart} end`,
    lastFailureAt: sql`case when ${refused} then ${t.lastFailureAt} else ${at} end`,
    admitted: sql`not ${refused}`,
  };
};

/**
 * Count this sign-in attempt against its username and its client IP in ONE statement, before any
 * password is checked: the row lock of the upsert orders parallel attempts, and each learns from
 * RETURNING whether it was admitted, so a parallel storm checks no more passwords than the limit.
 * A refused attempt is not counted by the key that refused it; the other key forgives it (it
 * checked nothing). Over the limit: 3029 with Retry-After.
 */
export const admitAttempt = async (db: Db, username: string, ip: string, now: Date): Promise<Admission> => {
  const keys = [userKey(username), ipKey(ip)];
  const rows = await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 1, windowStart: now, lastFailureAt: now, admitted: true })))
    .onConflictDoUpdate({ target: loginThrottle.key, set: rules(now) })
    .returning();
  let wait = 0;
  let userCount = 0;
  const admittedKeys: string[] = [];
  for (const row of rows) {
    const isUser = row.key.startsWith(USER_PREFIX);
    if (isUser) userCount = row.failures;
    if (row.admitted) {
      admittedKeys.push(row.key);
      continue;
    }
    const w = isUser
      ? userWait(row.failures, row.lastFailureAt, now)
      : ipWait(row.failures, row.windowStart, now);
    // A refused row always has a wait left; at least 1 s keeps Retry-After meaningful.
    wait = Math.max(wait, w, 1);
  }
  if (wait === 0) return { username, ip, userCount };
  for (const key of admittedKeys) await forgive(db, key, 1);
  throw refusal(
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
 * Take back `count` counted attempts of one key (never below zero). One row per statement: an
 * UPDATE of two rows locks them in no fixed order and could deadlock with the upsert above.
 */
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

/**
 * The code step of a two-step sign-in succeeded: as recordSuccess, and the client IP also forgets the
 * password step (counted then, not forgiven, so that knowing the password alone never clears the
 * username's counter between code guesses).
 */
export const recordSecondStepSuccess = async (db: Db, a: Admission): Promise<void> => {
  await forgive(db, userKey(a.username), a.userCount);
  await forgive(db, ipKey(a.ip), 2);
};
