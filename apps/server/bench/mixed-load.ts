import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { signBody } from '../src/features/ingest/signature.ts';

/**
 * Mixed traffic against a running server: lists, reports, the dashboard, audited staff writes and
 * signed ingest of fresh bets, at `connections` concurrent connections for `seconds`. Shared by the
 * reliability suite (`test/reliability/load.test.ts`, short) and `npm run bench` (the full 60 s).
 */
export interface MixedLoadTarget {
  base: string;
  /** The server's process id, for its resident memory. */
  pid: number;
  /** A staff session allowed to read everything and edit players (SUPERADMIN). */
  token: string;
  /** An agent whose keys sign the ingest; its lists and reports are read too. */
  agent: { _id: string; apiKey: string; secret: string };
  /** Player ids the staff writes spread over. */
  players: readonly string[];
  /** Usernames of the players fresh bets are for (the agent's prefix included when it has one). */
  usernames: readonly string[];
  /** Game brands registered as providers (ingest refuses a bet of any other). */
  brand: string;
}

export interface MixedLoadResult {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers that were not HTTP 200 with status 1000, and the first of them. */
  notOk: number;
  firstBad: string;
  /** Medians of the first and last quarter of the once-a-second samples of the server's RSS. */
  rssKiB: { firstQuarterMedian: number; lastQuarterMedian: number; samples: number };
}

/** Resident memory of a process in KiB, from /proc (Linux). */
export const rssKiB = (pid: number): number | undefined => {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export const mixedLoad = async (
  target: MixedLoadTarget,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<MixedLoadResult> => {
  const { agent, players, usernames } = target;
  if (players.length === 0 || usernames.length === 0) throw new Error('mixed load needs players');
  const auth = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const year = new Date().getUTCFullYear();
  const month = new Date().getUTCMonth() + 1;
  const post = (path: string, body: unknown): autocannon.Request => ({
    method: 'POST',
    path,
    headers: auth,
    body: JSON.stringify(body),
  });
  // Fresh bet ids per run, so a second run on the same data (the bench's) writes new rows too.
  const run = Date.now().toString(36);
  let writes = 0;
  const requests: autocannon.Request[] = [
    post('/api/v1/agent/list', {}),
    post('/api/v1/user/list', { limit: 50 }),
    post(`/api/v1/transaction/${agent._id}/list`, { limit: 50 }),
    post('/api/v1/summary/all/agent/daily', { year: String(year), month: String(month) }),
    post(`/api/v1/summary/${agent._id}/game/monthly/all`, { year: String(year) }),
    post('/api/v1/dashboard/summary', {}),
    post('/api/v1/adapter/list', {}),
    post('/api/v1/agent-report/monthly', { date: new Date().toISOString(), agentIds: [agent._id] }),
    {
      // A staff write (audited), spread over the players.
      method: 'POST',
      headers: auth,
      setupRequest: (req) => {
        const n = ++writes;
        return {
          ...req,
          path: `/api/v1/user/update/${players[n % players.length]}`,
          body: JSON.stringify({ betLimit: 100 + (n % 1000) }),
        };
      },
    },
    {
      // A signed ingest of fresh bets.
      method: 'POST',
      setupRequest: (req) => {
        const n = ++writes;
        const body = JSON.stringify({
          transactions: [
            {
              betId: `LW${run}-${n}`,
              betType: 'HOLD',
              betTypeFromGame: 'bet',
              gameBrand: target.brand,
              gameCode: 'g1',
              username: usernames[n % usernames.length],
              amount: -1,
              startDate: new Date(Date.now() - 60_000).toISOString(),
            },
          ],
        });
        const timestamp = String(Date.now());
        return {
          ...req,
          path: '/api/v1/ingest/transactions',
          body,
          headers: {
            'content-type': 'application/json',
            'x-api-key': agent.apiKey,
            'x-timestamp': timestamp,
            'x-signature': signBody(agent.secret, timestamp, body),
          },
        };
      },
    },
  ];
  let notOk = 0;
  let firstBad = '';
  for (const r of requests) {
    r.onResponse = (status, body) => {
      if (status !== 200 || !body.startsWith('{"status":1000')) {
        notOk++;
        firstBad ||= `${status} ${r.path ?? ''} ${body.slice(0, 300)}`;
      }
    };
  }
  const rss: number[] = [];
  const sampler = setInterval(() => {
    const kib = rssKiB(target.pid);
    if (kib !== undefined) rss.push(kib);
  }, 1_000);
  let result: autocannon.Result;
  try {
    result = await autocannon({ url: target.base, connections, duration: seconds, requests, timeout: 30 });
  } finally {
    clearInterval(sampler);
  }
  const q = Math.max(1, Math.floor(rss.length / 4));
  return {
    seconds,
    connections,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    notOk,
    firstBad,
    rssKiB: {
      firstQuarterMedian: median(rss.slice(0, q)),
      lastQuarterMedian: median(rss.slice(-q)),
      samples: rss.length,
    },
  };
};

/** Memory flat: the last quarter's median RSS at most 1.5 × the first quarter's. */
export const memoryFlat = (r: MixedLoadResult) =>
  r.rssKiB.lastQuarterMedian <= r.rssKiB.firstQuarterMedian * 1.5;
