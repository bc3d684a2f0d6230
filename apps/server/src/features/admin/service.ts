import {
  type Admin,
  type AdminCreate,
  type AdminType,
  type adminListQuerySchema,
  manageableTypes,
  Status,
} from '@sapi/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { requireAdmin } from '../../core/entities.ts';
import { AppError, conflict, forbidden, notFound } from '../../core/errors.ts';
import { assertPasswordRules } from '../../core/password-rules.ts';
import { revokeAllSessions } from '../../core/session-store.ts';
import { assertSignInNameFree } from '../../core/sign-in-names.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contains, offsetOf, within } from '../../db/filters.ts';
import { type AdminRow, findAdmin } from '../../db/lookups.ts';
import { sortOf } from '../../db/paging.ts';
import { admins } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

export const toAdmin = (row: AdminRow): Admin => ({
  _id: row.id.toString(),
  username: row.username,
  type: row.type,
  locked: row.locked,
  activeLoginIP: row.activeLoginIp,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const listAdmins = async (ctx: AppContext, q: z.output<typeof adminListQuerySchema>) => {
  const where = and(contains(admins.username, q.username), within(admins.createdAt, q.startDate, q.endDate));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(admins)
      .where(where)
      .orderBy(
        ...(sortOf(
          q,
          { username: sql`lower(${admins.username})`, createdAt: admins.createdAt },
          admins.id,
        ) ?? [desc(admins.createdAt), desc(admins.id)]),
      )
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(admins).where(where),
  ]);
  return { records: rows.map(toAdmin), page: q.page, limit: q.limit, total: total?.n ?? 0 };
};

/** Admin-account changes are rare: one lock serialises them, so the role rules hold across processes. */
const ACCOUNT_CHANGES_LOCK = 0x5a_0a_01;

/**
 * Take the account-changes lock, then re-read the acting admin (a concurrent change may have
 * locked or re-typed them since their request was authorised) and the target row.
 */
const beginAccountChange = async (tx: Tx, actor: Actor, id: bigint): Promise<AdminRow> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CHANGES_LOCK})`);
  const me = await findAdmin(tx, actor.id);
  if (!me || me.locked || me.type !== actor.type) {
    throw new AppError(Status.UNAUTHENTICATED, 'Your session has ended; sign in again');
  }
  return requireAdmin(tx, id);
};

export const getAdmin = async (ctx: AppContext, id: bigint): Promise<Admin> =>
  toAdmin(await requireAdmin(ctx.db, id));

const assertMayManage = (actor: Actor, type: AdminType) => {
  if (!manageableTypes[actor.type].includes(type)) {
    throw forbidden('manage_type_forbidden', `A ${actor.type} may not manage ${type} accounts`, {
      actorType: actor.type,
      type,
    });
  }
};

/** The last unlocked SUPERADMIN stays (checked under the account-changes lock). */
const assertNotLastSuperadmin = async (tx: Tx, target: AdminRow) => {
  if (target.type !== 'SUPERADMIN' || target.locked) return;
  const [active] = await tx
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.type, 'SUPERADMIN'), eq(admins.locked, false)));
  if ((active?.n ?? 0) <= 1) {
    throw conflict('last_superadmin', 'The last active SUPERADMIN cannot be locked or demoted');
  }
};

export const createAdmin = async (ctx: AppContext, actor: Actor, input: AdminCreate, audit: Audit) => {
  assertMayManage(actor, input.type);
  assertPasswordRules(input.password, input.username, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertSignInNameFree(tx, input.username, 'staff');
      const [row] = await tx
        .insert(admins)
        .values({
          username: input.username,
          passwordHash,
          type: input.type,
          createdBy: actor.username,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const created = toAdmin(row);
      await audit(tx, { action: 'create', entity: 'admin', entityId: created._id, after: created });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('username_taken', `Username "${input.username}" is already taken`, {
        path: 'username',
        params: { username: input.username },
      });
    }
    throw err;
  }
};

export const updateAdminType = async (
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  type: AdminType,
  audit: Audit,
) =>
  ctx.db.transaction(async (tx) => {
    const row = await beginAccountChange(tx, actor, id);
    if (row.id === actor.id && row.type !== type)
      throw forbidden('own_type', 'You cannot change your own type');
    assertMayManage(actor, row.type);
    assertMayManage(actor, type);
    if (row.type === type) return toAdmin(row);
    if (row.type === 'SUPERADMIN') await assertNotLastSuperadmin(tx, row);
    const now = ctx.now();
    const [updated] = await tx
      .update(admins)
      .set({ type, updatedAt: now })
      .where(eq(admins.id, id))
      .returning();
    if (!updated) throw notFound('Admin');
    await revokeAllSessions(tx, id, now);
    const after = toAdmin(updated);
    await audit(tx, { action: 'update', entity: 'admin', entityId: after._id, before: toAdmin(row), after });
    return after;
  });

export const setAdminLocked = async (
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  locked: boolean,
  audit: Audit,
) =>
  ctx.db.transaction(async (tx) => {
    const row = await beginAccountChange(tx, actor, id);
    if (row.id === actor.id)
      throw locked
        ? forbidden('lock_self', 'You cannot lock yourself')
        : forbidden('unlock_self', 'You cannot unlock yourself');
    assertMayManage(actor, row.type);
    if (row.locked === locked) return toAdmin(row);
    if (locked) await assertNotLastSuperadmin(tx, row);
    const now = ctx.now();
    const [updated] = await tx
      .update(admins)
      .set({ locked, updatedAt: now })
      .where(eq(admins.id, id))
      .returning();
    if (!updated) throw notFound('Admin');
    if (locked) await revokeAllSessions(tx, id, now);
    const after = toAdmin(updated);
    await audit(tx, {
      action: locked ? 'lock' : 'unlock',
      entity: 'admin',
      entityId: after._id,
      before: toAdmin(row),
      after,
    });
    return after;
  });
