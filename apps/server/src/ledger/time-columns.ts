import { type SQL, sql } from 'drizzle-orm';

/*
 * The ledger's time columns: the month of a business day, the hour of its day and the minute of
 * its hour a bet falls in, and the rollups' columns counted per hour (h00 … h23) and per minute
 * (m00 … m59). The ingest statement writes them, the deep-link seek reads them, the tests check them.
 */

/**
 * The first day of the month of a `date` column named `day` (date arithmetic, no time zone). By
 * `date_part`, a double: `extract` answers `numeric`, several times slower on every row it is
 * computed for (each row of an ingest batch, each rollup row of a monthly report).
 */
export const monthOfDay: SQL = sql.raw(`day - (date_part('day', day)::int - 1)`);

/**
 * Seconds from `dayStart` to `at`, in double precision (`extract` answers numeric, several times
 * slower per row of a batch): exact to well under a microsecond at today's epoch.
 */
const secondsSince = (at: SQL, dayStart: SQL): SQL =>
  sql`(date_part('epoch', ${at}) - date_part('epoch', ${dayStart}))`;

/**
 * The hour of its business day a bet at `at` falls in, counted from the day's first instant
 * `dayStart` (0–23; the 25th hour of a day that ends summer time counts in 23): the h00 … h23 of
 * rollup_agent_daily (migration 0022) and rollup_brand_hours (0025), the hour of
 * rollup_brand_minutes (0033).
 */
export const hourOfDay = (at: SQL, dayStart: SQL): SQL =>
  sql`least(23, floor(${secondsSince(at, dayStart)} / 3600))::int`;

/**
 * The minute of its hour (0–59, from `hourOfDay`'s hour `hour`) a bet at `at` falls in: the m00 …
 * m59 of rollup_brand_minutes (0033). The 25th hour of a day that ends summer time counts in the
 * last minute of hour 23.
 */
export const minuteOfHour = (at: SQL, dayStart: SQL, hour: SQL): SQL =>
  sql`least(59, floor((${secondsSince(at, dayStart)} - ${hour} * 3600) / 60))::int`;

/** The per-hour count columns of rollup_agent_daily and rollup_brand_hours, h00 … h23, in hour order. */
export const hourColumns: readonly string[] = Array.from(
  { length: 24 },
  (_, i) => `h${String(i).padStart(2, '0')}`,
);

/** The per-minute count columns of rollup_brand_minutes, m00 … m59, in minute order. */
export const minuteColumns: readonly string[] = Array.from(
  { length: 60 },
  (_, i) => `m${String(i).padStart(2, '0')}`,
);

/** `count(*)` of the rows in each hour of the day, named h00 … h23, from an hour column `hour` (0–23). */
export const countsByHour = (hour: string): SQL =>
  sql.raw(hourColumns.map((h, i) => `count(*) filter (where ${hour} = ${i})::int as ${h}`).join(', '));

/** `count(*)` of the rows in each minute of the hour, named m00 … m59, from a column `minute` (0–59). */
export const countsByMinute = (minute: string): SQL =>
  sql.raw(minuteColumns.map((m, i) => `count(*) filter (where ${minute} = ${i})::int as ${m}`).join(', '));

/**
 * The same from rows already counted per group (`n`): the sum of `n` in each of `columns`, where
 * `key` (0-based) names the column's position.
 */
export const sumsBy = (columns: readonly string[], key: string, n: string): SQL =>
  sql.raw(
    columns.map((c, i) => `coalesce(sum(${n}) filter (where ${key} = ${i}), 0)::int as ${c}`).join(', '),
  );
