import { dateInZone, type PortalRole, portalRoleOfOperator } from '@sapi/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext, PortalActor, Scope } from '../context.ts';
import {
  type Db,
  type Executor,
  onCitus,
  oncePerDatabase,
  preparedStatement,
  queryRows,
} from '../db/client.ts';
import { portalSessions } from '../db/schema/index.ts';
import { sqlTime } from '../db/sql-time.ts';
import { deleteInBatches } from '../db/upkeep.ts';
import { FreshRead } from '../lib/fresh-read.ts';
import { newToken, sha256Hex } from '../lib/tokens.ts';
import { ABSOLUTE_MS, IDLE_MS, MAX_LIVE_SESSIONS, TOUCH_EVERY_MS } from './session-store.ts';

/*
 * The agent side's accounts and sessions (docs/design.md §16): an agent signs in with its own username,
 * an operator as `username@prefix`. Same rules as staff sessions (core/session-store.ts): opaque tokens
 * stored as SHA-256 hashes, 30 min idle, 12 h absolute, at most MAX_LIVE_SESSIONS live per account.
 * A process remembers a session it has looked up — the row, its agent's and operator's, its downline —
 * while the agent side's counter (migration 0051) reads the same: every change of those rows or of any
 * sharing version moves it, so a lock or a change of the tree holds at the next request on every process.
 */

/** An account of the agent side as sign-in finds it. */
export interface PortalAccount {
  kind: 'agent' | 'operator';
  agentId: bigint;
  operatorId: bigint | null;
  /** The sign-in name as stored: `username` or `username@prefix`. */
  username: string;
  passwordHash: string;
  /** The account, or (an operator) its agent, is locked. */
  locked: boolean;
  mustChangePassword: boolean;
  /** Its two-factor secret (sealed), the one being enrolled, and the last accepted step. */
  totpSecret: string | null;
  totpPendingSecret: string | null;
  /** Its owners require it to use two-factor sign-in (an operator of a type its agent lists). */
  totpRequired: boolean;
  /** The addresses its agent's accounts may sign in from; empty = any. */
  signInIps: string[];
}

interface AccountRow {
  agent_id: string;
  operator_id: string | null;
  username: string;
  password_hash: string;
  locked: boolean;
  must_change_password: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_required: boolean;
  sign_in_ips: string[];
}

const accountOf = (row: AccountRow): PortalAccount => ({
  kind: row.operator_id === null ? 'agent' : 'operator',
  agentId: BigInt(row.agent_id),
  operatorId: row.operator_id === null ? null : BigInt(row.operator_id),
  username: row.username,
  passwordHash: row.password_hash,
  locked: row.locked,
  mustChangePassword: row.must_change_password,
  totpSecret: row.totp_secret,
  totpPendingSecret: row.totp_pending_secret,
  totpRequired: row.totp_required,
  signInIps: row.sign_in_ips,
});

/** The columns of an agent's own account (`a`), and of an operator (`o`) of agent `a`. */
const agentColumns = sql`a.id::text as agent_id, null as operator_id, a.username, a.password_hash, a.locked,
  a.must_change_password, a.totp_secret, a.totp_pending_secret, false as totp_required, a.sign_in_ips`;
const operatorColumns = sql`a.id::text as agent_id, o.id::text as operator_id, o.username || '@' || a.prefix as username,
  o.password_hash, (o.locked or a.locked) as locked, o.must_change_password, o.totp_secret,
  o.totp_pending_secret, o.type = any(a.operator_totp_types) as totp_required, a.sign_in_ips`;

/**
 * The agent-side account a sign-in name names, if any: `name@prefix` an operator of the agent with that
 * prefix (not deleted), a plain name an agent. An operator is locked when its agent is.
 */
