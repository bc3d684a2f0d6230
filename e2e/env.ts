/** Where the e2e server listens and how its first SUPERADMIN signs in (a throw-away database). */
/** E2E_PORT lets two suites run side by side on one machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-pass-2024';
/**
 * Debian's Chromium, as its headless shell (package `chromium-headless-shell`, the browser Playwright
 * itself runs headless): the same Blink without the full browser's UI process, a quarter less time
 * on two cores. E2E_CHROMIUM picks another binary, e.g. /usr/bin/chromium for the full browser.
 */
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
