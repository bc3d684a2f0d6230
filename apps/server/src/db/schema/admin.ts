import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const admins = pgTable(
  'admins',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'REPORTER'] }).notNull(),
    locked: boolean('locked').notNull().default(false),
    activeLoginIp: text('active_login_ip'),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_username_lower_key').on(sql`lower(${t.username})`),
    index('admins_created_at_idx').on(t.createdAt),
  ],
);

/** Opaque bearer tokens, stored only as SHA-256 hashes (DESIGN §7). */
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
  },
  (t) => [index('sessions_admin_idx').on(t.adminId)],
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
