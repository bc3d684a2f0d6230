import { api, type BetType } from '@sapi/contract';
import { BURST_RARE_ROWS, ensureBurstAgent, RARE_BRAND } from './burst.ts';
import { startChild } from './child.ts';
import type { Facts } from './direct.ts';
import { type Client, postJson } from './http.ts';
import { openLimit, runStatement, type StatementName } from './limit-statements.ts';
import { alternating, type Timing } from './stats.ts';

/**
 * "The limit" of a scenario (docs/design.md §11): the best SQL on the product's own tables for the same
 * answer, as psql would send it — named prepared statements on a pool like the server's — timed
 * from this process like the product's HTTP call. `served` is the same statements behind a bare
 * Fastify route (limit-server.ts): the least any web service answering the question pays.
 */
export interface LimitRow {
  scenario: string;
  product: Timing;
  limit: Timing;
  served: Timing;
  /** Held to the 2× goal; false where the limit needs what the request lacks (shown, not judged). */
  judged: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A list filter the deep links are timed with: none (the agent's whole list), a game brand, a player, a name, a bet type. */
type ListFilter = { gameBrand?: string; user?: string; username?: string; betType?: BetType };

/** The cursor of page `page` of the busiest agent's list with `filter` (walked there once, 10 rows a page). */
const cursorOfPage = async (client: Client, agentId: string, filter: ListFilter, page: number) => {
  let cursor: string | null = null;
  for (let n = 1; n < page; n++) {
    const data: { nextCursor: string | null } = await client.call(
      api.transactionList,
      { limit: 10, page: n, ...filter, ...(cursor ? { cursor } : {}) },
      { agentId },
    );
    cursor = data.nextCursor;
    if (!cursor) throw new Error(`the busiest agent's list (${JSON.stringify(filter)}) has no page ${page}`);
  }
  return cursor ?? '';
};

/** Page `page` without a cursor answers the rows that page reached by the cursor holds. */
const sameRows = async (
  client: Client,
  agentId: string,
  filter: ListFilter,
  page: number,
  cursor: string,
) => {
  const ids = async (body: { limit: number; page: number; cursor?: string }) =>
    (await client.call(api.transactionList, { ...body, ...filter }, { agentId })).records
      .map((r) => r._id)
      .join(',');
  if ((await ids({ limit: 10, page })) !== (await ids({ limit: 10, page, cursor }))) {
    throw new Error(`page ${page} without a cursor differs from page ${page} reached by the cursor`);
  }
};

/**
 * A deep link (any engine): page `page` of agent `agentId`'s list with `filter`, without a cursor,
 * against its page 1, in alternation, after checking it answers the rows the cursor reaches.
 */
const deepLink = async (client: Client, agentId: string, filter: ListFilter, page: number, runs: number) => {
  const params = { agentId };
  await sameRows(client, agentId, filter, page, await cursorOfPage(client, agentId, filter, page));
  const [deep, page1] = await alternating(runs, [
    () => client.call(api.transactionList, { limit: 10, page, ...filter }, params),
    () => client.call(api.transactionList, { limit: 10, ...filter }, params),
  ]);
  return { page, deep: deep as Timing, page1: page1 as Timing };
};

/**
 * The deep links of docs/design.md §11 (any engine): page 1000 of the busiest agent's list, and of its
 * bets in its busiest game brand, of its busiest player's, of a search for that player's name as
 * typed, of that player's bets in the brand and in the bet type it plays seldomest that fill page
 * 1000, and of the search in that brand (page 1000, or the deepest whole page a smaller set has);
 * and page 1000 of an agent whose BURST_ROWS bets all fall in one hour (burst.ts), on the last day of the set's last whole month,
 * and the middle page of that agent's bets in a brand it seldom plays there.
 */
export const deepLinkScenarios = async (client: Client, base: string, facts: Facts, runs: number) => {
  const busiest = facts.busiest.id;
  /** Page 1000 with `filter`, or the deepest whole page of its `rows`. */
  const filtered = (filter: ListFilter, rows: number) =>
    deepLink(client, busiest, filter, Math.min(1000, Math.floor(rows / 10)), runs);
  const burst = await ensureBurstAgent(client, base, `${facts.month.to}T05:00:00.000Z`);
  return {
    plain: await deepLink(client, busiest, {}, 1000, runs),
    brand: await filtered({ gameBrand: facts.busiestBrand.name }, facts.busiestBrand.rows),
    player: await filtered({ user: facts.busiestPlayer.id }, facts.busiestPlayer.rows),
    username: await filtered({ username: facts.busiestPlayer.name }, facts.busiestPlayer.rows),
    playerBrand: await filtered(
      { user: facts.busiestPlayer.id, gameBrand: facts.busiestPlayerSeldom.brand.name },
      facts.busiestPlayerSeldom.brand.rows,
    ),
    playerBetType: await filtered(
      { user: facts.busiestPlayer.id, betType: facts.busiestPlayerSeldom.betType.name },
      facts.busiestPlayerSeldom.betType.rows,
    ),
    usernameBrand: await filtered(
      { username: facts.busiestPlayer.name, gameBrand: facts.busiestPlayerSeldom.brand.name },
      facts.busiestPlayerSeldom.brand.rows,
    ),
    burst: await deepLink(client, burst, {}, 1000, runs),
    // Halfway through the rare brand's rows: the page starts mid-hour.
    burstRare: await deepLink(
      client,
      burst,
      { gameBrand: RARE_BRAND },
      Math.floor(BURST_RARE_ROWS / 20),
      runs,
    ),
  };
};

/** The limit's statements of one scenario, run at once: `[name, values]` each. */
type Statements = [StatementName, unknown[]][];

/**
 * Every scenario of docs/design.md §11's "≤ 2× the limit" against its best SQL, sent by this process and
 * served by a bare route (limit-server.ts, started on `port`), in the same run. PostgreSQL only: a
 * PGlite data set is open in the server process alone.
 */
export const limitScenarios = async (
  env: Record<string, string>,
  port: number,
  client: Client,
  facts: Facts,
  runs: number,
) => {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('the limits run on PostgreSQL (DATABASE_URL)');
  const { pool, texts } = await openLimit(url);
  const server = await startChild('limit-server.ts', [String(port)], env, 'limit server listening');
  try {
    const agentId = facts.busiest.id;
    const params = { agentId };
    const { month, year } = facts.month;
    const monthStart = `${year}-${pad(month)}-01`;
    const previous = month === 1 ? `${year - 1}-12-01` : `${year}-${pad(month - 1)}-01`;
    const cursor = await cursorOfPage(client, agentId, {}, 1000);
    await sameRows(client, agentId, {}, 1000, cursor);
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    const keyset: Statements = [['list_keyset', [agentId, at, id]]];

    const rows: LimitRow[] = [];
    const add = async (
      scenario: string,
      product: () => Promise<unknown>,
      statements: Statements,
      judged = true,
    ) => {
      const body = JSON.stringify(statements);
      const direct = () =>
        Promise.all(statements.map(([name, values]) => runStatement(pool, texts, name, values)));
      const serve = () => postJson(`http://127.0.0.1:${port}/limit`, {}, body);
      if (JSON.stringify(await direct()) !== JSON.stringify(await serve())) {
        throw new Error(`${scenario}: the limit served by the bare route differs from the limit`);
      }
      const [p, limit, served] = (await alternating(runs, [product, direct, serve])) as [
        Timing,
        Timing,
        Timing,
      ];
      rows.push({ scenario, product: p, limit, served, judged });
      const t = (x: Timing) => `${x.median.toFixed(2)} / ${x.p95.toFixed(2)} ms`;
      console.log(
        `  ${scenario}: product ${t(p)}, limit ${t(limit)} ×${(p.median / limit.median).toFixed(2)}, served ${t(served)} ×${(p.median / served.median).toFixed(2)}`,
      );
    };
    await add('transaction list, page 1', () => client.call(api.transactionList, { limit: 10 }, params), [
      ['list_page1', [agentId]],
    ]);
    await add(
      'transaction list, page 1000 by cursor',
      () => client.call(api.transactionList, { limit: 10, page: 1000, cursor }, params),
      keyset,
    );
    // Its limit is the keyset step, which needs the cursor a deep link does not carry: shown for
    // comparison; the deep link's own goal is against page 1 (deepLinkScenarios).
    await add(
      'transaction list, page 1000 without cursor (deep link)',
      () => client.call(api.transactionList, { limit: 10, page: 1000 }, params),
      keyset,
      false,
    );
    await add(
      "one agent's month by bet type (agent report widget, busiest agent)",
      () => client.call(api.agentReportMonthlyBatch, { agentIds: [agentId], date: facts.month.from }),
      [['agent_month_by_type', [agentId, monthStart]]],
    );
    await add(
      'all agents by bet type (agent monthly, all agents, one month)',
      () =>
        client.call(
          api.summaryAgentMonthly,
          { month: String(month), year: String(year) },
          { agentId: 'all' },
        ),
      [['all_month_by_type', [monthStart]]],
    );
    await add(
      'game brand × day (game daily, busiest agent, one month)',
      () => client.call(api.summaryGameDaily, { day: '', month: String(month), year: String(year) }, params),
      [['brand_days_agent', [agentId, facts.month.from, facts.month.to]]],
    );
    await add(
      'game daily, all agents, one month',
      () =>
        client.call(
          api.summaryGameDaily,
          { day: '', month: String(month), year: String(year) },
          { agentId: 'all' },
        ),
      [['brand_days_all', [facts.month.from, facts.month.to]]],
    );
    await add('dashboard', () => client.call(api.dashboard, { month: String(month), year: String(year) }), [
      ['dash_period', [monthStart]],
      ['dash_period', [previous]],
      ['dash_daily', [facts.month.from, facts.month.to]],
      ['dash_brands', [monthStart]],
      ['dash_agents', [monthStart]],
    ]);
    await add(
      'agent monthly, all agents, 12 months',
      () => client.call(api.summaryAgentMonthly, { month: '', year: String(year) }, { agentId: 'all' }),
      [['months_all', [`${year}-01-01`, `${year}-12-31`]]],
    );
    return rows;
  } finally {
    server.stop();
    await pool.end();
  }
};