export const findPortalAccount = async (
  db: Executor,
  signInName: string,
): Promise<PortalAccount | undefined> => {
  const at = signInName.lastIndexOf('@');
  if (at < 0) {
    const [row] = await queryRows<AccountRow>(
      db,
      sql`select ${agentColumns} from agents a where lower(a.username) = ${signInName.toLowerCase()} limit 1`,
    );
    return row ? accountOf(row) : undefined;
  }
  const name = signInName.slice(0, at);
  const prefix = signInName.slice(at + 1);
  if (name === '' || prefix === '') return undefined;
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select ${operatorColumns} from agent_operators o join agents a on a.id = o.agent_id
        where lower(o.username) = ${name.toLowerCase()} and lower(a.prefix) = ${prefix.toLowerCase()}
          and o.deleted_at is null
        limit 1`,
  );
  return row ? accountOf(row) : undefined;
};

/** The account's row, re-read for a password re-check or change, or a second factor's. */
export const portalAccountOf = async (
  db: Executor,
  actor: Pick<PortalActor, 'agentId' | 'operatorId'>,
): Promise<PortalAccount | undefined> => {
  const [row] = await queryRows<AccountRow>(
    db,
    actor.operatorId === null
      ? sql`select ${agentColumns} from agents a where a.id = ${actor.agentId}`
      : sql`select ${operatorColumns} from agent_operators o join agents a on a.id = o.agent_id
            where o.id = ${actor.operatorId} and a.id = ${actor.agentId} and o.deleted_at is null`,
  );
  return row ? accountOf(row) : undefined;
};

/** The sessions of one account: the agent's own (operator null) or one operator's. */
export const ofAccount = (agentId: bigint, operatorId: bigint | null) =>
  and(
    eq(portalSessions.agentId, agentId),
    operatorId === null ? isNull(portalSessions.operatorId) : eq(portalSessions.operatorId, operatorId),
  );

/** A portal session neither ended, expired nor idle at `now`. */
export const livePortal = (now: Date) =>
  sql`${portalSessions.revokedAt} is null and ${portalSessions.expiresAt} > ${sqlTime(now)} and ${portalSessions.lastSeenAt} > ${sqlTime(new Date(now.getTime() - IDLE_MS))}`;

/**
 * Start a session of an agent-side account and return its token. Past `limit` live sessions the least
 * recently used end (as for staff). `verified`: the sign-in counts as this session's password re-check.
 */
export const createPortalSession = async (
  tx: Executor,
  account: PortalAccount,
  ip: string | null,
  now: Date,
  opts: { userAgent?: string | undefined; verified?: boolean; limit?: number } = {},
): Promise<string> => {
  const limit = opts.limit ?? MAX_LIVE_SESSIONS;
  // One account's parallel sign-ins count one after another (the staff sessions' lock).
  await tx.execute(sql`select 1 from auth_epoch where id = 1 for update`);
  const token = newToken();
  const [created] = await tx
    .insert(portalSessions)
    .values({
      tokenHash: sha256Hex(token),
      agentId: account.agentId,
      operatorId: account.operatorId,
      ip,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
      userAgent: opts.userAgent ? opts.userAgent.slice(0, 512) : null,
      verifiedAt: opts.verified ? now : null,
    })
    .returning({ id: portalSessions.id });
  if (!created) throw new Error('session insert returned no row');
  await tx.execute(
    sql`update portal_sessions set revoked_at = ${sqlTime(now)} where id in (
          select id from portal_sessions
          where ${ofAccount(account.agentId, account.operatorId)} and ${livePortal(now)} and id <> ${created.id}
          order by last_seen_at desc, id desc offset ${limit - 1})`,
  );
  return token;
};

interface SessionRow {
  session_id: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  verified_at: Date | string | null;
  agent_id: string;
  agent_username: string;
  prefix: string;
  operator_id: string | null;
  operator_username: string | null;
  operator_type: 'SUPERMANAGER' | 'MANAGER' | 'OPERATOR' | 'REPORTER' | null;
  must_change_password: boolean;
  must_enrol_totp: boolean;
}

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** The walk down the sharing tree in force on `day` (docs/design.md §15's tree, `agent_sharing_versions`) from `root`. */
const downlineWalk = (root: SQL, day: SQL) =>
  sql`with recursive down(id) as (
        select ${root}
        union
        select v.agent_id from agent_sharing_versions v join down on v.parent_agent_id = down.id
        where v.effective_from <= ${day} and (v.effective_to is null or v.effective_to > ${day})
      )
      select id::text from down`;

/** The root first, then the agents below it by id. */
const rootFirst = (root: bigint, ids: readonly string[]): bigint[] => [
  root,
  ...ids
    .map((id) => BigInt(id))
    .filter((id) => id !== root)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
];

/** The agent and its downline on `day`: every agent below it in the sharing tree in force that day. The root first. */
export const downlineOf = async (db: Executor, root: bigint, day: string): Promise<bigint[]> => {
  const rows = await queryRows<{ id: string }>(db, downlineWalk(sql`${root}::bigint`, sql`${day}::date`));
  return rootFirst(
    root,
    rows.map((r) => r.id),
  );
};

/** The agent side's scope: the agent and its downline today (docs/design.md §16). */
export const scopeOfAgent = async (ctx: AppContext, agentId: bigint): Promise<Scope> => ({
  kind: 'agents',
  root: agentId,
  agentIds: await downlineOf(ctx.db, agentId, dateInZone(ctx.now(), ctx.config.REPORT_TIMEZONE)),
});

/** The columns of a live session (`portal_sessions`), its agent (`a`) and operator (`o`, or nulls). */
const sessionColumns = sql`portal_sessions.id::text as session_id, portal_sessions.last_seen_at, portal_sessions.expires_at,
  portal_sessions.verified_at, a.id::text as agent_id,
  a.username as agent_username, a.prefix, o.id::text as operator_id, o.username as operator_username,
  o.type as operator_type,
  case when o.id is null then a.must_change_password else o.must_change_password end as must_change_password,
  (o.id is not null and o.totp_secret is null and o.type = any(a.operator_totp_types)) as must_enrol_totp`;
const sessionJoins = sql`from portal_sessions
  join agents a on a.id = portal_sessions.agent_id and not a.locked
  left join agent_operators o on o.id = portal_sessions.operator_id`;
const usableAccount = sql`(portal_sessions.operator_id is null or (o.id is not null and not o.locked and o.deleted_at is null))`;

/**
 * A look-up from the database: the session with its agent, operator and the agent's downline today,
 * and the agent side's counter (migration 0051), in one prepared statement — one round trip, one
 * snapshot, so the row is what the database held at that value of the counter. On Citus the session
 * and the downline stay two reads (this statement, joining the coordinator's own tables with reference
 * tables around a recursive walk, is not used there).
 */
/** The live session of a token hash and its usable account, with its values bound by name. */
const liveSessionOfToken = sql`${sessionJoins}
      where portal_sessions.token_hash = ${sql.placeholder('tokenHash')}
        and portal_sessions.revoked_at is null
        and portal_sessions.expires_at > ${sql.placeholder('now')}::timestamptz
        and portal_sessions.last_seen_at > ${sql.placeholder('idleSince')}::timestamptz
        and ${usableAccount}
      limit 1`;
const portalSessionLookup = preparedStatement<SessionRow & { downline: string[]; epoch: string }>(
  'portal_session_lookup',
  sql`select ${sessionColumns},
        array(${downlineWalk(sql`a.id`, sql`${sql.placeholder('day')}::date`)}) as downline,
        (select n::text from portal_auth_epoch where id = 1) as epoch
      ${liveSessionOfToken}`,
);
/** On Citus: the session and its account alone, prepared (planning it afresh cost a millisecond there). */
const portalSessionRead = preparedStatement<SessionRow>(
  'portal_session_read',
  sql`select ${sessionColumns} ${liveSessionOfToken}`,
);
/** The values the session look-ups bind for a token hash at `now`. */
const lookupValues = (tokenHash: string, now: Date, day: string) => ({
  tokenHash,
  now: now.toISOString(),
  idleSince: new Date(now.getTime() - IDLE_MS).toISOString(),
  day,
});

const readPortalEpoch = preparedStatement<{ n: string }>(
  'portal_auth_epoch',
  sql`select n::text as n from portal_auth_epoch where id = 1`,
);

/**
 * Reads of the agent side's counter shared by concurrent requests (as staff's `EpochReader`,
 * core/session-store.ts): a caller gets a value read after it asked — never one already on its way —
 * so every change committed before its request arrived is seen; all callers that ask while no read is
 * waiting to start share the next one.
 */
class PortalEpochReader {
  private readonly reads: FreshRead<string | null>;
  constructor(db: Db) {
    this.reads = new FreshRead(() => readPortalEpoch(db, {}).then((rows) => rows[0]?.n ?? null));
  }

  current(): Promise<string | null> {
    return this.reads.next();
  }
}

/**
 * A portal session looked up earlier: its account as a handler sees it, trusted while the counter
 * still reads `epoch` and the day (in the report time zone; a sharing version may start or end at
 * midnight without a write) is still `day`.
 */
interface Held {
  actor: PortalActor;
  epoch: string;
  day: string;
  lastSeenAt: Date;
  expiresAt: Date;
  at: number;
}
/** At most this long in memory; at most this many sessions, and agent ids of their scopes, per process. */
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;
const CACHE_IDS_MAX = 1_000_000;

const cacheOf = oncePerDatabase((db: Db) => ({
  epoch: new PortalEpochReader(db),
  sessions: new Map<string, Held>(),
  ids: 0,
}));
type Cache = ReturnType<typeof cacheOf>;

const idsOf = (held: Held | undefined) =>
  held?.actor.scope.kind === 'agents' ? held.actor.scope.agentIds.length : 0;

const forget = (cache: Cache, tokenHash: string, held?: Held) => {
  const current = cache.sessions.get(tokenHash);
  if (current === undefined || (held !== undefined && current !== held)) return;
  cache.ids -= idsOf(current);
  cache.sessions.delete(tokenHash);
};

const remember = (cache: Cache, tokenHash: string, held: Held) => {
  cache.ids += idsOf(held) - idsOf(cache.sessions.get(tokenHash));
  if (cache.sessions.size >= CACHE_MAX || cache.ids > CACHE_IDS_MAX) {
    cache.sessions.clear();
    cache.ids = idsOf(held);
  }
  cache.sessions.set(tokenHash, held);
};

/** Usable by the clock and the calendar alone: not past its absolute expiry, not idle, still the day it was read. */
const live = (held: Held, now: Date, day: string) =>
  held.day === day &&
  held.expiresAt.getTime() > now.getTime() &&
  now.getTime() - held.lastSeenAt.getTime() < IDLE_MS &&
  performance.now() - held.at < CACHE_MS;

const touchDue = (held: Held, now: Date) => now.getTime() - held.lastSeenAt.getTime() >= TOUCH_EVERY_MS;

/** Is `token` one this process holds as an agent-side session's (so not a staff session's)? */
export const isPortalToken = (ctx: AppContext, token: string): boolean =>
  cacheOf(ctx.db, '').sessions.has(sha256Hex(token));

/**
 * The agent-side account this process remembers behind a token, before the counter is read: `held`
 * says, once the counter's read (started now) answers, whether it still stands. Nothing may leave the
 * server on the strength of `actor` before `held` answers true; a read route runs its queries meanwhile
 * (http/route.ts), so the check costs no round trip of its own. Undefined when nothing usable is
 * remembered, or its last-seen time is due a write: `resolvePortalSession` then.
 */
export const heldPortalSession = (
  ctx: AppContext,
  token: string,
): { actor: PortalActor; held: Promise<boolean> } | undefined => {
  if (onCitus(ctx.db)) return undefined;
  const now = ctx.now();
  const tokenHash = sha256Hex(token);
  const cache = cacheOf(ctx.db, '');
  const hit = cache.sessions.get(tokenHash);
  if (!hit || !live(hit, now, dateInZone(now, ctx.config.REPORT_TIMEZONE)) || touchDue(hit, now)) {
    return undefined;
  }
  const held = cache.epoch.current().then((epoch) => {
    if (epoch === hit.epoch) return true;
    forget(cache, tokenHash, hit);
    return false;
  });
  return { actor: hit.actor, held };
};

/**
 * The agent-side account behind a token, or null when the token is unknown, revoked, expired or idle,
 * or the account, its agent or (an operator) its record is locked or deleted. From memory when this
 * process looked the session up before and the agent side's counter has not moved since (one small
 * read, shared by concurrent requests); otherwise from the database. On Citus always from the database.
 */
export const resolvePortalSession = async (ctx: AppContext, token: string): Promise<PortalActor | null> => {
  const now = ctx.now();
  const tokenHash = sha256Hex(token);
  const day = dateInZone(now, ctx.config.REPORT_TIMEZONE);
  if (onCitus(ctx.db)) {
    const [row] = await portalSessionRead(ctx.db, lookupValues(tokenHash, now, day));
    if (!row) {
      forget(cacheOf(ctx.db, ''), tokenHash);
      return null;
    }
    await touch(ctx, row.session_id, asDate(row.last_seen_at), now);
    const actor = actorOf(row, await scopeOfAgent(ctx, BigInt(row.agent_id)));
    // Only to know the token as an agent-side one (`isPortalToken`); never trusted here.
    remember(cacheOf(ctx.db, ''), tokenHash, {
      actor,
      epoch: '',
      day,
      lastSeenAt: now,
      expiresAt: now,
      at: 0,
    });
    return actor;
  }
  const cache = cacheOf(ctx.db, '');
  const hit = cache.sessions.get(tokenHash);
  if (hit) {
    if (live(hit, now, day) && (await cache.epoch.current()) === hit.epoch) {
      if (touchDue(hit, now)) {
        await touch(ctx, hit.actor.sessionId.toString(), hit.lastSeenAt, now);
        // Not a change the counter follows: the remembered session just moves with it.
        hit.lastSeenAt = now;
      }
      return hit.actor;
    }
    forget(cache, tokenHash, hit);
  }
  const [row] = await portalSessionLookup(ctx.db, lookupValues(tokenHash, now, day));
  if (!row) return null;
  const lastSeenAt = asDate(row.last_seen_at);
  const touched = await touch(ctx, row.session_id, lastSeenAt, now);
  const agentId = BigInt(row.agent_id);
  const actor = actorOf(row, { kind: 'agents', root: agentId, agentIds: rootFirst(agentId, row.downline) });
  remember(cache, tokenHash, {
    actor,
    epoch: row.epoch,
    day,
    lastSeenAt: touched ? now : lastSeenAt,
    expiresAt: asDate(row.expires_at),
    at: performance.now(),
  });
  return actor;
};

/** Refresh last_seen_at once it is TOUCH_EVERY_MS old (reads do not all become writes); answers whether it did. */
const touch = async (ctx: AppContext, sessionId: string, lastSeenAt: Date, now: Date): Promise<boolean> => {
  if (now.getTime() - lastSeenAt.getTime() < TOUCH_EVERY_MS) return false;
  await ctx.db
    .update(portalSessions)
    .set({ lastSeenAt: now })
    .where(eq(portalSessions.id, BigInt(sessionId)));
  return true;
};

const actorOf = (row: SessionRow, scope: Scope): PortalActor => {
  const agentId = BigInt(row.agent_id);
  const operator = row.operator_id !== null && row.operator_type !== null;
  const role: PortalRole = operator && row.operator_type ? portalRoleOfOperator(row.operator_type) : 'AGENT';
  return {
    kind: operator ? 'operator' : 'agent',
    id: operator ? BigInt(row.operator_id ?? '0') : agentId,
    username: operator ? `${row.operator_username}@${row.prefix}` : row.agent_username,
    role,
    type: operator && row.operator_type ? row.operator_type : 'AGENT',
    agentId,
    agentUsername: row.agent_username,
    prefix: row.prefix,
    operatorId: operator ? BigInt(row.operator_id ?? '0') : null,
    sessionId: BigInt(row.session_id),
    verifiedAt: row.verified_at === null ? null : asDate(row.verified_at),
    mustChangePassword: row.must_change_password,
    mustEnrolTotp: row.must_enrol_totp,
    scope,
  };
};

export const revokePortalSession = async (tx: Executor, sessionId: bigint, now: Date): Promise<void> => {
  await tx.update(portalSessions).set({ revokedAt: now }).where(eq(portalSessions.id, sessionId));
};

/**
 * End the live sessions of one agent-side account (`operatorId` null: the agent's own), but `except`;
 * answers how many ended.
 */
export const revokePortalSessionsOf = async (
  tx: Executor,
  agentId: bigint,
  operatorId: bigint | null,
  now: Date,
  except?: bigint,
): Promise<number> => {
  const ended = await tx
    .update(portalSessions)
    .set({ revokedAt: now })
    .where(
      and(
        ofAccount(agentId, operatorId),
        isNull(portalSessions.revokedAt),
        except === undefined ? undefined : sql`${portalSessions.id} <> ${except}`,
      ),
    )
    .returning({ id: portalSessions.id });
  return ended.length;
};

export const markPortalSessionVerified = async (
  tx: Executor,
  sessionId: bigint,
  now: Date,
): Promise<void> => {
  await tx.update(portalSessions).set({ verifiedAt: now }).where(eq(portalSessions.id, sessionId));
};

/** The upkeep: agent-side sessions past any expiry, in batches (as `pruneSessions`). */
export const prunePortalSessions = (tx: Executor, now: Date): Promise<number> =>
  deleteInBatches(
    tx,
    portalSessions,
    portalSessions.id,
    sql`${portalSessions.expiresAt} < ${sqlTime(now)} or ${portalSessions.lastSeenAt} < ${sqlTime(new Date(now.getTime() - IDLE_MS))} or ${portalSessions.revokedAt} is not null`,
  );
