import { randomBytes } from 'node:crypto';
import {
  type Agent,
  type AgentRegister,
  type AgentTreeNode,
  type AgentUpdate,
  type AgentWithSecret,
  type AuditAction,
  type agentListQuerySchema,
  type agentRegisterSchema,
  allows,
  api,
  MAX_TREE_AGENTS,
  RECENT_REFUSALS_CAP,
} from '@sapi/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AppContext, type PortalActor, type Principal, type Scope, scopeOf } from '../../context.ts';
import { type AuditFn, auditedChange, flagChange } from '../../core/change.ts';
import { assertAgentInScope, assertOwnAgent, requireAgent } from '../../core/entities.ts';
import { type AppError, conflict, forbidden, invalidField } from '../../core/errors.ts';
import { agentWithin } from '../../core/scope.ts';
import { businessToday, lockSettlement } from '../../core/settlement-periods.ts';
import { startVersion } from '../../core/sharing-versions.ts';
import { assertSignInNameFree, signInNameHeld } from '../../core/sign-in-names.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { type Executor, onCitus, queryRows, type Tx } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { constraintOf, isUniqueViolation } from '../../db/errors.ts';
import { contains, within } from '../../db/filters.ts';
import { agentForUpdate } from '../../db/lookups.ts';
import { listing, sortOf } from '../../db/paging.ts';
import { adapters, agentSharing, agentSharingVersions, agents } from '../../db/schema/index.ts';
import { type CsvColumn, flagColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { dateInZone } from '../../lib/time.ts';

type Row = typeof agents.$inferSelect;
type Query = z.output<typeof agentListQuerySchema>;

export const toAgent = (row: Row): Agent => ({
  _id: row.id.toString(),
  username: row.username,
  endpoint: row.endpoint,
  games: row.games,
  prefix: row.prefix,
  code: row.code,
  apiKey: row.apiKey,
  agentType: row.agentType,
  createdBy: row.createdBy,
  locked: row.locked,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The agent export: its columns and their headers in each language. */
export const agentCsvColumns: CsvColumn<Agent>[] = [
  textColumn({ th: 'ชื่อผู้ใช้', en: 'Username' }, (r) => r.username),
  textColumn({ th: 'คำนำหน้า', en: 'Prefix' }, (r) => r.prefix),
  textColumn({ th: 'รหัสระบบ', en: 'System code' }, (r) => r.code),
  textColumn({ th: 'ประเภทเอเจนต์', en: 'Agent type' }, (r) => r.agentType),
  textColumn({ th: 'ที่อยู่ปลายทาง', en: 'Endpoint' }, (r) => r.endpoint),
  textColumn({ th: 'เกม', en: 'Games' }, (r) => r.games.join(' ')),
  flagColumn({ th: 'ล็อก', en: 'Locked' }, (r) => r.locked),
  timeColumn({ th: 'วันที่สร้าง', en: 'Created' }, (r) => r.createdAt),
];

export const encodeApiKey = (apiKey: string, secret: string) =>
  Buffer.from(`${apiKey}:${secret}`).toString('base64');

/**
 * May this caller see (and so rotate) the agent's secret? Staff who may edit agents (docs/design.md §7);
 * on the agent side the roles that may rotate it, for their own agent only (§16).
 */
export const maySeeSecret = (p: Principal, agentId: bigint): boolean =>
  p.kind === 'staff'
    ? allows(api.agentUpdate, p.type)
    : allows(api.agentRotateSecret, p.role) && p.agentId === agentId;

/**
 * An agent as this caller may read it: the agent side never learns which staff account registered an
 * agent (`createdBy` null), in answers and in the audit records of its own writes it reads back.
 */
const agentFor = (p: Principal, row: Row): Agent =>
  p.kind === 'staff' ? toAgent(row) : { ...toAgent(row), createdBy: null };

/** The credentials go only to callers that may rotate them; others get the key without the secret. */
export const toAgentFor = (p: Principal, row: Row): AgentWithSecret =>
  maySeeSecret(p, row.id)
    ? { ...agentFor(p, row), secret: row.secret, apiKeyEncoded: encodeApiKey(row.apiKey, row.secret) }
    : agentFor(p, row);

const whereOf = (scope: Scope, q: Query) =>
  and(
    agentWithin(scope, agents.id),
    contains(agents.username, q.username),
    contains(agents.prefix, q.prefix),
    within(agents.createdAt, q.startDate, q.endDate),
    q.locked === undefined ? undefined : eq(agents.locked, q.locked),
  );

/**
 * An agent's ingest requests refused in the last 24 hours, counted up to RECENT_REFUSALS_CAP: per
 * agent one range of the log's partial index of refusals (migration 0017), never a scan.
 */
const recentRefusals = (
  now: Date,
) => sql<number>`(select least(coalesce(sum(r.n), 0), ${RECENT_REFUSALS_CAP})::int from (
    -- A row may count several refusals (those whose signature did not hold, per minute: migration 0036).
    select l.count as n from ingest_log l
    where l.agent_id = "agents"."id" and l.outcome = 'refused'
      and l.at > ${new Date(now.getTime() - 24 * 3600 * 1000).toISOString()}::timestamptz
    limit ${RECENT_REFUSALS_CAP}) as r)`;

/**
 * `recentRefusals` on Citus, which plans no correlated subquery beside a reference table: one read of
 * the page's agents, grouped (each agent's rows in its own shard; the cap applied to the sum).
 */
const withRefusalsCounted = async <R extends { id: bigint; ingestRefusals24h: number }>(
  db: Executor,
  now: Date,
  rows: R[],
): Promise<R[]> => {
  if (rows.length === 0) return rows;
  const counts = await queryRows<{ agent_id: string; n: number }>(
    db,
    sql`select agent_id::text, least(sum(count), ${RECENT_REFUSALS_CAP})::int as n from ingest_log
        where agent_id = any(${arrayLiteral(rows.map((r) => r.id.toString()))}::bigint[]) and outcome = 'refused'
          and at > ${new Date(now.getTime() - 24 * 3600 * 1000).toISOString()}::timestamptz
        group by agent_id`,
  );
  const byAgent = new Map(counts.map((c) => [c.agent_id, c.n]));
  return rows.map((r) => ({ ...r, ingestRefusals24h: byAgent.get(r.id.toString()) ?? 0 }));
};

/** Whether another agent has the agent's secret (see `secretShared`); agents are few, no index needed. */
const sharesSecret = sql<boolean>`exists (select 1 from agents o
    where o.secret = "agents"."secret" and o.id <> "agents"."id")`;

type ListedRow = Row & { ingestRefusals24h: number; secretShared: boolean };

/**
 * The agent list (with each agent's recent ingest refusals and shared secret, for its badges) and its
 * export: the agents of the caller's scope (docs/design.md §16). Staff also read whether each agent's
 * own account uses two-factor sign-in (the screen's "remove two-factor" action); the agent side reads
 * neither that nor who registered an agent.
 */
export const agentListing = (ctx: AppContext, actor: Principal, q: Query) =>
  listing({
    where: whereOf(scopeOf(actor), q),
    id: agents.id,
    idOf: (r: ListedRow) => r.id,
    toDto: (r: ListedRow): Agent => ({
      ...agentFor(actor, r),
      ingestRefusals24h: r.ingestRefusals24h,
      secretShared: r.secretShared,
      ...(actor.kind === 'staff' ? { totpEnabled: r.totpSecret !== null } : {}),
    }),
    fetch: async (where, limit, offset, order = [desc(agents.id)]) => {
      const citus = onCitus(ctx.db);
      const rows = await ctx.db
        .select({
          ...getTableColumns(agents),
          ingestRefusals24h: citus ? sql<number>`0` : recentRefusals(ctx.now()),
          secretShared: sharesSecret,
        })
        .from(agents)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return citus ? withRefusalsCounted(ctx.db, ctx.now(), rows) : rows;
    },
    count: (where) => countWhere(ctx.db, agents, where),
    order: agentOrder(q),
  });

/** The screen's sorting: by name as its unique index reads it (lower case), or by registration; ties by id. */
const agentOrder = (q: Query) =>
  sortOf(q, { username: sql`lower(${agents.username})`, createdAt: agents.createdAt }, agents.id);

/** Picker search as the user types: username or prefix contains the text. */
export const pickAgents = async (ctx: AppContext, scope: Scope, text: string | undefined, limit: number) => {
  const rows = await ctx.db
    .select({ id: agents.id, username: agents.username, prefix: agents.prefix })
    .from(agents)
    .where(
      and(
        agentWithin(scope, agents.id),
        text ? or(contains(agents.username, text), contains(agents.prefix, text)) : undefined,
      ),
    )
    .orderBy(asc(agents.username))
    .limit(limit);
  return rows.map((r) => ({ _id: r.id.toString(), username: r.username, prefix: r.prefix }));
};

/**
 * The scope's agents, each with its parent in the sharing tree in force today when that parent is of
 * the scope too (docs/design.md §16); by username, at most MAX_TREE_AGENTS.
 */
export const agentTree = async (ctx: AppContext, scope: Scope): Promise<AgentTreeNode[]> => {
  const today = dateInZone(ctx.now(), ctx.config.REPORT_TIMEZONE);
  const rows = await ctx.db
    .select({
      id: agents.id,
      username: agents.username,
      prefix: agents.prefix,
      locked: agents.locked,
      parent: agentSharingVersions.parentAgentId,
    })
    .from(agents)
    .leftJoin(
      agentSharingVersions,
      and(
        eq(agentSharingVersions.agentId, agents.id),
        lte(agentSharingVersions.effectiveFrom, today),
        or(isNull(agentSharingVersions.effectiveTo), gt(agentSharingVersions.effectiveTo, today)),
      ),
    )
    .where(agentWithin(scope, agents.id))
    .orderBy(asc(agents.username))
    .limit(MAX_TREE_AGENTS);
  const inScope = (id: bigint) => scope.kind === 'all' || scope.agentIds.includes(id);
  return rows.map((r) => ({
    _id: r.id.toString(),
    username: r.username,
    prefix: r.prefix,
    locked: r.locked,
    parentAgent: r.parent !== null && inScope(r.parent) ? r.parent.toString() : null,
  }));
};

/** One agent; outside the caller's scope it answers as a missing one, before any query. */
export const getAgent = async (ctx: AppContext, p: Principal, id: bigint) => {
  assertAgentInScope(scopeOf(p), id);
  return toAgentFor(p, await requireAgent(ctx.db, id));
};

/**
 * The agent side gives a sub-agent only games its own agent offers: each game the write adds (one the
 * agent `held` already may stay) must be among them (docs/design.md §16).
 */
const assertGamesOffered = async (db: Executor, actor: PortalActor, games: string[], held: string[] = []) => {
  const own = await requireAgent(db, actor.agentId);
  const index = games.findIndex((g) => !own.games.includes(g) && !held.includes(g));
  if (index >= 0) {
    const game = games[index];
    throw invalidField(
      `games.${index}`,
      `Game "${game}" is not one of your agent's games`,
      'game_not_offered',
      {
        game,
      },
    );
  }
};

/**
 * The agents an agent-side write may change: those of its scope but its own agent (its own record is
 * the "my agent" page's). One outside the scope answers as a missing agent, before any query.
 */
const assertSubAgent = (actor: Principal, id: bigint) => {
  if (actor.kind === 'staff') return;
  assertAgentInScope(actor.scope, id);
  if (id === actor.agentId)
    throw forbidden('own_agent_change', 'You cannot edit or lock your own agent here');
};

/** Every game must be an enabled game provider's code. */
const assertGames = async (db: Executor, games: string[]) => {
  // Each listed once: the contract refuses a repeat.
  if (games.length === 0) return games;
  const found = await db
    .select({ codename: adapters.codename })
    .from(adapters)
    .where(and(inArray(adapters.codename, games), eq(adapters.isDisable, false)));
  const known = new Set(found.map((f) => f.codename));
  const index = games.findIndex((g) => !known.has(g));
  if (index >= 0) {
    const game = games[index];
    throw invalidField(`games.${index}`, `Game "${game}" is not an enabled game provider`, 'game_unknown', {
      game,
    });
  }
  return games;
};

const prefixTaken = (prefix: string) =>
  conflict('prefix_taken', 'Prefix is already used by another agent', { path: 'prefix', params: { prefix } });
/** Each unique constraint of agents as the field it guards and the 2009 that names it. */
type Unique = Pick<AgentRegister, 'username' | 'prefix' | 'code'>;
const usernameTaken = (input: Unique) =>
  conflict('username_taken', 'Username is already taken', {
    path: 'username',
    params: { username: input.username },
  });
const uniqueConflicts: Record<string, (input: Unique) => AppError> = {
  agents_username_lower_key: usernameTaken,
  agents_prefix_unique: (input) => prefixTaken(input.prefix),
  agents_code_unique: (input) =>
    conflict('code_taken', 'System code is already used by another agent', {
      path: 'code',
      params: { code: input.code },
    }),
};
const asConflict = (err: unknown, input: Unique) => {
  if (!isUniqueViolation(err)) return err;
  const named = uniqueConflicts[constraintOf(err) ?? ''];
  return named ? named(input) : conflict('record_exists', 'Agent already exists');
};

/**
 * Player names are the agent's prefix + the typed name, unique over all agents: if one prefix started
 * another ("ab", "abc"), agent "abc"'s player "victim" would block agent "ab"'s "cvictim". Prefixes are
 * therefore prefix-free (docs/design.md §9). Registrations take one transaction-scoped advisory lock before
 * the check, so two parallel registrations of "ab" and "abc" are checked one after the other.
 */
const PREFIX_LOCK = 6_200_860; // the same key as the trigger of migration 0015
const assertPrefixFree = async (tx: Tx, prefix: string, actor: Principal) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${PREFIX_LOCK})`);
  const [clash] = await tx
    .select({ prefix: agents.prefix })
    .from(agents)
    .where(
      sql`starts_with(lower(${agents.prefix}), ${prefix.toLowerCase()})
          or starts_with(${prefix.toLowerCase()}, lower(${agents.prefix}))`,
    )
    .orderBy(asc(agents.prefix))
    .limit(1);
  if (!clash) return;
  if (clash.prefix === prefix) throw prefixTaken(prefix);
  // The agent side is not told another agent's prefix (the clash may be outside its scope, docs/design.md §16).
  if (actor.kind !== 'staff') {
    throw conflict('prefix_overlap', "This prefix overlaps another agent's prefix (one starts the other)", {
      path: 'prefix',
    });
  }
  throw conflict(
    'prefix_overlap',
    `Prefix "${prefix}" and agent prefix "${clash.prefix}" would share player names (one starts the other)`,
    { path: 'prefix', params: { prefix: clash.prefix } },
  );
};

/**
 * The secret signs the agent's ingest and the signature does not cover the API key (docs/design.md §9), so
 * two agents sharing one could post for each other: a typed secret another agent has is refused.
 * Checked under the registration lock (assertPrefixFree), so parallel registrations cannot both pass.
 */
const assertSecretUnused = async (tx: Tx, secret: string) => {
  const [taken] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.secret, secret)).limit(1);
  if (taken)
    throw conflict('secret_taken', 'Another agent already signs with this secret', { path: 'secret' });
};

const newApiKey = () => `ak_${randomBytes(18).toString('base64url')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Register an agent. From the agent side it is a sub-agent: its sharing parent is the caller's agent
 * from today at 0 % (a percentage is asked for afterwards and waits for staff approval), so it joins
 * the caller's downline at once; it gets only the caller's agent's games and a generated secret.
 */
export const registerAgent = async (
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof agentRegisterSchema> & AgentRegister,
  audit: AuditFn,
) => {
  if (actor.kind !== 'staff' && input.secret) {
    throw invalidField('secret', 'An agent-side account may not set this', 'not_for_agent_side');
  }
  // The agent side is asked first whether its agent offers each game: a provider outside its scope
  // answers as an unknown one does (docs/design.md §16).
  if (actor.kind !== 'staff') await assertGamesOffered(ctx.db, actor, input.games);
  const games = await assertGames(ctx.db, input.games);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertPrefixFree(tx, input.prefix, actor);
      if (actor.kind === 'staff') await assertSignInNameFree(tx, input.username, 'agent');
      // The agent side learns that a name is taken, never by which kind of account: a staff name answers
      // as an agent's does, before the insert could answer another clash first (a taken code).
      else if (await signInNameHeld(tx, input.username)) throw usernameTaken(input);
      if (input.secret) await assertSecretUnused(tx, input.secret);
      const [row] = await tx
        .insert(agents)
        .values({
          username: input.username,
          passwordHash,
          endpoint: input.endpoint,
          games,
          prefix: input.prefix,
          code: input.code,
          secret: input.secret ? input.secret : newSecret(),
          apiKey: newApiKey(),
          agentType: input.agentType,
          createdBy: actor.username,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (actor.kind !== 'staff') await joinDownline(ctx, tx, row.id, actor.agentId, now);
      await audit(tx, {
        action: 'create',
        entity: 'agent',
        entityId: row.id.toString(),
        after: {
          ...agentFor(actor, row),
          ...(actor.kind === 'staff' ? {} : { parentAgent: actor.agentId.toString() }),
        },
      });
      return toAgentFor(actor, row);
    });
  } catch (err) {
    throw asConflict(err, input);
  }
};

/** A new sub-agent's arrangement: parent `parentId`, 0 %, in force from today, made by no staff account. */
const joinDownline = async (ctx: AppContext, tx: Tx, agentId: bigint, parentId: bigint, now: Date) => {
  await lockSettlement(tx);
  const [sharing] = await tx
    .insert(agentSharing)
    .values({ agentId, parentAgentId: parentId, parentBp: 0, createdAt: now, updatedAt: now })
    .returning({ id: agentSharing.id });
  if (!sharing) throw new Error('insert returned no row');
  await startVersion(tx, {
    sharingId: sharing.id,
    agentId,
    parentId,
    bp: 0,
    from: businessToday(ctx),
    by: null,
    now,
  });
};

const change = (
  ctx: AppContext,
  actor: Principal,
  id: bigint,
  action: AuditAction,
  audit: AuditFn,
  write: (tx: Tx, row: Row) => Promise<Row | undefined>,
) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: (t) => agentForUpdate(t, id),
      what: 'Agent',
      toDto: (row) => toAgentFor(actor, row),
      entity: 'agent',
      action,
      audit,
      change: write,
    }),
  );

