import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../context.ts';
import { arrayLiteral } from '../db/array-literal.ts';
import { type Executor, onCitus } from '../db/client.ts';

/*
 * The second line of the agent side's isolation (docs/design.md §16): every ledger reader that sums or
 * pages bets of more than one agent takes the caller's scope as a required argument and puts it into
 * its own statement, so a feature that forgot to check an agent id or meant `all` still gets only the
 * rows of its scope. A reader cannot be called — nor a report query built — without one.
 */

/** `agent_id` within the scope (`true` for staff, whose scope is every agent). */
export const withinScope = (scope: Scope, column: SQL = sql.raw('agent_id')): SQL =>
  scope.kind === 'all'
    ? sql`true`
    : sql`${column} = any(${arrayLiteral(scope.agentIds.map((id) => id.toString()))}::bigint[])`;

/**
 * `withinScope` for a statement of one agent (`agent`) or of all the scope's agents (`all`). For one agent
 * it is decided here: the statement reads that agent as staff's does, or nothing when the agent is not of
 * the scope — `agent_id = any(scope)` beside `agent_id = $agent` only made the planner misjudge the rows.
 */
export const withinScopeOf = (scope: Scope, agent: bigint | 'all', column?: SQL): SQL =>
  agent === 'all'
    ? withinScope(scope, column)
    : sql.raw(scope.kind === 'all' || scope.agentIds.includes(agent) ? 'true' : 'false');

/**
 * May the tables summed over every agent answer for `scope`? Only when it holds every agent, and not
 * on Citus, which keeps only the per-agent rollups (ledger/catalogue.ts `perAgent`).
 */
export const allAgentsTables = (db: Executor, scope: Scope): boolean => scope.kind === 'all' && !onCitus(db);

/**
 * The scope of a statement prepared once and run for every caller of its shape: the agent side's
 * statements are their own (`scopeKey` in their name) and bind the scope as `scope`
 * (`boundScopeValue`); staff's statements are unchanged.
 */
export const scopeKey = (scope: Scope): string => (scope.kind === 'all' ? '' : '_s');

/** `column` within the bound scope, in the agent side's statements; nothing in staff's. */
export const withinBoundScope = (scoped: boolean, column: SQL): SQL | undefined =>
  scoped ? sql`${column} = any(${sql.placeholder('scope')}::bigint[])` : undefined;

/** The value a scoped statement binds as `scope` (none for staff). */
export const boundScopeValue = (scope: Scope): string | undefined =>
  scope.kind === 'all' ? undefined : arrayLiteral(scope.agentIds.map((id) => id.toString()));
