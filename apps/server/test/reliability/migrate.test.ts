import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { lockDataDir } from '../../src/lib/data-dir-lock.ts';
import { makeStore, type Store, startServer } from './server-process.ts';

/**
 * `npm run migrate`: the schema work of the server's start-up as a step of its own before a deploy
 * (a migration's backfill over the whole ledger then runs once, not inside each new server's start).
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const migrations = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

let store: Store;
beforeAll(async () => {
  store = await makeStore();
});
afterAll(() => store?.drop());

const migrate = (env: Record<string, string> = store.env) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/migrate.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
  });

describe('npm run migrate', () => {
  it('brings an empty database to the current schema, then finds it current', () => {
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`Applied ${migrations} migration\\(s\\) in [\\d.]+ s`));
    const again = migrate();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`The schema is current \\(${migrations} migrations\\)`));
  }, 120_000);

  it('refuses while another process holds the embedded database, naming why', () => {
    const dataDir = store.dataDir ?? '';
    // This test's own process holds the lock, as a running server would.
    const unlock = lockDataDir(dataDir);
    try {
      const refused = migrate();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/server\.lock|in use|another process/i);
    } finally {
      unlock();
    }
  }, 60_000);

  it('a database it cannot reach: exit 1 with the reason, never the password of its URL', () => {
    const password = 'migrate-secret-7d2f9a';
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const failed = migrate({ ...store.env, DATABASE_URL: `postgres://owner:${password}@127.0.0.1:1/sapi` });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/ECONNREFUSED|connect/i);
    expect(`${failed.stdout}${failed.stderr}`).not.toContain(password);
  }, 60_000);

  it('leaves the server nothing to migrate: it starts and answers', async () => {
    const server = await startServer(store);
    try {
      const res = await fetch(`${server.base}/api/v1/health`);
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
