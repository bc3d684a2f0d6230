import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signBody } from '../../src/features/ingest/signature.ts';
import { brandProvider } from '../factories.ts';
import { clonePostgresTemplate } from '../harness.ts';

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`, from source, so
 * the suite does not depend on the build), on a throw-away PGlite data directory or PostgreSQL
 * database of the engine under test.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const main = join(root, 'apps/server/src/main.ts');

export const ADMIN_USERNAME = 'relroot';
/** Distinctive, so a leak into the logs is easy to find. */
export const ADMIN_PASSWORD = `Rel-${randomBytes(9).toString('hex')}`;

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

/** Where a server keeps its data: a PGlite directory, or a PostgreSQL database made for the test. */
export interface Store {
  env: Record<string, string>;
  /** PGlite only. */
  dataDir?: string;
  /** PostgreSQL only. */
  url?: string;
  /** The server's DATA_DIR (on PostgreSQL too: the audit key and checkpoint log live there). */
  files: string;
  drop(): Promise<void>;
}

export const makeStore = async (): Promise<Store> => {
  if (process.env.TEST_ENGINE === 'postgres') {
    const clone = await clonePostgresTemplate('rel_');
    // The server keeps files there too (the audit key and checkpoints), never in the repository.
    const dataDir = mkdtempSync(join(tmpdir(), 'sapi-rel-'));
    return {
      env: { DATABASE_URL: clone.url, DATA_DIR: dataDir },
      url: clone.url,
      files: dataDir,
      drop: async () => {
        await clone.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sapi-rel-'));
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    files: dataDir,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

export interface ServerProcess {
  proc: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once a line matching the pattern has been written `count` times. */
  waitForOutput(pattern: RegExp, count?: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** How long a start may take before the test gives up on it. */
export const START_TIMEOUT_MS = 240_000;

export const startServer = async (
  store: Store,
  /** `fileLimit`: the server's limit on open files (`ulimit -n`), through a shell that execs node. */
  opts: { port?: number; env?: Record<string, string>; fileLimit?: number } = {},
): Promise<ServerProcess> => {
  const port = opts.port ?? (await freePort());
  const node = [process.execPath, '--import', 'tsx', main];
  const [command = '', ...args] =
    opts.fileLimit === undefined
      ? node
      : ['bash', '-c', `ulimit -n ${opts.fileLimit} && exec "$@"`, 'bash', ...node];
  const proc = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      // With the line per request: tests wait for `incoming request` and search every line for secrets.
      LOG_LEVEL: 'debug',
      CHECK_ANSWERS: 'on',
      WEB_DIST: '/nonexistent',
      ...store.env,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const l of listeners) l();
  });
  const base = `http://127.0.0.1:${port}`;

  const waitForOutput: ServerProcess['waitForOutput'] = (pattern, count = 1, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const global = new RegExp(
        pattern.source,
        pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
      );
      const check = () => {
        if ((out.match(global)?.length ?? 0) >= count) done(resolve);
        else if (gone) done(() => reject(new Error(`server exited before ${pattern}:\n${out.slice(-3000)}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`timed out waiting for ${pattern}:\n${out.slice(-3000)}`))),
        timeoutMs,
      );
      const done = (fn: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        fn();
      };
      listeners.add(check);
      check();
    });

  const server: ServerProcess = {
    proc,
    pid: proc.pid ?? 0,
    port,
    base,
    output: () => out,
    exited,
    waitForOutput,
    stop: async () => {
      if (!gone) proc.kill('SIGTERM');
      const res = await Promise.race([
        exited,
        new Promise<null>((r) => setTimeout(() => r(null), 20_000).unref()),
      ]);
      if (res === null) {
        proc.kill('SIGKILL');
        await exited;
      }
    },
  };
  // Ready when it listens and the database answers. A fresh embedded database migrates first: some
  // 10 s alone, minutes on a machine whose two cores run other suites (a start that fails says so
  // at once, by exiting).
  await waitForOutput(/S\.API back-office on http/, 1, START_TIMEOUT_MS);
  const health = await request(server, 'GET', '/api/v1/health');
  if (health.status !== 200) throw new Error(`health answered ${health.status}`);
  return server;
};

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  body: any;
}

/** One HTTP request on its own connection (no keep-alive pool to blur what happened when). */
export const request = (
  server: { base: string },
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const req = http.request(
      `${server.base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            body = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

export const login = async (server: { base: string }, username: string, password: string) => {
  const res = await request(server, 'POST', '/api/v1/admin/authorization/login', {
    body: { username, password },
  });
  if (res.body?.status !== 1000) throw new Error(`login ${username}: ${res.text}`);
  return res.body.data.token as string;
};

export interface SignedAgent {
  _id: string;
  apiKey: string;
  secret: string;
}

/** Register game providers by codename over HTTP: ingest refuses bets of an unregistered brand. */
export const registerBrands = async (
  server: { base: string },
  token: string,
  codenames: readonly string[],
) => {
  for (const codename of codenames) {
    const res = await request(server, 'POST', '/api/v1/adapter/create', {
      token,
      body: brandProvider(codename),
    });
    if (res.body?.status !== 1000) throw new Error(`adapter create: ${res.text}`);
  }
};

export const registerAgent = async (server: { base: string }, token: string, n: number) => {
  const res = await request(server, 'POST', '/api/v1/agent/register', {
    token,
    body: {
      username: `relagent_${n}`,
      password: 'agent-password-1',
      endpoint: `https://agent${n}.example.com/callback`,
      games: [],
      prefix: `ra${String(n).padStart(4, '0')}`,
      code: `RA-${n}`,
      agentType: 'AGENT',
    },
  });
  if (res.body?.status !== 1000) throw new Error(`agent register: ${res.text}`);
  return res.body.data as SignedAgent;
};

/** A signed ingest batch over HTTP (docs/design.md §9), stamped with the real clock. */
export const sendBatch = (server: { base: string }, agent: SignedAgent, transactions: unknown[]) => {
  const raw = JSON.stringify({ transactions });
  const timestamp = String(Date.now());
  return request(server, 'POST', '/api/v1/ingest/transactions', {
    raw,
    headers: {
      'x-api-key': agent.apiKey,
      'x-timestamp': timestamp,
      'x-signature': signBody(agent.secret, timestamp, raw),
    },
  });
};
