import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Start one of the bench's helper servers (`node --import tsx <script>`) as its own process, and
 * answer once it prints `ready`; `stop` ends it. Its output is kept for the error if it exits early.
 */
export const startChild = async (
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<{ stop: () => void }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', `${here}${script}`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes(ready)) resolve();
      });
      child.stderr?.on('data', (d: Buffer) => {
        output += d.toString();
      });
      child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
    });
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { stop: () => child.kill('SIGTERM') };
};

/**
 * The helper server's own side: run `start` — which opens what it serves, prints its ready line and
 * answers how to close it all — then close and exit on SIGTERM or SIGINT; exit 1 with the error if
 * starting fails.
 */
export const serveUntilStopped = (start: () => Promise<() => Promise<void>>) => {
  start().then(
    (close) => {
      const stop = async () => {
        await close();
        process.exit(0);
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
};
