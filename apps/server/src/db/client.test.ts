import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { arrayLiteral } from './array-literal.ts';
import { oncePerDatabase, queryPrepared, queryRows } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions', () => {
  it('run in UTC and without JIT compilation', async () => {
    const [row] = await queryRows<{ tz: string; jit: string }>(
      t.ctx.db,
      sql`select current_setting('TimeZone') as tz, current_setting('jit') as jit`,
    );
    expect(row).toEqual({ tz: 'UTC', jit: 'off' });
  });

  it('plan prepared statements generically, except on a Citus coordinator, which routes by the values', async () => {
    const [row] = await queryRows<{ mode: string }>(
      t.ctx.db,
      sql`select current_setting('plan_cache_mode') as mode`,
    );
    expect(row?.mode).toBe(process.env.TEST_ENGINE === 'citus' ? 'auto' : 'force_generic_plan');
  });
});

describe('queryPrepared', () => {
  it('runs one named statement again and again, in and out of transactions, with new values each time', async () => {
    const sumOf = (db: Parameters<typeof queryPrepared>[0], values: string[]) =>
      queryPrepared<{ total: string }>(
        db,
        'client_test_sum',
        sql`select coalesce(sum(x), 0)::text as total from unnest(${arrayLiteral(values)}::bigint[]) x`,
      );
    expect(await sumOf(t.ctx.db, ['1', '2'])).toEqual([{ total: '3' }]);
    expect(await sumOf(t.ctx.db, ['-5'])).toEqual([{ total: '-5' }]);
    expect(await t.ctx.db.transaction((tx) => sumOf(tx, ['9007199254740993', '1']))).toEqual([
      { total: '9007199254740994' },
    ]);
    expect(await sumOf(t.ctx.db, [])).toEqual([{ total: '0' }]);
  });

  it('passes values exactly — quotes, backslashes, unicode and null — and keeps two shapes of one prefix apart', async () => {
    const echo = (v: string | null) =>
      queryPrepared<{ v: string | null }>(t.ctx.db, 'client_test_echo', sql`select ${v}::text as v`);
    for (const v of [`it's`, `'); drop table users; --`, "back\\slash \\' end", 'ไทย 🎲', '', null]) {
      expect(await echo(v)).toEqual([{ v }]);
    }
    const twice = await queryPrepared<{ v: string }>(
      t.ctx.db,
      'client_test_echo',
      sql`select (${'ab'}::text || ${'ab'}::text) as v`,
    );
    expect(twice).toEqual([{ v: 'abab' }]);
    expect(await echo('still')).toEqual([{ v: 'still' }]);
  });

  it('answers every one of several concurrent first calls of a statement', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        queryPrepared<{ n: string }>(t.ctx.db, 'client_test_first', sql`select (${n}::int * 7)::text as n`),
      ),
    );
    expect(answers).toEqual([[{ n: '7' }], [{ n: '14' }], [{ n: '21' }]]);
  });
});

describe('oncePerDatabase', () => {
  it('builds once per database and key, and again for another key or database', () => {
    const calls: string[] = [];
    const once = oncePerDatabase((_db: typeof t.ctx.db, key: string) => {
      calls.push(key);
      return { key };
    });
    const other = {} as typeof t.ctx.db;
    const a = once(t.ctx.db, 'a');
    expect(once(t.ctx.db, 'a')).toBe(a);
    expect(once(t.ctx.db, 'b')).not.toBe(a);
    expect(once(other, 'a')).not.toBe(a);
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('shares one pending build between concurrent calls, and builds again after one that failed', async () => {
    let attempts = 0;
    const once = oncePerDatabase(async (_db: object, key: string) => {
      attempts++;
      if (attempts === 1) throw new Error('first build fails');
      return key;
    });
    const db = {};
    await expect(once(db, 'k')).rejects.toThrow('first build fails');
    const [x, y] = [once(db, 'k'), once(db, 'k')];
    expect(x).toBe(y);
    expect(await x).toBe('k');
    expect(attempts).toBe(2);
  });
});
