import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const entry = `${root}/apps/server/dist/main.js`;

/** The server bundle the product runs (`npm start`), rebuilt so it is the code of this checkout. */
export const buildServer = () => {
  console.log('Building the server bundle…');
  const built = spawnSync('npm', ['run', 'build', '-w', '@sapi/server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
};

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first healthy answer. */
  startupMs: number;
  /** Resident memory now and at its peak (VmRSS / VmHWM), in MiB. */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

const kib = (status: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);

/** Does something already listen on the port (another engineer's bench, whose server would answer ours)? */
const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Start the built server as its own process and wait until it answers. */
export const startServer = async (env: Record<string, string>, port: number): Promise<RunningServer> => {
  if (await portTaken(port)) {
    throw new Error(`port ${port} is in use by another process: give the bench another --port`);
  }
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start-up:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    pid: child.pid ?? 0,
    startupMs,
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return { rss: kib(status, 'VmRSS') / 1024, peak: kib(status, 'VmHWM') / 1024 };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
