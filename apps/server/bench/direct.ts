import type { BetType } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { ALL_AGENTS, type AppContext } from '../src/context.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { vacuumAndAnalyze } from '../src/db/maintenance.ts';
import {
  agentDaily,
  agentMonthly,
  gameByBrand,
  gameByCode,
  type SumsSource,
} from '../src/features/report/service.ts';
import { allTypes, betTypeColumns, typeColumns } from '../src/ledger/bet-type-columns.ts';
import { ledgerTables } from '../src/ledger/catalogue.ts';
import type { Dataset } from './dataset.ts';
import { rawScan } from './raw-scan.ts';
import { measure, type Timing } from './stats.ts';

export interface BenchAgent {
  id: string;
  prefix: string;
  apiKey: string;
  secret: string;
  rows: number;
}

export interface Facts {
  transactions: number;
  agents: BenchAgent[];
  /** The agent with the most bets: the list and ingest scenarios use it. */
  busiest: BenchAgent;
  brand: string;
  /** The busiest agent's game brand with the most bets, and how many (a filtered deep link). */
  busiestBrand: { name: string; rows: number };
  /** The busiest agent's busiest player: its id, bets and name as typed (without the agent's prefix). */
  busiestPlayer: Player;
  /** That player's brand and bet type seldomest played that still fill page 1000 (else the busiest). */
  busiestPlayerSeldom: { brand: { name: string; rows: number }; betType: { name: BetType; rows: number } };
  /** The busiest agent's player with the fewest bets (a name search finding a few among many). */
  quietPlayer: Player;
  /** Last whole business month in the data, and the first day of the data. */
  month: { month: number; year: number; from: string; to: string };
  year: { from: string; to: string };
}

/** One of the busiest agent's players: its id, bets and name as typed (without the agent's prefix). */
interface Player {
  id: string;
  rows: number;
  name: string;
}

