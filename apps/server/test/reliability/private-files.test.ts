import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  makeStore,
  registerAgent,
  registerBrands,
  type ServerProcess,
  type Store,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * DATA_DIR is the server's user's only (docs/design.md §7): started under umask 022 — where PGlite used to
 * leave 969 of its files 0666 and the folders 0755 — every folder in it is 0700 and every file 0600,
 * while it runs and after it stops; what an earlier run left open is tightened at start, with one
 * line saying so.
 */
let store: Store;
let server: ServerProcess;
const previousUmask = process.umask(0o022);

/** Every path under `dir` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
const openToOthers = (dir: string): string[] => {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if (mode !== want) found.push(`${path} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
};

const countAll = (dir: string): number => readdirSync(dir, { recursive: true, encoding: 'utf8' }).length;

beforeAll(async () => {
  store = await makeStore();
  // As an earlier run under umask 022 left it: the folder, a subfolder and a file open to others.
  chmodSync(store.files, 0o755);
  mkdirSync(join(store.files, 'old-folder'), { mode: 0o755 });
  writeFileSync(join(store.files, 'old-folder', 'old-file'), 'x', { mode: 0o666 });
  chmodSync(join(store.files, 'old-folder', 'old-file'), 0o666);
  server = await startServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.drop();
  process.umask(previousUmask);
});

describe('DATA_DIR started under umask 022', () => {
  it('tightens what an earlier run left open, in one line', () => {
    expect(server.output().match(/made \d+ file\(s\) 0600 and \d+ folder\(s\) 0700/g)).toEqual([
      'made 1 file(s) 0600 and 2 folder(s) 0700',
    ]);
  });

  it('every folder is 0700 and every file 0600 while the server writes, and after it stops', async () => {
    const token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    await registerBrands(server, token, ['PG']);
    const agent = await registerAgent(server, token, 1);
    const day = new Date(Date.now() - 60 * 60_000).toISOString();
    const batch = Array.from({ length: 200 }, (_, i) => ({
      betId: `P${i}`,
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      gameBrand: 'PG',
      gameCode: 'g1',
      username: `pl${i % 7}`,
      amount: -((i % 50) + 1),
      startDate: day,
    }));
    expect((await sendBatch(server, agent, batch)).body?.status).toBe(1000);
    // The audit checkpoint log is appended to within a second of the chain moving.
    while (!existsSync(join(store.files, 'audit-checkpoints.log')))
      await new Promise((r) => setTimeout(r, 100));
    expect(countAll(store.files)).toBeGreaterThan(100);
    expect(openToOthers(store.files)).toEqual([]);

    await server.stop();
    expect(openToOthers(store.files)).toEqual([]);
    expect(readdirSync(store.files)).toEqual(expect.arrayContaining(['audit.key', 'totp.key']));
  }, 120_000);
});
