import type { AuditAction, User, UserUpdate, userCreateSchema, userListQuerySchema } from '@sapi/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ALL_AGENTS, type AppContext, type Scope } from '../../context.ts';
import { type AuditFn, auditedChange } from '../../core/change.ts';
import { assertAgentInScope, requireAgent } from '../../core/entities.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { agentFilterWithin, agentWithin } from '../../core/scope.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contains, within } from '../../db/filters.ts';
import { listing, sortOf } from '../../db/paging.ts';
import { agents, users } from '../../db/schema/index.ts';
import { latestGameOf } from '../../ledger/readers/latest-game.ts';
import { countRegistrations } from '../../ledger/registrations.ts';
import { type CsvColumn, decimalColumn, flagColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { toMajor, toMinor } from '../../lib/money.ts';

type Query = z.output<typeof userListQuerySchema>;

/** Players with their agent; `agent` when every row is that agent's (the list filtered by it). */
const selectJoined = (db: Executor, agent?: bigint) =>
  db
    .select({
      u: users,
      agentUsername: agents.username,
      agentPrefix: agents.prefix,
      // The latest game the player bet on, read off the ledger (an index probe per listed player).
      latestGame: latestGameOf(agent ?? users.agentId, users.id),
    })
    .from(users)
    .innerJoin(agents, eq(agents.id, users.agentId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

export const toUser = ({ u, agentUsername, agentPrefix, latestGame }: Joined): User => ({
  _id: u.id.toString(),
  username: u.username,
  name: u.username.toLowerCase().startsWith(agentPrefix) ? u.username.slice(agentPrefix.length) : u.username,
  agent: u.agentId.toString(),
  agentUsername,
  agentPrefix,
  betLimit: toMajor(u.betLimit),
  locked: u.locked,
  activeGamePlaying: u.activeGamePlaying ?? latestGame,
  lastGamePlaying: u.lastGamePlaying,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

/** The player export: its columns and their headers in each language. */
export const userCsvColumns: CsvColumn<User>[] = [
  textColumn({ th: 'ชื่อผู้ใช้', en: 'Username' }, (r) => r.name),
  textColumn({ th: 'ชื่อผู้ใช้ในระบบ', en: 'Stored username' }, (r) => r.username),
  textColumn({ th: 'เอเจนต์', en: 'Agent' }, (r) => r.agentUsername),
  decimalColumn({ th: 'วงเงินเดิมพันสูงสุด', en: 'Max bet limit' }, (r) => r.betLimit),
  flagColumn({ th: 'ล็อกการเดิมพัน', en: 'Bet locked' }, (r) => r.locked),
  timeColumn({ th: 'วันที่ลงทะเบียน', en: 'Registered' }, (r) => r.createdAt),
  textColumn({ th: 'เกมล่าสุด', en: 'Latest game' }, (r) => r.activeGamePlaying ?? r.lastGamePlaying[0] ?? ''),
];

const whereOf = (scope: Scope, q: Query) =>
  and(
    agentFilterWithin(scope, users.agentId, q.agent),
    isNull(users.deletedAt),
    contains(users.username, q.username),
    within(users.createdAt, q.startDate, q.endDate),
    q.locked === undefined ? undefined : eq(users.locked, q.locked),
  );

/**
 * The screen's sorting: by name as the live-name index reads it (lower case, byte-wise), or by
 * registration (its index); ties by id.
 */
const userOrder = (q: Query) =>
  sortOf(q, { username: sql`(lower(${users.username}) collate "C")`, createdAt: users.createdAt }, users.id);

/** The player list and its export, for one set of filters (newest registration first: ids follow it). */
export const userListing = (ctx: AppContext, scope: Scope, q: Query) =>
  listing({
    where: whereOf(scope, q),
    id: users.id,
    idOf: (r: Joined) => r.u.id,
    toDto: toUser,
    fetch: (where, limit, offset, order = [desc(users.id)]) =>
      selectJoined(ctx.db, q.agent)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: (where) => countWhere(ctx.db, users, where),
    order: userOrder(q),
  });

const findLive = async (db: Executor, id: bigint, scope: Scope) =>
  (
    await selectJoined(db).where(
      and(eq(users.id, id), isNull(users.deletedAt), agentWithin(scope, users.agentId)),
    )
  )[0];

/** A player of the caller's scope; one outside it answers as a missing one (docs/design.md §16). */
export const getUser = async (ctx: AppContext, scope: Scope, id: bigint) => {
  const row = await findLive(ctx.db, id, scope);
  if (!row) throw notFound('Player');
  return toUser(row);
};

/**
 * The stored username is the agent prefix followed by the typed name (unique among live players). An
 * agent outside the caller's scope answers as a missing agent, before any query (docs/design.md §16).
 */
export const createUser = async (
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof userCreateSchema>,
  audit: AuditFn,
) => {
  assertAgentInScope(scope, input.agent);
  const agent = await requireAgent(ctx.db, input.agent);
  const username = `${agent.prefix}${input.username}`;
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          agentId: agent.id,
          username,
          betLimit: toMinor(input.betLimit),
          locked: input.locked,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await tx.execute(
        countRegistrations(
          sql`(select ${row.agentId}::bigint as agent_id, ${row.createdAt.toISOString()}::timestamptz as created_at) as created`,
          ctx.config.REPORT_TIMEZONE,
        ),
      );
      const created = toUser({
        u: row,
        agentUsername: agent.username,
        agentPrefix: agent.prefix,
        latestGame: null,
      });
      await audit(tx, { action: 'create', entity: 'user', entityId: created._id, after: created });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('player_exists', `Player "${username}" already exists`, {
        path: 'username',
        params: { username },
      });
    }
    throw err;
  }
};

/**
 * The player, locked for the change. Locked by agent and id (its agent never changes), read first:
 * on a ledger sharded by agent (Citus, docs/scaling.md §4) a row lock must name the shard. A player
 * outside the caller's scope is neither read nor locked: it answers as a missing one (docs/design.md §16).
 */
const load = (id: bigint, scope: Scope) => async (tx: Tx) => {
  const [owner] = await tx
    .select({ agentId: users.agentId })
    .from(users)
    .where(and(eq(users.id, id), agentWithin(scope, users.agentId)));
  if (!owner) return undefined;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agentId, owner.agentId), eq(users.id, id)))
    .for('update');
  return findLive(tx, id, scope);
};

