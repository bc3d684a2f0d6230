import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { api, type BodyOf, type DataOf, pathOf, type RouteDef } from '@sapi/contract';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './env';

export { ADMIN_PASSWORD, ADMIN_USERNAME };

/** A 9000 answer as the server sends it: the request id in the English `error` and in its reason. */
export const internalErrorBody = (requestId: string) => {
  const error = `Internal error (request id ${requestId})`;
  return JSON.stringify({
    status: 9000,
    error,
    data: {
      requestId,
      issues: [{ path: '', code: 'internal_error', params: { requestId }, message: error }],
    },
  });
};

/** The token key of the default partner prefix. */
export const TOKEN_KEY = 'sapi_token';

const SCREENSHOT_DIR = 'test-results/screenshots';

/**
 * This worker process, `width` base-36 characters: Playwright numbers every worker of a run
 * (a restarted one too) differently, so names made of it do not collide between parallel workers.
 */
export const workerTag = (width: number) =>
  Number(process.env.TEST_WORKER_INDEX ?? 0)
    .toString(36)
    .padStart(width, '0')
    .slice(-width);

let nameSeq = 0;
/** A unique, valid username (3–32 of a-z 0-9 _): the time, this worker and its own count. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${workerTag(1)}${(++nameSeq).toString(36)}`.slice(0, 32);

/**
 * Sign in through the login screen and wait for the agent list. The login screen shows whatever the
 * context holds, so this also replaces the worker's admin session by another account's.
 */
export async function signIn(page: Page, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  await page.goto('/');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/agent\/list$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Open a screen in the worker's signed-in session (the context's storage holds the token); by
 * default the agent list, where signing in lands. A test's first screen loads the whole app into an
 * empty cache and checks the session before the screen's own data: more than one step's time on a
 * loaded machine.
 */
export async function openApp(page: Page, path = '/agent/list') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Wait until the page is at rest: fonts loaded and no transition or animation running for a few
 * frames in a row. A Mantine transition starts two frames after its element mounts, so a quiet
 * moment counts only after several frames without one. Only time-based, finite, running ones: a
 * scroll-driven animation (a table header following the page) or a spinner never finishes.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            a.timeline instanceof DocumentTimeline &&
            a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
    for (let quiet = 0; quiet < 3; ) {
      const animations = running();
      if (animations.length === 0) quiet++;
      else {
        quiet = 0;
        await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
      }
      await frame();
    }
  });
}

/**
 * Flip a switch as a user does: a click on its drawn track (the input itself is hidden under it).
 * Not forced, so it waits while a list's loading veil covers the row; a forced click would land
 * on the veil and be lost.
 */
export const flipSwitch = (toggle: Locator) =>
  toggle.locator('xpath=following-sibling::*[contains(@class, "mantine-Switch-track")]').click();

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string) {
  // Let transitions (modals, notifications) settle before checking colours: axe blends the
  // colours of a half-faded element and reports contrast that no user sees at rest.
  const serious = async () => {
    await settled(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let bad = await serious();
  // A notification that starts to fade out while axe reads it (its auto-close timer runs on) gives
  // a contrast no user sees at rest: contrast alone is read once more and counts only if it holds.
  if (bad.length > 0 && bad.every((v) => v.id === 'color-contrast')) bad = await serious();
  const report = bad
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(bad, `axe violations on ${what}:\n${report}`).toEqual([]);
}

/**
 * Full-page screenshot into test-results/screenshots/<name>.png (looked at by a person). `fullPage:
 * false` takes what the window shows: a windowed table (over 50 rows) renders only the rows near the
 * viewport, so a full-page picture of it shows empty space where the user would see rows.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

/** Call the API directly (test set-up), through the contract's route catalogue. */
export async function apiCall<R extends RouteDef>(
  request: APIRequestContext,
  def: R,
  options: { token?: string; body?: BodyOf<R>; params?: Record<string, string> } = {},
): Promise<DataOf<R>> {
  const response = await request.fetch(`/api/v1${pathOf(def, options.params)}`, {
    method: def.method,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    data: def.method === 'GET' ? undefined : (options.body ?? {}),
  });
  const envelope = (await response.json()) as { status: number; error: string | null; data: DataOf<R> };
  if (envelope.status !== 1000) {
    throw new Error(`${def.method} ${def.path} answered ${envelope.status}: ${envelope.error}`);
  }
  return envelope.data;
}

/**
 * Sign in through the API for test set-up. The session also re-checks its password (POST verify),
 * so it may create, re-type and lock admin accounts for the next 5 minutes (docs/design.md §7).
 */
export async function apiToken(
  request: APIRequestContext,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
) {
  const { token } = await apiCall(request, api.login, { body: { username, password } });
  await apiCall(request, api.verify, { token, body: { password } });
  return token;
}

/**
 * Throw away what a form dialog holds: a dialog with changed fields asks before it closes (Escape, the
 * close button, Cancel); this answers "discard" when it asks, and does nothing when it closed at once.
 */
export async function discardChanges(page: Page) {
  const discard = page.getByRole('button', { name: /^(ทิ้งและปิด|Discard and close)$/ });
  const asked = await discard.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (asked) await discard.click();
}

/**
 * What does not fit the window's width on the screen shown (issue 41, Deliver 8): the page scrolling
 * sideways, a table's card wider than the window, columns out of view without the shade on the card's
 * right edge that says so, a cell's text cut short (clipped or ended with "…"). Empty when it all fits.
 */
export function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('table'))) {
      const scroller = table.closest('section');
      const card = scroller?.parentElement;
      if (!scroller || !card) continue;
      const name = scroller.getAttribute('aria-label') ?? 'a table';
      if (scroller.getBoundingClientRect().right > width + 1)
        out.push(`${name}: its card is wider than the window`);
      const hides = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
      if (hides && !card.hasAttribute('data-more-right')) out.push(`${name}: columns out of view, unmarked`);
      for (const cell of Array.from(table.querySelectorAll<HTMLElement>('td *, th *'))) {
        // Text for screen readers only is clipped to nothing on purpose.
        if (cell.closest('.mantine-VisuallyHidden-root')) continue;
        const style = getComputedStyle(cell);
        const clips =
          style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        const text = (cell.textContent ?? '').trim();
        // A long text shortened on purpose keeps its whole in a title, its own or its link's (a browser's
        // user agent; a provider's address, shown without its scheme).
        const whole = (cell.closest('[title]')?.getAttribute('title') ?? '').includes(text);
        if (clips && !whole && text !== '' && cell.scrollWidth > cell.clientWidth + 1) {
          out.push(`${name}: "${text.slice(0, 40)}" is cut`);
        }
      }
    }
    return out;
  });
}
