import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryFlat, mixedLoad } from '../../bench/mixed-load.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  makeStore,
  registerAgent,
  registerBrands,
  request,
  type ServerProcess,
  type SignedAgent,
  type Store,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * Mixed traffic (lists, reports, a few staff and ingest writes) at 50 connections against the real
 * server process for RELIABILITY_LOAD_SECONDS (default 10): no error, no non-2xx answer, p99
 * recorded (not judged: performance budgets belong to `npm run bench`), and resident memory flat.
 * `npm run bench` runs the same traffic for 60 s (its `mixed` group).
 */
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 10);
const CONNECTIONS = 50;
const engine = process.env.TEST_ENGINE ?? 'pglite';

let store: Store;
let server: ServerProcess;
let token: string;
let agent: SignedAgent;
const players: string[] = [];
/** The players the seeded bets and the load's fresh ones are for. */
const usernames = Array.from({ length: 40 }, (_, i) => `lp${i}`);

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
        username: usernames[n % usernames.length],
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

describe('load', () => {
  it(
    `${CONNECTIONS} connections of mixed traffic: no error, no non-2xx, memory flat`,
    async () => {
      const summary = {
        engine,
        ...(await mixedLoad(
          { base: server.base, pid: server.pid, token, agent, players, usernames, brand: 'PG' },
          { seconds: SECONDS, connections: CONNECTIONS },
        )),
      };
      console.log(`load (${engine}): ${JSON.stringify(summary)}`);
      const out = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
      mkdirSync(out, { recursive: true });
      writeFileSync(`${out}/reliability-load-${engine}.json`, `${JSON.stringify(summary, null, 2)}\n`);

      expect(summary.requests).toBeGreaterThan(0);
      expect(summary.firstBad).toBe('');
      expect(summary.errors).toBe(0);
      expect(summary.timeouts).toBe(0);
      expect(summary.non2xx).toBe(0);
      expect(summary.latencyMs.p99).toBeGreaterThan(0);
      expect(summary.rssKiB.samples).toBeGreaterThanOrEqual(4);
      expect(memoryFlat(summary), JSON.stringify(summary.rssKiB)).toBe(true);
      // The server is still well.
      expect((await request(server, 'GET', '/api/v1/health')).status).toBe(200);
    },
    (SECONDS + 120) * 1_000,
  );
});
