import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../src/db/client.ts';

/** A response that is the docs/design.md §4 envelope, never an internal error. */
export const expectEnvelope = (http: number, contentType: unknown, body: unknown) => {
  expect(http, JSON.stringify(body)).not.toBe(500);
  expect(String(contentType)).toMatch(/^application\/json/);
  expect(body).toMatchObject({ status: expect.any(Number) });
  const env = body as { status: number; error: unknown; data: unknown };
  expect(env.status).not.toBe(9000);
  expect(env.error === null || typeof env.error === 'string').toBe(true);
  expect(Object.hasOwn(env, 'data')).toBe(true);
};

/** Why a response is not the docs/design.md §4 envelope of a refusal or success (undefined when it is). */
export const envelopeFailure = (http: number, contentType: unknown, body: unknown): string | undefined => {
  const env = body as { status?: unknown; error?: unknown; data?: unknown } | null;
  if (http >= 500) return `HTTP ${http} ${JSON.stringify(body).slice(0, 200)}`;
  if (!String(contentType).startsWith('application/json')) return `content-type ${String(contentType)}`;
  if (typeof env?.status !== 'number' || env.status === 9000) return `status ${String(env?.status)}`;
  if (!(env.error === null || typeof env.error === 'string') || !Object.hasOwn(env, 'data')) {
    return `not an envelope: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return undefined;
};

/** Row count of every table (leaf tables: partitions counted once), to prove nothing was written. */
export const tableCounts = async (db: Executor): Promise<Record<string, number>> => {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  if (tables.length === 0) return {};
  const union = sql.join(
    tables.map(({ name }) => sql`select ${name} as name, count(*)::text as n from ${sql.identifier(name)}`),
    sql` union all `,
  );
  const rows = await queryRows<{ name: string; n: string }>(db, union);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
};
