// `npm test`: lint (Biome, layer rules); then on one core the Vitest suites on PGlite (unit, web screens,
// API, reliability) and on the other those on PostgreSQL (when TEST_DATABASE_URL is set), the strict type
// check, the build and then the end-to-end suite in Debian’s Chromium. Prints each stage’s start and
// wall time, a table of them, and one "total: N passed, N failed, N skipped" line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}/test-results`;
mkdirSync(reports, { recursive: true });
/** The browser e2e/env.ts runs (E2E_CHROMIUM or Debian's headless shell) and its Debian package. */
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const CHROMIUM_PACKAGE = 'chromium-headless-shell';
const started = performance.now();

/** Each stage's start (seconds into the run), wall time and result, for the table at the end. */
const stages = [];
const seconds = (since) => (performance.now() - since) / 1000;

/** Run a command; its output goes straight through, or line by line behind `prefix`. */
const exec = (cmd, args, { env = {}, prefix } = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(prefix && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let partial = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (partial + chunk).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) to.write(`${prefix} ${line}\n`);
        });
        from.on('end', () => {
          if (partial) to.write(`${prefix} ${partial}\n`);
        });
      }
    }
    child.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });

/** A stage: announced, timed and recorded; `prefix` marks its lines while another stage runs too. */
const stage = async (title, cmd, args, opts = {}) => {
  console.log(`\n${opts.prefix ? `${opts.prefix} ` : ''}▶ ${title}`);
  const row = { title, start: seconds(started), seconds: 0, ok: false };
  stages.push(row);
  const since = performance.now();
  row.ok = await exec(cmd, args, opts);
  row.seconds = seconds(since);
  console.log(
    `${opts.prefix ? `${opts.prefix} ` : ''}${row.ok ? '✓' : '✗'} ${title}: ${row.seconds.toFixed(1)} s`,
  );
  return row.ok;
};

const ensureChromium = async () => {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing: run "sudo apt-get install -y ${CHROMIUM_PACKAGE}" (Debian), then npm test again.`,
    );
    return false;
  }
  console.log(`Chromium is missing: installing Debian’s ${CHROMIUM_PACKAGE} package…`);
  return (
    (await exec('apt-get', ['update', '-qq'])) &&
    (await exec('apt-get', ['install', '-y', '-qq', CHROMIUM_PACKAGE], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    }))
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

/**
 * Vitest runs one file at a time per process (two cores), so the engines get a process each: the
 * PGlite suites (and the unit tests) beside the PostgreSQL ones. The type check and the build need
 * no tests: they take the second core once PostgreSQL's suites are done (or at once without them).
 */
const vitest = async (engine, projects, prefix) => {
  const report = `${reports}/vitest-${engine}.json`;
  rmSync(report, { force: true });
  const ok = await stage(
    `Vitest on ${engine} (${projects.join(', ')})`,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { prefix },
  );
  const json = readJson(report);
  if (json) {
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests;
    counts.skipped += json.numPendingTests + json.numTodoTests;
  } else if (!ok) counts.failed += 1;
  return ok;
};

const pgliteLane = () => vitest('pglite', ['unit', 'web', '*-pglite'], '[pglite]');

/** The end-to-end suite, once the build is there. */
const e2e = async () => {
  if (!(await ensureChromium())) {
    counts.failed += 1;
    return false;
  }
  const e2eOk = await stage('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
    prefix: '[e2e]',
  });
  const pw = readJson(`${reports}/playwright.json`);
  if (pw?.stats) {
    counts.passed += pw.stats.expected + pw.stats.flaky;
    counts.failed += pw.stats.unexpected;
    counts.skipped += pw.stats.skipped;
  } else if (!e2eOk) counts.failed += 1;
  return e2eOk;
};

/**
 * The second core's lane: the PostgreSQL suites, the type check, the build, then the end-to-end suite
 * at once — it does not wait for the PGlite lane, so the core is never idle while that lane runs on.
 */
const otherLane = async () => {
  let laneOk = true;
  if (process.env.TEST_DATABASE_URL)
    laneOk = (await vitest('postgres', ['*-postgres'], '[postgres]')) && laneOk;
  laneOk =
    (await stage('TypeScript (strict)', 'npm', ['run', 'typecheck', '--silent'], { prefix: '[types]' })) &&
    laneOk;
  const built = await stage('Build (web + server)', 'npm', ['run', 'build', '--silent'], {
    prefix: '[build]',
  });
  if (!built) {
    counts.failed += 1;
    return false;
  }
  return (await e2e()) && laneOk;
};

let ok = await stage('Lint (Biome, layer rules)', 'npm', ['run', 'lint', '--silent']);
const [pgliteOk, otherOk] = await Promise.all([pgliteLane(), otherLane()]);
ok = pgliteOk && otherOk && ok;

// Stages overlap (the lanes above): each row says when it started and how long it took.
const width = Math.max(...stages.map((s) => s.title.length));
console.log(`\n${'stage'.padEnd(width)}  started  seconds`);
for (const s of stages) {
  console.log(
    `${s.title.padEnd(width)}  ${s.start.toFixed(0).padStart(7)}  ${s.seconds.toFixed(1).padStart(7)}${s.ok ? '' : '  FAILED'}`,
  );
}
console.log(`${'total (wall)'.padEnd(width)}  ${''.padStart(7)}  ${seconds(started).toFixed(1).padStart(7)}`);

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(`total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