export interface RatioRow {
  report: string;
  rollup: Timing;
  raw: Timing;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Runs on the database directly, before the server starts (PGlite allows one process): reads the
 * facts the scenarios need and times each report by rollup against the same report by raw scan
 * (`runs` of each; null skips the timing).
 */
export const directPhase = async (dataset: Dataset, runs: { rollup: number; raw: number } | null) => {
  const database = await openDatabase(
    'DATABASE_URL' in dataset.env
      ? // One session, so that the JIT setting below holds for every query.
        { kind: 'postgres', url: dataset.env.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: dataset.env.DATA_DIR },
  );
  try {
    // A data set made by an older build gets the current schema first, as the server would do.
    await database.migrate();
    // The steady state a server reaches (autovacuum on PostgreSQL, the server's own upkeep on
    // PGlite): statistics current and dead rows reclaimed, even right after seeding or migrating.
    await vacuumAndAnalyze(database.db, ledgerTables);
    const config = loadConfig({});
    const ctx: AppContext = { db: database.db, config, now: () => new Date() };
    const agents = await queryRows<BenchAgent>(
      ctx.db,
      // A join on grouped sums, not a correlated subquery: Citus plans no correlated subquery beside
      // the reference table `agents`.
      sql`select a.id::text as id, a.prefix, a.api_key as "apiKey", a.secret, coalesce(r.n, 0)::float8 as rows
          from agents a
          left join (select agent_id, sum(tx_count) as n from rollup_agent_daily group by agent_id) as r
            on r.agent_id = a.id
          order by a.id`,
    );
    const busiest = [...agents].sort((a, b) => b.rows - a.rows)[0];
    if (!busiest) throw new Error('the data set has no agents');
    // Two statements: Citus does not push a subquery in the target list down to the shards.
    const [span] = await queryRows<{ last: string }>(
      ctx.db,
      sql`select to_char(max(day), 'YYYY-MM-DD') as last from rollup_agent_daily`,
    );
    const [top] = await queryRows<{ brand: string }>(
      ctx.db,
      sql`select game_brand as brand from rollup_game_daily group by 1 order by sum(tx_count) desc limit 1`,
    );
    if (!span?.last || !top) throw new Error('the data set has no transactions');
    const [busiestBrand] = await queryRows<{ name: string; rows: number }>(
      ctx.db,
      sql`select game_brand as name, sum(tx_count)::float8 as rows from rollup_brand_daily
          where agent_id = ${busiest.id}::bigint group by 1 order by 2 desc limit 1`,
    );
    if (!busiestBrand) throw new Error('the busiest agent has no bets');
    /** A player's rows of a day and brand: its counts per bet type added (0034). */
    const playerRows = sql.raw(allTypes);
    /** The busiest agent's player with the most bets (`desc`) or the fewest (`asc`). */
    const playerOf = async (order: 'asc' | 'desc') => {
      const [player] = await queryRows<Player>(
        ctx.db,
        sql`select r.id, r.rows, substr(u.username, length(a.prefix) + 1) as name
            from (select user_id::text as id, sum(${playerRows})::float8 as rows from rollup_player_daily
                  where agent_id = ${busiest.id}::bigint group by 1 order by 2 ${sql.raw(order)}, 1 limit 1) as r
            join users u on u.agent_id = ${busiest.id}::bigint and u.id = r.id::bigint
            join agents a on a.id = u.agent_id`,
      );
      if (!player) throw new Error('the busiest agent has no players');
      return player;
    };
    const busiestPlayer = await playerOf('desc');
    const quietPlayer = await playerOf('asc');
    /** Of `counts`, the one with the fewest rows that still fills page 1000, else the one with the most. */
    const seldom = <T extends { rows: number }>(counts: T[]): T => {
      const byRows = [...counts].sort((a, b) => a.rows - b.rows);
      const chosen = byRows.find((c) => c.rows >= 10_010) ?? byRows[byRows.length - 1];
      if (!chosen) throw new Error("the busiest player's days are empty");
      return chosen;
    };
    const ofPlayer = sql`from rollup_player_daily
                         where agent_id = ${busiest.id}::bigint and user_id = ${busiestPlayer.id}::bigint`;
    const busiestPlayerSeldom = {
      brand: seldom(
        await queryRows<{ name: string; rows: number }>(
          ctx.db,
          sql`select game_brand as name, sum(${playerRows})::float8 as rows ${ofPlayer} group by 1`,
        ),
      ),
      betType: seldom(
        await queryRows<{ name: BetType; rows: number }>(
          ctx.db,
          sql`select t.name, sum(t.n)::float8 as rows
              from (select ${sql.raw(typeColumns.map((c) => `sum(${c}) as ${c}`).join(', '))}
                    ${ofPlayer}) as c,
                   lateral (values ${sql.raw(betTypeColumns.map(({ betType, column }) => `('${betType}', c.${column})`).join(', '))}) as t(name, n)
              group by 1`,
        ),
      ),
    };
    // The last whole month before the newest day, and the twelve months up to it.
    const [ly, lm] = span.last.split('-').map(Number) as [number, number];
    const year = lm === 1 ? ly - 1 : ly;
    const month = lm === 1 ? 12 : lm - 1;
    const monthRange = {
      from: `${year}-${pad(month)}-01`,
      to: `${year}-${pad(month)}-${lastDay(year, month)}`,
    };
    const yearRange = { from: `${year - 1}-${pad(month)}-01`, to: monthRange.to };
    const facts: Facts = {
      transactions: agents.reduce((n, a) => n + a.rows, 0),
      agents,
      busiest,
      brand: top.brand,
      busiestBrand,
      busiestPlayer,
      busiestPlayerSeldom,
      quietPlayer,
      month: { month, year, ...monthRange },
      year: yearRange,
    };

    const all = 'all' as const;
    const reports: [string, (source?: SumsSource) => Promise<unknown>][] = [
      ['agent daily, all agents, one month', (s) => agentDaily(ctx, ALL_AGENTS, all, monthRange, s)],
      ['agent monthly, all agents, 12 months', (s) => agentMonthly(ctx, ALL_AGENTS, all, yearRange, s)],
      [
        'game daily by brand, all agents, one month',
        (s) => gameByBrand(ctx, ALL_AGENTS, all, monthRange, 'day', s),
      ],
      [
        'game monthly by brand, all agents, 12 months',
        (s) => gameByBrand(ctx, ALL_AGENTS, all, yearRange, 'month', s),
      ],
      [
        `game daily by code (${top.brand}), all agents, one month`,
        (s) => gameByCode(ctx, ALL_AGENTS, all, top.brand, monthRange, 'day', s),
      ],
      [
        'agent daily, busiest agent, one month',
        (s) => agentDaily(ctx, ALL_AGENTS, BigInt(busiest.id), monthRange, s),
      ],
    ];
    const ratios: RatioRow[] = [];
    if (!runs) return { facts, ratios };
    for (const [report, run] of reports) {
      // Warmed like a running server: a rollup read right after the previous report's raw scans
      // otherwise pays for cold caches and JavaScript/WebAssembly compilation, a large share of a short rollup read.
      const rollup = await measure(runs.rollup, () => run(), 10);
      // The raw scan at its best: PostgreSQL may JIT-compile it (the server's sessions run without
      // JIT, which only slows their short queries; PGlite has no JIT to turn on).
      await queryRows(ctx.db, sql`set jit = on`);
      const raw = await measure(runs.raw, () => run(rawScan), 1);
      await queryRows(ctx.db, sql`set jit = off`);
      ratios.push({ report, rollup, raw });
      console.log(`  ${report}: rollup ${rollup.median.toFixed(1)} ms, raw ${raw.median.toFixed(0)} ms`);
    }
    return { facts, ratios };
  } finally {
    await database.close();
  }
};
