import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, ingest, makeAgent, registerBrands } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rollupMismatches } from '../../test/ledger-checks.ts';
import { onCitus, queryRows } from '../db/client.ts';
import { betRollupNames, ledgerTables, measureColumns, perAgent, rawTables, rollups } from './catalogue.ts';
import { batchSql } from './ingest-batch.ts';
import { countRegistrations } from './registrations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The columns of each ledger table of the migrated database, in their order. */
const columnsOf = async () => {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    t.ctx.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema()
          and (table_name like 'rollup\\_%' or table_name in ('transactions', 'transaction_keys'))
        order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table_name, column_name } of rows)
    columns.set(table_name, [...(columns.get(table_name) ?? []), column_name]);
  return columns;
};

/** Each table's primary key columns, in the key's order. */
const primaryKeys = async () => {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    t.ctx.db,
    sql`select k.table_name, k.column_name
        from information_schema.table_constraints c
        join information_schema.key_column_usage k
          on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
         and k.table_name = c.table_name
        where c.table_schema = current_schema() and c.constraint_type = 'PRIMARY KEY'
        order by k.table_name, k.ordinal_position`,
  );
  const keys = new Map<string, string[]>();
  for (const { table_name, column_name } of rows)
    keys.set(table_name, [...(keys.get(table_name) ?? []), column_name]);
  return keys;
};

describe('the ledger catalogue (ledger/catalogue.ts)', () => {
  it('names every rollup table the migrations create, and the raw rows, and nothing else', async () => {
    const tables = [...(await columnsOf()).keys()].sort();
    expect(tables).toEqual(ledgerTables.map((table) => table.name).sort());
    expect(rollups).toHaveLength(13);
    expect(new Set(ledgerTables.map((table) => table.name)).size).toBe(ledgerTables.length);
  });

  it("gives each table's primary key in order, and its measure columns as they exist", async () => {
    const columns = await columnsOf();
    const keys = await primaryKeys();
    for (const table of ledgerTables) {
      const present = columns.get(table.name) ?? [];
      expect(present, table.name).toEqual(expect.arrayContaining([...table.keys, ...measureColumns(table)]));
      // transactions is partitioned by time: no primary key, its id is unique by construction.
      if (table.name !== 'transactions') expect(keys.get(table.name), table.name).toEqual(table.keys);
    }
  });

  it('declares every column of a rollup: its key and its measures, nothing left over', async () => {
    const columns = await columnsOf();
    for (const rollup of rollups)
      expect([...(columns.get(rollup.name) ?? [])].sort(), rollup.name).toEqual(
        [...rollup.keys, ...measureColumns(rollup)].sort(),
      );
    expect(rawTables.map((table) => table.name)).toEqual(['transactions', 'transaction_keys']);
  });

  it('drives the ledger checks of the tests: a row missing from any rollup is found', async () => {
    await registerBrands(t, await t.tokenFor('ADMIN'), ['PG', 'JILI']);
    const agent = await makeAgent(t, await t.tokenFor('OPERATOR'));
    const bets = (['HOLD', 'SETTLE', 'DEPOSIT'] as const).flatMap((betType, i) =>
      ['PG', 'JILI'].map((gameBrand, j) =>
        bet({
          betType,
          gameBrand,
          username: `catalogue${j}`,
          amount: betType === 'HOLD' ? -10 : 10,
          startDate: new Date(Date.UTC(2026, 9, 1 + i, 3 + j)).toISOString(),
        }),
      ),
    );
    const answer = await ingest(t, agent, bets);
    expect(answer.status, JSON.stringify(answer.body)).toBe(1000);
    expect(await rollupMismatches(t)).toBe(0);
    // The rollups the engine keeps (Citus: the per-agent ones).
    for (const { name, keys } of onCitus(t.ctx.db) ? rollups.filter(perAgent) : rollups) {
      // One row set aside by its key, then put back: in between, the checks find it missing.
      const key = keys.join(', ');
      await t.ctx.db.execute(sql.raw(`create table set_aside as select * from ${name} limit 1`));
      await t.ctx.db.execute(sql.raw(`delete from ${name} where (${key}) in (select ${key} from set_aside)`));
      expect(await rollupMismatches(t), name).toBeGreaterThan(0);
      await t.ctx.db.execute(sql.raw(`insert into ${name} select * from set_aside`));
      await t.ctx.db.execute(sql.raw('drop table set_aside'));
    }
    expect(await rollupMismatches(t)).toBe(0);
  });
});

/** The tables a statement inserts into, each as often as it does. */
const insertsOf = (text: string) => [...text.matchAll(/insert into (\w+)/g)].map((m) => m[1]);

describe('the catalogue drives the ledger’s writers', () => {
  const dialect = new PgDialect();
  it('the ingest statement writes each rollup of the bets once, in catalogue order, and no other', () => {
    const ofBets = rollups.filter((r) => r.of === 'bets').map((r) => r.name);
    expect(ofBets).toEqual(betRollupNames);
    for (const [probe, log] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const inserts = insertsOf(dialect.sqlToQuery(batchSql(probe, log)).sql);
      expect(inserts.filter((t) => t?.startsWith('rollup_'))).toEqual(ofBets);
      expect(inserts.filter((t) => !t?.startsWith('rollup_'))).toEqual([
        'transaction_keys',
        'transactions',
        ...(log ? ['ingest_log'] : []),
      ]);
    }
  });

  it('the players’ rollups are written with every insert of players', () => {
    const ofPlayers = rollups.filter((r) => r.of === 'players').map((r) => r.name);
    expect(insertsOf(dialect.sqlToQuery(countRegistrations(sql`created`, 'UTC')).sql)).toEqual(ofPlayers);
  });
});

describe('the ledger’s home: only ledger/ names its tables', () => {
  const root = new URL('../', import.meta.url);
  /** A ledger table named in SQL: a rollup or the key table by name, the raw rows after a keyword. */
  const naming =
    /\b(rollup_[a-z_]+|transaction_keys)\b|\b(from|join|into|update|table|relname =)\s+'?transactions\b/i;
  it('no module outside ledger/ (migrations and tests aside) names a ledger table', () => {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.test.ts') &&
        !f.startsWith('ledger/') &&
        !f.startsWith('db/migrations/'),
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => naming.test(readFileSync(new URL(f, root), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
