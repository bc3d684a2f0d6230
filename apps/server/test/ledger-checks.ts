import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, migrationsFolder, queryRows } from '../src/db/client.ts';
import {
  amountOfType,
  betTypeColumns,
  countOfType,
  sumColumns,
  typeColumns,
} from '../src/ledger/bet-type-columns.ts';
import { type Rollup, type RollupFamily, rollups } from '../src/ledger/catalogue.ts';
import {
  countsByHour,
  countsByMinute,
  hourColumns,
  hourOfDay,
  minuteColumns,
  minuteOfHour,
} from '../src/ledger/time-columns.ts';
import type { TestApp } from './harness.ts';

type WithCtx = Pick<TestApp, 'ctx'>;

/**
 * Rows of an agent's sum rollup that differ from, or are missing against, the raw rows grouped by
 * `keys` (the agent's among them).
 */
const sumMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with rows as (
          select agent_id, (start_date at time zone ${tz})::date as day,
                 date_trunc('month', start_date at time zone ${tz})::date as month,
                 game_brand, game_code, bet_type, amount
          from transactions),
        raw as (select ${cols}, sum(amount) as amount, count(*) as tx_count from rows group by ${cols})
        select count(*)::text as n from raw full join ${sql.raw(table)} r using (${cols})
        where raw.amount is distinct from r.amount or raw.tx_count is distinct from r.tx_count`,
  );
  return Number(row?.n);
};

/**
 * Rows of a rollup with a column per bet type — rollup_brand_daily (0027: agent × day × brand),
 * rollup_brand_day_all (0028: day × brand over every agent), rollup_code_daily (0031: brand × day ×
 * code over every agent), rollup_game_daily or rollup_game_monthly (0032: agent × brand × day or
 * month × code) — that differ from, or are missing against, the raw rows.
 */
const columnMismatches = async (t: WithCtx, table: string, keyColumns: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const keys = sql.raw(keyColumns.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select ${keys}, ${sql.raw(
            betTypeColumns.map(({ betType, column }) => `${amountOfType(betType)} as ${column}`).join(', '),
          )}, count(*) as tx_count
          from (select agent_id, (start_date at time zone ${tz})::date as day,
                       date_trunc('month', start_date at time zone ${tz})::date as month, game_brand,
                       game_code, bet_type, amount
                from transactions) as rows
          group by ${keys})
        select count(*)::text as n from raw full join ${sql.raw(table)} r using (${keys})
        where (${sql.raw(sumColumns.map((c) => `raw.${c}`).join(', '))}) is distinct from (${sql.raw(sumColumns.map((c) => `r.${c}`).join(', '))})`,
  );
  return Number(row?.n);
};

/**
 * Rows of an hourly rollup — rollup_agent_daily (0022) or rollup_brand_hours (0025), keyed by
 * `keys` (the agent's among them) — whose counts per hour of the day differ from the raw rows'.
 */
const hourMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const hours = (prefix: string) => sql.raw(hourColumns.map((h) => `${prefix}.${h}`).join(', '));
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with rows as (
          select agent_id, day, game_brand, bet_type,
                 ${hourOfDay(sql`start_date`, sql`(day::timestamp at time zone ${tz})`)} as hour
          from (select agent_id, game_brand, bet_type, start_date, (start_date at time zone ${tz})::date as day
                from transactions) as t),
        raw as (
          select ${cols}, ${countsByHour('hour')}
          from rows group by ${cols})
        select count(*)::text as n from raw full join ${sql.raw(table)} r using (${cols})
        where (${hours('raw')}) is distinct from (${hours('r')})`,
  );
  return Number(row?.n);
};

/**
 * Rows of rollup_brand_minutes (0033: agent × day × hour × brand × bet type) whose counts per minute
 * of the hour differ from the raw rows'.
 */
const minuteMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const cols = sql.raw(keys.join(', '));
  const minutes = (prefix: string) => sql.raw(minuteColumns.map((m) => `${prefix}.${m}`).join(', '));
  const dayStart = sql`(day::timestamp at time zone ${tz})`;
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with rows as (
          select agent_id, day, hour, game_brand, bet_type,
                 ${minuteOfHour(sql`start_date`, dayStart, sql`hour`)} as minute
          from (select agent_id, day, game_brand, bet_type, start_date,
                       ${hourOfDay(sql`start_date`, dayStart)} as hour
                from (select agent_id, game_brand, bet_type, start_date,
                             (start_date at time zone ${tz})::date as day
                      from transactions) as t) as t),
        raw as (select ${cols}, ${countsByMinute('minute')} from rows group by ${cols})
        select count(*)::text as n
        from raw full join ${sql.raw(table)} r using (${cols})
        where (${minutes('raw')}) is distinct from (${minutes('r')})`,
  );
  return Number(row?.n);
};

