import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** Every PostgreSQL database a test file makes starts with it, so the teardown finds leftovers. */
    postgresPrefix: string;
    /** The Citus template database's name, on the coordinator and on every worker. */
    citusTemplate: string;
    /** The workers' connection URLs (their maintenance database), as the coordinator lists them. */
    citusWorkers: string[];
  }
}

interface Template {
  /** The PGlite tarball's path, or the PostgreSQL template database's name. */
  value: string;
  drop(): Promise<void>;
}

/**
 * One template per engine for the whole Vitest process, however many projects test that engine.
 * Each project loads this module afresh, so the templates live on `globalThis`; the last project to
 * finish removes them.
 */
const shared = globalThis as typeof globalThis & {
  sapiTestTemplates?: Map<string, { template: Promise<Template>; users: number }>;
};
shared.sapiTestTemplates ??= new Map();
const templates = shared.sapiTestTemplates;

const acquire = (engine: string, make: () => Promise<Template>) => {
  let entry = templates.get(engine);
  if (!entry) {
    entry = { template: make(), users: 0 };
    templates.set(engine, entry);
  }
  entry.users++;
  const { template } = entry;
  const release = async () => {
    const current = templates.get(engine);
    if (!current || --current.users > 0) return;
    templates.delete(engine);
    await (await template).drop();
  };
  return { template, release };
};

/** Every PostgreSQL database of this process starts with it. */
const postgresPrefix = `sapi_t_${process.pid}_`;

const postgresTemplate = async (url: string): Promise<Template> => {
  const name = `sapi_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  return {
    value: name,
    drop: async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
        [postgresPrefix, name],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    },
  };
};

/** A connected client; `end` when done. */
const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};

/**
 * The workers of the Citus coordinator at `url`, as URLs with the coordinator's user and password and
 * the worker's host and port (the maintenance database's name kept); refuses a database that is not a
 * Citus coordinator with workers.
 */
const citusWorkers = async (url: string): Promise<string[]> => {
  const admin = await connect(url);
  try {
    const [citus] = (
      await admin.query<{ n: string }>(`select count(*) as n from pg_extension where extname = 'citus'`)
    ).rows;
    if (citus?.n !== '1')
      throw new Error(
        `CITUS_TEST_URL (${redacted(url)}) is not a Citus coordinator: its database has no citus extension ` +
          '(node scripts/citus-cluster.mjs start makes one)',
      );
    const { rows } = await admin.query<{ nodename: string; nodeport: number }>(
      `select nodename, nodeport from pg_dist_node where groupid <> 0 and noderole = 'primary' and isactive
       order by nodeid`,
    );
    if (rows.length === 0)
      throw new Error(`the Citus coordinator at CITUS_TEST_URL (${redacted(url)}) has no active workers`);
    return rows.map(({ nodename, nodeport }) => {
      const u = new URL(url);
      u.hostname = nodename;
      u.port = String(nodeport);
      return u.toString();
    });
  } finally {
    await admin.end();
  }
};

/** A URL without its password, for messages. */
const redacted = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/**
 * The Citus template: a database of the same name on the coordinator and on every worker, each with
 * the extension; the coordinator's lists the workers, and the migrations (whose Citus steps then
 * distribute the ledger) run on it. Test files copy it node by node (`create database … template`),
 * which copies the shards with their metadata. The template then accepts no connections: the
 * extension's maintenance daemon would otherwise connect to it again, and PostgreSQL copies no
 * database another session is connected to.
 */
const citusTemplate = async (url: string, workers: string[]): Promise<Template> => {
  const name = `sapi_tpl_${process.pid}`;
  const nodes = [url, ...workers];
  for (const node of nodes) {
    const admin = await connect(node);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await connect(withDatabase(node, name));
    await database.query('create extension citus');
    await database.end();
  }
  const coordinator = await connect(withDatabase(url, name));
  const { hostname, port } = new URL(url);
  await coordinator.query('select citus_set_coordinator_host($1, $2)', [hostname, Number(port || 5432)]);
  for (const worker of workers) {
    const w = new URL(worker);
    await coordinator.query('select citus_add_node($1, $2)', [w.hostname, Number(w.port || 5432)]);
  }
  await coordinator.end();
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  for (const node of nodes) await closeTemplate(node, name);
  return {
    value: name,
    drop: async () => {
      for (const node of nodes) {
        const admin = await connect(node);
        const leftovers = await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
          [postgresPrefix, name],
        );
        for (const { datname } of leftovers.rows)
          await admin.query(`drop database if exists ${datname} with (force)`);
        await admin.end();
      }
    },
  };
};

/** No more connections to `name` on the node, and none left open (the maintenance daemon's). */
const closeTemplate = async (nodeUrl: string, name: string) => {
  const admin = await connect(nodeUrl);
  await admin.query(`alter database ${name} with allow_connections false`);
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  await admin.end();
};

const pgliteTemplate = async (): Promise<Template> => {
  const dir = mkdtempSync(join(tmpdir(), 'sapi-tpl-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  if (!database.dumpDataDir) throw new Error('the embedded driver cannot dump its data directory');
  const dump = await database.dumpDataDir();
  const file = join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { value: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * Migrate one template database per engine and run; every test file then starts from a copy of it
 * (a fresh PGlite takes seconds to initialise, a copy a fraction of that).
 */
export default async function setup(project: TestProject) {
  // Project env does not reach global setup; the project's name says which engine it tests.
  if (project.name.endsWith('-postgres')) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url)
      throw new Error(`TEST_DATABASE_URL is required for the PostgreSQL test project ${project.name}`);
    const { template, release } = acquire('postgres', () => postgresTemplate(url));
    project.provide('postgresTemplate', (await template).value);
    project.provide('postgresPrefix', postgresPrefix);
    project.provide('pgliteTemplate', '');
    project.provide('citusTemplate', '');
    project.provide('citusWorkers', []);
    return release;
  }
  if (project.name.endsWith('-citus')) {
    const url = process.env.CITUS_TEST_URL;
    if (!url)
      throw new Error(
        `CITUS_TEST_URL is required for the Citus test project ${project.name}: the URL of a Citus ` +
          'coordinator database with its workers added (node scripts/citus-cluster.mjs start)',
      );
    const workers = await citusWorkers(url);
    const { template, release } = acquire('citus', () => citusTemplate(url, workers));
    project.provide('citusTemplate', (await template).value);
    project.provide('citusWorkers', workers);
    project.provide('postgresPrefix', postgresPrefix);
    project.provide('postgresTemplate', '');
    project.provide('pgliteTemplate', '');
    return release;
  }
  const { template, release } = acquire('pglite', pgliteTemplate);
  project.provide('pgliteTemplate', (await template).value);
  project.provide('postgresTemplate', '');
  project.provide('postgresPrefix', '');
  project.provide('citusTemplate', '');
  project.provide('citusWorkers', []);
  return release;
}

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
