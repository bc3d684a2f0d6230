import { api, type IngestItem } from '@sapi/contract';
import autocannon from 'autocannon';
import { signBody } from '../src/features/ingest/signature.ts';
import type { CpuSplit } from './cpu.ts';
import type { BenchAgent, Facts } from './direct.ts';
import { BENCH_ADMIN, type Client, postJson, signIn } from './http.ts';
import { measure, type Timing } from './stats.ts';

export interface LatencyRow {
  scenario: string;
  timing: Timing;
}

/** A named call of a scenario, timed by the caller. */
export type Case = [string, () => Promise<unknown>];

/** Every summary report and the dashboard, for all agents and for the busiest one. */
export const reportCases = (client: Client, facts: Facts): Case[] => {
  const { month, year } = facts.month;
  const daily = { day: '', month: String(month), year: String(year) };
  const monthly = { month: '', year: String(year) };
  const range = { from: facts.month.from, to: facts.month.to };
  const yearRange = { from: facts.year.from, to: facts.year.to };
  const out: Case[] = [];
  for (const [who, agentId] of [
    ['all agents', 'all'],
    ['busiest agent', facts.busiest.id],
  ] as const) {
    const params = { agentId };
    const brand = { agentId, gameBrand: facts.brand };
    out.push(
      [`agent daily, ${who}`, () => client.call(api.summaryAgentDaily, daily, params)],
      [`agent monthly, ${who}`, () => client.call(api.summaryAgentMonthly, monthly, params)],
      [`game daily, ${who}`, () => client.call(api.summaryGameDaily, daily, params)],
      [`game monthly, ${who}`, () => client.call(api.summaryGameMonthly, monthly, params)],
      [`game daily ${facts.brand}, ${who}`, () => client.call(api.summaryGameDailyByGame, range, brand)],
      [
        `game monthly ${facts.brand}, ${who}`,
        () => client.call(api.summaryGameMonthlyByGame, yearRange, brand),
      ],
    );
  }
  out.push(
    [
      'revenue share, one month',
      () => client.call(api.revenueShare, { month: String(month), year: String(year) }),
    ],
    ['dashboard', () => client.call(api.dashboard, { month: String(month), year: String(year) })],
  );
  return out;
};

/** p95 of every summary report and the dashboard, for all agents and for the busiest one. */
export const reportLatencies = async (client: Client, facts: Facts, runs: number): Promise<LatencyRow[]> => {
  const out: LatencyRow[] = [];
  for (const [scenario, run] of reportCases(client, facts))
    out.push({ scenario, timing: await measure(runs, run) });
  return out;
};

/** The agent report page: 50 agents' monthly widgets in one request (one query). */
export const agentReportCall = (client: Client, facts: Facts) => {
  const ids = facts.agents.map((a) => a.id).slice(0, 50);
  return () => client.call(api.agentReportMonthlyBatch, { agentIds: ids, date: facts.month.to });
};

export const agentReportPage = async (client: Client, facts: Facts, runs: number) =>
  measure(runs, agentReportCall(client, facts));

/**
 * Page 1 and page 1000 (reached once by walking the keyset cursor) of the busiest agent's list, and
 * page 1 of a search for the name of its player with the fewest bets.
 */
export const listCalls = async (client: Client, facts: Facts) => {
  const params = { agentId: facts.busiest.id };
  let cursor: string | null = null;
  for (let page = 1; page < 1000; page++) {
    const data: { nextCursor: string | null } = await client.call(
      api.transactionList,
      { limit: 10, page, ...(cursor ? { cursor } : {}) },
      params,
    );
    cursor = data.nextCursor;
    if (!cursor) break;
  }
  const deep = cursor ? { limit: 10, page: 1000, cursor } : { limit: 10, page: 1000 };
  return {
    page1: () => client.call(api.transactionList, { limit: 10 }, params),
    page1000: () => client.call(api.transactionList, deep, params),
    quietName: () =>
      client.call(api.transactionList, { limit: 10, username: facts.quietPlayer.name }, params),
  };
};

export const listPages = async (client: Client, facts: Facts, runs: number) => {
  const calls = await listCalls(client, facts);
  return {
    page1: await measure(runs, calls.page1),
    page1000: await measure(runs, calls.page1000),
    quietName: await measure(runs, calls.quietName),
  };
};

