import { Status } from '@sapi/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { sqlTime } from '../../db/sql-time.ts';
import { AppError } from '../../plugins/errors.ts';

/** DESIGN §7: per username, 5 free failures, then 60 s more per failure up to 900 s, forgotten after 12 h. */
export const USER_FREE_FAILURES = 5;
const USER_STEP_S = 60;
const USER_MAX_WAIT_S = 900;
const USER_RESET_MS = 12 * 60 * 60 * 1000;
/** Per client IP, a looser cap against spraying many usernames: 30 failures in 15 minutes. */
export const IP_MAX_FAILURES = 30;
const IP_WINDOW_MS = 15 * 60 * 1000;

const userKey = (username: string) => `u:${username.toLowerCase()}`;
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

/** Refuse with 3029 and Retry-After while either counter says wait. */
export const assertNotThrottled = async (db: Db, username: string, ip: string, now: Date): Promise<void> => {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [userKey(username), ipKey(ip)]));
  let wait = 0;
  for (const row of rows) {
    const w = row.key.startsWith('u:')
      ? userWait(row.failures, row.lastFailureAt, now)
      : ipWait(row.failures, row.windowStart, now);
    wait = Math.max(wait, w);
  }
  if (wait > 0) {
    throw new AppError(
      Status.TOO_MANY,
      `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
      null,
      {
        'retry-after': String(wait),
      },
    );
  }
};

/** Count a failure for both keys atomically (an upsert, safe across processes). */
export const recordFailure = async (db: Db, username: string, ip: string, now: Date): Promise<void> => {
  const userReset = sqlTime(new Date(now.getTime() - USER_RESET_MS));
  const ipReset = sqlTime(new Date(now.getTime() - IP_WINDOW_MS));
  for (const [key, resetBefore, resetColumn] of [
    [userKey(username), userReset, loginThrottle.lastFailureAt],
    [ipKey(ip), ipReset, loginThrottle.windowStart],
  ] as const) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${resetColumn} < ${resetBefore} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${resetColumn} < ${resetBefore} then ${sqlTime(now)} else ${loginThrottle.windowStart} end`,
          lastFailureAt: now,
        },
      });
  }
};

/** A successful sign-in clears the username's counter (never the IP's: sprayers succeed sometimes). */
export const clearUserFailures = async (db: Db, username: string): Promise<void> => {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, userKey(username)));
};
