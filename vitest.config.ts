import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const engines = postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
type Engine = (typeof engines)[number] | 'citus';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/** Server tests that touch no database: once, in `unit`, not once per engine. */
const serverUnitTests = [
  'apps/server/src/lib/**/*.test.ts',
  'apps/server/src/**/log-redaction.test.ts',
  'apps/server/src/http/serializer.test.ts',
  'apps/server/src/features/report/totals.test.ts',
  'apps/server/src/features/demo/**/*.test.ts',
  'apps/server/bench/**/*.test.ts',
];
const reliabilityDir = 'apps/server/test/reliability';

/**
 * The reliability suite runs each file once, on the engine where its promise matters:
 * - `default`: the promise does not depend on the engine; runs on PGlite, the default engine.
 * - `production`: a promise about the production database; PostgreSQL when TEST_DATABASE_URL is
 *   set, else PGlite.
 * - `both`: the two engines keep the promise by different means, so each is tested.
 * - `postgres`: only PostgreSQL can host it; skipped without TEST_DATABASE_URL.
 */
const reliability: Record<string, 'default' | 'production' | 'both' | 'postgres'> = {
  // Refused by the contract before any query; "nothing written" counts rows the same way on both.
  'bad-input.test.ts': 'default',
  // Sizes checked arithmetically before work; a database refusal is mapped from its SQLSTATE, which
  // both drivers report alike.
  'bounded-input.test.ts': 'default',
  // Names with invisible characters refused and validation answers capped: by the contract and the
  // error handler, the same on both engines (run on each, as issue 38 asks).
  'text-input.test.ts': 'both',
  // Headers, credentials at rest, the IP cap: decided by the app, whatever stores the rows.
  'security.test.ts': 'default',
  // Timeouts and connection caps belong to the HTTP server, whatever stores the rows.
  'connections.test.ts': 'default',
  // The redacted error is the same protocol-level error object on both drivers.
  'log-secrets.test.ts': 'default',
  // A SIGKILL of the embedded engine's process is a crash of the database itself (its WAL, its lock
  // file); on PostgreSQL the database outlives the app process.
  'lifecycle.test.ts': 'default',
  // A full disk under the embedded database (a tmpfs the test mounts); PostgreSQL's disk_full maps to
  // the same answer by its SQLSTATE (test/disk-full.test.ts, both engines).
  'disk-full.test.ts': 'default',
  // The modes of DATA_DIR's files under umask 022: the embedded database writes most of them.
  'private-files.test.ts': 'default',
  // A fresh embedded data directory: the whole schema from nothing. (PostgreSQL test databases are
  // clones of a migrated template; the server's own start migrates the same way on both.)
  'migrate.test.ts': 'default',
  // PostgreSQL interleaves parallel transactions on a pool (row locks, retried conflicts); PGlite
  // queues them on its one connection. Either can lose a write its own way.
  'concurrency.test.ts': 'both',
  // Production processes are restarted on every deploy while the pool holds failing transactions.
  'shutdown.test.ts': 'production',
  // Production carries the traffic: 50 connections contend for the pool.
  'load.test.ts': 'production',
  // Several processes on one database, and database roles: PostgreSQL only.
  'scale-out.postgres.test.ts': 'postgres',
  'owner-role.postgres.test.ts': 'postgres',
  // A streaming replica of a throw-away PostgreSQL cluster the test makes: PostgreSQL only.
  'replica.postgres.test.ts': 'postgres',
  // A connection the server cuts while the pool has lent it out: PGlite has no connection to lose.
  'lost-connection.postgres.test.ts': 'postgres',
};
// A new reliability file must say where it runs, else it would run nowhere.
for (const file of readdirSync(new URL(`./${reliabilityDir}`, import.meta.url))) {
  if (file.endsWith('.test.ts') && !(file in reliability))
    throw new Error(`vitest.config.ts: say on which engine ${reliabilityDir}/${file} runs`);
}
const reliabilityOn = (engine: Engine) =>
  Object.entries(reliability)
    .filter(([, where]) => {
      if (where === 'both') return true;
      if (where === 'default') return engine === 'pglite';
      if (where === 'postgres') return engine === 'postgres';
      return engine === (postgres ? 'postgres' : 'pglite');
    })
    .map(([file]) => `${reliabilityDir}/${file}`);

/**
 * Server test files run one after another in one worker that keeps its modules (`isolate: false`):
 * the app, the drivers and PGlite's WebAssembly load once per project instead of once per file. A
 * file that replaces a module (`vi.mock`) needs a module graph of its own, so it goes to an isolated
 * project.
 */
const mocking = ['apps/server/src', 'apps/server/test'].flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`)
    .filter((f) => readFileSync(new URL(`./${f}`, import.meta.url), 'utf8').includes('vi.mock(')),
);

const serverProject = (
  name: string,
  engine: Engine,
  include: string[],
  { exclude = [], isolate = false }: { exclude?: string[]; isolate?: boolean } = {},
) => ({
  extends: true,
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    isolate,
    env: { TEST_ENGINE: engine },
    // Migrates the engine's template database; the project's name says which engine.
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});

export default defineConfig({
  test: {
    // Two cores: files in parallel would only fight over them. The two engines' suites run side by
    // side as two Vitest processes instead (scripts/test.mjs).
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'tools/**/*.test.ts',
            ...serverUnitTests,
          ],
        },
      },
      {
        extends: true,
        test: {
          // Screens and their mechanisms rendered without a browser (React Testing Library).
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      // `*.postgres.test.ts` outside the reliability suite would need PostgreSQL too.
      ...engines.flatMap((engine) => {
        const exclude = [
          `${reliabilityDir}/**`,
          ...serverUnitTests,
          ...(engine === 'pglite' ? ['**/*.postgres.test.ts'] : []),
          // What only a Citus coordinator has (the plans of a sharded ledger): `npm run test:citus`.
          '**/*.citus.test.ts',
        ];
        return [
          serverProject(`api-${engine}`, engine, serverTests, { exclude: [...exclude, ...mocking] }),
          serverProject(`api-isolated-${engine}`, engine, mocking, { exclude, isolate: true }),
        ];
      }),
      ...engines.map((engine) => serverProject(`reliability-${engine}`, engine, reliabilityOn(engine))),
      // The API suites on a Citus coordinator and its workers (`npm run test:citus`, CITUS_TEST_URL):
      // not part of `npm test`, whose lanes name their projects. Of the reliability suite, the files
      // that test the app in its own process (hostile input, parallel writes, secrets in the log,
      // security headers); the others start server processes on PGlite or PostgreSQL.
      ...(process.env.CITUS_TEST_URL
        ? (() => {
            const exclude = [`${reliabilityDir}/**`, ...serverUnitTests, '**/*.postgres.test.ts'];
            const inProcess = [
              'bad-input',
              'bounded-input',
              'text-input',
              'concurrency',
              'log-secrets',
              'security',
            ];
            return [
              serverProject('api-citus', 'citus', serverTests, { exclude: [...exclude, ...mocking] }),
              serverProject('api-isolated-citus', 'citus', mocking, { exclude, isolate: true }),
              serverProject(
                'reliability-citus',
                'citus',
                inProcess.map((file) => `${reliabilityDir}/${file}.test.ts`),
              ),
            ];
          })()
        : []),
    ],
  },
});
