import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    // Two cores: files in parallel would only fight over them.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts'] },
      },
      ...engines.map((engine) => ({
        extends: true,
        test: {
          name: `api-${engine}`,
          include: serverTests,
          // `*.postgres.test.ts` need a database server several processes can share (scale-out).
          exclude: [...configDefaults.exclude, ...(engine === 'pglite' ? ['**/*.postgres.test.ts'] : [])],
          env: { TEST_ENGINE: engine },
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      })),
    ],
  },
});