/**
 * Rows of rollup_player_daily (0034: agent × player × day × brand, a count per bet type) that differ
 * from the raw rows' counts, or are missing or extra.
 */
const playerDayMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const counts = (of: string) => sql.raw(typeColumns.map((c) => `${of}.${c}`).join(', '));
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select ${cols},
                 ${sql.raw(betTypeColumns.map(({ betType, column }) => `${countOfType(betType)} as ${column}`).join(', '))}
          from (select agent_id, user_id, (start_date at time zone ${tz})::date as day, game_brand, bet_type
                from transactions) as rows
          group by ${cols})
        select count(*)::text as n
        from raw full join ${sql.raw(table)} r using (${cols})
        where (${counts('raw')}) is distinct from (${counts('r')})`,
  );
  return Number(row?.n);
};

/** Rows of rollup_active_players (0018) that differ from the distinct players with a bet per agent and business month. */
const activeMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with active as (
          select month, agent_id, count(*) as players
          from (select distinct date_trunc('month', (start_date at time zone ${tz})::date)::date as month,
                                agent_id, user_id
                from transactions) as d
          group by 1, 2)
        select count(*)::text as n from active full join ${sql.raw(table)} r using (${cols})
        where active.players is distinct from r.players`,
  );
  return Number(row?.n);
};

/** Rows of rollup_registered_players (0018) that differ from the players created per agent and business month. */
const registeredMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with registered as (
          select date_trunc('month', created_at at time zone ${tz})::date as month, agent_id, count(*) as players
          from users group by 1, 2)
        select count(*)::text as n from registered full join ${sql.raw(table)} r using (${cols})
        where registered.players is distinct from r.players`,
  );
  return Number(row?.n);
};

/** Rows of rollup_player_month (0004: a player who bet in a business month) missing or extra against the raw rows. */
const presenceMismatches = async (t: WithCtx, table: string, keys: readonly string[]) => {
  const tz = t.ctx.config.REPORT_TIMEZONE;
  const cols = sql.raw(keys.join(', '));
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`with raw as (
          select distinct date_trunc('month', (start_date at time zone ${tz})::date)::date as month, agent_id, user_id
          from transactions)
        select count(*)::text as n from raw full join ${sql.raw(table)} r using (${cols})
        where raw.user_id is null or r.user_id is null`,
  );
  return Number(row?.n);
};

/** How each family of rollup columns is checked against the raw rows (ledger/catalogue.ts). */
type Check = (t: WithCtx, table: string, keys: readonly string[]) => Promise<number>;
const checks: Record<RollupFamily, Check> = {
  amounts: sumMismatches,
  betTypeAmounts: columnMismatches,
  betTypeCounts: playerDayMismatches,
  hourCounts: hourMismatches,
  minuteCounts: minuteMismatches,
  activePlayers: activeMismatches,
  registeredPlayers: registeredMismatches,
  playerPresence: presenceMismatches,
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
      return checks[family](t, name, keys);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};

/**
 * Every rollup row equals what the raw rows it stands for add up to, and none is missing or extra:
 * each rollup of the catalogue, each family of its columns.
 */
export const rollupMismatches = async (t: WithCtx) => {
  const sums = await Promise.all(
    rollups.flatMap(({ name, keys, measures }) => measures.map((family) => checks[family](t, name, keys))),
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
