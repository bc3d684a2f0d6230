// `npm run test:citus [-- <vitest filters>]`: the API suites and the in-process reliability files
// (Vitest projects api-citus, api-isolated-citus and reliability-citus) against the Citus coordinator CITUS_TEST_URL names, each test file on a
// database of its own on the coordinator and on every worker (apps/server/test/global-setup.ts).
// Not part of `npm test`: no package registry here ships Citus (docs/scaling.md §4).
// Prints the per-file results and one "total: N passed, N failed, N skipped" line; the JSON report
// is test-results/vitest-citus.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (!process.env.CITUS_TEST_URL) {
  console.error(
    'test:citus: CITUS_TEST_URL is not set. Point it at a Citus coordinator database with its workers ' +
      'added, e.g. start the local cluster with `node scripts/citus-cluster.mjs start` and run\n' +
      '  CITUS_TEST_URL=postgres://postgres@127.0.0.1:9700/postgres npm run test:citus',
  );
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(`${root}/test-results`, { recursive: true });
const report = `${root}/test-results/vitest-citus.json`;
rmSync(report, { force: true });

const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'api-citus',
    '--project',
    'api-isolated-citus',
    '--project',
    'reliability-citus',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
child.on('close', (code) => {
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const failedFiles = json.testResults.filter((file) => file.status === 'failed').length;
    console.log(
      `total: ${json.numPassedTests} passed, ${json.numFailedTests} failed, ` +
        `${json.numPendingTests + json.numTodoTests} skipped (${failedFiles} of ${json.testResults.length} ` +
        'files with a failure)',
    );
  }
  process.exit(code ?? 1);
});
