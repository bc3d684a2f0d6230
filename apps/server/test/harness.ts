import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { type AdminType, api, type DataOf, type RouteDef } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { admins, sessions } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { newToken, sha256Hex } from '../src/lib/tokens.ts';
import {
  type Answer,
  type CallArgs,
  callRoute,
  type RawAnswer,
  type RawRequest,
  rawCall,
  routeData,
} from './calls.ts';
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

/**
 * Waits (up to a second) until no session is connected to database `name` of the server at `url`:
 * pool.end() resolves before its connections are gone, and a forced drop would then kill them
 * mid-goodbye, the client's 57P01 error surfacing as an unhandled error.
 */
const untilClosed = async (url: string, name: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (let i = 0; i < 50; i++) {
    const open = await c.query('select 1 from pg_stat_activity where datname = $1 and backend_type = $2', [
      name,
      'client backend',
    ]);
    if (open.rowCount === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await c.end();
};

/** A throw-away PostgreSQL database cloned from the run's migrated template; `drop` removes it. */
export const clonePostgresTemplate = async (tag: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `${inject('postgresPrefix')}${tag}${Date.now()}_${dbCounter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    drop: async () => {
      await untilClosed(base, name);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};

/**
 * A throw-away Citus database: the run's template copied on the coordinator and on every worker under
 * one name (the coordinator reaches a worker's shards in the database of its own name); `drop` removes
 * every copy.
 */
export const cloneCitusTemplate = async (tag: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const coordinator = process.env.CITUS_TEST_URL ?? '';
  const nodes = [coordinator, ...inject('citusWorkers')];
  const name = `${inject('postgresPrefix')}${tag}${Date.now()}_${dbCounter++}`;
  const onEachNode = async (statement: string) => {
    for (const node of nodes) {
      const admin = new pg.Client({ connectionString: node });
      await admin.connect();
      try {
        await admin.query(statement);
      } finally {
        await admin.end();
      }
    }
  };
  await onEachNode(`create database ${name} template ${inject('citusTemplate')}`);
  return {
    url: withDatabase(coordinator, name),
    drop: async () => {
      await untilClosed(coordinator, name);
      // The coordinator's connections to the workers close with its sessions; a forced drop ends any left.
      // Citus's maintenance daemon may connect again between the drop's ending of sessions and the drop
      // (55006 "is being accessed by other users"): the drop is tried again then.
      for (let attempt = 1; ; attempt++) {
        try {
          await onEachNode(`drop database if exists ${name} with (force)`);
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 10) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    },
  };
};

/** A fresh, migrated database on the engine under test, copied from the run's template. */
export const freshDatabase = async (): Promise<Database> => {
  const engine = process.env.TEST_ENGINE;
  if (engine === 'postgres' || engine === 'citus') {
    const clone = engine === 'citus' ? await cloneCitusTemplate('') : await clonePostgresTemplate('');
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
  /** Call a contract route: typed body and params in, the answer with its typed data out. */
  api<R extends RouteDef>(def: R, ...options: CallArgs<R>): Promise<Answer<R>>;
  /** A contract route's data; throws naming the status and error unless it answered 1000. */
  ok<R extends RouteDef>(def: R, ...options: CallArgs<R>): Promise<DataOf<R>>;
  /**
   * A request no contract route describes (malformed JSON, raw URLs and encodings, unknown paths):
   * untyped, its envelope's data `unknown`.
   */
  raw(request: RawRequest): Promise<RawAnswer>;
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
   * Create an account of this type with a session written straight to the database, re-checked
   * (`verify`) now when asked: no Argon2 on the way, for tests of what a session may do rather than
   * of signing in.
   */
  sessionFor(type: AdminType, opts?: { verified?: boolean }): Promise<string>;
  /**
   * Re-check the session's password through the API (POST verify), as the UI does before a sensitive
   * admin-account change; the session may then make such changes for 5 minutes. Answers the token.
   */
  verify(token: string, password?: string): Promise<string>;
}

let adminCounter = 0;
/** One Argon2 hash shared by every test account: hashing is deliberately slow. */
let sharedHash: Promise<string> | undefined;

export const createTestApp = async (overrides: Partial<Config> = {}): Promise<TestApp> => {
  const database = await freshDatabase();
  const clock = new TestClock();
  // A fixed key: tests must not write a key file into the working directory.
  const config = {
    ...loadConfig({ TOTP_KEY: 'test-totp-key-0123456789abcdefghijklmnop', CHECK_ANSWERS: 'on' }),
    ...overrides,
  };
  const ctx: AppContext = { db: database.db, config, now: clock.now };
  // TEST_LOG=error (or another level) prints the app's log to stderr, e.g. to read a 9000's cause.
  const level = process.env.TEST_LOG;
  const app = await buildApp({ ctx, webRoot: '/nonexistent', logger: level ? { level } : false });
  await app.ready();

  const callApi: TestApp['api'] = (def, ...[options]) => callRoute(app, def, options);
  const ok: TestApp['ok'] = (def, ...[options]) => routeData(app, def, options);

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
    const { token } = await ok(api.login, { body: { username, password } });
    return token;
  };

  const tokenFor: TestApp['tokenFor'] = async (type) => {
    const username = `${type.toLowerCase()}_${++adminCounter}`;
    await addAdmin(username, type);
    return login(username);
  };

  const sessionFor: TestApp['sessionFor'] = async (type, opts = {}) => {
    const adminId = await addAdmin(`${type.toLowerCase()}_${++adminCounter}`, type);
    const token = newToken();
    const now = clock.now();
    await database.db.insert(sessions).values({
      tokenHash: sha256Hex(token),
      adminId: BigInt(adminId),
      ip: null,
      createdAt: now,
      lastSeenAt: now,
      // Well inside the product's absolute lifetime; tests that move the clock sign in instead.
      expiresAt: new Date(now.getTime() + 60 * 60_000),
      verifiedAt: opts.verified ? now : null,
    });
    return token;
  };

  const verify: TestApp['verify'] = async (token, password = TEST_PASSWORD) => {
    await ok(api.verify, { token, body: { password } });
    return token;
  };

  return {
    app,
    ctx,
    clock,
    database,
    api: callApi,
    ok,
    raw: (request) => rawCall(app, request),
    addAdmin,
    login,
    tokenFor,
    sessionFor,
    verify,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/**
 * A second app on a test app's database whose log lines the test reads (secrets must not be there).
 * Not made ready, so a test may still add routes; `inject` and `listen` make it ready.
 */
export interface LoggedApp {
  app: FastifyInstance;
  /** Every line logged so far; `lines.length = 0` forgets them. */
  lines: string[];
  /** All the lines as one text. */
  text(): string;
}

/** `debug` and below also log Fastify's line per request (`incoming request`, `request completed`). */
export const loggedApp = async (
  ctx: AppContext,
  level: 'info' | 'debug' | 'trace' = 'info',
): Promise<LoggedApp> => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ ctx, logger: { level, stream }, webRoot: '/nonexistent' });
  return { app, lines, text: () => lines.join('') };
};
