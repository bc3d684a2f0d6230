import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../context.ts';
import { arrayLiteral } from '../db/array-literal.ts';

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

/** Does the scope hold every agent (so tables summed over all agents may answer)? */
export const coversAll = (scope: Scope): boolean => scope.kind === 'all';

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
