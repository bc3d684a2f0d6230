import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { clonePostgresTemplate } from '../harness.ts';

/**
 * The server closes a connection the pool has lent out — a transaction between two statements, as
 * in a failover during an ingest batch or a replica stopped during its check. The statement fails,
 * the process does not: an unhandled 'error' on a lent-out client would end it (vitest reports it as
 * an unhandled error and fails the run). PostgreSQL only: PGlite has no connection to lose.
 */
let clone: { url: string; drop(): Promise<void> };
let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  clone = await clonePostgresTemplate('lost');
  database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize: 4 });
  admin = new pg.Client({ connectionString: clone.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await database?.close();
  await clone?.drop();
});

const gone = async (pid: number) => {
  for (let i = 0; i < 250; i++) {
    const res = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
    if (res.rowCount === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`backend ${pid} still there`);
};

describe('a connection lost while a transaction holds it', () => {
  it('fails that transaction; the process lives on and the next statement gets a new connection', async () => {
    let killed = 0;
    const held = database.db.transaction(async (tx) => {
      const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      killed = row?.pid ?? 0;
      await admin.query('select pg_terminate_backend($1)', [killed]);
      await gone(killed);
      // The client has seen (or now sees) its connection end while lent out.
      await queryRows(tx, sql`select 1`);
    });
    await expect(held).rejects.toThrow();
    expect(killed).toBeGreaterThan(0);
    const [after] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    expect(after?.pid).not.toBe(killed);
  });

  it('four transactions cut at once all fail; the pool serves again', async () => {
    const pids: number[] = [];
    let cut: () => void = () => undefined;
    const allCut = new Promise<void>((resolve) => {
      cut = resolve;
    });
    const held = Array.from({ length: 4 }, () =>
      database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        pids.push(row?.pid ?? 0);
        await allCut;
        await queryRows(tx, sql`select 1`);
      }),
    );
    for (let i = 0; i < 500 && pids.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pids).toHaveLength(4);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);
    for (const pid of pids) await gone(pid);
    cut();
    const settled = await Promise.allSettled(held);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => queryRows<{ one: number }>(database.db, sql`select 1 as one`)),
    );
    expect(answers.flat()).toEqual(Array.from({ length: 8 }, () => ({ one: 1 })));
  });
});
