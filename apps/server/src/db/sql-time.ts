import { type SQL, sql } from 'drizzle-orm';

/** A JS instant as a timestamptz literal parameter (both drivers take ISO text the same way). */
export const sqlTime = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
