import { Status } from '@sapi/contract';
import type { Principal, Scope } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { type AdminRow, type AgentRow, agentExists, findAdmin, findAgent } from '../db/lookups.ts';
import { AppError, notFound } from './errors.ts';

/** Look-ups by id that answer "not found" (docs/design.md §4) for a missing record, named as the API names it. */

export const requireAgent = async (db: Executor, id: bigint): Promise<AgentRow> => {
  const row = await findAgent(db, id);
  if (!row) throw notFound('Agent');
  return row;
};

export const assertAgentExists = async (db: Executor, id: bigint): Promise<void> => {
  if (!(await agentExists(db, id))) throw notFound('Agent');
};

/**
 * An agent outside the caller's scope answers exactly as one that does not exist (docs/design.md §16):
 * the same refusal, thrown before any query, so neither the answer nor its time tells them apart.
 */
export const assertAgentInScope = (scope: Scope, id: bigint): void => {
  if (scope.kind === 'agents' && !scope.agentIds.includes(id)) throw notFound('Agent');
};

/**
 * An agent-side change of one agent's own settings (secret, ingest allow-list): outside the scope it
 * answers as a missing agent, before any query; inside it but not the caller's own agent, as a route
 * the role may not use (403, http/route.ts). Staff pass.
 */
export const assertOwnAgent = (p: Principal, id: bigint): void => {
  if (p.kind === 'staff') return;
  assertAgentInScope(p.scope, id);
  if (p.agentId !== id) throw new AppError(Status.FORBIDDEN, 'Your role may not do this');
};

export const requireAdmin = async (db: Executor, id: bigint): Promise<AdminRow> => {
  const row = await findAdmin(db, id);
  if (!row) throw notFound('Admin');
  return row;
};
