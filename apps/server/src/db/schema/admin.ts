import { adminTypes } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A WAL position (`16/B374D848`), compared by PostgreSQL as a position, not as text. */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

export const admins = pgTable(
  'admins',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: adminTypes }).notNull(),
    locked: boolean('locked').notNull().default(false),
    activeLoginIp: text('active_login_ip'),
    /** Signed in with a temporary password: only the password change works until it is replaced. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When a temporary password from a reset stops working (null: it does not expire). */
    temporaryPasswordExpiresAt: ts('temporary_password_expires_at'),
    /** Addresses and CIDR ranges this account may work from; empty = any (docs/design.md §13). */
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    /** The TOTP secret, AES-256-GCM encrypted with the configured key; null = no second factor. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, until its first code confirms it (then it moves to totp_secret). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step whose code was accepted: a code (or an earlier one) is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_username_lower_key').on(sql`lower(${t.username})`),
    index('admins_created_at_idx').on(t.createdAt),
  ],
);

/** Opaque bearer tokens, stored only as SHA-256 hashes (docs/design.md §7). */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    adminId: bigint('admin_id', { mode: 'bigint' })
      .notNull()
      .references(() => admins.id),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Last successful password re-check (`verify`) in this session: sensitive changes need one within 5 min. */
    verifiedAt: ts('verified_at'),
    /** As the browser sent it (cut to 512 characters), for the session list. */
    userAgent: text('user_agent'),
    /**
     * With a read replica: the primary's WAL position after this session's latest write; its report
     * and list reads stay on the primary until the replica has replayed past it (db/replica.ts).
     */
    writeLsn: pgLsn('write_lsn'),
  },
  (t) => [index('sessions_admin_idx').on(t.adminId)],
);

/**
 * Sessions of the agent side (docs/design.md §16): an agent's own account (`operatorId` null) or one of
 * its operators. Ids from the staff sessions' sequence (migration 0046), so one id names one session.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().default(sql`nextval('sessions_id_seq')`),
    tokenHash: text('token_hash').notNull().unique(),
    agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    verifiedAt: ts('verified_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('portal_sessions_account_idx').on(t.agentId, t.operatorId)],
);

/** Recovery codes of agent-side accounts (`account`: `agent:<id>` or `operator:<id>`), hashes only. */
export const portalRecoveryCodes = pgTable(
  'portal_recovery_codes',
  {
    account: text('account').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.account, t.codeHash] })],
);

/** The code step of an agent-side sign-in, as `login_challenges` for staff. */
export const portalLoginChallenges = pgTable(
  'portal_login_challenges',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('portal_login_challenges_account_idx').on(t.agentId, t.operatorId)],
);

/**
 * Sign-in attempt counters per username and per client IP, shared by every app process. `failures`
 * counts every attempt up front (a success forgives its own); `admitted` is what the latest upsert
 * decided for this key, so its RETURNING tells each attempt whether it may check a password.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: ts('window_start').notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
  admitted: boolean('admitted').notNull().default(true),
});

/** Two-factor recovery codes: only SHA-256 hashes (the codes carry 80 random bits), each usable once. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    adminId: bigint('admin_id', { mode: 'bigint' })
      .notNull()
      .references(() => admins.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.codeHash] })],
);

/** Sign-in step 1 passed for an account with a second factor: the code step names it by this token's hash. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    adminId: bigint('admin_id', { mode: 'bigint' })
      .notNull()
      .references(() => admins.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('login_challenges_admin_idx').on(t.adminId)],
);

/** Admin types a SUPERADMIN requires two-factor sign-in for (one row per type). */
export const totpRequiredTypes = pgTable('totp_required_types', {
  type: text('type', { enum: adminTypes }).primaryKey(),
});

/**
 * Requests refused by an address allow-list, per agent or account and UTC day (bounded however many
 * addresses an attacker rotates through), so operations can see them.
 */
export const ipRefusals = pgTable(
  'ip_refusals',
  {
    scope: text('scope', { enum: ['agent', 'admin'] }).notNull(),
    subjectId: bigint('subject_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    lastIp: text('last_ip').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subjectId, t.day] }),
    index('ip_refusals_last_at_idx').on(t.lastAt),
  ],
);
