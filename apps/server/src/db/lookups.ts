import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from './client.ts';
import { adapters, admins, agents } from './schema/index.ts';

/**
 * Records looked up by id from more than one place, each query written once. They answer the row or
 * undefined; core/entities.ts turns a missing one into the API's "not found".
 */

export type AgentRow = typeof agents.$inferSelect;
export type AdapterRow = typeof adapters.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

export const findAgent = async (db: Executor, id: bigint): Promise<AgentRow | undefined> =>
  (await db.select().from(agents).where(eq(agents.id, id)))[0];

/** The agent row an edit reads and then writes, locked until the transaction ends. */
export const agentForUpdate = async (tx: Tx, id: bigint): Promise<AgentRow | undefined> =>
  (await tx.select().from(agents).where(eq(agents.id, id)).for('update'))[0];

/** Only whether the agent exists: the id alone, so reads of the ledger pay no more than an index probe. */
export const agentExists = async (db: Executor, id: bigint): Promise<boolean> =>
  (await db.select({ id: agents.id }).from(agents).where(eq(agents.id, id))).length > 0;

/** The game provider row an edit reads and then writes, locked until the transaction ends. */
export const adapterForUpdate = async (tx: Tx, id: bigint): Promise<AdapterRow | undefined> =>
  (await tx.select().from(adapters).where(eq(adapters.id, id)).for('update'))[0];

export const findAdmin = async (db: Executor, id: bigint): Promise<AdminRow | undefined> =>
  (await db.select().from(admins).where(eq(admins.id, id)))[0];

/** The username and prefix of each agent of `ids`, in one read (names beside ids in answers). */
export const agentNamesById = async (
  db: Executor,
  ids: readonly bigint[],
): Promise<Map<bigint, { username: string; prefix: string }>> => {
  const names = new Map<bigint, { username: string; prefix: string }>();
  if (ids.length === 0) return names;
  for (const a of await db
    .select({ id: agents.id, username: agents.username, prefix: agents.prefix })
    .from(agents)
    .where(inArray(agents.id, [...ids])))
    names.set(a.id, { username: a.username, prefix: a.prefix });
  return names;
};
