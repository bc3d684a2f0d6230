import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.start({});
  await db.exec('create table t (id int primary key, note text)');
});
afterAll(() => db.close());

const count = async () => (await db.query('select count(*)::int as n from t')).rows[0];
const rows = async () => (await db.query('select id, note from t order by id')).rows;

describe('PGlite on its own thread', () => {
  it('answers queries with parameters, in object or array rows', async () => {
    await db.query('insert into t values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect(await rows()).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ]);
    const arrays = await db.query('select id, note from t order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    await db.query('delete from t');
  });

  it('keeps the types the driver asks to keep as Postgres wrote them', async () => {
    const sql = `select '2026-11-23 01:02:03.456789+00'::timestamptz as at`;
    const parsed = await db.query(sql);
    expect(parsed.rows[0]).toEqual({ at: new Date('2026-11-23T01:02:03.456Z') });
    const kept = await db.query(sql, [], { parsers: { 1184: (v: string) => v } });
    expect(kept.rows[0]).toEqual({ at: '2026-11-23 01:02:03.456789+00' });
  });

  it('hands back database errors with their SQLSTATE and constraint', async () => {
    await db.query('insert into t values (1, null)');
    const err = await db.query('insert into t values (1, null)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await db.query('delete from t');
  });

  it('commits a transaction, and rolls it back when its work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1)', ['kept']);
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into t values (11, $1)', ['gone']);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: 'changed my mind' });
    expect(await rows()).toEqual([{ id: 10, note: 'kept' }]);
    await db.query('delete from t');
  });

  it('runs a query sent during a transaction only after it ends (one statement at a time)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('insert into t values (20, $1)', ['in tx']);
      await gate;
    });
    // Queued behind the open transaction: it must see the committed row, never a half-done one.
    const seen = count();
    release();
    await tx;
    expect(await seen).toEqual({ n: 1 });
    await db.query('delete from t');
  });

  it('starts a copy of a dumped data directory', async () => {
    await db.query('insert into t values (30, $1)', ['copied']);
    const copy = await PgliteThread.start({ loadDataDir: await db.dumpDataDir() });
    try {
      expect((await copy.query('select note from t where id = 30')).rows).toEqual([{ note: 'copied' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses calls once closed', async () => {
    const other = await PgliteThread.start({});
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database thread stopped/);
  });
});
