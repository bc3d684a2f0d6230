import type {
  AgentOperator,
  AuditAction,
  agentOperatorListQuerySchema,
  agentOperatorRegisterSchema,
  agentOperatorUpdateSchema,
} from '@sapi/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { type AuditFn, auditedChange } from '../../core/change.ts';
import { assertAgentInScope, requireAgent } from '../../core/entities.ts';
import { conflict, forbidden } from '../../core/errors.ts';
import { assertPasswordRules } from '../../core/password-rules.ts';
import { revokePortalSessionsOf } from '../../core/portal-sessions.ts';
import { deletePortalRecoveryCodes } from '../../core/portal-totp.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { countWhere } from '../../db/count.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contains } from '../../db/filters.ts';
import { listing, sortOf } from '../../db/paging.ts';
import { agentOperators, agents } from '../../db/schema/index.ts';
import { type CsvColumn, flagColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { hashPassword } from '../../lib/passwords.ts';

type Query = z.output<typeof agentOperatorListQuerySchema>;

const selectJoined = (db: Executor) =>
  db
    .select({ o: agentOperators, agentUsername: agents.username, agentPrefix: agents.prefix })
    .from(agentOperators)
    .innerJoin(agents, eq(agents.id, agentOperators.agentId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

export const toOperator = ({ o, agentUsername, agentPrefix }: Joined): AgentOperator => ({
  _id: o.id.toString(),
  agent: o.agentId.toString(),
  agentUsername,
  agentPrefix,
  username: o.username,
  type: o.type,
  locked: o.locked,
  totpEnabled: o.totpSecret !== null,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

/** The agent-operator export: its columns and their headers in each language. */
export const operatorCsvColumns: CsvColumn<AgentOperator>[] = [
  textColumn({ th: 'เอเจนต์', en: 'Agent' }, (r) => r.agentUsername),
  textColumn({ th: 'ชื่อผู้ใช้', en: 'Username' }, (r) => r.username),
  textColumn({ th: 'ประเภท', en: 'Type' }, (r) => r.type),
  flagColumn({ th: 'ล็อก', en: 'Locked' }, (r) => r.locked),
  flagColumn({ th: 'ยืนยันตัวตนสองขั้นตอน', en: 'Two-factor' }, (r) => r.totpEnabled),
  timeColumn({ th: 'วันที่สร้าง', en: 'Created' }, (r) => r.createdAt),
];

type OperatorType = AgentOperator['type'];

/**
 * Whose operators a caller manages (docs/design.md §16): staff every agent's, the agent side its own
 * agent's only (not its downline's) — `undefined` for staff.
 */
const ownAgentOf = (actor: Principal): bigint | undefined =>
  actor.kind === 'staff' ? undefined : actor.agentId;

/**
 * A SUPERMANAGER manages MANAGER, OPERATOR and REPORTER accounts: never a SUPERMANAGER (itself
 * included), and never makes one, so no operator raises itself or its peers. The agent's own account
 * and staff manage every type.
 */
const assertMayManageOperator = (actor: Principal, type: OperatorType) => {
  if (actor.kind === 'operator' && type === 'SUPERMANAGER') {
    throw forbidden('operator_type_forbidden', `A ${actor.type} may not manage ${type} accounts`, {
      actorType: actor.type,
      type,
    });
  }
};

const whereOf = (actor: Principal, q: Query) =>
  and(
    isNull(agentOperators.deletedAt),
    (() => {
      const own = ownAgentOf(actor);
      return own === undefined ? undefined : eq(agentOperators.agentId, own);
    })(),
    q.agent ? eq(agentOperators.agentId, q.agent) : undefined,
    contains(agentOperators.username, q.username),
  );

/** The operator list and its export, for one set of filters; the agent side sees its own agent's. */
export const operatorListing = (ctx: AppContext, actor: Principal, q: Query) =>
  listing({
    where: whereOf(actor, q),
    id: agentOperators.id,
    idOf: (r: Joined) => r.o.id,
    toDto: toOperator,
    fetch: (where, limit, offset, order = [desc(agentOperators.id)]) =>
      selectJoined(ctx.db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: (where) => countWhere(ctx.db, agentOperators, where),
    // An agent's staff accounts, a handful each: by name as the agent's name index reads it, or creation.
    order: sortOf(
      q,
      { username: sql`lower(${agentOperators.username})`, createdAt: agentOperators.createdAt },
      agentOperators.id,
    ),
  });

const taken = (username: string) =>
  conflict('operator_username_taken', `Username "${username}" is already used by this agent`, {
    path: 'username',
    params: { username },
  });

/**
 * Register an operator. The agent side registers its own agent's only: an agent outside its scope
 * answers as a missing one (before any query), one of its downline 403.
 */
export const registerOperator = async (
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof agentOperatorRegisterSchema>,
  audit: AuditFn,
) => {
  if (actor.kind !== 'staff') {
    assertAgentInScope(actor.scope, input.agent);
    if (input.agent !== actor.agentId) {
      throw forbidden('not_own_agent', "Only your own agent's operators");
    }
  }
  assertMayManageOperator(actor, input.type);
  const agent = await requireAgent(ctx.db, input.agent);
  assertPasswordRules(input.password, input.username, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agentOperators)
        .values({
          agentId: agent.id,
          username: input.username,
          passwordHash,
          type: input.type,
          locked: input.locked,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const created = toOperator({ o: row, agentUsername: agent.username, agentPrefix: agent.prefix });
      await audit(tx, { action: 'create', entity: 'agent-operator', entityId: created._id, after: created });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(input.username);
    throw err;
  }
};

/**
 * The operator, locked for the change. With `own` (the agent side's agent) an operator of another agent
 * is neither read nor locked: it answers as a missing operator.
 */
const load = (id: bigint, own: bigint | undefined) => async (tx: Tx) => {
  const mine = own === undefined ? undefined : eq(agentOperators.agentId, own);
  await tx
    .select({ id: agentOperators.id })
    .from(agentOperators)
    .where(and(eq(agentOperators.id, id), mine))
    .for('update');
  return (
    await selectJoined(tx).where(and(eq(agentOperators.id, id), isNull(agentOperators.deletedAt), mine))
  )[0];
};

const changeOperator = (
  ctx: AppContext,
  own: bigint | undefined,
  id: bigint,
  action: AuditAction,
  audit: AuditFn,
  set: (row: Joined) => Promise<Partial<typeof agentOperators.$inferInsert> | undefined>,
) =>
  ctx.db.transaction((tx) =>
    auditedChange(tx, {
      load: load(id, own),
      what: 'Agent operator',
      toDto: toOperator,
      entity: 'agent-operator',
      action,
      audit,
      change: async (t, row) => {
        const values = await set(row);
        if (!values) return undefined;
        await t
          .update(agentOperators)
          .set({ ...values, updatedAt: ctx.now() })
          .where(eq(agentOperators.id, id));
        // A second factor removed takes its recovery codes with it.
        if (values.totpSecret === null) {
          await deletePortalRecoveryCodes(t, { agentId: row.o.agentId, operatorId: id });
        }
        // A new password, a lock or a deletion ends the operator's sessions at once.
        if (values.passwordHash || values.locked || values.deletedAt) {
          await revokePortalSessionsOf(t, row.o.agentId, id, ctx.now());
        }
        return (await selectJoined(t).where(eq(agentOperators.id, id)))[0];
      },
    }),
  );

/** Type, lock and a new password (to be changed at the next sign-in); the agent side, its own agent's. */
export const updateOperator = (
  ctx: AppContext,
  actor: Principal,
  id: bigint,
  input: z.output<typeof agentOperatorUpdateSchema>,
  audit: AuditFn,
) =>
  changeOperator(ctx, ownAgentOf(actor), id, 'update', audit, async (row) => {
    assertMayManageOperator(actor, row.o.type);
    assertMayManageOperator(actor, input.type);
    if (input.password) assertPasswordRules(input.password, row.o.username, 'password');
    const password = input.password ? await hashPassword(input.password) : undefined;
    if (!password && row.o.type === input.type && row.o.locked === input.locked) return undefined;
    // A password set by someone else must be changed at the operator's next sign-in (docs/design.md §16).
    return {
      type: input.type,
      locked: input.locked,
      ...(password ? { passwordHash: password, mustChangePassword: true } : {}),
    };
  });

/**
 * Remove an operator's second factor (a lost phone and recovery codes): staff, and on the agent side the
 * agent's own account and SUPERMANAGER for their own agent's operators (not a SUPERMANAGER's); it signs in
 * with its password alone, or enrols again where its type must use two-factor.
 */
export const resetOperatorTotp = (ctx: AppContext, actor: Principal, id: bigint, audit: AuditFn) =>
  changeOperator(ctx, ownAgentOf(actor), id, 'totp-reset', audit, async (row) => {
    assertMayManageOperator(actor, row.o.type);
    if (row.o.totpSecret === null && row.o.totpPendingSecret === null) return undefined;
    return { totpSecret: null, totpPendingSecret: null, totpLastStep: null };
  });

/** Soft delete: the account leaves the list and can no longer be used; the record stays for the audit trail. */
export const deleteOperator = (ctx: AppContext, id: bigint, audit: AuditFn) =>
  changeOperator(ctx, undefined, id, 'delete', audit, async () => ({ deletedAt: ctx.now() }));
