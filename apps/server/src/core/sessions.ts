import { type AdminType, Status } from '@sapi/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../context.ts';
import { type Db, type Executor, oncePerDatabase, preparedStatement } from '../db/client.ts';
import { admins, loginChallenges, sessions, totpRequiredTypes } from '../db/schema/index.ts';
import { sqlTime } from '../db/sql-time.ts';
import { deleteInBatches } from '../db/upkeep.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { refusal } from './errors.ts';

export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A sensitive admin-account change needs a `verify` in the same session this recently (DESIGN §7). */
export const REAUTH_MS = 5 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 30 * 1000;

/** Kept for the session list; a longer header is cut, not refused. */
const MAX_USER_AGENT = 512;

/**
 * Start a session and return the token, which exists nowhere else after this. `verified`: the sign-in
 * itself counts as this session's password re-check (used when the account must set something up first).
 */
export const createSession = async (
  tx: Executor,
  adminId: bigint,
  ip: string | null,
  now: Date,
  opts: { userAgent?: string | undefined; verified?: boolean } = {},
): Promise<string> => {
  const token = newToken();
  await tx.insert(sessions).values({
    tokenHash: sha256Hex(token),
    adminId,
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    userAgent: opts.userAgent ? opts.userAgent.slice(0, MAX_USER_AGENT) : null,
    verifiedAt: opts.verified ? now : null,
  });
  return token;
};

/**
 * Every authenticated request runs this look-up first: prepared once per database (a named
 * statement on PostgreSQL, planned once per connection; the SQL built once on PGlite).
 */
const sessionLookup = oncePerDatabase((db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      verifiedAt: sessions.verifiedAt,
      id: admins.id,
      username: admins.username,
      type: admins.type,
      locked: admins.locked,
      mustChangePassword: admins.mustChangePassword,
      allowedIps: admins.allowedIps,
      // Required for the account's type but not enrolled: it may only enrol (3009) until it has.
      mustEnrolTotp: sql<boolean>`(${admins.totpSecret} is null and exists (select 1 from ${totpRequiredTypes} where ${totpRequiredTypes.type} = ${admins.type}))`,
      // Read in the same statement, so in the same snapshot as the row: the row is what the
      // database held at this value of the counter (migration 0019).
      epoch: sql<string | null>`(select n::text from auth_epoch where id = 1)`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup'),
);

type LookupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number]>;

/** The counter every change to what a session look-up reads advances (migration 0019). */
const readEpoch = preparedStatement<{ n: string }>(
  'auth_epoch',
  sql`select n::text as n from auth_epoch where id = 1`,
);

/**
 * Reads of the counter shared by concurrent requests. A caller gets the value of a read that
 * started after it asked — never one already on its way — so every change committed before its
 * request arrived is seen; all callers that ask while no read is waiting to start share the next.
 */
class EpochReader {
  private running: Promise<string | null> | null = null;
  private waiting: Promise<string | null> | null = null;
  constructor(private readonly db: Db) {}

  current(): Promise<string | null> {
    if (this.waiting) return this.waiting;
    const running = this.running;
    if (!running) return this.start();
    this.waiting = running.then(
      () => this.next(),
      () => this.next(),
    );
    return this.waiting;
  }

  private next() {
    this.waiting = null;
    return this.start();
  }

  private start() {
    const read = readEpoch(this.db, {}).then((rows) => rows[0]?.n ?? null);
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = null;
    };
    read.then(done, done);
    return read;
  }
}

/** The session row of a token hash straight from the database (the bench compares it with `lookUp`). */
export const sessionRowFromDatabase = async (db: Db, tokenHash: string) =>
  (await sessionLookup(db, '').execute({ tokenHash }))[0];

/** A session row looked up earlier, good while the counter still reads `epoch`. */
interface Cached {
  row: LookupRow;
  epoch: string;
  at: number;
}
/** At most this long in memory, and at most this many sessions per process (then it starts afresh). */
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

const cacheOf = oncePerDatabase((db: Db) => ({
  epoch: new EpochReader(db),
  sessions: new Map<string, Cached>(),
}));

/** Live by the row alone: not locked, not past its absolute expiry, not idle too long. */
const live = (row: LookupRow, now: Date) =>
  !row.locked &&
  row.expiresAt.getTime() > now.getTime() &&
  now.getTime() - row.lastSeenAt.getTime() < IDLE_MS;

/**
 * The session row of a token hash. From memory when this process looked it up before and the
 * counter has not moved since (one small read per request, shared by concurrent requests);
 * otherwise — and whenever the remembered row would refuse — from the database. Only a live row
 * is remembered.
 */
const lookUp = async (db: Db, tokenHash: string, now: Date): Promise<LookupRow | undefined> => {
  const cache = cacheOf(db, '');
  const hit = cache.sessions.get(tokenHash);
  if (hit) {
    const epoch = await cache.epoch.current();
    if (epoch === hit.epoch && performance.now() - hit.at < CACHE_MS && live(hit.row, now)) return hit.row;
    cache.sessions.delete(tokenHash);
  }
  const row = await sessionRowFromDatabase(db, tokenHash);
  if (row?.epoch != null && live(row, now)) {
    if (cache.sessions.size >= CACHE_MAX) cache.sessions.clear();
    cache.sessions.set(tokenHash, { row, epoch: row.epoch, at: performance.now() });
  }
  return row;
};

