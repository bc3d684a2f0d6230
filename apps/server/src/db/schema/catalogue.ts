import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigserial('id', { mode: 'bigint' }).primaryKey();

/** Game providers ("game camps"). */
export const adapters = pgTable(
  'adapters',
  {
    id: id(),
    name: text('name').notNull(),
    codename: text('codename').notNull().unique(),
    endpoint: text('endpoint').notNull(),
    type: text('type', { enum: ['SLOT', 'LIVE', 'SPORT', 'FISHING', 'TABLE', 'LOTTO', 'OTHER'] }).notNull(),
    logo: text('logo').notNull(),
    isDisable: boolean('is_disable').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('adapters_created_at_idx').on(t.createdAt)],
);

/** Resellers. `secret` is kept readable: it signs the agent's ingest calls (HMAC) and staff copy it. */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    endpoint: text('endpoint').notNull(),
    games: text('games').array().notNull().default(sql`'{}'::text[]`),
    prefix: text('prefix').notNull().unique(),
    code: text('code').notNull().unique(),
    secret: text('secret').notNull(),
    apiKey: text('api_key').notNull().unique(),
    agentType: text('agent_type', { enum: ['SENIOR', 'MASTER', 'AGENT', 'SUBAGENT'] }).notNull(),
    createdBy: text('created_by'),
    locked: boolean('locked').notNull().default(false),
    /** Addresses and CIDR ranges the ingest API accepts for this agent; empty = any (docs/design.md §13). */
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    /** Its password was set by someone else: its first sign-in may only change it (migration 0046). */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Two-factor sign-in of the agent's own account, as staff's (migration 0048). */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Addresses and CIDR ranges the agent's accounts may sign in from; empty = any (docs/design.md §16). */
    signInIps: text('sign_in_ips').array().notNull().default(sql`'{}'::text[]`),
    /** The operator types of this agent that must use two-factor sign-in. */
    operatorTotpTypes: text('operator_totp_types').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agents_username_lower_key').on(sql`lower(${t.username})`),
    index('agents_created_at_idx').on(t.createdAt),
  ],
);

/** Revenue sharing: the parent earns `parent_bp` hundredths of a percent of the agent's win/lose. */
export const agentSharing = pgTable(
  'agent_sharing',
  {
    id: id(),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => agents.id),
    parentAgentId: bigint('parent_agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => agents.id),
    parentBp: integer('parent_bp').notNull(),
    isDisable: boolean('is_disable').notNull().default(false),
    /** Settle a negative balance each period instead of carrying it forward (migration 0041). */
    settleEachPeriod: boolean('settle_each_period').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('agent_sharing_not_self', sql`${t.agentId} <> ${t.parentAgentId}`),
    check('agent_sharing_bp_range', sql`${t.parentBp} between 0 and 10000`),
    // At most one enabled arrangement per agent.
    uniqueIndex('agent_sharing_one_enabled_key').on(t.agentId).where(sql`not ${t.isDisable}`),
    index('agent_sharing_parent_idx').on(t.parentAgentId),
  ],
);

/** Players. `username` is the agent prefix + the typed name; deleted players keep their history. */
export const users = pgTable(
  'users',
  {
    id: id(),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => agents.id),
    username: text('username').notNull(),
    betLimit: bigint('bet_limit', { mode: 'bigint' }).notNull(),
    locked: boolean('locked').notNull().default(false),
    activeGamePlaying: text('active_game_playing'),
    lastGamePlaying: text('last_game_playing').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    check('users_bet_limit_non_negative', sql`${t.betLimit} >= 0`),
    // Byte-wise, so the many look-ups by name compare with memcmp (migration 0012).
    uniqueIndex('users_username_live_key')
      .on(sql`(lower(${t.username}) collate "C")`)
      .where(sql`${t.deletedAt} is null`),
    index('users_agent_created_idx').on(t.agentId, t.createdAt),
    index('users_created_at_idx').on(t.createdAt),
    // A username search reads the agent's names and ids from the index alone (migration 0029).
    index('users_agent_username_idx').on(t.agentId, t.username, t.id),
  ],
);

/** Accounts of an agent's own staff. */
export const agentOperators = pgTable(
  'agent_operators',
  {
    id: id(),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => agents.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: ['SUPERMANAGER', 'MANAGER', 'OPERATOR', 'REPORTER'] }).notNull(),
    locked: boolean('locked').notNull().default(false),
    /** Its password was set by someone else: its first sign-in may only change it (migration 0046). */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('agent_operators_agent_username_key')
      .on(t.agentId, sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);
