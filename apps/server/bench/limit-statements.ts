/**
 * The limit's statements (docs/design.md §11): the best SQL on the product's own tables for each scenario's
 * answer, by name. The bench sends them itself (limits.ts) and through a bare route
 * (limit-server.ts). Written out here rather than taken from the product's code, so that a change to
 * the product's SQL cannot move the baseline it is measured against.
 */
import pg from 'pg';
import { CITUS_PROBE, type SqlEngine, sessionOptions } from '../src/db/session-settings.ts';

const SUMS = `coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
  coalesce(sum(amount) filter (where bet_type = 'SETTLE'), 0)::text as settle,
  coalesce(sum(amount) filter (where bet_type = 'CANCEL'), 0)::text as cancel,
  coalesce(sum(amount) filter (where bet_type = 'VOID'), 0)::text as void,
  coalesce(sum(amount) filter (where bet_type = 'DEPOSIT'), 0)::text as deposit,
  coalesce(sum(amount) filter (where bet_type = 'WITHDRAW'), 0)::text as withdraw,
  coalesce(sum(amount) filter (where bet_type = 'PROMOTION'), 0)::text as promotion,
  coalesce(sum(amount) filter (where bet_type = 'PROMOTION_REFUND'), 0)::text as promotion_refund,
  coalesce(sum(amount) filter (where bet_type = 'PROMOTION_AFFILIATE'), 0)::text as promotion_affiliate,
  coalesce(sum(tx_count), 0)::text as tx_count`;
/** The columns of a rollup with a column per bet type (0027, 0028), as they are stored. */
const AS_STORED = `hold::text, settle::text, cancel::text, void::text, deposit::text, withdraw::text,
  promotion::text, promotion_refund::text, promotion_affiliate::text, tx_count::text`;
const WIN_LOSE = `coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
  coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose`;

/** Statement texts by name: each is prepared once per connection (pg's named statements). */
export const STATEMENTS = {
  list_page1: `select * from transactions where agent_id = $1 order by start_date desc, id desc limit 10`,
  list_keyset: `select * from transactions where agent_id = $1 and (start_date, id) < ($2::timestamptz, $3::bigint)
                order by start_date desc, id desc limit 10`,
  agent_month_by_type: `select bet_type, sum(amount)::text as amount, sum(tx_count)::text as n from rollup_brand_monthly
                        where agent_id = $1 and month = $2::date group by bet_type`,
  all_month_by_type: `select bet_type, sum(amount)::text as amount, sum(tx_count)::text as n from rollup_brand_monthly
                      where month = $1::date group by bet_type`,
  brand_days_agent: `select to_char(day, 'YYYY-MM-DD') as day, game_brand, ${AS_STORED}
                     from rollup_brand_daily where agent_id = $1 and day between $2::date and $3::date
                     order by day, game_brand`,
  brand_days_all: `select to_char(day, 'YYYY-MM-DD') as day, game_brand, ${AS_STORED} from rollup_brand_day_all
                   where day between $1::date and $2::date order by day, game_brand`,
  months_all: `select to_char(month, 'YYYY-MM') as month, ${SUMS} from rollup_brand_monthly
               where month between $1::date and $2::date group by month order by month`,
  dash_period: `select ${WIN_LOSE}, coalesce(sum(tx_count), 0)::text as tx,
                  (select coalesce(sum(players), 0) from rollup_active_players where month = $1::date)::text as active,
                  (select coalesce(sum(players), 0) from rollup_registered_players where month <= $1::date)::text as registered
                from rollup_brand_monthly where month = $1::date`,
  dash_daily: `select to_char(day, 'YYYY-MM-DD') as day, sum(hold)::text as hold,
                       sum(hold + settle + cancel + void)::text as win_lose
               from rollup_brand_day_all where day between $1::date and $2::date group by day`,
  dash_brands: `select game_brand, ${WIN_LOSE} from rollup_brand_monthly where month = $1::date
                group by game_brand order by sum(amount) filter (where bet_type = 'HOLD') asc nulls last limit 5`,
  dash_agents: `select r.agent_id::text as agent, a.username, ${WIN_LOSE.replaceAll('amount', 'r.amount').replaceAll('bet_type', 'r.bet_type')}
                from rollup_brand_monthly r join agents a on a.id = r.agent_id where r.month = $1::date
                group by r.agent_id, a.username order by sum(r.amount) filter (where r.bet_type = 'HOLD') asc nulls last limit 5`,
} as const;

export type StatementName = keyof typeof STATEMENTS;

/** The stored columns of a rollup with a column per bet type, summed over agents. */
const SUMMED = AS_STORED.split(/,\s*/)
  .map((c) => c.trim().replace(/^(\w+)::text$/, 'sum($1)::text as $1'))
  .join(', ');

/**
 * On Citus the tables summed over every agent are not kept (ledger/scope.ts `allAgentsTables`): the best
 * SQL there sums the per-agent table, as the product does.
 */
const ON_CITUS: Partial<Record<StatementName, string>> = {
  brand_days_all: `select to_char(day, 'YYYY-MM-DD') as day, game_brand, ${SUMMED} from rollup_brand_daily
                   where day between $1::date and $2::date group by day, game_brand order by day, game_brand`,
  dash_daily: `select to_char(day, 'YYYY-MM-DD') as day, sum(hold)::text as hold,
                       sum(hold + settle + cancel + void)::text as win_lose
               from rollup_brand_daily where day between $1::date and $2::date group by day`,
  // Citus pushes no subquery on the target list down to the shards: the three sums joined in FROM.
  dash_period: `select m.hold, m.win_lose, m.tx, a.active, r.registered
                from (select ${WIN_LOSE}, coalesce(sum(tx_count), 0)::text as tx
                      from rollup_brand_monthly where month = $1::date) as m,
                     (select coalesce(sum(players), 0)::text as active
                      from rollup_active_players where month = $1::date) as a,
                     (select coalesce(sum(players), 0)::text as registered
                      from rollup_registered_players where month <= $1::date) as r`,
};

/**
 * A pool like the server's (20 connections with the server's session settings for the engine: UTC,
 * no JIT, generic plans but on Citus) and the statement texts for that engine (Citus's where they differ).
 */
export const openLimit = async (url: string) => {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const citus = (await probe.query<{ citus: boolean }>(CITUS_PROBE)).rows[0]?.citus === true;
  await probe.end();
  const engine: SqlEngine = citus ? 'citus' : 'postgres';
  const pool = new pg.Pool({ connectionString: url, max: 20, options: sessionOptions({}, engine) });
  const texts: Record<StatementName, string> = citus ? { ...STATEMENTS, ...ON_CITUS } : STATEMENTS;
  return { pool, texts };
};

/** Run a statement by name (its text from `texts`), prepared once per connection; answer its rows. */
export const runStatement = async (
  pool: pg.Pool,
  texts: Record<StatementName, string>,
  name: StatementName,
  values: unknown[],
) => (await pool.query({ name, text: texts[name], values })).rows;
