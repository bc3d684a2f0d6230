// `npm test`: lint, types, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build, then the end-to-end suite in Debian's Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}/test-results`;
mkdirSync(reports, { recursive: true });
const CHROMIUM = '/usr/bin/chromium';

const run = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
};

const ensureChromium = () => {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing: run "sudo apt-get install -y chromium" (Debian), then npm test again.`,
    );
    return false;
  }
  console.log('Chromium is missing: installing Debian’s chromium package…');
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
};

const counts = { passed: 0, failed: 0, skipped: 0 };
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

let ok = true;
ok = run('Biome (lint + format)', 'npx', ['biome', 'check', '.']) && ok;
ok = run('TypeScript (strict)', 'npm', ['run', 'typecheck', '--silent']) && ok;

const vitestOk = run('Unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest.json`,
]);
ok = vitestOk && ok;
const vitest = readJson(`${reports}/vitest.json`);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else if (!vitestOk) counts.failed += 1;

const built = run('Build (web + server)', 'npm', ['run', 'build', '--silent']);
ok = built && ok;
if (built && ensureChromium()) {
  const e2eOk = run('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
  });
  ok = e2eOk && ok;
  const pw = readJson(`${reports}/playwright.json`);
  if (pw?.stats) {
    counts.passed += pw.stats.expected + pw.stats.flaky;
    counts.failed += pw.stats.unexpected;
    counts.skipped += pw.stats.skipped;
  } else if (!e2eOk) counts.failed += 1;
} else {
  ok = false;
  counts.failed += 1;
}

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(`total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
