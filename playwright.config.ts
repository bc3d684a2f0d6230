import { defineConfig } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL, CHROMIUM, E2E_PORT } from './e2e/env';

/**
 * End-to-end suite: Debian's Chromium against the built app on a fresh database.
 * Build first (`npm run build`); e2e/start-server.mjs builds when a bundle is missing.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Files run side by side, each file's tests in order; every worker signs the admin in once
  // (e2e/fixtures.ts). One server and one database serve both.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry under CI absorbs a slow machine's timing; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs reads the JSON report named by PLAYWRIGHT_JSON_OUTPUT_NAME for its totals.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    baseURL: BASE_URL,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1366, height: 860 },
    // A failed test keeps its trace (actions, DOM snapshots, network), but no screencast: encoding
    // its frames for every test, passing or not, is most of what tracing costs the two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(E2E_PORT),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      CHECK_ANSWERS: 'on',
      // The suite's workers sign in once and show the password prompt of sensitive changes.
      SIGN_IN_VERIFIES: 'off',
    },
  },
});
