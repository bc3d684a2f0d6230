import type { Upkeep } from '../db/maintenance.ts';
import { typeColumns } from './bet-type-columns.ts';
import { hourColumns, minuteColumns } from './time-columns.ts';

/*
 * Every ledger table declared once: the raw rows (migration 0003) and each rollup kept beside them
 * (migrations 0003–0034, the latest definition of each). The ingest statement writes its rollups in
 * this order and has one part per entry (ledger/ingest-batch.ts, checked by the compiler); maintenance
 * keeps these tables (handed to db/maintenance.ts by its callers: db/ sits below the ledger); the
 * ledger checks of the tests (test/ledger-checks.ts) check each rollup by its family; the bench's
 * statements may name only these tables (bench/limit-statements.test.ts). catalogue.test.ts proves it
 * matches the migrated database.
 */

/** The columns a table keeps per row, by family; each rollup family is checked one way against the raw rows. */
export const measureFamilies = {
  /** The raw rows: one bet each. */
  bets: ['bet_type', 'amount', 'start_date'],
  /** A bet's key (agent, bet id, bet type) to its row: what makes a re-sent bet a duplicate. */
  betKeys: ['start_date', 'tx_id'],
  /** The sum of the amounts and the number of rows. */
  amounts: ['amount', 'tx_count'],
  /** A sum of the amounts per bet type side by side (ledger/bet-type-columns.ts), then the number of rows. */
  betTypeAmounts: [...typeColumns, 'tx_count'],
  /** A count of rows per bet type side by side. */
  betTypeCounts: typeColumns,
  /** A count of rows per hour of the business day (h00 … h23). */
  hourCounts: hourColumns,
  /** A count of rows per minute of the hour (m00 … m59). */
  minuteCounts: minuteColumns,
  /** Distinct players with a bet. */
  activePlayers: ['players'],
  /** Players created (from users, not from the bets). */
  registeredPlayers: ['players'],
  /** None: a row's key is the fact (this player bet in this month). */
  playerPresence: [],
} as const satisfies Record<string, readonly string[]>;

export type MeasureFamily = keyof typeof measureFamilies;
export type RawFamily = 'bets' | 'betKeys';
export type RollupFamily = Exclude<MeasureFamily, RawFamily>;

/** The period one row stands for (`none`: the raw rows and their keys). */
export type Grain = 'none' | 'day' | 'month' | 'hour' | 'minute';

interface TableEntry<F extends MeasureFamily> {
  readonly name: string;
  readonly grain: Grain;
  /** The primary key, in its order (transactions, partitioned, has none: its unique id). */
  readonly keys: readonly string[];
  readonly measures: readonly F[];
  /** How maintenance keeps it (db/maintenance.ts). */
  readonly upkeep: Upkeep;
  /** The migration holding the table's latest definition. */
  readonly migration: string;
}
export type RawTable = TableEntry<RawFamily>;
export interface Rollup extends TableEntry<RollupFamily> {
  /**
   * What the rollup counts: the bets an ingest batch stores (written by its statement,
   * ledger/ingest-batch.ts) or the players created (written by every insert of players,
   * ledger/registrations.ts).
   */
  readonly of: 'bets' | 'players';
}
export type LedgerTable = RawTable | Rollup;

export const rawTables: readonly RawTable[] = [
  {
    name: 'transactions',
    grain: 'none',
    keys: ['id'],
    measures: ['bets'],
    // Append-only, but vacuum is what summarizes the new pages of its BRIN id index on PGlite.
    upkeep: 'vacuum',
    migration: '0003_ledger.sql',
  },
  {
    name: 'transaction_keys',
    grain: 'none',
    keys: ['bet_id', 'agent_id', 'bet_type'],
    measures: ['betKeys'],
    upkeep: 'analyze',
    migration: '0005_ingest_speed.sql',
  },
];

/**
 * Every rollup, in the order the ingest statement writes those of the bets, in the same statement as
 * the raw rows (ledger/ingest-batch.ts): the month's players first, whose new rows the count of
 * active players adds up.
 */
