import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/client.ts';

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const tableName = (d: Date) =>
  `transactions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Make the monthly partitions of `transactions` covering [from, to] (UTC months), if missing.
 * A month whose rows already sit in the default partition is left there (still correct, just unpruned).
 */
export const ensurePartitions = async (db: Executor, from: Date, to: Date): Promise<string[]> => {
  const existing = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            join pg_class p on p.oid = i.inhparent where p.relname = 'transactions'`,
      )
    ).map((r) => r.name),
  );
  const made: string[] = [];
  for (
    let d = monthStart(from.getUTCFullYear(), from.getUTCMonth());
    d <= to;
    d = monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1)
  ) {
    const name = tableName(d);
    if (existing.has(name)) continue;
    const next = monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1);
    const [clash] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from transactions_default where start_date >= ${d.toISOString()}::timestamptz and start_date < ${next.toISOString()}::timestamptz`,
    );
    if (clash && clash.n !== '0') continue;
    await db.execute(
      sql.raw(
        `create table if not exists ${name} partition of transactions for values from ('${d.toISOString()}') to ('${next.toISOString()}')`,
      ),
    );
    made.push(name);
  }
  return made;
};

const MONTH_MS = 31 * 24 * 3600 * 1000;
/** The partitions a running server keeps ready: last month through three months ahead. */
export const ensureCurrentPartitions = (db: Executor, now: Date) =>
  ensurePartitions(db, new Date(now.getTime() - MONTH_MS), new Date(now.getTime() + 3 * MONTH_MS));
