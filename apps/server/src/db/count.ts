import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Rows of a table matching a filter. */
export const countWhere = async (db: Executor, table: PgTable, where: SQL | undefined): Promise<number> =>
  (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
