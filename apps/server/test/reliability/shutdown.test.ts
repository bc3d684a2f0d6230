import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { auditKey, checkpointFileOf, readCheckpoints } from '../../src/core/audit-checkpoint.ts';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { signBody } from '../../src/features/ingest/signature.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  makeStore,
  registerAgent,
  registerBrands,
  type ServerProcess,
  type SignedAgent,
  type Store,
  startServer,
} from './server-process.ts';

/**
 * Shutdown is bounded (docs/design.md §7): after a run of parallel ingest batches failing inside their
 * database transaction, SIGTERM ends the process; a request that never finishes is cut off after the
 * grace period. Then `audit:verify` on what the server left: intact, and a deleted tail is named.
 *
 * The batches fail through a trigger the test installs in the database (any bet id starting with
 * FAIL- raises an exception inside the batch's transaction), so they keep failing whatever the
 * product does about counter overflows; the product has no fault switch of its own.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
let store: Store;
let server: ServerProcess;
let agent: SignedAgent;

const open = (): Promise<Database> =>
  openDatabase(
    store.dataDir
      ? { kind: 'pglite', dataDir: store.dataDir }
      : { kind: 'postgres', url: store.url ?? '', poolSize: 1 },
  );

beforeAll(async () => {
  store = await makeStore();
  const database = await open();
  try {
    await database.migrate();
    await database.db.execute(sql`
      create function test_fault() returns trigger language plpgsql as $$
      begin
        if new.bet_id like 'FAIL-%' then raise exception 'injected fault for %', new.bet_id; end if;
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger test_fault before insert on transaction_keys for each row execute function test_fault()`);
  } finally {
    await database.close();
  }
  server = await startServer(store);
  const token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
  agent = await registerAgent(server, token, 1);
  await registerBrands(server, token, ['PG']);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.drop();
});

/**
 * Through `fetch` (undici), which keeps its connections alive as load tools and browsers do: the
 * case that kept the old process alive.
 */
const sendKeptAlive = async (rows: unknown[]): Promise<number> => {
  const raw = JSON.stringify({ transactions: rows });
  const timestamp = String(Date.now());
  const res = await fetch(`${server.base}/api/v1/ingest/transactions`, {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-api-key': agent.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signBody(agent.secret, timestamp, raw),
    },
  });
  await res.arrayBuffer();
  return res.status;
};

/** `npm run audit:verify` against the store, as an operator runs it. */
const auditVerify = (): Promise<{ code: number | null; out: string }> =>
  new Promise((resolve) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'apps/server/src/cli/audit-verify.ts')],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...store.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    proc.stderr.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    proc.once('exit', (code) => resolve({ code, out }));
  });

describe('bounded shutdown', () => {
  // The old server waited for keep-alive connections busy at the signal until Fastify's keep-alive
  // timeout (72 s), longer than this test may run.
  it('SIGTERM after parallel ingest batches failing in the database: the process exits, code 0', async () => {
    const day = new Date(Date.now() - 60 * 60_000).toISOString();
    let batch = 0;
    let running = true;
    const statuses: number[] = [];
    const worker = async () => {
      while (running) {
        const b = batch++;
        const rows = Array.from({ length: 200 }, (_, i) => ({
          betId: `${b % 2 ? 'FAIL' : 'OK'}-${b}-${i}`,
          betType: 'SETTLE',
          betTypeFromGame: 'win',
          gameBrand: 'PG',
          gameCode: 'g1',
          username: `plr${i % 5}`,
          amount: 1_000_000,
          startDate: day,
        }));
        statuses.push(await sendKeptAlive(rows));
      }
    };
    const senders = Array.from({ length: 12 }, () => worker().catch(() => undefined));
    await server.waitForOutput(/injected fault for FAIL-/, 24);
    // The batches in flight are answered; their connections then sit idle, kept alive by the client.
    running = false;
    server.proc.kill('SIGTERM');
    const exit = await server.exited;
    await Promise.all(senders);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(statuses).toContain(200);
    expect(statuses.filter((s) => s >= 500).length).toBeGreaterThanOrEqual(12);
    expect(server.output()).not.toMatch(/grace period .* over/);
  }, 60_000);

  it('an in-flight request that never finishes is cut off after the grace period; the process exits', async () => {
    server = await startServer(store, { env: { SHUTDOWN_GRACE_MS: '1000' } });
    const seen = (server.output().match(/incoming request/g) ?? []).length;
    // Headers, then a body that never arrives in full: the request stays in flight for ever.
    const socket = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/v1/agent/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await server.waitForOutput(/incoming request/, seen + 1);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await closed;
    expect(server.output()).toMatch(/grace period of 1000 ms over: cutting the requests still in flight/);
  });
});

describe('audit:verify on what the server left', () => {
  // Two `audit:verify` processes, each starting tsx: seconds apiece on a busy two-core machine.
  it('is intact with the checkpoints written at shutdown; deleting the newest records exits 2 naming them', async () => {
    const config = loadConfig(store.env);
    const log = readCheckpoints(checkpointFileOf(config), auditKey(config, { create: false }));
    expect(log.forged).toEqual([]);
    const database = await open();
    let records = 0;
    try {
      const [row] = await queryRows<{ n: number; max: string }>(
        database.db,
        sql`select count(*)::int as n, max(id)::text as max from audit_log`,
      );
      records = row?.n ?? 0;
      // Both runs checkpointed their final head before closing the database.
      expect(log.valid.at(-1)).toMatchObject({ count: records, lastId: row?.max });
    } finally {
      await database.close();
    }
    const intact = await auditVerify();
    expect(intact.out).toMatch(/Audit chain intact/);
    expect(intact.code).toBe(0);

    const tamper = await open();
    try {
      await tamper.db.execute(sql`alter table audit_log disable trigger user`);
      await tamper.db.execute(
        sql`delete from audit_log where id in (select id from audit_log order by id desc limit 2)`,
      );
      await tamper.db.execute(sql`alter table audit_log enable trigger user`);
    } finally {
      await tamper.close();
    }
    const broken = await auditVerify();
    expect(broken.out).toMatch(/records \d+\.\.\d+ are missing \(2 records\)/);
    expect(broken.code).toBe(2);
  }, 120_000);
});
