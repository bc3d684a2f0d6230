import { manageableTypes } from '@sapi/contract';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.ts';
import type { AuditEntry } from '../../core/audit.ts';
import { forbidden, invalidField, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { findAdmin, findAgent } from '../../db/lookups.ts';
import { admins, agents, ipRefusals } from '../../db/schema/index.ts';
import { isAllowedIp } from '../../lib/ip-allow.ts';

type Audit = (tx: Executor, entry: AuditEntry) => Promise<void>;

/** One spelling per entry, and each once: the list is compared and shown as stored. */
const tidy = (entries: readonly string[]): string[] => [
  ...new Set(entries.map((e) => e.trim().toLowerCase())),
];

export const adminAllowedIps = async (ctx: AppContext, actor: Actor, id: bigint) => {
  const admin = await findAdmin(ctx.db, id);
  if (!admin) throw notFound('Admin');
  if (admin.id !== actor.id && !manageableTypes[actor.type].includes(admin.type)) {
    throw forbidden('manage_type_forbidden', `A ${actor.type} may not see the addresses of a ${admin.type}`, {
      actorType: actor.type,
      type: admin.type,
    });
  }
  return { allowedIps: admin.allowedIps };
};

/**
 * Set a staff account's allow-list (docs/design.md §5 decides whose). Setting one's own must keep the address
 * in use, so nobody shuts themselves out by a typo. Takes effect on the account's next request.
 */
export const setAdminAllowedIps = async (
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  entries: readonly string[],
  ip: string,
  audit: Audit,
) => {
  const admin = await findAdmin(ctx.db, id);
  if (!admin) throw notFound('Admin');
  const self = admin.id === actor.id;
  if (!self && !manageableTypes[actor.type].includes(admin.type)) {
    throw forbidden('manage_type_forbidden', `A ${actor.type} may not set the addresses of a ${admin.type}`, {
      actorType: actor.type,
      type: admin.type,
    });
  }
  const allowedIps = tidy(entries);
  if (self && !isAllowedIp(allowedIps, ip)) {
    throw invalidField('allowedIps', `must include your current address ${ip}`, 'own_address_missing', {
      ip,
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(admins).set({ allowedIps, updatedAt: ctx.now() }).where(eq(admins.id, admin.id));
    await audit(tx, {
      action: 'allowed-ips',
      entity: 'admin',
      entityId: admin.id.toString(),
      before: { allowedIps: admin.allowedIps },
      after: { allowedIps },
    });
  });
  return { allowedIps };
};

export const agentAllowedIps = async (ctx: AppContext, id: bigint) => {
  const agent = await findAgent(ctx.db, id);
  if (!agent) throw notFound('Agent');
  return { allowedIps: agent.allowedIps };
};

/** Set the addresses the ingest API accepts for an agent; takes effect on its next request. */
export const setAgentAllowedIps = async (
  ctx: AppContext,
  id: bigint,
  entries: readonly string[],
  audit: Audit,
) => {
  const agent = await findAgent(ctx.db, id);
  if (!agent) throw notFound('Agent');
  const allowedIps = tidy(entries);
  await ctx.db.transaction(async (tx) => {
    await tx.update(agents).set({ allowedIps, updatedAt: ctx.now() }).where(eq(agents.id, agent.id));
    await audit(tx, {
      action: 'allowed-ips',
      entity: 'agent',
      entityId: agent.id.toString(),
      before: { allowedIps: agent.allowedIps },
      after: { allowedIps },
    });
  });
  return { allowedIps };
};

/** Refused requests per agent or account and day, newest first, with whose they were. */
export const listRefusals = async (
  ctx: AppContext,
  q: { scope?: 'agent' | 'admin' | '' | undefined; page: number; limit: number },
) => {
  const where = q.scope ? eq(ipRefusals.scope, q.scope) : undefined;
  const subject = sql<string | null>`case when ${ipRefusals.scope} = 'agent'
    then (select ${agents.username} from ${agents} where ${agents.id} = ${ipRefusals.subjectId})
    else (select ${admins.username} from ${admins} where ${admins.id} = ${ipRefusals.subjectId}) end`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        scope: ipRefusals.scope,
        subjectId: ipRefusals.subjectId,
        subject,
        day: ipRefusals.day,
        count: ipRefusals.count,
        lastIp: ipRefusals.lastIp,
        lastAt: ipRefusals.lastAt,
      })
      .from(ipRefusals)
      .where(where)
      // Ties of the last time by the key (scope, subject, day), so pages never repeat or skip a row.
      .orderBy(
        desc(ipRefusals.lastAt),
        asc(ipRefusals.scope),
        desc(ipRefusals.subjectId),
        desc(ipRefusals.day),
      )
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(ipRefusals).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      ...r,
      subjectId: r.subjectId.toString(),
      count: Number(r.count),
      lastAt: r.lastAt.toISOString(),
    })),
    page: q.page,
    limit: q.limit,
    total: Number(total?.n ?? 0),
  };
};
