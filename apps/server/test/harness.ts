import { readFileSync } from 'node:fs';
import type { AdminType } from '@sapi/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { admins } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { withDatabase } from './global-setup.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** A clock tests can move, for session expiry and throttling. */
export class TestClock {
  private t = Date.parse('2026-11-01T03:00:00.000Z');
  now = (): Date => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
  set(iso: string) {
    this.t = Date.parse(iso);
  }
}

let dbCounter = 0;

/** A throw-away PostgreSQL database cloned from the run's migrated template; `drop` removes it. */
export const clonePostgresTemplate = async (tag: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `sapi_t_${process.pid}_${tag}${Date.now()}_${dbCounter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() resolves before its connections are gone: a forced drop would then kill them
      // mid-goodbye, and the client's 57P01 error would surface as an unhandled error.
      for (let i = 0; i < 50; i++) {
        const open = await c.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};

/** A fresh, migrated database on the engine under test, copied from the run's template. */
export const freshDatabase = async (): Promise<Database> => {
  if (process.env.TEST_ENGINE === 'postgres') {
    const clone = await clonePostgresTemplate('');
    const database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize: 10 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await clone.drop();
      },
    };
  }
  const tarball = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: tarball });
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  database: Database;
  close(): Promise<void>;
  /** fastify.inject returning the parsed envelope too. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse & { body: Envelope }>;
  /** Create an account directly in the database (no audit), returning its id. */
  addAdmin(
    username: string,
    type: AdminType,
    opts?: { locked?: boolean; password?: string },
  ): Promise<string>;
  /** Sign in through the API and return the token. */
  login(username: string, password?: string): Promise<string>;
  /** Create an account of this type and sign it in. */
  tokenFor(type: AdminType): Promise<string>;
  /**
   * Re-check the session's password through the API (POST verify), as the UI does before a sensitive
   * admin-account change; the session may then make such changes for 5 minutes. Answers the token.
   */
  verify(token: string, password?: string): Promise<string>;
}

export interface Envelope {
  status: number;
  error: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  data: any;
}

let adminCounter = 0;
/** One Argon2 hash shared by every test account: hashing is deliberately slow. */
let sharedHash: Promise<string> | undefined;

export const createTestApp = async (overrides: Partial<Config> = {}): Promise<TestApp> => {
  const database = await freshDatabase();
  const clock = new TestClock();
  const config = { ...loadConfig({}), ...overrides };
  const ctx: AppContext = { db: database.db, config, now: clock.now };
  const app = await buildApp({ ctx, webRoot: '/nonexistent' });
  await app.ready();

  const call: TestApp['call'] = async ({ token, headers, ...opts }) => {
    const res = await app.inject({
      ...opts,
      headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    let body: Envelope;
    try {
      body = res.json();
    } catch {
      body = { status: -1, error: res.body, data: null };
    }
    return Object.assign(res, { body });
  };

  const addAdmin: TestApp['addAdmin'] = async (username, type, opts = {}) => {
    sharedHash ??= hashPassword(TEST_PASSWORD);
    const passwordHash =
      opts.password && opts.password !== TEST_PASSWORD ? await hashPassword(opts.password) : await sharedHash;
    const [row] = await database.db
      .insert(admins)
      .values({ username, passwordHash, type, locked: opts.locked ?? false, createdBy: 'test' })
      .returning({ id: admins.id });
    return String(row?.id);
  };

  const login: TestApp['login'] = async (username, password = TEST_PASSWORD) => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/admin/authorization/login',
      payload: { username, password },
    });
    if (res.body.status !== 1000) throw new Error(`login ${username} failed: ${res.body.error}`);
    return res.body.data.token as string;
  };

  const tokenFor: TestApp['tokenFor'] = async (type) => {
    const username = `${type.toLowerCase()}_${++adminCounter}`;
    await addAdmin(username, type);
    return login(username);
  };

  const verify: TestApp['verify'] = async (token, password = TEST_PASSWORD) => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/admin/authorization/verify',
      payload: { password },
      token,
    });
    if (res.body.status !== 1000) throw new Error(`verify failed: ${res.body.error}`);
    return token;
  };

  return {
    app,
    ctx,
    clock,
    database,
    call,
    addAdmin,
    login,
    tokenFor,
    verify,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
