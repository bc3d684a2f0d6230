import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  login,
  registerAgent,
  registerBrands,
  request,
  type ServerProcess,
  type SignedAgent,
  type Store,
  sendBatch,
  startServer,
} from './server-process.ts';

/**
 * The owner/app role split of docs/reliability.md ("The anchored audit chain"): the server migrates
 * and makes the ledger partitions as an owner role (DATABASE_OWNER_URL) and serves as a role that
 * owns nothing (DATABASE_URL), which therefore cannot switch the audit log's append-only trigger
 * off. On a throw-away database owned by throw-away roles, set up with the SQL the docs give.
 * PostgreSQL only (vitest.config.ts runs it in reliability-postgres only).
 */
const base = process.env.TEST_DATABASE_URL ?? '';
const tag = `${process.pid}_${Date.now()}`;
const OWNER = `sapi_t_owner_${tag}`;
const APP = `sapi_t_app_${tag}`;
// The run's prefix: global-setup drops it too if this file dies before its afterAll.
const DB = `${inject('postgresPrefix')}roles_${Date.now()}`;

/** The test server's trust authentication lets any role connect without a password. */
const urlAs = (role: string, database: string) => {
  const u = new URL(base);
  u.username = role;
  u.password = '';
  u.pathname = `/${database}`;
  return u.toString();
};
const ownerUrl = urlAs(OWNER, DB);
const appUrl = urlAs(APP, DB);

const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};
/** The SQLSTATE and message a statement fails with, or 'ok'. */
const failure = async (client: pg.Client, statement: string): Promise<string> => {
  try {
    await client.query(statement);
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return `${e.code} ${e.message}`;
  }
};
const count = async (client: pg.Client, statement: string) =>
  Number((await client.query<{ n: string }>(statement)).rows[0]?.n);

let superuser: pg.Client;
let files: string;
let store: Store;
let server: ServerProcess | undefined;
let app: pg.Client | undefined;

beforeAll(async () => {
  superuser = await connect(base);
  // As docs/reliability.md gives it, before the first start.
  await superuser.query(`CREATE ROLE ${OWNER} LOGIN`);
  await superuser.query(`CREATE ROLE ${APP} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS`);
  await superuser.query(`CREATE DATABASE ${DB} OWNER ${OWNER}`);
  const inDb = await connect(urlAs(new URL(base).username || 'postgres', DB));
  try {
    await inDb.query(`
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT USAGE ON SCHEMA public TO ${APP};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public
        GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP};
      ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public
        GRANT USAGE, SELECT ON SEQUENCES TO ${APP};`);
  } finally {
    await inDb.end();
  }
  files = mkdtempSync(join(tmpdir(), 'sapi-roles-'));
  store = {
    env: { DATABASE_URL: appUrl, DATABASE_OWNER_URL: ownerUrl, DATA_DIR: files },
    files,
    drop: async () => undefined,
  };
}, 60_000);

afterAll(async () => {
  await app?.end().catch(() => undefined);
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
  if (!superuser) return;
  await superuser.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await superuser.query(`DROP ROLE IF EXISTS ${APP}`);
  await superuser.query(`DROP ROLE IF EXISTS ${OWNER}`);
  await superuser.end();
});

