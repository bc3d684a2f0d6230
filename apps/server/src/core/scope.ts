import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../context.ts';

/**
 * The first line of the agent side's isolation (docs/design.md §16): a catalogue query's condition that
 * its agent column is within the caller's scope — nothing for staff (every agent), else the agent and
 * its downline. `and(...)` drops an undefined part.
 */
export const agentWithin = (scope: Scope, column: PgColumn): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, [...scope.agentIds]);

/**
 * A list's agent filter within the caller's scope: `agent` absent, `agentWithin`; an agent of the scope,
 * the filter alone (its rows are all within, and the planner reads the agent's index as for staff — both
 * conditions together made PostgreSQL misjudge the rows and take another index); any other, nothing.
 */
export const agentFilterWithin = (
  scope: Scope,
  column: PgColumn,
  agent: bigint | undefined,
): SQL | undefined => {
  if (agent === undefined) return agentWithin(scope, column);
  return scope.kind === 'all' || scope.agentIds.includes(agent) ? eq(column, agent) : sql`false`;
};
