import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, migrationsFolder, onCitus, queryRows } from '../src/db/client.ts';
import { amountOfType, betTypeColumns, countOfType } from '../src/ledger/bet-type-columns.ts';
import {
  measureFamilies,
  perAgent,
  type Rollup,
  type RollupFamily,
  rollups,
} from '../src/ledger/catalogue.ts';
import { countsByHour, countsByMinute, hourOfDay, minuteOfHour } from '../src/ledger/time-columns.ts';
import type { TestApp } from './harness.ts';

type WithCtx = Pick<TestApp, 'ctx'>;

/**
 * The raw rows with their business day and month: what every check groups by a rollup's key. The
 * hour of the day and the minute of the hour are computed only by the checks that count them.
 */
const rawRows = (tz: string) =>
  sql`(select agent_id, user_id, (start_date at time zone ${tz})::date as day,
              date_trunc('month', start_date at time zone ${tz})::date as month,
              game_brand, game_code, bet_type, amount, start_date
       from transactions) as rows`;

/**
 * What the raw rows (or, for registrations, the players) add up to for each value of a rollup's key
 * `keys` (a `select … group by`): one per family of rollup columns, naming the family's columns.
 */
type Expected = (tz: string, keys: SQL) => SQL;

const expected: Record<RollupFamily, Expected> = {
  amounts: (tz, keys) =>
    sql`select ${keys}, sum(amount) as amount, count(*) as tx_count from ${rawRows(tz)} group by ${keys}`,
  betTypeAmounts: (tz, keys) =>
    sql`select ${keys}, ${sql.raw(
      betTypeColumns.map(({ betType, column }) => `${amountOfType(betType)} as ${column}`).join(', '),
    )}, count(*) as tx_count
        from ${rawRows(tz)} group by ${keys}`,
  betTypeCounts: (tz, keys) =>
    sql`select ${keys}, ${sql.raw(
      betTypeColumns.map(({ betType, column }) => `${countOfType(betType)} as ${column}`).join(', '),
    )}
        from ${rawRows(tz)} group by ${keys}`,
  hourCounts: (tz, keys) =>
    sql`select ${keys}, ${countsByHour('hour')}
        from (select *, ${hourOfDay(sql`start_date`, sql`(day::timestamp at time zone ${tz})`)} as hour
              from ${rawRows(tz)}) as rows
        group by ${keys}`,
  minuteCounts: (tz, keys) => {
    const dayStart = sql`(day::timestamp at time zone ${tz})`;
    return sql`select ${keys}, ${countsByMinute('minute')}
        from (select *, ${minuteOfHour(sql`start_date`, dayStart, sql`hour`)} as minute
              from (select *, ${hourOfDay(sql`start_date`, dayStart)} as hour from ${rawRows(tz)}) as rows
             ) as rows
        group by ${keys}`;
  },
  // Distinct players with a bet per agent and business month.
  activePlayers: (tz, keys) =>
    sql`select ${keys}, count(*) as players
        from (select distinct month, agent_id, user_id from ${rawRows(tz)}) as players group by ${keys}`,
  // The players created per agent and business month of their creation.
  registeredPlayers: (tz, keys) =>
    sql`select ${keys}, count(*) as players
        from (select date_trunc('month', created_at at time zone ${tz})::date as month, agent_id from users) as u
        group by ${keys}`,
  // A player who bet in a business month: the key is the fact, compared by the player column.
  playerPresence: (tz, keys) => sql`select distinct ${keys} from ${rawRows(tz)}`,
};

/**
 * Rows of rollup `table`, keyed by `keys`, whose columns of `family` differ from what the raw rows add
 * up to, or that are missing or extra (a row on one side only has the other's columns null).
 */
const familyMismatches = async (t: WithCtx, table: string, keys: readonly string[], family: RollupFamily) => {
  const cols = sql.raw(keys.join(', '));
  const compared = family === 'playerPresence' ? ['user_id'] : measureFamilies[family];
  const of = (side: string) => sql.raw(compared.map((c) => `${side}.${c}`).join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (${expected[family](t.ctx.config.REPORT_TIMEZONE, cols)})
        select count(*)::text as n from raw full join ${sql.raw(table)} r using (${cols})
        where (${of('raw')}) is distinct from (${of('r')})`,
  );
  return Number(row?.n);
};

const rollupOf = (family: RollupFamily): Rollup => {
  const rollup = rollups.find((r) => r.measures.includes(family));
  if (rollup === undefined) throw new Error(`no rollup keeps ${family}`);
  return rollup;
};

/**
 * Rows of the count rollups that differ from a count of the raw rows: active players per agent and
 * business month (distinct players with a bet) and players registered per agent and business month
 * of their creation.
 */
export const countMismatches = async (t: WithCtx) => {
  const counts = await Promise.all(
    (['activePlayers', 'registeredPlayers'] as const).map((family) => {
      const { name, keys } = rollupOf(family);
      return familyMismatches(t, name, keys, family);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};

/**
 * Every rollup row equals what the raw rows it stands for add up to, and none is missing or extra:
 * each rollup the engine keeps (ledger/catalogue.ts `perAgent`), each family of its columns.
 */
export const rollupMismatches = async (t: WithCtx) => {
  const kept = onCitus(t.ctx.db) ? rollups.filter(perAgent) : rollups;
  const sums = await Promise.all(
    kept.flatMap(({ name, keys, measures }) =>
      measures.map((family) => familyMismatches(t, name, keys, family)),
    ),
  );
  return sums.reduce((a, b) => a + b, 0);
};

export const countRows = async (t: WithCtx, table: 'transactions' | 'transaction_keys' | 'users') =>
  Number(
    (await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]?.n,
  );

/** The statements of a migration file that start with `verb` (its backfills), or all of them, comments left out. */
export const migrationStatements = (file: string, verb?: 'INSERT' | 'UPDATE' | 'CREATE') =>
  readFileSync(join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement !== '' && (verb === undefined || statement.startsWith(verb)));

/**
 * The per-agent game rollups as they stood before migration 0032, a row per bet type: the daily one
 * summed from the raw rows, the monthly one made and filled from it by its own migration (0024).
 * Older migrations' backfills read them so; a test replays those on them inside `tx`, then 0032.
 */
export const gameRollupsByType = async (tx: Executor, timeZone: string) => {
  await tx.execute(sql`drop table rollup_game_daily`);
  await tx.execute(sql`drop table rollup_game_monthly`);
  await tx.execute(sql`create table rollup_game_daily (
      agent_id bigint not null, day date not null, game_brand text collate "C" not null,
      game_code text collate "C" not null, bet_type text collate "C" not null, amount bigint not null,
      tx_count bigint not null, primary key (agent_id, game_brand, day, game_code, bet_type))`);
  await tx.execute(sql`insert into rollup_game_daily
      select agent_id, (start_date at time zone ${timeZone})::date, game_brand, game_code, bet_type,
             sum(amount), count(*)
      from transactions group by 1, 2, 3, 4, 5`);
  for (const statement of migrationStatements('0024_game_monthly.sql')) await tx.execute(sql.raw(statement));
};

/** Migration 0032 inside `tx`: the per-agent game rollups get a column per bet type. */
export const gameRollupsByColumn = async (tx: Executor) => {
  for (const statement of migrationStatements('0032_game_rollups_by_column.sql'))
    await tx.execute(sql.raw(statement));
};