const actorOf = (row: LookupRow): Actor => ({
  id: row.id,
  username: row.username,
  type: row.type as AdminType,
  sessionId: row.sessionId,
  verifiedAt: row.verifiedAt,
  mustChangePassword: row.mustChangePassword,
  mustEnrolTotp: row.mustEnrolTotp === true,
  allowedIps: row.allowedIps,
});

const touchDue = (row: LookupRow, now: Date) => now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS;

/** The staff member behind a token, or null when it is unknown, revoked, expired or the account locked. */
export const resolveSession = async (ctx: AppContext, token: string): Promise<Actor | null> => {
  const now = ctx.now();
  const tokenHash = sha256Hex(token);
  const row = await lookUp(ctx.db, tokenHash, now);
  if (!row || !live(row, now)) return null;
  if (touchDue(row, now)) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    // Not a change the counter follows: the remembered row just moves with it.
    const cached = cacheOf(ctx.db, '').sessions.get(tokenHash);
    if (cached?.row === row) cached.row = { ...row, lastSeenAt: now };
  }
  return actorOf(row);
};

/**
 * The staff member this process remembers behind a token, before the counter is read: `held` says,
 * once the counter's read (started now) answers, whether the remembered row still stands. Nothing
 * may leave the server on the strength of `actor` before `held` answers true; a read route runs its
 * queries meanwhile (http/route.ts), so the check costs no round trip of its own. Undefined when
 * nothing live is remembered, or its last-seen time is due a write: `resolveSession` then.
 */
export const heldSession = (
  ctx: AppContext,
  token: string,
): { actor: Actor; held: Promise<boolean> } | undefined => {
  const now = ctx.now();
  const tokenHash = sha256Hex(token);
  const cache = cacheOf(ctx.db, '');
  const hit = cache.sessions.get(tokenHash);
  if (!hit || performance.now() - hit.at >= CACHE_MS || !live(hit.row, now) || touchDue(hit.row, now)) {
    return undefined;
  }
  const held = cache.epoch.current().then((epoch) => {
    if (epoch === hit.epoch) return true;
    if (cache.sessions.get(tokenHash) === hit) cache.sessions.delete(tokenHash);
    return false;
  });
  return { actor: actorOf(hit.row), held };
};

/** Record a successful password re-check on this session only. */
export const markSessionVerified = async (tx: Executor, sessionId: bigint, now: Date): Promise<void> => {
  await tx.update(sessions).set({ verifiedAt: now }).where(eq(sessions.id, sessionId));
};

/** 3005 unless this session re-checked its password within REAUTH_MS (a verify in the future does not count). */
export const assertRecentlyVerified = (actor: Actor, now: Date): void => {
  const at = actor.verifiedAt?.getTime();
  const age = at === undefined ? Number.POSITIVE_INFINITY : now.getTime() - at;
  if (age < 0 || age >= REAUTH_MS) {
    throw refusal(
      Status.REAUTH_REQUIRED,
      'reauth_required',
      'Confirm your password (verify) before this change',
      {
        params: { minutes: REAUTH_MS / 60_000 },
      },
    );
  }
};

/** Live = not revoked, not past its absolute expiry, not idle too long (the same rules as resolveSession). */
export const liveSession = (now: Date) =>
  sql`${sessions.revokedAt} is null and ${sessions.expiresAt} > ${sqlTime(now)} and ${sessions.lastSeenAt} > ${sqlTime(new Date(now.getTime() - IDLE_MS))}`;

export const revokeSession = async (tx: Executor, sessionId: bigint, now: Date): Promise<void> => {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
};

/** End every live session of an account at once (lock, type change, password change). */
export const revokeAllSessions = async (tx: Executor, adminId: bigint, now: Date): Promise<void> => {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
};

/**
 * Sessions past any expiry are useless; drop them now and then to keep the table small. In batches
 * that answer a count, never the rows (constant memory however many have piled up); answers how many
 * sessions and sign-in challenges went.
 */
export const pruneSessions = async (tx: Executor, now: Date): Promise<number> => {
  // Sign-in challenges of the two-step sign-in likewise, once expired or used.
  const challenges = await deleteInBatches(
    tx,
    loginChallenges,
    loginChallenges.id,
    sql`${loginChallenges.expiresAt} < ${sqlTime(now)} or ${loginChallenges.usedAt} is not null`,
  );
  const ended = await deleteInBatches(
    tx,
    sessions,
    sessions.id,
    sql`${sessions.expiresAt} < ${sqlTime(now)} or ${sessions.lastSeenAt} < ${sqlTime(new Date(now.getTime() - IDLE_MS))} or ${sessions.revokedAt} is not null`,
  );
  return challenges + ended;
};
