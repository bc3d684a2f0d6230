import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from './client.ts';
import { constraintOf, isUniqueViolation } from './errors.ts';
import { admins } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the statement threw. */
const thrown = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
};

describe('constraintOf', () => {
  it('names the unique index a real duplicate violates, on the engine under test', async () => {
    const row = { username: 'twice', passwordHash: 'x', type: 'ADMIN' as const, createdBy: 'test' };
    await t.database.db.insert(admins).values(row);
    const err = await thrown(() => t.database.db.insert(admins).values({ ...row, username: 'TWICE' }));
    expect(isUniqueViolation(err)).toBe(true);
    expect(constraintOf(err)).toBe('admins_username_lower_key');
  });

  it("reads a Citus worker's relayed error: no constraint field, the shard's name in the message", () => {
    const relayed = Object.assign(
      new Error('duplicate key value violates unique constraint "transaction_keys_pkey_102041"'),
      { code: '23505', detail: 'Key (bet_id, agent_id, bet_type)=(b1, 7, 1) already exists.' },
    );
    const wrapped = Object.assign(new Error('Failed query: insert … on constraint "other_1"'), {
      cause: relayed,
    });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(constraintOf(wrapped)).toBe('transaction_keys_pkey');
    // The coordinator's own copy of a reference table: the field is there, with the shard's id.
    expect(constraintOf({ code: '23505', constraint: 'agents_prefix_unique_102008' })).toBe(
      'agents_prefix_unique',
    );
    expect(constraintOf({ code: '23505', constraint: 'agents_prefix_unique' })).toBe('agents_prefix_unique');
    expect(constraintOf(new Error('constraint "x"'))).toBeUndefined();
  });

  it('finds no constraint or unique index of the schema ending in _<digits>, which it would take for a shard id', async () => {
    const names = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select c.conname as name
          from pg_constraint c
          join pg_namespace n on n.oid = c.connamespace
          join pg_class r on r.oid = c.conrelid
          -- a partition's or a shard's own constraint carries its table's suffix
          where n.nspname = 'public' and c.conname ~ '_[0-9]+$'
            and not r.relispartition and r.relname !~ '_[0-9]+$'
          union all
          select i.relname from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class r on r.oid = x.indrelid
          join pg_namespace n on n.oid = i.relnamespace
          -- a partition's or a shard's own index carries its table's suffix
          where n.nspname = 'public' and x.indisunique and i.relname ~ '_[0-9]+$'
            and not r.relispartition and r.relname !~ '_[0-9]+$'`,
    );
    expect(names).toEqual([]);
  });
});