const changeUser = (
  ctx: AppContext,
  scope: Scope,
  id: bigint,
  action: AuditAction,
  audit: AuditFn,
  set: (row: Joined) => Partial<typeof users.$inferInsert> | undefined,
) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: load(id, scope),
      what: 'Player',
      toDto: toUser,
      entity: 'user',
      action,
      audit,
      change: async (t, row) => {
        const values = set(row);
        if (!values) return undefined;
        await t
          .update(users)
          .set({ ...values, updatedAt: ctx.now() })
          .where(eq(users.id, id));
        return (await selectJoined(t).where(eq(users.id, id)))[0];
      },
    }),
  );

/** The bet limit and lock of a player of the caller's scope. */
export const updateUser = (ctx: AppContext, scope: Scope, id: bigint, input: UserUpdate, audit: AuditFn) =>
  changeUser(ctx, scope, id, 'update', audit, (row) => {
    const betLimit = toMinor(input.betLimit);
    const locked = input.locked ?? row.u.locked;
    return betLimit === row.u.betLimit && locked === row.u.locked ? undefined : { betLimit, locked };
  });

/** Soft delete (staff only): the player leaves every list, its history stays. */
export const deleteUser = (ctx: AppContext, id: bigint, audit: AuditFn) =>
  changeUser(ctx, ALL_AGENTS, id, 'delete', audit, () => ({ deletedAt: ctx.now() }));
