import type { Executor } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { deleteInBatches } from '../../db/upkeep.ts';
import { expiredThrottleRows } from './throttle.ts';

/**
 * Delete the sign-in throttle rows whose window is over (the hourly upkeep), in batches that answer a
 * count, never the rows: an `ip:` key once its 15-minute window has passed, every other key (`u:`
 * usernames, and the own-attempt and code keys) once its last failure is 12 hours old — the rule the
 * counting upsert itself uses (`expiredThrottleRows`), so a deleted row's next attempt would have
 * started afresh anyway. Answers how many went.
 */
export const pruneLoginThrottle = (db: Executor, now: Date): Promise<number> =>
  deleteInBatches(db, loginThrottle, loginThrottle.key, expiredThrottleRows(now));
