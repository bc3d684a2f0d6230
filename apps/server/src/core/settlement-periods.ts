import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { settlementPeriods } from '../db/schema/index.ts';
import { nextMonth, yearMonthText } from '../lib/days.ts';
import { dateInZone } from '../lib/time.ts';
import { invalidField } from './errors.ts';

/*
 * Settlement periods (docs/design.md §15): calendar months of REPORT_TIMEZONE, open unless a row says
 * 'closing' or 'closed'. Months close in order, so the closed ones are the earliest and at most one
 * (the next) is closing.
 */

/**
 * One lock for every write that settlement depends on: sharing changes (the "no overlap, no cycle"
 * checks), close requests and approvals, payments. Rare writes; serialising them keeps "not inside a
 * closing period" and "freeze what is in force" true across processes.
 */
const SETTLEMENT_LOCK = 0x5a_05_4a;
export const lockSettlement = async (tx: Tx) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
};

/** Today as a business day of REPORT_TIMEZONE. */
export const businessToday = (ctx: AppContext): string => dateInZone(ctx.now(), ctx.config.REPORT_TIMEZONE);

export type PeriodRow = typeof settlementPeriods.$inferSelect;

/** Every period that is not open (one row a month at most), earliest first. */
export const periodRows = (db: Executor): Promise<PeriodRow[]> =>
  db.select().from(settlementPeriods).orderBy(settlementPeriods.month);

/** The last closed month's first day, if any. */
export const lastClosedMonth = (rows: readonly PeriodRow[]): string | undefined =>
  rows.filter((r) => r.status === 'closed').at(-1)?.month;

/** The first day of the earliest period not closed (undefined: nothing is closed, every day is open). */
export const firstOpenDay = (rows: readonly PeriodRow[]): string | undefined => {
  const last = lastClosedMonth(rows);
  return last === undefined ? undefined : nextMonth(last);
};

/** A statement of a month that has not begun is refused (2001 on `month`): nothing is in it yet. */
export const assertMonthBegun = (ctx: AppContext, month: string) => {
  if (month > `${businessToday(ctx).slice(0, 7)}-01`) {
    throw invalidField('month', 'has not begun; statements go up to the current month', 'period_in_future');
  }
};

/**
 * A change dated `day` must leave closed and closing periods as they are: refused (2001 on `path`)
 * before the first open day (`effective_from_closed`, or `paid_on_closed` for payments) or inside the
 * period awaiting its close.
 */
export const assertDayOpen = (rows: readonly PeriodRow[], day: string, path: 'effectiveFrom' | 'paidOn') => {
  const first = firstOpenDay(rows);
  const month = `${day.slice(0, 7)}-01`;
  const row = rows.find((r) => r.month === month);
  if (path === 'paidOn') {
    if ((first !== undefined && day < first) || row) {
      throw invalidField(path, 'is in a closed period or one awaiting its close', 'paid_on_closed', {
        ...yearMonthText(month),
      });
    }
    return;
  }
  if (first !== undefined && day < first) {
    throw invalidField(
      path,
      `must be ${first} or later (closed periods cannot change)`,
      'effective_from_closed',
      {
        minimum: first,
      },
    );
  }
  if (row?.status === 'closing') {
    throw invalidField(
      path,
      'is in a period awaiting its close',
      'effective_from_closing',
      yearMonthText(month),
    );
  }
};
