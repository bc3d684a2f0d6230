import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../core/audit.ts';
import { admins } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { toAdmin } from './service.ts';

export type Bootstrap = { created: false } | { created: true; username: string; generatedPassword?: string };

/**
 * On an empty database, create the first SUPERADMIN; there are no default credentials (docs/design.md §7).
 * A generated password was printed on a console, so it is treated like a temporary one: the first
 * sign-in must replace it (3007 until then). A password given by configuration (`ADMIN_PASSWORD`) was
 * chosen by the operator and is not forced to change — the e2e suite and scripted set-ups rely on it.
 */
export const bootstrapFirstAdmin = async (ctx: AppContext): Promise<Bootstrap> => {
  const [existing] = await ctx.db.select({ n: count() }).from(admins);
  if ((existing?.n ?? 0) > 0) return { created: false };
  const generatedPassword = ctx.config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = ctx.config.ADMIN_PASSWORD ?? generatedPassword ?? '';
  const passwordHash = await hashPassword(password);
  const username = ctx.config.ADMIN_USERNAME;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Two processes starting together on one empty PostgreSQL: only one creates the account.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5a_0b_00})`);
    const [again] = await tx.select({ n: count() }).from(admins);
    if ((again?.n ?? 0) > 0) return { created: false } as const;
    const [row] = await tx
      .insert(admins)
      .values({
        username,
        passwordHash,
        type: 'SUPERADMIN',
        mustChangePassword: generatedPassword !== undefined,
        createdBy: 'system',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const created = toAdmin(row);
    await recordAudit(
      tx,
      { actorId: null, actor: 'system', ip: null },
      { action: 'create', entity: 'admin', entityId: created._id, after: created },
      now,
    );
    return generatedPassword ? { created: true, username, generatedPassword } : { created: true, username };
  });
};
