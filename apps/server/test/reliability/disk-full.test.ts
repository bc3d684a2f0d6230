import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  registerAgent,
  registerBrands,
  request,
  type ServerProcess,
  type SignedAgent,
  START_TIMEOUT_MS,
  type Store,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * A full disk under the real server on PGlite (docs/design.md §7): a small tmpfs the test mounts holds
 * DATA_DIR, and a filler file takes its last byte. Changes are answered 503/9003 `disk_full`, reads
 * go on, the log says it once; freeing space lets changes in again without a restart; a start on the
 * full disk names the cause instead of PGlite's "failed to initialize properly"; once space is
 * freed it starts, with every acknowledged batch stored. Needs root and a kernel that lets it mount
 * a tmpfs (CI's machine does); the 503 mapping itself is also covered without a mount by
 * test/disk-full.test.ts.
 */
const mnt = mkdtempSync(join(tmpdir(), 'sapi-disk-'));
const mounted = (() => {
  try {
    // Room for the migrated database, its first WAL segments and the reserve (lib/disk-space.ts).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=320m,mode=0700', 'tmpfs', mnt], { stdio: 'pipe' });
    return true;
  } catch {
    rmSync(mnt, { recursive: true, force: true });
    return false;
  }
})();

const dataDir = join(mnt, 'data');
const filler = join(mnt, 'filler');
const store: Store = {
  env: { DATA_DIR: dataDir },
  dataDir,
  files: dataDir,
  drop: async () => undefined,
};

/** Takes every free byte of the tmpfs (1 MiB writes, then smaller ones, until ENOSPC). */
const fillDisk = () => {
  const fd = openSync(filler, 'a');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
};
const freeDisk = () => rmSync(filler, { force: true });

const day = new Date(Date.now() - 60 * 60_000).toISOString();
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    betId: `D${from + i}`,
    betType: 'HOLD',
    betTypeFromGame: 'bet',
    gameBrand: 'PG',
    gameCode: 'g1',
    username: `pl${(from + i) % 5}`,
    amount: -((from + i) % 50) - 1,
    startDate: day,
  }));

const NO_SPACE = new RegExp(`no space left on the disk of DATA_DIR ${dataDir.replaceAll('/', '\\/')}`, 'g');

let server: ServerProcess | undefined;
let token: string;
let agent: SignedAgent;
const acknowledged = new Set<string>();

const ingest = async (batch: ReturnType<typeof rows>) => {
  if (!server) throw new Error('no server');
  const res = await sendBatch(server, agent, batch);
  if (res.body?.status === 1000) for (const r of batch) acknowledged.add(r.betId);
  return res;
};

describe.skipIf(!mounted)('a full disk under the embedded database (tmpfs)', () => {
  beforeAll(async () => {
    server = await startServer(store);
    token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    await registerBrands(server, token, ['PG']);
    agent = await registerAgent(server, token, 1);
    expect((await ingest(rows(0, 20))).body?.status).toBe(1000);
  }, START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await server?.stop();
    freeDisk();
    if (mounted) {
      execFileSync('umount', [mnt]);
      rmSync(mnt, { recursive: true, force: true });
    }
  });

  it('answers changes 503/9003 disk_full, keeps answering reads, and logs it once', async () => {
    if (!server) throw new Error('no server');
    fillDisk();
    // The free-space reading is renewed once a second: a batch sent meanwhile may still be stored.
    let first = await ingest(rows(90, 10));
    for (let i = 0; i < 20 && first.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      first = await ingest(rows(90, 10));
    }
    expect(first.status).toBe(503);
    for (let i = 0; i < 5; i++) {
      const res = await ingest(rows(100 + i * 10, 10));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 9003, data: { issues: [{ code: 'disk_full' }] } });
      expect(res.headers['retry-after']).toBeDefined();
    }
    const signIn = await request(server, 'POST', '/api/v1/admin/authorization/login', {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.body?.data?.issues?.[0]?.code).toBe('disk_full');
    // Reads, by GET and by POST with a filter, of a signed-in session.
    expect((await request(server, 'GET', '/api/v1/health')).status).toBe(200);
    const list = await request(server, 'POST', '/api/v1/agent/list', { token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body?.status).toBe(1000);
    await server.waitForOutput(NO_SPACE);
    expect(server.output().match(NO_SPACE)?.length).toBe(1);
    expect(server.output()).not.toMatch(/"status":9000|unhandled error/);
  }, 60_000);

  it('accepts changes again once space is freed, without a restart', async () => {
    freeDisk();
    // The free-space reading is renewed once a second: the same batch (idempotent) until accepted.
    let res = await ingest(rows(100, 10));
    for (let i = 0; i < 20 && res.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await ingest(rows(100, 10));
    }
    expect(res.body?.status).toBe(1000);
    await server?.waitForOutput(/space is free again/);
  }, 60_000);

  it(
    'a start on the full disk names the cause; once space is freed it starts with every acknowledged batch',
    async () => {
      if (!server) throw new Error('no server');
      expect((await ingest(rows(200, 10))).body?.status).toBe(1000);
      // A crash while the disk is full: the next start must recover the WAL.
      fillDisk();
      server.proc.kill('SIGKILL');
      await server.exited;
      server = undefined;
      const refused = await startServer(store).then(
        (s) => {
          server = s;
          return '';
        },
        (err: Error) => err.message,
      );
      expect(refused).toMatch(new RegExp(`DATA_DIR ${dataDir}: no space left`));
      expect(refused).not.toMatch(/^\s+at /m);

      freeDisk();
      server = await startServer(store);
      expect((await ingest(rows(300, 10))).body?.status).toBe(1000);
      await server.stop();
      server = undefined;

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const stored = await queryRows<{ bet_id: string }>(
          database.db,
          sql`select bet_id from transactions where agent_id = ${BigInt(agent._id)}`,
        );
        const ids = new Set(stored.map((r) => r.bet_id));
        expect([...acknowledged].filter((id) => !ids.has(id))).toEqual([]);
        expect(ids.size).toBe(stored.length);
      } finally {
        await database.close();
      }
    },
    2 * START_TIMEOUT_MS + 60_000,
  );
});
