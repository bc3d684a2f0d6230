import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { onlyReads } from '../src/http/disk-full.ts';
import { registerErrorHandling } from '../src/http/error-handler.ts';
import { freshDatabase } from './harness.ts';

/**
 * A full disk answers 503/9003 `disk_full`, never 500 (docs/design.md §7), on either engine and whichever
 * layer says so: the database's disk_full (SQLSTATE 53100, raised here by the engine under test), a
 * file the server appends to (Node's ENOSPC), PGlite's file layer (Emscripten's ErrnoError 51). The
 * log says it once, not once per request. The real thing, on a small disk, is
 * test/reliability/disk-full.test.ts.
 */
let database: Database;
const lines: string[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  database = await freshDatabase();
  registerErrorHandling(app);
  app.post('/disk-full/database', async () => {
    await database.db.execute(
      sql.raw(`do $$ begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$`),
    );
    return { ok: true };
  });
  app.post('/disk-full/file', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  });
  app.post('/disk-full/pglite', async () => {
    throw Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a full disk', () => {
  it('answers 503/9003 disk_full with Retry-After for each layer that reports it, and logs it once', async () => {
    for (const path of ['database', 'file', 'pglite', 'database', 'database']) {
      const res = await app.inject({ method: 'POST', url: `/disk-full/${path}` });
      expect(res.statusCode, path).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ status: 9003, data: { issues: [{ code: 'disk_full' }] } });
    }
    expect(lines.filter((l) => l.includes('no space left')).length).toBe(1);
    expect(lines.join('')).not.toMatch(/unhandled error/);
  });

  it('reads sent as POST pass the embedded guard; changes and unknown paths do not', () => {
    expect(onlyReads('GET', '/api/v1/health')).toBe(true);
    expect(onlyReads('POST', '/api/v1/agent/list')).toBe(true);
    expect(onlyReads('POST', '/api/v1/summary/:agentId/game/daily/all')).toBe(true);
    expect(onlyReads('POST', '/api/v1/transaction/:agentId/get/:listId')).toBe(true);
    expect(onlyReads('POST', '/api/v1/ingest/transactions')).toBe(false);
    expect(onlyReads('POST', '/api/v1/admin/authorization/login')).toBe(false);
    expect(onlyReads('POST', '/api/v1/agent/register')).toBe(false);
    expect(onlyReads('PUT', '/api/v1/agent/update/:id')).toBe(false);
    expect(onlyReads('DELETE', '/api/v1/user/delete/:id')).toBe(false);
    expect(onlyReads('POST', undefined)).toBe(false);
  });
});
