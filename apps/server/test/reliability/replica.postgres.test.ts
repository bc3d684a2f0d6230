import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  freePort,
  login,
  registerAgent,
  registerBrands,
  request,
  type ServerProcess,
  type SignedAgent,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * Reads on a real PostgreSQL streaming replica (DATABASE_READ_URL, docs/design.md §14). The test makes its
 * own throw-away primary cluster (initdb on a free port in a temp dir), a replica of it with
 * pg_basebackup -R on another, and runs the server against both; the machine's own cluster is not
 * touched. Replay is paused on the replica (pg_wal_replay_pause) to make "served by the replica"
 * visible: a row written after the pause is on the primary and not on the replica.
 * Cluster binaries refuse to run as root: as root they run as the `postgres` OS user.
 */
const run = promisify(execFile);
// Long enough that a loaded CI machine finishes the stale-replica checks within it.
const MAX_LAG_MS = 5_000;

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
const binDir = (() => {
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0]) throw new Error(`no PostgreSQL server binaries (initdb) under ${base}`);
  return join(base, majors[0], 'bin');
})();
const asRoot = process.getuid?.() === 0;

/** A cluster binary, as the postgres OS user when the test runs as root. */
const pgBin = async (bin: string, args: string[]) => {
  const path = join(binDir, bin);
  try {
    await (asRoot ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args));
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')}: ${e.stderr || e.message}`);
  }
};

let dir = '';
let primaryPort = 0;
let replicaPort = 0;
let server: ServerProcess | undefined;
let primary: pg.Client | undefined;
let replica: pg.Client | undefined;
let root = '';
let reader = '';
let agent: SignedAgent;

const clusterDir = (name: 'primary' | 'replica') => join(dir, name);
const pgCtl = (name: 'primary' | 'replica', ...args: string[]) =>
  pgBin('pg_ctl', ['-D', clusterDir(name), '-l', join(dir, `${name}.log`), '-w', '-t', '30', ...args]);
const url = (port: number, db = 'sapi') => `postgres://postgres@127.0.0.1:${port}/${db}`;

