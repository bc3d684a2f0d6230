import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/features/ingest/signature.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  makeStore,
  registerAgent,
  registerBrands,
  request,
  rssKiB,
  type ServerProcess,
  type SignedAgent,
  type Store,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * Mixed traffic (lists, reports, a few staff and ingest writes) at 50 connections against the real
 * server process for RELIABILITY_LOAD_SECONDS (default 60): no error, no non-2xx answer, p99
 * recorded (not judged: performance budgets belong to `npm run bench`), and resident memory flat.
 */
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const CONNECTIONS = 50;
const engine = process.env.TEST_ENGINE ?? 'pglite';

let store: Store;
let server: ServerProcess;
let token: string;
let agent: SignedAgent;
const players: string[] = [];

beforeAll(async () => {
  store = await makeStore();
  server = await startServer(store, { env: { LOG_LEVEL: 'warn' } });
  token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
  await registerBrands(server, token, ['PG', 'JILI', 'SA']);
  agent = await registerAgent(server, token, 1);
  // Some data for the lists and reports to read: 4,000 bets of 40 players over 20 days.
  const now = Date.now();
  for (let b = 0; b < 8; b++) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const n = b * 500 + i;
      const settle = n % 2 === 1;
      return {
        betId: `L${n >> 1}`,
        betType: settle ? 'SETTLE' : 'HOLD',
        betTypeFromGame: settle ? 'win' : 'bet',
        gameBrand: ['PG', 'JILI', 'SA'][n % 3],
        gameCode: `g${n % 6}`,
        username: `lp${n % 40}`,
        amount: settle ? (n % 50) * 1.5 : -((n % 30) + 1),
        startDate: new Date(now - (n % 20) * 86_400_000 - 3_600_000).toISOString(),
      };
    });
    const res = await sendBatch(server, agent, rows);
    expect(res.body?.status, res.text).toBe(1000);
  }
  const list = await request(server, 'POST', '/api/v1/user/list', { token, body: { limit: 40 } });
  for (const u of list.body.data.records as { _id: string }[]) players.push(u._id);
  expect(players.length).toBeGreaterThan(10);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await store?.drop();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

describe('load', () => {
  it(
    `${CONNECTIONS} connections of mixed traffic: no error, no non-2xx, memory flat`,
    async () => {
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const year = new Date().getUTCFullYear();
      const month = new Date().getUTCMonth() + 1;
      const post = (path: string, body: unknown): autocannon.Request => ({
        method: 'POST',
        path,
        headers: auth,
        body: JSON.stringify(body),
      });
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
                  betId: `LW${n}`,
                  betType: 'HOLD',
                  betTypeFromGame: 'bet',
                  gameBrand: 'PG',
                  gameCode: 'g1',
                  username: `lp${n % 40}`,
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
        const kib = rssKiB(server.pid);
        if (kib !== undefined) rss.push(kib);
      }, 1_000);
      let result: autocannon.Result;
      try {
        result = await autocannon({
          url: server.base,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests,
          timeout: 30,
        });
      } finally {
        clearInterval(sampler);
      }
      const q = Math.max(1, Math.floor(rss.length / 4));
      const firstQuarter = median(rss.slice(0, q));
      const lastQuarter = median(rss.slice(-q));
      const summary = {
        engine,
        seconds: SECONDS,
        connections: CONNECTIONS,
        requests: result.requests.total,
        requestsPerSecond: result.requests.average,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        notOk,
        rssKiB: { firstQuarterMedian: firstQuarter, lastQuarterMedian: lastQuarter, samples: rss.length },
      };
      console.log(`load (${engine}): ${JSON.stringify(summary)}`);
      const out = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
      mkdirSync(out, { recursive: true });
      writeFileSync(`${out}/reliability-load-${engine}.json`, `${JSON.stringify(summary, null, 2)}\n`);

      expect(result.requests.total).toBeGreaterThan(0);
      expect(firstBad).toBe('');
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.latency.p99).toBeGreaterThan(0);
      expect(rss.length).toBeGreaterThanOrEqual(4);
      expect(lastQuarter).toBeLessThanOrEqual(firstQuarter * 1.5);
      // The server is still well.
      expect((await request(server, 'GET', '/api/v1/health')).status).toBe(200);
    },
    (SECONDS + 120) * 1_000,
  );
});