describe('an app role that owns nothing beside an owner role for the schema work', () => {
  it('the app role alone cannot start on a new database: the migrations need the owner', async () => {
    const alone: Store = { ...store, env: { DATABASE_URL: appUrl, DATA_DIR: files } };
    await expect(startServer(alone)).rejects.toThrow(
      /server exited before[^\n]*\nFailed query: CREATE SCHEMA IF NOT EXISTS "drizzle": permission denied for database/,
    );
  }, 60_000);

  it('with DATABASE_OWNER_URL it starts; tables and partitions belong to the owner', async () => {
    server = await startServer(store);
    app = await connect(appUrl);
    const owners = await app.query<{ owner: string; n: string }>(
      `select tableowner as owner, count(*)::text as n from pg_tables where schemaname = 'public' group by 1`,
    );
    expect(owners.rows.map((r) => r.owner)).toEqual([OWNER]);
    expect(Number(owners.rows[0]?.n)).toBeGreaterThan(10);
    const migrations = await app.query<{ owner: string }>(
      `select tableowner as owner from pg_tables where schemaname = 'drizzle'`,
    );
    expect(migrations.rows).toEqual([{ owner: OWNER }]);
    // Last month through three ahead, made at start by the owner.
    const partitions = await app.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'transactions'::regclass and c.relname <> 'transactions_default'`,
    );
    expect(partitions.rows.length).toBeGreaterThanOrEqual(4);
    const [role] = (
      await app.query<{ me: string; su: boolean }>(
        'select current_user as me, usesuper as su from pg_user where usename = current_user',
      )
    ).rows;
    expect(role).toEqual({ me: APP, su: false });
  }, 120_000);

  let token: string;
  let agent: SignedAgent;
  const bet = (n: number) => {
    const startDate = new Date(Date.now() - 3_600_000);
    return {
      row: {
        betId: `ROLE${n}`,
        betType: 'HOLD',
        betTypeFromGame: 'bet',
        gameBrand: 'PG',
        gameCode: 'g1',
        username: 'roleplayer',
        amount: -5,
        startDate: startDate.toISOString(),
      },
      partition: `transactions_y${startDate.getUTCFullYear()}m${String(startDate.getUTCMonth() + 1).padStart(2, '0')}`,
    };
  };

  it('serves as the app role: a staff write is audited, a signed batch lands in its month partition', async () => {
    if (!server || !app) throw new Error('no server');
    token = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    agent = await registerAgent(server, token, 1);
    await registerBrands(server, token, ['PG']);
    const audited = await app.query<{ actor: string }>(
      `select actor from audit_log where entity = 'agent' and entity_id = $1`,
      [agent._id],
    );
    expect(audited.rows).toEqual([{ actor: ADMIN_USERNAME }]);

    const { row, partition } = bet(1);
    const res = await sendBatch(server, agent, [row]);
    expect(res.body?.status, res.text).toBe(1000);
    // Read straight from the partition: the default privileges made it the app's too.
    expect(await count(app, `select count(*)::text as n from ${partition} where bet_id = 'ROLE1'`)).toBe(1);
    expect(await count(app, `select count(*)::text as n from transactions_default`)).toBe(0);
  }, 60_000);

  it('the app role cannot disable, bypass or get round the append-only audit log', async () => {
    if (!server || !app) throw new Error('no server');
    const before = await count(app, 'select count(*)::text as n from audit_log');
    expect(before).toBeGreaterThan(0);

    // Only the owner may switch triggers off or drop them; only a superuser may skip them.
    expect(await failure(app, 'ALTER TABLE audit_log DISABLE TRIGGER ALL')).toBe(
      '42501 must be owner of table audit_log',
    );
    expect(await failure(app, 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete')).toBe(
      '42501 must be owner of table audit_log',
    );
    expect(await failure(app, 'DROP TRIGGER audit_log_no_update_delete ON audit_log')).toBe(
      '42501 must be owner of relation audit_log',
    );
    expect(await failure(app, 'SET session_replication_role = replica')).toMatch(/^42501 permission denied/);
    // The trigger refuses what the default privileges grant; TRUNCATE is never granted.
    expect(await failure(app, 'DELETE FROM audit_log')).toBe('P0001 audit_log is append-only');
    expect(await failure(app, "UPDATE audit_log SET actor = 'someone else'")).toBe(
      'P0001 audit_log is append-only',
    );
    expect(await failure(app, 'TRUNCATE audit_log')).toBe('42501 permission denied for table audit_log');

    // Belt and braces, as the docs give it after the first start: without the privileges at all.
    const owner = await connect(ownerUrl);
    try {
      await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP}`);
    } finally {
      await owner.end();
    }
    expect(await failure(app, 'DELETE FROM audit_log')).toBe('42501 permission denied for table audit_log');
    expect(await failure(app, "UPDATE audit_log SET actor = 'someone else'")).toBe(
      '42501 permission denied for table audit_log',
    );
    expect(await count(app, 'select count(*)::text as n from audit_log')).toBe(before);

    // And the app still works: sign-in, a staff write (audited), an ingest batch.
    const again = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD);
    const second = await registerAgent(server, again, 2);
    expect(await count(app, 'select count(*)::text as n from audit_log')).toBeGreaterThan(before);
    const { row, partition } = bet(2);
    const res = await sendBatch(server, second, [row]);
    expect(res.body?.status, res.text).toBe(1000);
    expect(await count(app, `select count(*)::text as n from ${partition} where bet_id = 'ROLE2'`)).toBe(1);
    const list = await request(server, 'POST', '/api/v1/agent/list', { token: again, body: {} });
    expect(list.body?.status, list.text).toBe(1000);
  }, 60_000);
});