const rollupEntries = [
  {
    // Rows are only ever added (a player's first bet of a month).
    name: 'rollup_player_month',
    of: 'bets',
    grain: 'month',
    keys: ['month', 'agent_id', 'user_id'],
    measures: ['playerPresence'],
    upkeep: 'analyze',
    migration: '0004_report_rollups.sql',
  },
  {
    name: 'rollup_game_daily',
    of: 'bets',
    grain: 'day',
    keys: ['agent_id', 'game_brand', 'day', 'game_code'],
    measures: ['betTypeAmounts'],
    upkeep: 'vacuum',
    migration: '0032_game_rollups_by_column.sql',
  },
  {
    name: 'rollup_brand_daily',
    of: 'bets',
    grain: 'day',
    keys: ['agent_id', 'day', 'game_brand'],
    measures: ['betTypeAmounts'],
    upkeep: 'vacuum',
    migration: '0027_brand_daily_by_column.sql',
  },
  {
    name: 'rollup_brand_monthly',
    of: 'bets',
    grain: 'month',
    keys: ['agent_id', 'month', 'game_brand', 'bet_type'],
    measures: ['amounts'],
    upkeep: 'vacuum',
    migration: '0007_brand_monthly.sql',
  },
  {
    name: 'rollup_game_monthly',
    of: 'bets',
    grain: 'month',
    keys: ['agent_id', 'game_brand', 'month', 'game_code'],
    measures: ['betTypeAmounts'],
    upkeep: 'vacuum',
    migration: '0032_game_rollups_by_column.sql',
  },
  {
    // Sums per business day, and its rows counted per hour of that day (0022).
    name: 'rollup_agent_daily',
    of: 'bets',
    grain: 'day',
    keys: ['agent_id', 'day', 'bet_type'],
    measures: ['amounts', 'hourCounts'],
    upkeep: 'vacuum',
    migration: '0022_rollup_agent_hours.sql',
  },
  {
    name: 'rollup_brand_hours',
    of: 'bets',
    grain: 'hour',
    keys: ['agent_id', 'day', 'game_brand', 'bet_type'],
    measures: ['hourCounts'],
    upkeep: 'vacuum',
    migration: '0025_rollup_brand_hours.sql',
  },
  {
    name: 'rollup_brand_minutes',
    of: 'bets',
    grain: 'minute',
    keys: ['agent_id', 'day', 'hour', 'game_brand', 'bet_type'],
    measures: ['minuteCounts'],
    upkeep: 'vacuum',
    migration: '0033_rollup_brand_minutes.sql',
  },
  {
    name: 'rollup_player_daily',
    of: 'bets',
    grain: 'day',
    keys: ['agent_id', 'user_id', 'day', 'game_brand'],
    measures: ['betTypeCounts'],
    upkeep: 'vacuum',
    migration: '0034_rollup_player_daily_by_brand.sql',
  },
  {
    // Over every agent.
    name: 'rollup_code_daily',
    of: 'bets',
    grain: 'day',
    keys: ['game_brand', 'day', 'game_code'],
    measures: ['betTypeAmounts'],
    upkeep: 'vacuum',
    migration: '0031_code_daily_by_column.sql',
  },
  {
    // Over every agent.
    name: 'rollup_brand_day_all',
    of: 'bets',
    grain: 'day',
    keys: ['day', 'game_brand'],
    measures: ['betTypeAmounts'],
    upkeep: 'vacuum',
    migration: '0028_brand_day_all_by_column.sql',
  },
  {
    name: 'rollup_active_players',
    of: 'bets',
    grain: 'month',
    keys: ['month', 'agent_id'],
    measures: ['activePlayers'],
    upkeep: 'vacuum',
    migration: '0018_report_counts.sql',
  },
  {
    name: 'rollup_registered_players',
    of: 'players',
    grain: 'month',
    keys: ['month', 'agent_id'],
    measures: ['registeredPlayers'],
    upkeep: 'vacuum',
    migration: '0018_report_counts.sql',
  },
] as const satisfies readonly Rollup[];
export const rollups: readonly Rollup[] = rollupEntries;

/** A rollup's table name. */
export type RollupName = (typeof rollupEntries)[number]['name'];
/** The rollups an ingest batch writes: each has its part of the ingest statement. */
export type BetRollupName = Extract<(typeof rollupEntries)[number], { of: 'bets' }>['name'];
/** Their names, in the catalogue's order. */
export const betRollupNames: readonly BetRollupName[] = rollupEntries.flatMap((r) =>
  r.of === 'bets' ? [r.name] : [],
);

/**
 * Whether a rollup is kept per agent (its key holds `agent_id`). On Citus only those are kept: they
 * live in their agent's shard group, where its batch is stored; the two summed over every agent are
 * read there as the per-agent rollups summed (docs/scaling.md §4).
 */
export const perAgent = (rollup: Rollup): boolean => rollup.keys.includes('agent_id');

/** Every ledger table: what maintenance keeps (db/maintenance.ts takes them from its callers). */
export const ledgerTables: readonly LedgerTable[] = [...rawTables, ...rollups];

/** A table's measure columns: its families' columns, in order. */
export const measureColumns = (table: LedgerTable): readonly string[] =>
  table.measures.flatMap((family) => measureFamilies[family]);

/** The catalogue's entry of a rollup, by its name. */
export const rollupNamed = (name: RollupName): Rollup => {
  const found = rollups.find((r) => r.name === name);
  if (!found) throw new Error(`no rollup ${name}`);
  return found;
};
