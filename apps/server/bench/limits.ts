import { api } from '@sapi/contract';
import pg from 'pg';
import { sessionOptions } from '../src/db/session-settings.ts';
import type { Facts } from './direct.ts';
import type { Client } from './http.ts';
import { type Timing, timingOf } from './stats.ts';

/**
 * "The limit" of a scenario (DESIGN §11): the best SQL on the product's own tables for the same
 * answer, as psql would send it — a named prepared statement on a pool like the server's (20
 * connections, the server's session settings: UTC, no JIT, generic plans) — timed from this process like the product's HTTP call.
 */
export interface LimitRow {
  scenario: string;
  product: Timing;
  limit: Timing;
}

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
const WIN_LOSE = `coalesce(sum(amount) filter (where bet_type = 'HOLD'), 0)::text as hold,
  coalesce(sum(amount) filter (where bet_type in ('HOLD', 'SETTLE', 'CANCEL', 'VOID')), 0)::text as win_lose`;

/** Statement texts by name: each is prepared once per connection (pg's named statements). */
const STATEMENTS = {
  list_page1: `select * from transactions where agent_id = $1 order by start_date desc, id desc limit 10`,
  list_keyset: `select * from transactions where agent_id = $1 and (start_date, id) < ($2::timestamptz, $3::bigint)
                order by start_date desc, id desc limit 10`,
  agent_month_by_type: `select bet_type, sum(amount)::text as amount, sum(tx_count)::text as n from rollup_brand_monthly
                        where agent_id = $1 and month = $2::date group by bet_type`,
  all_month_by_type: `select bet_type, sum(amount)::text as amount, sum(tx_count)::text as n from rollup_brand_monthly
                      where month = $1::date group by bet_type`,
  brand_days_agent: `select to_char(day, 'YYYY-MM-DD') as day, game_brand, ${SUMS} from rollup_brand_daily
                     where agent_id = $1 and day between $2::date and $3::date
                     group by day, game_brand order by day, game_brand`,
  brand_days_all: `select to_char(day, 'YYYY-MM-DD') as day, game_brand, ${SUMS} from rollup_brand_day_all
                   where day between $1::date and $2::date group by day, game_brand order by day, game_brand`,
  months_all: `select to_char(month, 'YYYY-MM') as month, ${SUMS} from rollup_brand_monthly
               where month between $1::date and $2::date group by month order by month`,
  dash_period: `select ${WIN_LOSE}, coalesce(sum(tx_count), 0)::text as tx,
                  (select coalesce(sum(players), 0) from rollup_active_players where month = $1::date)::text as active,
                  (select coalesce(sum(players), 0) from rollup_registered_players where month <= $1::date)::text as registered
                from rollup_brand_monthly where month = $1::date`,
  dash_daily: `select to_char(day, 'YYYY-MM-DD') as day, ${WIN_LOSE} from rollup_brand_day_all
               where day between $1::date and $2::date group by day`,
  dash_brands: `select game_brand, ${WIN_LOSE} from rollup_brand_monthly where month = $1::date
                group by game_brand order by sum(amount) filter (where bet_type = 'HOLD') asc nulls last limit 5`,
  dash_agents: `select r.agent_id::text as agent, a.username, ${WIN_LOSE.replaceAll('amount', 'r.amount').replaceAll('bet_type', 'r.bet_type')}
                from rollup_brand_monthly r join agents a on a.id = r.agent_id where r.month = $1::date
                group by r.agent_id, a.username order by sum(r.amount) filter (where r.bet_type = 'HOLD') asc nulls last limit 5`,
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Product and limit timed in alternation, call by call (so both see the same moment of a busy
 * machine): `warmup` pairs unmeasured, then `runs` pairs.
 */
const paired = async (runs: number, product: () => Promise<unknown>, limit: () => Promise<unknown>) => {
  for (let i = 0; i < 3; i++) {
    await product();
    await limit();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    await product();
    a.push(performance.now() - started);
    started = performance.now();
    await limit();
    b.push(performance.now() - started);
  }
  return { product: timingOf(a), limit: timingOf(b) };
};

/** The cursor of page 1000 of the busiest agent's list (walked there once, 10 rows a page). */
const cursorOfPage1000 = async (client: Client, agentId: string) => {
  let cursor: string | null = null;
  for (let page = 1; page < 1000; page++) {
    const data: { nextCursor: string | null } = await client.call(
      api.transactionList,
      { limit: 10, page, ...(cursor ? { cursor } : {}) },
      { agentId },
    );
    cursor = data.nextCursor;
    if (!cursor) throw new Error('the busiest agent has fewer than 10,000 rows: no page 1000');
  }
  return cursor ?? '';
};

/** Page 1000 without a cursor answers the rows page 1000 reached by the cursor holds. */
const sameRows = async (client: Client, agentId: string, cursor: string) => {
  const ids = async (body: { limit: number; page: number; cursor?: string }) =>
    (await client.call(api.transactionList, body, { agentId })).records.map((r) => r._id).join(',');
  if ((await ids({ limit: 10, page: 1000 })) !== (await ids({ limit: 10, page: 1000, cursor }))) {
    throw new Error('page 1000 without a cursor differs from page 1000 reached by the cursor');
  }
};

/**
 * The deep link alone (any engine): page 1000 without a cursor against page 1, in alternation, and
 * checked to answer the rows the cursor reaches.
 */
export const deepLinkScenario = async (client: Client, facts: Facts, runs: number) => {
  const params = { agentId: facts.busiest.id };
  const cursor = await cursorOfPage1000(client, facts.busiest.id);
  await sameRows(client, facts.busiest.id, cursor);
  const t = await paired(
    runs,
    () => client.call(api.transactionList, { limit: 10, page: 1000 }, params),
    () => client.call(api.transactionList, { limit: 10 }, params),
  );
  return { deep: t.product, page1: t.limit };
};

/**
 * Every scenario of DESIGN §11's "≤ 2× the limit" against its best SQL, in the same run, and the
 * deep link (page 1000 without a cursor) against page 1. PostgreSQL only: a PGlite data set is
 * open in the server process alone.
 */
export const limitScenarios = async (url: string, client: Client, facts: Facts, runs: number) => {
  const pool = new pg.Pool({ connectionString: url, max: 20, options: sessionOptions() });
  const q = (name: keyof typeof STATEMENTS, values: unknown[]) =>
    pool.query({ name, text: STATEMENTS[name], values });
  try {
    const agentId = facts.busiest.id;
    const params = { agentId };
    const { month, year } = facts.month;
    const monthStart = `${year}-${pad(month)}-01`;
    const yearRange = [`${year}-01-01`, `${year}-12-31`];
    const cursor = await cursorOfPage1000(client, agentId);
    await sameRows(client, agentId, cursor);
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    const keyset = () => q('list_keyset', [agentId, at, id]);

    const rows: LimitRow[] = [];
    const add = async (scenario: string, product: () => Promise<unknown>, limit: () => Promise<unknown>) => {
      const t = await paired(runs, product, limit);
      rows.push({ scenario, ...t });
      console.log(
        `  ${scenario}: product ${t.product.median.toFixed(2)} / ${t.product.p95.toFixed(2)} ms, limit ${t.limit.median.toFixed(2)} / ${t.limit.p95.toFixed(2)} ms, ×${(t.product.median / t.limit.median).toFixed(2)}`,
      );
    };
    await add(
      'transaction list, page 1',
      () => client.call(api.transactionList, { limit: 10 }, params),
      () => q('list_page1', [agentId]),
    );
    await add(
      'transaction list, page 1000 by cursor',
      () => client.call(api.transactionList, { limit: 10, page: 1000, cursor }, params),
      keyset,
    );
    await add(
      'transaction list, page 1000 without cursor (deep link)',
      () => client.call(api.transactionList, { limit: 10, page: 1000 }, params),
      keyset,
    );
    await add(
      "one agent's month by bet type (agent report widget, busiest agent)",
      () => client.call(api.agentReportMonthlyBatch, { agentIds: [agentId], date: facts.month.from }),
      () => q('agent_month_by_type', [agentId, monthStart]),
    );
    await add(
      'all agents by bet type (agent monthly, all agents, one month)',
      () =>
        client.call(
          api.summaryAgentMonthly,
          { month: String(month), year: String(year) },
          { agentId: 'all' },
        ),
      () => q('all_month_by_type', [monthStart]),
    );
    await add(
      'game brand × day (game daily, busiest agent, one month)',
      () => client.call(api.summaryGameDaily, { day: '', month: String(month), year: String(year) }, params),
      () => q('brand_days_agent', [agentId, facts.month.from, facts.month.to]),
    );
    await add(
      'game daily, all agents, one month',
      () =>
        client.call(
          api.summaryGameDaily,
          { day: '', month: String(month), year: String(year) },
          { agentId: 'all' },
        ),
      () => q('brand_days_all', [facts.month.from, facts.month.to]),
    );
    const previous = month === 1 ? `${year - 1}-12-01` : `${year}-${pad(month - 1)}-01`;
    await add(
      'dashboard',
      () => client.call(api.dashboard, { month: String(month), year: String(year) }),
      () =>
        Promise.all([
          q('dash_period', [monthStart]),
          q('dash_period', [previous]),
          q('dash_daily', [facts.month.from, facts.month.to]),
          q('dash_brands', [monthStart]),
          q('dash_agents', [monthStart]),
        ]),
    );
    await add(
      'agent monthly, all agents, 12 months',
      () => client.call(api.summaryAgentMonthly, { month: '', year: String(year) }, { agentId: 'all' }),
      () => q('months_all', yearRange),
    );
    return rows;
  } finally {
    await pool.end();
  }
};
