// Start the BUILT app (apps/server/dist/main.js serving apps/web/dist) on a fresh, temporary
// PGlite data directory, for the Playwright suite. The directory is removed when the server stops.
//   PORT, ADMIN_PASSWORD … come from playwright.config.ts (webServer.env).
//   Builds first when a bundle is missing, or always with E2E_BUILD=1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps/server/dist/main.js');
// WEB_DIST (optional) serves a web build made elsewhere (WEB_OUT_DIR=… vite build).
const webIndex = join(process.env.WEB_DIST ?? join(root, 'apps/web/dist'), 'index.html');

if (process.env.E2E_BUILD === '1' || !existsSync(serverEntry) || !existsSync(webIndex)) {
  console.log('[e2e] building the app (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'sapi-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.PORT ?? '4173',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? 'admin',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Each worker keeps one session of the default admin open for the whole run while the suite signs
  // that admin in some fifty times more; the cap of 10 would end a worker's session mid-run. The cap
  // itself is proved by the API tests (features/auth/session-limit.test.ts).
  MAX_SESSIONS_PER_ACCOUNT: '200',
  // The specs' calendar (e2e/bangkok.ts) is this zone's, whatever the caller's environment says.
  REPORT_TIMEZONE: 'Asia/Bangkok',
};
// Always the embedded database: a fresh one per run, whatever the caller's environment says.
delete env.DATABASE_URL;
delete env.TRUST_PROXY;

console.log(`[e2e] server on ${env.HOST}:${env.PORT}, data in ${dataDir}`);
const child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: 'inherit' });

const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