/** Requests/s and p99 of the list endpoint under `connections` concurrent clients. */
export const listUnderLoad = async (
  base: string,
  client: Client,
  facts: Facts,
  connections: number,
  seconds: number,
) => {
  const result = await autocannon({
    url: `${base}/api/v1/transaction/${facts.busiest.id}/list`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
    body: JSON.stringify({ limit: 10 }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.timeouts + result.non2xx,
  };
};

/** One signed ingest request of `body` as `agent`; throws unless the batch is stored. */
export const postIngest = async (
  base: string,
  agent: Pick<BenchAgent, 'apiKey' | 'secret'>,
  body: string,
) => {
  const timestamp = String(Date.now());
  const envelope = (await postJson(
    `${base}/api/v1/ingest/transactions`,
    {
      'x-api-key': agent.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signBody(agent.secret, timestamp, body),
    },
    body,
  )) as { status: number; error: string | null; data: { accepted: number } };
  if (envelope.status !== 1000) throw new Error(`ingest: ${envelope.status} ${envelope.error}`);
  return envelope.data;
};

const BATCH = 1000;

/** `batches` bodies of 1000 fresh bets (bet ids unique to this run), ready to sign. */
export const ingestBodies = (batches: number, runId: string) => {
  const day = 86_400_000;
  const now = Date.now();
  const bodies: string[] = [];
  let n = 0;
  for (let b = 0; b < batches; b++) {
    const items: IngestItem[] = [];
    for (let i = 0; i < BATCH; i++, n++) {
      const at = new Date(now - ((n * 7919) % (60 * day))).toISOString();
      items.push({
        betId: `BENCH-${runId}-${n >> 1}`,
        betType: n % 2 === 0 ? 'HOLD' : 'SETTLE',
        betTypeFromGame: n % 2 === 0 ? 'bet' : 'win',
        gameBrand: ['PG', 'JILI', 'PP', 'SA'][n % 4] as string,
        gameCode: `game-${n % 37}`,
        username: `bench${n % 500}`,
        amount: n % 2 === 0 ? -((n % 50) + 1) : (n % 90) / 2,
        startDate: at,
      });
    }
    bodies.push(JSON.stringify({ transactions: items }));
  }
  return bodies;
};

/**
 * Rows/s through the signed ingest API, batches of 1000, `concurrency` senders (sender i signs for
 * `agents[i % agents.length]`), rollups kept; and the CPU time the bench client, the server and the
 * database spent on it.
 */
export const ingestThroughput = async (
  base: string,
  cpuOf: () => Promise<() => Promise<CpuSplit>>,
  agents: BenchAgent[],
  batches: number,
  concurrency: number,
) => {
  const bodies = ingestBodies(batches, Date.now().toString(36));
  let next = 0;
  let accepted = 0;
  const cpu = await cpuOf();
  const started = performance.now();
  const sender = async (agent: BenchAgent) => {
    for (;;) {
      const body = bodies[next++];
      if (body === undefined) return;
      // Awaited first: `accepted += await …` would read the sum before the other senders add theirs.
      const stored = await postIngest(base, agent, body);
      accepted += stored.accepted;
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, (_, i) => {
      const agent = agents[i % agents.length];
      if (!agent) throw new Error('ingest needs at least one agent');
      return sender(agent);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rows: accepted, seconds, rowsPerSecond: accepted / seconds, cpu: await cpu() };
};

/** The agent report page shows 50 agents: add plain agents when the data set has fewer. */
const ensureFiftyAgents = async (client: Client, have: number, password: string) => {
  for (let i = have; i < 50; i++) {
    await client.call(api.agentRegister, {
      username: `benchagent${i}`,
      password,
      endpoint: 'https://bench.example.com/callback',
      games: [],
      prefix: `bz${String(i).padStart(3, '0')}`, // one length: prefixes are prefix-free
      code: `BENCH-${i}`,
      agentType: 'AGENT',
    });
  }
};

/**
 * A signed-in client on a server whose data set lists at least 50 agents: fewer, and plain ones are
 * added, `facts.agents` read again through the API (their ids are needed for the page), and the
 * client signs in afresh.
 */
export const signInWithFiftyAgents = async (base: string, facts: Facts): Promise<Client> => {
  const client = await signIn(base);
  if (facts.agents.length >= 50) return client;
  await ensureFiftyAgents(client, facts.agents.length, BENCH_ADMIN.password);
  const list = await client.call(api.agentList, { page: 1, limit: 50 });
  facts.agents = list.records.map((a) => ({ id: a._id, prefix: a.prefix, apiKey: '', secret: '', rows: 0 }));
  return signIn(base);
};

/** Latency of single signed ingest batches of 1000 fresh bets, sent one after another. */
export const ingestLatency = async (base: string, agent: BenchAgent, batches: number) => {
  const bodies = ingestBodies(batches + 3, `c${Date.now().toString(36)}`);
  let i = 0;
  return measure(batches, async () => {
    await postIngest(base, agent, bodies[i++] ?? '');
  });
};
