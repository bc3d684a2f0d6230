import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { verifyChain } from '../../src/features/audit/service.ts';
import { rollupMismatches } from '../ledger-checks.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type Answer,
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
 * The real server process through its life: a crash (SIGKILL) in the middle of a stream of signed
 * ingest batches and staff edits, a restart on the same data, a graceful stop (SIGTERM) with
 * requests in flight, and then the data itself: every acknowledged write there, rollups equal to
 * the raw rows, the audit chain intact. The logs of both runs must hold no secret.
 */
let store: Store;
let server: ServerProcess;
let token: string;
let agents: SignedAgent[];
const outputs: string[] = [];
const secrets: string[] = [ADMIN_PASSWORD];
/** agent|betId|betType → amount in minor units, for every row of an acknowledged batch. */
const acknowledged = new Map<string, number>();
const ackedEdits = new Set<string>();
let attemptedEdits = 0;
const WRONG_PASSWORD = 'Wrong-pass-7e1f0c2a9b';
const LATE_ENDPOINT = 'https://too-late.example.com/cb';

beforeAll(async () => {
  store = await makeStore();
  server = await startServer(store);
  token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
  secrets.push(token);
  await registerBrands(server, token, ['PG', 'JILI', 'SA']);
  agents = [await registerAgent(server, token, 1), await registerAgent(server, token, 2)];
  for (const a of agents) secrets.push(a.secret);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.drop();
});

const day = new Date(Date.now() - 60 * 60_000).toISOString();
/** The amount is a function of the key, so whichever copy of a row lands first, it is the same. */
const row = (n: number, type: 'HOLD' | 'SETTLE') => ({
  betId: `K${n}`,
  betType: type,
  betTypeFromGame: type === 'HOLD' ? 'bet' : 'win',
  gameBrand: n % 2 ? 'PG' : 'JILI',
  gameCode: `g${n % 5}`,
  username: `pl${n % 7}`,
  amount: type === 'HOLD' ? -((n % 97) + 1) : (n % 89) + 0.25,
  startDate: day,
});

const remember = (agent: SignedAgent, rows: ReturnType<typeof row>[]) => {
  for (const r of rows) acknowledged.set(`${agent._id}|${r.betId}|${r.betType}`, Math.round(r.amount * 100));
};

