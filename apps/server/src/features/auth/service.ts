import { Status } from '@sapi/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { admins } from '../../db/schema/index.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { AuditEntry } from '../../plugins/audit.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { createSession } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertNotThrottled, clearUserFailures, recordFailure } from './throttle.ts';

/** One answer for unknown user, wrong password and locked account (DESIGN §7). */
const badCredentials = () => new AppError(Status.BAD_CREDENTIALS, 'Invalid username or password');

export const findAdminByUsername = async (ctx: AppContext, username: string) => {
  const [row] = await ctx.db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
};

/** Check credentials under throttling; on success open a session and record the sign-in. */
export const login = async (
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<string> => {
  await assertNotThrottled(ctx.db, username, ip, ctx.now());
  const admin = await findAdminByUsername(ctx, username);
  const ok = admin ? await verifyPassword(admin.passwordHash, password) : await verifyAgainstDummy(password);
  if (!admin || !ok || admin.locked) {
    await recordFailure(ctx.db, username, ip, ctx.now());
    throw badCredentials();
  }
  await clearUserFailures(ctx.db, username);
  const now = ctx.now();
  const entry: AuditEntry = {
    action: 'login',
    entity: 'session',
    entityId: admin.id.toString(),
    after: { ip },
  };
  return ctx.db.transaction(async (tx) => {
    await tx.update(admins).set({ activeLoginIp: ip }).where(eq(admins.id, admin.id));
    const token = await createSession(tx, admin.id, ip, now);
    await recordAudit(tx, { actorId: admin.id, actor: admin.username, ip }, entry, now);
    return token;
  });
};

/** Re-check the signed-in admin's password before a sensitive change (no session is created). */
export const verifyOwnPassword = async (ctx: AppContext, adminId: bigint, password: string, ip: string) => {
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!admin) throw badCredentials();
  await assertNotThrottled(ctx.db, admin.username, ip, ctx.now());
  if (!(await verifyPassword(admin.passwordHash, password))) {
    await recordFailure(ctx.db, admin.username, ip, ctx.now());
    throw new AppError(Status.BAD_CREDENTIALS, 'Password is incorrect');
  }
  await clearUserFailures(ctx.db, admin.username);
};