/** Endpoint, games and type; the agent side edits its sub-agents (any agent of its scope but its own). */
export const updateAgent = async (
  ctx: AppContext,
  actor: Principal,
  id: bigint,
  input: AgentUpdate,
  audit: AuditFn,
) => {
  assertSubAgent(actor, id);
  const games = actor.kind === 'staff' ? await assertGames(ctx.db, input.games) : input.games;
  return change(ctx, actor, id, 'update', audit, async (tx, row) => {
    // As at registration: offered (or held already) first, so no answer tells of a provider outside the scope.
    if (actor.kind !== 'staff') {
      await assertGamesOffered(tx, actor, games, row.games);
      await assertGames(tx, games);
    }
    const same =
      row.endpoint === input.endpoint &&
      row.agentType === input.agentType &&
      row.games.join() === games.join();
    if (same) return undefined;
    const [updated] = await tx
      .update(agents)
      .set({ endpoint: input.endpoint, games, agentType: input.agentType, updatedAt: ctx.now() })
      .where(eq(agents.id, id))
      .returning();
    return updated;
  });
};

/** A new secret; the agent side rotates its own agent's only (`assertOwnAgent`). */
export const rotateAgentSecret = (ctx: AppContext, actor: Principal, id: bigint, audit: AuditFn) => {
  assertOwnAgent(actor, id);
  return change(ctx, actor, id, 'rotate-secret', audit, async (tx) => {
    const [updated] = await tx
      .update(agents)
      .set({ secret: newSecret(), updatedAt: ctx.now() })
      .where(eq(agents.id, id))
      .returning();
    return updated;
  });
};

/** Lock or unlock; the agent side, its sub-agents only (any agent of its scope but its own). */
export const setAgentLocked = (
  ctx: AppContext,
  actor: Principal,
  id: bigint,
  locked: boolean,
  audit: AuditFn,
) => {
  assertSubAgent(actor, id);
  return ctx.db.transaction((tx) =>
    flagChange(tx, {
      load: (t) => agentForUpdate(t, id),
      what: 'Agent',
      toDto: (row) => agentFor(actor, row),
      entity: 'agent',
      action: locked ? 'lock' : 'unlock',
      audit,
      flag: (row) => row.locked,
      value: locked,
      write: async (t) =>
        (
          await t.update(agents).set({ locked, updatedAt: ctx.now() }).where(eq(agents.id, id)).returning()
        )[0],
    }),
  );
};
