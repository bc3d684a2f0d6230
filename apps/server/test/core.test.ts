import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, issueText } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { rawCall } from './calls.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('envelope and status codes', () => {
  it('health answers 200 without a session', async () => {
    const res = await t.api(api.health);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 1000, error: null, data: { ok: true } });
  });

  it('malformed JSON → 400 in the envelope', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/api/v1/admin/authorization/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.status).toBe(2001);
    expect(res.error).toMatch(/JSON/);
  });

  it('a body over 1 MiB → 413 in the envelope', async () => {
    const res = await t.api(api.login, { body: { username: 'a', password: 'x'.repeat(1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.error).toMatch(/1 MiB/);
  });

  it('an unknown /api path → 404 JSON, never the SPA', async () => {
    for (const url of ['/api/v1/nothing/here', '/api/v2/health', '/api']) {
      const res = await t.raw({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.status).toBe(2004);
    }
  });

  it('an internal error → 9000 with a request id and no internals', async () => {
    const local = await createTestApp();
    const token = await local.tokenFor('SUPERADMIN');
    await local.database.close();
    const res = await local.api(api.adminList, { token, body: {} });
    expect(res.statusCode).toBe(500);
    expect(res.status).toBe(9000);
    const { requestId } = z.object({ requestId: z.string().min(1) }).parse(res.body?.data);
    expect(res.error).toContain(requestId);
    expect(res.error).not.toMatch(/select|closed|pglite|stack|at /i);
    await local.app.close();
  });

  it('sets the security headers of docs/design.md §7 on success and failure alike', async () => {
    for (const res of [await t.api(api.health), await t.api(api.adminList, { body: {} })]) {
      const csp = String(res.headers['content-security-policy']);
      for (const d of [
        "default-src 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(d);
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('SPA fallback', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sapi-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>S.API</title>');
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    app = await buildApp({ ctx: t.ctx, webRoot: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for client routes and assets with a long cache', async () => {
    const page = await app.inject({ method: 'GET', url: '/agent/list?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>S.API</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const unknown = await rawCall(app, { method: 'GET', url: '/api/v1/unknown?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.status).toBe(2004);
    // The reason says which call does not exist, in the words the web shows (unknown_path).
    expect(unknown.body?.data).toEqual({
      issues: [
        {
          path: '',
          code: 'unknown_path',
          params: { method: 'GET', path: '/api/v1/unknown' },
          message: 'Unknown API path: GET /api/v1/unknown',
        },
      ],
    });
    const upper = await rawCall(app, { method: 'POST', url: '/API/V1/agent/list' });
    expect(upper.statusCode).toBe(404);
    expect(upper.body?.data).toMatchObject({
      issues: [{ code: 'unknown_path', params: { path: '/API/V1/agent/list' } }],
    });
    expect(
      issueText({ code: 'unknown_path', params: { method: 'GET', path: '/api/v1/unknown' } }, 'th'),
    ).toBe('ไม่มีคำสั่ง GET /api/v1/unknown ใน API นี้');
  });

  it('answers 404 for a missing built file under /assets/, never the page in its place', async () => {
    for (const url of ['/assets/app-old.js', '/assets/missing.css', '/assets/nested/x.js?v=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect([res.statusCode, method, url]).toEqual([404, method, url]);
        expect(res.body).not.toContain('<title>S.API</title>');
        expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    // A client route still gets the page.
    expect((await app.inject({ method: 'GET', url: '/assets-report' })).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('has the docs/design.md §8 defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      REPORT_TIMEZONE: 'Asia/Bangkok',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ PORT: 'eighty' }, /^Configuration error: PORT .*\(got "eighty"\)$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Configuration error: DATABASE_URL must be a postgres/],
    [{ REPORT_TIMEZONE: 'Mars/Olympus' }, /^Configuration error: REPORT_TIMEZONE must be an IANA/],
    [{ LOG_LEVEL: 'loud' }, /^Configuration error: LOG_LEVEL/],
    [{ ADMIN_PASSWORD: 'short' }, /^Configuration error: ADMIN_PASSWORD must be 8 to 128 characters$/],
    ...['1e309', '-1e309', '-1', '0.5', '600001', '9223372036854775808', 'NaN', 'ten'].map(
      (v): [Record<string, string>, RegExp] => [
        { SHUTDOWN_GRACE_MS: v },
        /^Configuration error: SHUTDOWN_GRACE_MS /,
      ],
    ),
    // The key is never echoed, not even when it is refused.
    [{ AUDIT_KEY: 'too-short-key' }, /^Configuration error: AUDIT_KEY must be at least 32 characters$/],
  ])('stops on %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a shutdown grace of 0 (and −0) to 600,000 ms, 10,000 by default', () => {
    expect(loadConfig({}).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '600000' }).SHUTDOWN_GRACE_MS).toBe(600_000);
    expect(Object.is(loadConfig({ SHUTDOWN_GRACE_MS: '-0' }).SHUTDOWN_GRACE_MS + 0, 0)).toBe(true);
  });

  it('takes DATABASE_OWNER_URL beside DATABASE_URL, and refuses it alone without printing a password', () => {
    const urls = {
      DATABASE_URL: 'postgres://sapi_app:app-secret@db:5432/sapi',
      DATABASE_OWNER_URL: 'postgresql://sapi_owner:owner-secret@db:5432/sapi',
    };
    expect(loadConfig(urls)).toMatchObject(urls);
    expect(loadConfig({}).DATABASE_OWNER_URL).toBeUndefined();
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return err instanceof ConfigError ? err.message : String(err);
      }
      return 'accepted';
    };
    const alone = refused({ DATABASE_OWNER_URL: urls.DATABASE_OWNER_URL });
    expect(alone).toBe(
      'Configuration error: DATABASE_OWNER_URL needs DATABASE_URL too (the app role, on the same PostgreSQL database) (got "postgresql://sapi_owner:***@db:5432/sapi")',
    );
    for (const [name, value, shown] of [
      ['DATABASE_OWNER_URL', 'mysql://root:s3cr@t/x@db/sapi', 'mysql://root:***@db/sapi'],
      ['DATABASE_URL', 'pg://app:p%40ss@db/sapi?password=again', 'pg://app:***@db/sapi?password=***'],
    ] as const) {
      const line = refused({ ...urls, [name]: value });
      expect(line).toBe(
        `Configuration error: ${name} must be a postgres:// or postgresql:// URL (got "${shown}")`,
      );
      expect(line).not.toMatch(/s3cr|p%40ss|again|secret/);
    }
  });

  it('takes DATABASE_READ_URL beside DATABASE_URL only: PGlite has no replicas', () => {
    const urls = {
      DATABASE_URL: 'postgres://sapi_app:app-secret@db:5432/sapi',
      DATABASE_READ_URL: 'postgres://sapi_app:app-secret@replica:5432/sapi',
    };
    expect(loadConfig(urls)).toMatchObject({ ...urls, DATABASE_READ_MAX_LAG_MS: 5_000 });
    expect(loadConfig({}).DATABASE_READ_URL).toBeUndefined();
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return err instanceof ConfigError ? err.message : String(err);
      }
      return 'accepted';
    };
    expect(refused({ DATABASE_READ_URL: urls.DATABASE_READ_URL })).toBe(
      'Configuration error: DATABASE_READ_URL needs DATABASE_URL: read replicas are PostgreSQL streaming replicas, and the embedded PGlite (DATABASE_URL unset) has none (got "postgres://sapi_app:***@replica:5432/sapi")',
    );
    for (const lag of ['99', '600001', '1e309', '-0', 'NaN', '5s']) {
      expect(refused({ ...urls, DATABASE_READ_MAX_LAG_MS: lag })).toMatch(
        /^Configuration error: DATABASE_READ_MAX_LAG_MS /,
      );
    }
    expect(loadConfig({ ...urls, DATABASE_READ_MAX_LAG_MS: '100' }).DATABASE_READ_MAX_LAG_MS).toBe(100);
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8 , 2001:db8::/32,::1 ', ['10.0.0.0/8', '2001:db8::/32', '::1']],
  ])('reads TRUST_PROXY=%j as %j (a hop count, not "trust all", for 1)', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ['true', /^Configuration error: TRUST_PROXY .*leftmost X-Forwarded-For entry, which the client writes/],
    ['yes', /^Configuration error: TRUST_PROXY must be false, a hop count/],
    ['10.0.0.0/33', /^Configuration error: TRUST_PROXY must be false, a hop count/],
    ['10.0.0.1,proxy.local', /^Configuration error: TRUST_PROXY must be false, a hop count/],
    ['99', /^Configuration error: TRUST_PROXY must be false, a hop count/],
  ])('refuses TRUST_PROXY=%j with one line', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe('DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, and takes over a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sapi-lock-'));
    try {
      const release = lockDataDir(dir);
      // Pretend another live process holds it: our parent is alive and not us.
      writeFileSync(join(dir, 'server.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(/in use by another server process/);
      // A lock whose process is gone is stale.
      writeFileSync(join(dir, 'server.lock'), '2147483646');
      const again = lockDataDir(dir);
      again();
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
