import { type AdminType, Status } from '@sapi/contract';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../context.ts';
import { arrayLiteral } from '../db/array-literal.ts';
import { type Db, type Executor, oncePerDatabase, preparedStatement } from '../db/client.ts';
import { admins, loginChallenges, sessions, totpRequiredTypes } from '../db/schema/index.ts';
import { sqlTime } from '../db/sql-time.ts';
import { deleteInBatches } from '../db/upkeep.ts';
import { FreshRead } from '../lib/fresh-read.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { recordAudit } from './audit.ts';
import { refusal } from './errors.ts';

export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A sensitive admin-account change needs a `verify` in the same session this recently (docs/design.md §7). */
export const REAUTH_MS = 5 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not all become writes. */
export const TOUCH_EVERY_MS = 30 * 1000;

/** Kept for the session list; a longer header is cut, not refused. */
const MAX_USER_AGENT = 512;

/**
 * Live sessions one account may hold unless MAX_SESSIONS_PER_ACCOUNT says otherwise. A sign-in that
 * would make more ends the least recently used (docs/account-security.md): a forgotten browser goes
 * first, not the one in use; 400 sign-ins leave 10.
 */
export const MAX_LIVE_SESSIONS = 10;

/**
 * Start a session and return the token, which exists nowhere else after this. `verified`: the sign-in
 * itself counts as this session's password re-check (used when the account must set something up first).
 * Past `limit` (MAX_LIVE_SESSIONS unless configured) the least recently used live sessions end in the
 * same transaction, audited as one `session-end` with reason `session-limit`.
 */
export const createSession = async (
  tx: Executor,
  adminId: bigint,
  ip: string | null,
  now: Date,
  opts: { userAgent?: string | undefined; verified?: boolean; limit?: number } = {},
): Promise<string> => {
  const limit = opts.limit ?? MAX_LIVE_SESSIONS;
  // The lock every change of a session takes first (migration 0039): parallel sign-ins of one account
  // count one after another, each seeing the sessions the others made, so none goes past the cap.
  await tx.execute(sql`select 1 from auth_epoch where id = 1 for update`);
  const token = newToken();
  const [created] = await tx
    .insert(sessions)
    .values({
      tokenHash: sha256Hex(token),
      adminId,
      ip,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
      userAgent: opts.userAgent ? opts.userAgent.slice(0, MAX_USER_AGENT) : null,
      verifiedAt: opts.verified ? now : null,
    })
    .returning({ id: sessions.id });
  if (!created) throw new Error('session insert returned no row');
  // The new one counts first; the others most recently used first, and those past the cap end.
  const beyondCap = tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), liveSession(now), ne(sessions.id, created.id)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .offset(limit - 1);
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(inArray(sessions.id, beyondCap))
    .returning({ id: sessions.id });
  if (ended.length > 0) await auditEndedByCap(tx, adminId, ip, now, ended, limit);
  return token;
};

/** One audit record of the sessions a sign-in ended by the cap (one id, or the list of them). */
const auditEndedByCap = async (
  tx: Executor,
  adminId: bigint,
  ip: string | null,
  now: Date,
  ended: { id: bigint }[],
  limit: number,
): Promise<void> => {
  const [account] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, adminId));
  const ids = ended.map((row) => row.id.toString());
  await recordAudit(
    tx,
    { actorId: adminId, actor: account?.username ?? '', ip },
    {
      action: 'session-end',
      entity: 'session',
      entityId: ids.length === 1 ? (ids[0] ?? null) : null,
      after: {
        adminId: adminId.toString(),
        reason: 'session-limit',
        limit,
        ...(ids.length === 1 ? {} : { endedSessions: ids }),
      },
    },
    now,
  );
};

/** The account's counter (migration 0039); an account none has advanced yet reads 0. */
const accountEpoch = sql`coalesce((select e.n from account_auth_epoch e where e.admin_id = ${admins.id}), 0)::text`;

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
      // database held at these values of the counters, the global one and the account's
      // (migrations 0019, 0039).
      epoch: sql<string | null>`(select n::text from auth_epoch where id = 1) || ':' || ${accountEpoch}`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup'),
);

type LookupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number]>;

/**
 * The counters of some accounts, each as `global:account` (the form the look-up reads): the global
 * one moves for what concerns every account, an account's for a change of its row or its sessions
 * (migration 0039). One statement, so one snapshot for all.
 */
const readEpochs = preparedStatement<{ id: string; epoch: string | null }>(
  'auth_epochs',
  sql`select ids.id::text as id, (select n::text from auth_epoch where id = 1) || ':' || coalesce(e.n, 0)::text as epoch
    from unnest(${sql.placeholder('ids')}::bigint[]) as ids(id)
    left join account_auth_epoch e on e.admin_id = ids.id`,
);

/** The counters of the accounts asked for, each by its id, read fresh for every caller (`FreshRead`). */
class EpochReader {
  private readonly reads: FreshRead<Map<string, string | null>>;
  constructor(db: Db) {
    this.reads = new FreshRead((ids) =>
      readEpochs(db, { ids: arrayLiteral([...ids]) }).then(
        (rows) => new Map(rows.map((row) => [row.id, row.epoch])),
      ),
    );
  }

  current(adminId: bigint): Promise<string | null> {
    const id = adminId.toString();
    return this.reads.next(id).then((epochs) => epochs.get(id) ?? null);
  }
}

/** The session row of a token hash straight from the database (the bench compares it with `lookUp`). */
export const sessionRowFromDatabase = async (db: Db, tokenHash: string) =>
  (await sessionLookup(db, '').execute({ tokenHash }))[0];

/** A session row looked up earlier, good while its account's counters still read `epoch`. */
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
 * The session row of a token hash. From memory when this process looked it up before and its
 * account's counters have not moved since (one small read per request, shared by concurrent requests;
 * another account's sign-in or ended session moves nothing here);
 * otherwise — and whenever the remembered row would refuse — from the database. Only a live row
 * is remembered.
 */
const lookUp = async (db: Db, tokenHash: string, now: Date): Promise<LookupRow | undefined> => {
  const cache = cacheOf(db, '');
  const hit = cache.sessions.get(tokenHash);
  if (hit) {
    const epoch = await cache.epoch.current(hit.row.id);
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
  kind: 'staff',
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
 * The staff member this process remembers behind a token, before the counters are read: `held` says,
 * once the counters' read (started now) answers, whether the remembered row still stands. Nothing
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
  const held = cache.epoch.current(hit.row.id).then((epoch) => {
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
export const assertRecentlyVerified = (actor: { verifiedAt: Date | null }, now: Date): void => {
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
