// Settlement's budgets (docs/design.md §11, §15), part of `npm run bench` (`--only settlement`): closing
// a month — the approving transaction: the period and its approval stored, the month's lines computed and
// frozen — and the statement of an open month over HTTP (p95), on the bench's data set.

import { api } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { ALL_AGENTS } from '../src/context.ts';
import { lockSettlement } from '../src/core/settlement-periods.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { admins, approvals, settlementPeriods } from '../src/db/schema/index.ts';
import { freezeMonth } from '../src/ledger/settlement-statement.ts';
import { statementView } from '../src/ledger/settlement-view.ts';
import { nextMonth } from '../src/lib/days.ts';
import { dateInZone } from '../src/lib/time.ts';
import type { Dataset } from './dataset.ts';
import type { Client } from './http.ts';
import { alternating, measure, type Timing } from './stats.ts';

export interface CloseTiming {
  month: string;
  lines: number;
  ms: number;
}

export interface Closes {
  closes: CloseTiming[];
  /** The current month's statement with every past month closed (in the same transaction, directly). */
  statement: Timing | null;
}

/** Thrown to roll the closes back: the data set stays as it was (a closed month never reopens). */
class RollBack extends Error {}

/**
 * Close every past month not closed yet, in order, as approvals do — each timed from the lock to its
 * lines stored — in ONE transaction that is then rolled back, so the data set keeps its months open for
 * the next run (nothing of a closed month can be undone). What is not timed: the commit. Then, in the
 * same transaction, the current month's statement as it is in use — the months before it closed — is
 * timed directly (`runs` calls: the HTTP server cannot see the transaction).
 */
export const closeMonths = async (dataset: Dataset, runs: number): Promise<Closes> => {
  const database = await openDatabase(
    'DATABASE_URL' in dataset.env
      ? { kind: 'postgres', url: dataset.env.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: dataset.env.DATA_DIR },
  );
  const out: CloseTiming[] = [];
  let statement: Timing | null = null;
  try {
    const config = loadConfig({});
    const today = dateInZone(new Date(), config.REPORT_TIMEZONE);
    const current = `${today.slice(0, 7)}-01`;
    const [span] = await queryRows<{ last: string | null; first: string | null }>(
      database.db,
      sql`select (select max(month)::text from settlement_periods where status = 'closed') as last,
                 (select min(effective_from)::text from agent_sharing_versions) as first`,
    );
    const start = span?.last ? nextMonth(span.last) : span?.first ? `${span.first.slice(0, 7)}-01` : current;
    try {
      await database.db.transaction(async (tx) => {
        const [admin] = await tx
          .insert(admins)
          .values({ username: 'bench_closer', passwordHash: 'x', type: 'ADMIN', createdBy: 'bench' })
          .returning({ id: admins.id });
        const by = admin?.id ?? 1n;
        for (let month = start; month < current; month = nextMonth(month)) {
          const started = performance.now();
          await lockSettlement(tx);
          const [approval] = await tx
            .insert(approvals)
            .values({
              kind: 'settlement-close',
              target: month.slice(0, 7),
              requestedBy: by,
              requestedAt: new Date(),
              payload: { month },
              summary: {},
              status: 'approved',
            })
            .returning({ id: approvals.id });
          await tx.insert(settlementPeriods).values({
            month,
            status: 'closing',
            requestedBy: by,
            requestedAt: new Date(),
            approvalId: approval?.id ?? 0n,
          });
          const lines = await freezeMonth(tx, month, by, new Date());
          out.push({ month, lines, ms: performance.now() - started });
        }
        if (out.length > 0) statement = await measure(runs, () => statementView(tx, current, ALL_AGENTS));
        throw new RollBack();
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
    }
    return { closes: out, statement };
  } finally {
    await database.close();
  }
};

/**
 * The statement of the current month (open; the chain from the data set's first month when none is
 * closed) over HTTP, then in alternation with the dashboard of the same data set — a ratio that holds on
 * a busy machine, where the milliseconds do not.
 */
export const openStatement = async (
  client: Client,
  runs: number,
  dashboardMonth: { year: number; month: number },
): Promise<{ month: string; timing: Timing; lines: number; statement: Timing; dashboard: Timing }> => {
  const today = dateInZone(new Date(), loadConfig({}).REPORT_TIMEZONE);
  const body = { year: today.slice(0, 4), month: String(Number(today.slice(5, 7))) };
  const first = await client.call(api.settlementList, body);
  if (first.status === 'closed') throw new Error(`${today.slice(0, 7)} is closed: not an open month`);
  const call = () => client.call(api.settlementList, body);
  const timing = await measure(runs, call);
  const dashboardBody = { year: String(dashboardMonth.year), month: String(dashboardMonth.month) };
  const [statement, dashboard] = (await alternating(runs, [
    call,
    () => client.call(api.dashboard, dashboardBody),
  ])) as [Timing, Timing];
  return { month: today.slice(0, 7), timing, lines: first.lines.length, statement, dashboard };
};
