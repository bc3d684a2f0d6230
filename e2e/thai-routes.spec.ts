import type { Page } from '@playwright/test';
import { api } from '@sapi/contract';
import { bangkokToday } from './bangkok';
import { expect, makeAgent, test } from './fixtures';
import { linesOf } from './narrow-screen';
import { apiCall, apiToken, openApp, screenshot, settled, widthProblems } from './support';

/**
 * Issue 41, Deliver 7: every screen reads in Thai in Thai mode. The walk opens every route of the
 * console and reads its words as a user meets them — headings, labels, buttons, menus, table
 * headers, hints, placeholders and accessible names — leaving out the data (table rows, what fields
 * hold). A Latin word there must be on the allow-list below, each with why it stays in English.
 */
const ALLOWED = new Set([
  // The product's name, and the language switch's own name for English.
  'S.API',
  'English',
  // Role and type codes of the specification, shown as the spec names them (docs/spec.md §3, §5).
  'SUPERADMIN',
  'ADMIN',
  'OPERATOR',
  'REPORTER',
  'SUPERMANAGER',
  'MANAGER',
  'SENIOR',
  'MASTER',
  'AGENT',
  'SUBAGENT',
  'SLOT',
  'LIVE',
  'SPORT',
  'FISHING',
  'TABLE',
  'LOTTO',
  'OTHER',
  // Bet types (docs/design.md §6): codes the providers send and the tables show.
  'HOLD',
  'SETTLE',
  'CANCEL',
  'VOID',
  'DEPOSIT',
  'WITHDRAW',
  'PROMOTION',
  'PROMOTION_REFUND',
  'PROMOTION_AFFILIATE',
  // Abbreviations Thai users write in Latin letters.
  'CSV',
  'API',
  'IP',
  'ID',
  'URL',
  'CIDR',
  'IPv4',
  'IPv6',
  'TOTP',
  'QR',
  'OTP',
  'JSON',
  // Time zone of a per-day count the server keeps in UTC (the address refusals).
  'UTC',
  // Authenticator apps named in the two-factor enrolment, as their makers write them.
  'Google',
  'Microsoft',
  'Authenticator',
  // The signed-in account, as its name is written.
  'admin',
  // The columns a reconciliation file names (docs/api.md), as the file must write them.
  'betId',
  'betType',
  'amount',
  'startDate',
]);

/** The UI's words on screen now, outside the data: Latin words not on the allow-list. */
const englishOn = (page: Page) =>
  page.evaluate(() => {
    const skip = (el: Element | null) =>
      Boolean(el?.closest('tbody, script, style, [data-data], [data-testid="user-menu"]'));
    const found: string[] = [];
    const read = (text: string | null) => {
      // A code in brackets after its Thai name (the audit's entity kinds: ผู้ดูแลระบบ (admin)) is the
      // API's word for it, shown on purpose.
      const shown = (text ?? '').replace(/\((?:[a-z]+(?:-[a-z]+)*)\)/g, ' ');
      for (const word of shown.match(/[A-Za-z0-9_@.'’-]*[A-Za-z][A-Za-z0-9_@.'’-]*/g) ?? []) {
        found.push(word.replace(/^[.'’-]+|[.'’-]+$/g, ''));
      }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skip(parent)) continue;
      // Only what is shown.
      if (parent.closest('[hidden], [aria-hidden="true"]') && !parent.closest('.mantine-VisuallyHidden-root'))
        continue;
      read(node.textContent);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (skip(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) read(el.getAttribute(name));
    }
    return found;
  });

/**
 * A word that names data rather than the UI: an id, a username or code (digits or `_` in it), a
 * brand code in capitals with digits, an address.
 */
const isData = (word: string, brands: Set<string>) =>
  /[\d_@]/.test(word) || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(word) || brands.has(word);

/** Every route of the console, with an agent's own pages; the error pages last. */
const everyRoute = (agentId: string) => {
  const [year, month] = bangkokToday().split('-').map(Number) as [number, number];
  const routes = [
    '/dashboard',
    '/admin/list',
    '/user/list',
    '/adapter/list',
    '/agent/list',
    '/agent/report',
    '/agentoperator',
    '/agentsharing',
    '/report',
    `/transaction/${agentId}`,
    '/summary',
    '/summary/tsreport',
    '/summary/tsdetail',
    '/summary/agentdaily',
    '/summary/agentmonthly',
    '/summary/gamedaily',
    '/summary/gamedailybygame',
    '/summary/gamemonthly',
    '/summary/gamemonthlybygame',
    '/summary/revenueshare',
    '/reconciliation',
    '/settlement',
    `/settlement/${year}/${month}`,
    '/approval',
    '/account/sessions',
    '/account/security',
    '/admin/sessions',
    '/security/ip-refusals',
    '/security/settings',
    '/ingest-log',
    `/ingest-log/agent/${agentId}`,
    '/audit',
    // The error pages: 404 (no route), 400 (a malformed id), 405 (/logout opened as a page).
    '/no/such/page',
    '/transaction/not-an-id',
    '/logout',
  ];
  return routes;
};

/** The screen's data has arrived (no skeleton, no veil) and nothing moves. */
const loaded = async (page: Page) => {
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  await settled(page);
};

test('every route reads in Thai: no English word outside the allow-list', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiToken(request);
  const agent = await makeAgent(request, token);
  // The game providers' codes and names (data the brand pickers offer), read again after each route:
  // the other e2e worker registers providers of its own meanwhile, which the pickers then offer.
  const brandsNow = async () => {
    const adapters = await apiCall(request, api.adapterList, { token, body: { limit: 100 } });
    return new Set(adapters.records.flatMap((a) => [a.codename, ...a.name.split(/\s+/)]));
  };
  const routes = everyRoute(agent._id);
  const english: Record<string, string[]> = {};
  for (const route of routes) {
    await openApp(page, route);
    await loaded(page);
    const shown = await englishOn(page);
    const brands = await brandsNow();
    const words = [...new Set(shown)].filter((w) => w !== '' && !ALLOWED.has(w) && !isData(w, brands));
    if (words.length > 0) english[route] = words;
  }
  expect(english).toEqual({});
});

/**
 * Issue 41, Deliver 8: on a 1280 × 720 laptop every screen fits the window's width: the page never
 * scrolls sideways; a table wider than its card scrolls inside the card, with a shade on the card's
 * right edge while columns are out of view there; no cell's text is cut short (clipped or ended with
 * "…"). Each screen's screenshot is kept (laptop-*.png) to be looked at.
 */
test.describe('on a 1280 × 720 laptop', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('every route fits the width: tables scroll in their own card, nothing cut', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request);
    const agent = await makeAgent(request, token);
    const problems: Record<string, string[]> = {};
    for (const route of everyRoute(agent._id)) {
      await openApp(page, route);
      await loaded(page);
      const found = await widthProblems(page);
      if (found.length > 0) problems[route] = found;
      const name = route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
      await screenshot(page, `laptop-${name}`, { fullPage: false });
    }
    expect(problems).toEqual({});
  });

  test('the agent list says an agent has no games yet on one line', async ({ page, request }) => {
    const token = await apiToken(request);
    const agent = await makeAgent(request, token, { games: [] });
    await openApp(page, `/agent/list?username=${agent.username}`);
    const row = page.getByRole('row').filter({ hasText: agent.username });
    const cell = row.getByText('ยังไม่ได้เลือกเกม', { exact: true });
    await expect(cell).toBeVisible();
    expect(await linesOf(cell)).toEqual(['ยังไม่ได้เลือกเกม']);
    await screenshot(page, 'laptop-agent-no-games', { fullPage: false });
  });
});
