import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Rows one upkeep statement deletes: short enough not to hold PGlite's one connection for long. */
export const UPKEEP_BATCH = 5_000;

/**
 * Delete every row of `table` matching `where`, `batch` rows per statement, and return how many.
 * Each statement answers one count, never the deleted rows, so memory stays constant however many
 * rows have aged (docs/design.md §7); other requests run between the batches.
 */
export const deleteInBatches = async (
  db: Executor,
  table: PgTable,
  key: PgColumn,
  where: SQL,
  batch: number = UPKEEP_BATCH,
): Promise<number> => {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      with gone as (
        delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${sql.raw(String(batch))})
        returning 1
      )
      select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
    const n = Number(result.rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
};