// Each test starts a server process from source (and the crash test a second one): on a loaded
// 2-core machine that alone can pass the default 30 s.
describe('the real server process', () => {
  it('crash (SIGKILL) mid-stream: the restart is not blocked by the lock file and loses no acknowledged write', async () => {
    // Secrets the server must not log: a failed sign-in and a re-authentication carry passwords.
    await request(server, 'POST', '/api/v1/admin/authorization/login', {
      body: { username: ADMIN_USERNAME, password: WRONG_PASSWORD },
    });
    await request(server, 'POST', '/api/v1/admin/authorization/verify', {
      token,
      body: { password: ADMIN_PASSWORD },
    });

    let running = true;
    let failure: unknown;
    let seq = 100;
    const sender = async (worker: number) => {
      while (running) {
        const agent = agents[worker % 2] as SignedAgent;
        // Overlapping bet ids across senders and batches: duplicates race each other.
        seq += 20;
        const start = seq;
        const rows = Array.from({ length: 40 }, (_, i) =>
          row(start - 30 + i, i % 3 === 0 ? 'SETTLE' : 'HOLD'),
        );
        let res: Answer;
        try {
          res = await sendBatch(server, agent, rows);
        } catch {
          return; // the process is gone
        }
        expect(res.body?.status, res.text).toBe(1000);
        remember(agent, rows);
      }
    };
    const editor = async () => {
      const agent = agents[0] as SignedAgent;
      while (running) {
        const endpoint = `https://edit${++attemptedEdits}.example.com/cb`;
        try {
          const res = await request(server, 'PUT', `/api/v1/agent/update/${agent._id}`, {
            token,
            body: { endpoint, games: [], agentType: 'AGENT' },
          });
          expect(res.body?.status, res.text).toBe(1000);
          ackedEdits.add(endpoint);
        } catch {
          return;
        }
      }
    };
    const work = Promise.all(
      [sender(0), sender(1), sender(2), editor()].map((p) =>
        p.catch((err: unknown) => {
          failure ??= err;
        }),
      ),
    );
    // Kill once a good number of batches are acknowledged, with more in flight.
    while (acknowledged.size < 600 && failure === undefined) await new Promise((r) => setTimeout(r, 20));
    server.proc.kill('SIGKILL');
    const exit = await server.exited;
    running = false;
    await work;
    if (failure !== undefined) throw failure;
    outputs.push(server.output());
    expect(exit.signal).toBe('SIGKILL');
    expect(ackedEdits.size).toBeGreaterThan(0);

    if (store.dataDir) {
      // The dead process's lock is still there; the restart must take it over.
      const lock = join(store.dataDir, 'server.lock');
      expect(existsSync(lock)).toBe(true);
      expect(readFileSync(lock, 'utf8')).toBe(String(server.pid));
    }
    server = await startServer(store);
    token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    secrets.push(token);
    // The agent holds the last acknowledged edit, or the one in flight at the kill if it had committed
    // (its answer was lost with the process): each edit waited for the one before.
    const got = await request(server, 'POST', `/api/v1/agent/get/${agents[0]?._id}`, { token });
    expect([[...ackedEdits].at(-1), `https://edit${attemptedEdits}.example.com/cb`]).toContain(
      got.body.data.endpoint,
    );
  }, 120_000);

  const inFlight: SignedAgent[] = [];
  it('graceful stop (SIGTERM): in-flight requests finish, new ones are refused, exit code 0', async () => {
    const agent = agents[1] as SignedAgent;
    const seen = (server.output().match(/incoming request/g) ?? []).length;
    const batches = Array.from({ length: 6 }, (_, b) =>
      Array.from({ length: 400 }, (_, i) => ({
        ...row(1_000_000 + b * 400 + i, 'HOLD'),
        betId: `T${b}-${i}`,
      })),
    );
    const pending = batches.map((rows) => sendBatch(server, agent, rows));
    const reads = [
      request(server, 'POST', '/api/v1/agent/list', { token, body: {} }),
      request(server, 'POST', '/api/v1/summary/all/agent/monthly', {
        token,
        body: { year: new Date().getUTCFullYear() },
      }),
    ];
    // Every one of them has reached the server before the signal.
    await server.waitForOutput(/incoming request/, seen + pending.length + reads.length);
    server.proc.kill('SIGTERM');
    await server.waitForOutput(/SIGTERM: finishing in-flight requests/);
    // A write that starts after the signal is refused: 503 on a connection the server still reads,
    // refused or reset once it has stopped listening; it must then leave no trace (checked below).
    const late = await request(server, 'PUT', `/api/v1/agent/update/${agent._id}`, {
      token,
      body: { endpoint: LATE_ENDPOINT, games: [], agentType: 'AGENT' },
    }).then(
      (res) => res.status,
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(late);

    const answers = await Promise.all(pending);
    for (const [i, res] of answers.entries()) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ accepted: 400, duplicates: 0 });
      remember(agent, batches[i] ?? []);
    }
    for (const res of await Promise.all(reads)) expect(res.status, res.text).toBe(200);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    outputs.push(server.output());
    inFlight.push(agent);
    if (store.dataDir) expect(existsSync(join(store.dataDir, 'server.lock'))).toBe(false);
  }, 120_000);

  it('afterwards every acknowledged write is stored, rollups equal the raw rows and the audit chain verifies', async () => {
    expect(inFlight).toHaveLength(1);
    const database: Database = await openDatabase(
      store.dataDir
        ? { kind: 'pglite', dataDir: store.dataDir }
        : { kind: 'postgres', url: store.url ?? '', poolSize: 2 },
    );
    try {
      const ctx: AppContext = { db: database.db, config: loadConfig({}), now: () => new Date() };
      const stored = await queryRows<{ k: string; amount: string }>(
        ctx.db,
        sql`select agent_id || '|' || bet_id || '|' || bet_type as k, amount::text as amount from transactions`,
      );
      const byKey = new Map(stored.map((r) => [r.k, Number(r.amount)]));
      const missing = [...acknowledged].filter(([k, amount]) => byKey.get(k) !== amount);
      expect(missing).toEqual([]);
      // No row twice (a retried duplicate never doubles).
      expect(byKey.size).toBe(stored.length);
      expect(await rollupMismatches({ ctx })).toBe(0);

      const chain = await verifyChain(ctx.db);
      expect(chain).toMatchObject({ ok: true });
      const edits = await queryRows<{ after: { endpoint?: string } }>(
        ctx.db,
        sql`select after from audit_log where entity = 'agent' and action = 'update'`,
      );
      const audited = edits.map((e) => e.after.endpoint);
      // One record per acknowledged edit; an edit cut off by the crash may have committed, never twice.
      for (const endpoint of ackedEdits) expect(audited.filter((a) => a === endpoint)).toHaveLength(1);
      expect(audited.length).toBeLessThanOrEqual(attemptedEdits);
      expect(audited).not.toContain(LATE_ENDPOINT);
    } finally {
      await database.close();
    }
  });

  it('the logs of both runs hold no password, token or agent secret', () => {
    expect(outputs).toHaveLength(2);
    const logs = outputs.join('\n');
    expect(logs).toMatch(/incoming request/);
    for (const secret of [...secrets, WRONG_PASSWORD]) expect(logs).not.toContain(secret);
  });
});
