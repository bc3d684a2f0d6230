import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../context.ts';

/**
 * The first line of the agent side's isolation (docs/design.md §16): a catalogue query's condition that
 * its agent column is within the caller's scope — nothing for staff (every agent), else the agent and
 * its downline. `and(...)` drops an undefined part.
 */
export const agentWithin = (scope: Scope, column: PgColumn): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, [...scope.agentIds]);
