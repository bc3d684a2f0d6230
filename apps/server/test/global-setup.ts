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
    return release;
  }
  const { template, release } = acquire('pglite', pgliteTemplate);
  project.provide('pgliteTemplate', (await template).value);
  project.provide('postgresTemplate', '');
  project.provide('postgresPrefix', '');
  return release;
}

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
