import { type AnyColumn, and, gte, lte, type SQL, sql } from 'drizzle-orm';

/** The ILIKE pattern of "contains `value`", LIKE wildcards in the user's text taken literally (docs/design.md §4). */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" (see `containsPattern`). */
export const contains = (column: AnyColumn | SQL, value: string | undefined): SQL | undefined =>
  value === undefined ? undefined : sql`${column} ilike ${containsPattern(value)}`;

/** Inclusive date range on a timestamp column; either end may be absent. */
export const within = (column: AnyColumn, from: Date | undefined, to: Date | undefined): SQL | undefined =>
  and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

export const offsetOf = (page: number, limit: number): number => (page - 1) * limit;
