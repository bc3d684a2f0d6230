import { type SQL, sql } from 'drizzle-orm';

/** A JS instant as a timestamptz literal parameter (both drivers take ISO text the same way). */
export const sqlTime = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** The first day of the month of a `date` column named `day` (date arithmetic, no time zone). */
export const monthOfDay: SQL = sql.raw('day - (extract(day from day)::int - 1)');