const connect = async (port: number) => {
  const client = new pg.Client({ connectionString: url(port) });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

const teardown = async () => {
  await server?.stop().catch(() => undefined);
  await primary?.end().catch(() => undefined);
  await replica?.end().catch(() => undefined);
  if (!dir) return;
  for (const name of ['replica', 'primary'] as const) {
    if (existsSync(join(clusterDir(name), 'postmaster.pid')))
      await pgCtl(name, '-m', 'immediate', 'stop').catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
  dir = '';
};

/** Waits for a condition, checking again as soon as the last check has answered. */
const waitFor = async <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const replayPaused = async () =>
  (await replica?.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s'))?.rows[0]?.s;

/** The primary's WAL position, and how long the replica takes to replay up to it. */
const replicaCatchUpMs = async () => {
  const started = performance.now();
  const lsn = (await primary?.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l'))?.rows[0]
    ?.l;
  await waitFor('the replica to replay the primary', async () => {
    const res = await replica?.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [
      lsn,
    ]);
    return res?.rows[0]?.ok ? true : undefined;
  });
  return performance.now() - started;
};

let betNo = 0;
const bet = () => ({
  betId: `REPL${++betNo}`,
  betType: 'HOLD',
  betTypeFromGame: 'bet',
  gameBrand: 'PG',
  gameCode: 'g1',
  username: 'replplayer',
  amount: -5,
  startDate: new Date(Date.now() - 3_600_000).toISOString(),
});
const ingest = async () => {
  const res = await sendBatch(server as ServerProcess, agent, [bet()]);
  expect(res.body?.status, res.text).toBe(1000);
};
/** How many bets the agent's transaction list shows to `token`. */
const listed = async (token: string) => {
  const res = await request(server as ServerProcess, 'POST', `/api/v1/transaction/${agent._id}/list`, {
    token,
    body: { limit: 100 },
  });
  expect(res.status, res.text).toBe(200);
  return (res.body.data.records as unknown[]).length;
};
const onPrimary = async () =>
  Number(
    (
      await primary?.query<{ n: string }>(
        'select count(*)::text as n from transactions where agent_id = $1',
        [agent._id],
      )
    )?.rows[0]?.n,
  );
/** Players the registration report counts this month, as `token` sees it. */
const registered = async (token: string) => {
  const res = await request(
    server as ServerProcess,
    'POST',
    `/api/v1/report/${agent._id}/user/register/count`,
    {
      token,
      body: { date: new Date().toISOString() },
    },
  );
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { count: number }[]).reduce((n, d) => n + d.count, 0);
};

beforeAll(async () => {
  try {
    dir = mkdtempSync(join(tmpdir(), 'sapi-replica-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    primaryPort = await freePort();
    // The system may hand the same free port out twice in a row.
    do replicaPort = await freePort();
    while (replicaPort === primaryPort);
    await pgBin('initdb', [
      '-D',
      clusterDir('primary'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    appendFileSync(
      join(clusterDir('primary'), 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 60',
        'shared_buffers = 32MB',
        'fsync = off',
        '',
      ].join('\n'),
    );
    appendFileSync(join(clusterDir('primary'), 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    await pgCtl('primary', 'start');
    const admin = new pg.Client({ connectionString: url(primaryPort, 'postgres') });
    await admin.connect();
    await admin.query('create database sapi');
    await admin.end();
    // The replica: a base backup with the standby settings (-R), on its own port.
    await pgBin('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      clusterDir('replica'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    appendFileSync(join(clusterDir('replica'), 'postgresql.conf'), `port = ${replicaPort}\n`);
    await pgCtl('replica', 'start');
    primary = await connect(primaryPort);
    replica = await connect(replicaPort);
    expect((await replica.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);

    const files = join(dir, 'files');
    server = await startServer(
      { env: { DATA_DIR: files }, files, drop: async () => undefined },
      {
        env: {
          DATABASE_URL: url(primaryPort),
          DATABASE_READ_URL: url(replicaPort),
          DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
        },
      },
    );
    expect(server.output()).toMatch(/PostgreSQL, reads on a replica/);
    root = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    await registerBrands(server, root, ['PG']);
    agent = await registerAgent(server, root, 1);
    // A second session that writes nothing: what it reads comes from the replica.
    reader = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    await ingest();
    await replicaCatchUpMs();
  } catch (err) {
    await teardown();
    throw err;
  }
}, 90_000);

afterAll(teardown, 60_000);
// A failure here is often the server process itself (a crash, a refused connection): its exit code
// and the end of its log, printed with the failure, say which.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail' || !server) return;
  console.error(`server exit code ${server.proc.exitCode}; its log ends:\n${server.output().slice(-6000)}`);
});

describe('reads on a streaming replica', () => {
  it('replays a write within milliseconds (the figure in docs/scaling.md)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await ingest();
      times.push(await replicaCatchUpMs());
    }
    console.log(`replica caught up with the primary in ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    expect(await listed(reader)).toBe(await onPrimary());
  });

  it('serves report and list reads from the replica; the writer sees its own write at once', async () => {
    await replica?.query('select pg_wal_replay_pause()');
    await waitFor('replay paused', async () => ((await replayPaused()) === 'paused' ? true : undefined));
    const before = await listed(reader);
    await ingest();
    // On the primary, not on the paused replica: the reader's list does not show it yet.
    expect(await onPrimary()).toBe(before + 1);
    expect(await listed(reader)).toBe(before);
    // The server's read pool is connected to the replica under its own name.
    const readers = await replica?.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where application_name = 'sapi-read'`,
    );
    expect(readers?.rows[0]?.n).toBeGreaterThan(0);

    // The writer: a player created by this session shows in its registration report at once.
    const seenBefore = await registered(root);
    const created = await request(server as ServerProcess, 'POST', '/api/v1/user/create', {
      token: root,
      body: { agent: agent._id, username: 'repl_new_player', betLimit: 100 },
    });
    expect(created.body?.status, created.text).toBe(1000);
    expect(await registered(root)).toBe(seenBefore + 1);
    // The same report to the reader, who did not write it, comes from the paused replica.
    expect(await registered(reader)).toBeLessThan(seenBefore + 1);
  });

  it('a replica behind by more than the bound leaves reads on the primary, with a log line', async () => {
    expect(await replayPaused()).toBe('paused');
    const fresh = await onPrimary();
    // Still paused: once the replica is MAX_LAG_MS behind, the reader gets the primary's rows.
    await waitFor('the reader to be served by the primary', async () =>
      (await listed(reader)) === fresh ? true : undefined,
    );
    await server?.waitForOutput(/read replica behind the bound: reads go to the primary/);
    await replica?.query('select pg_wal_replay_resume()');
    await ingest();
    await replicaCatchUpMs();
    // Back on the replica once it has caught up; the change is logged with the next routed read.
    await waitFor('the replica to serve reads again', async () => {
      await listed(reader);
      return /read replica caught up/.test(server?.output() ?? '') ? true : undefined;
    });
  });

  it('a stopped replica leaves reads on the primary without an error; a restarted one serves again', async () => {
    await replica?.end();
    replica = undefined;
    await pgCtl('replica', '-m', 'immediate', 'stop');
    await ingest();
    // Every read answers, with the primary's rows, while the replica is gone.
    for (let i = 0; i < 5; i++) expect(await listed(reader)).toBe(await onPrimary());
    expect(await registered(reader)).toBeGreaterThan(0);
    const csv = await request(server as ServerProcess, 'POST', `/api/v1/transaction/${agent._id}/export`, {
      token: reader,
      body: {},
    });
    expect(csv.status, csv.text).toBe(200);
    await server?.waitForOutput(/read replica unavailable: reads go to the primary/);
    expect(server?.output()).not.toMatch(/"statusCode":500|unhandled error/);

    await pgCtl('replica', 'start');
    replica = await connect(replicaPort);
    await server?.waitForOutput(/read replica reachable/, 2);
    // Reachable is not caught up: the bets stored while it was stopped are replayed after it starts,
    // and until the server sees them replayed the replica counts as behind its bound. A fresh bet,
    // replayed and read back, starts the paused replica's bound from now.
    await ingest();
    await replicaCatchUpMs();
    await waitFor('the reader to see the fresh bet', async () =>
      (await listed(reader)) === (await onPrimary()) ? true : undefined,
    );
    await replica.query('select pg_wal_replay_pause()');
    try {
      await waitFor('replay paused', async () => ((await replayPaused()) === 'paused' ? true : undefined));
      const before = await listed(reader);
      await ingest();
      expect(await listed(reader)).toBe(before);
    } finally {
      // Never left paused for the tests after this one.
      await replica.query('select pg_wal_replay_resume()');
    }
  });

  it('a primary that goes away (as in a failover) answers 503 with Retry-After; the server reconnects', async () => {
    await primary?.end();
    primary = undefined;
    // The pool's connections are cut; until a primary is back, requests are refused as retryable.
    await pgCtl('primary', '-m', 'fast', 'stop');
    const refused = await request(server as ServerProcess, 'POST', '/api/v1/agent/list', {
      token: root,
      body: {},
    });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body.status).toBe(9003);
    expect(refused.headers['retry-after']).toBe('5');
    const started = performance.now();
    await pgCtl('primary', 'start');
    await waitFor('a write through the server', async () => {
      const res = await sendBatch(server as ServerProcess, agent, [bet()]).catch(() => undefined);
      return res?.body?.status === 1000 ? true : undefined;
    });
    console.log(
      `primary back; first successful write ${(performance.now() - started).toFixed(0)} ms after its start began`,
    );
    await server?.waitForOutput(/database connection lost; the pool opens a new one/);
    primary = await connect(primaryPort);
    // The replica follows the restarted primary too.
    await replicaCatchUpMs();
    expect(await listed(root)).toBe(await onPrimary());
    expect(server?.proc.exitCode).toBeNull();
    expect(server?.output()).not.toMatch(/unhandled error/);
  });
});
