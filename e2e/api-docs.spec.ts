import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import { openApp, screenshot } from './support';

test('the user menu opens the API reference: served by this server, rendered, no CSP violation', async ({
  page,
  context,
}) => {
  // Console errors of either tab (a CSP refusal is one) and uncaught errors, from the start; and any
  // request of the reference's tab leaving this server (a CDN, fonts, telemetry).
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
      problems.push(`console ${message.type()} on ${message.page()?.url()}: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('page', (tab) =>
    tab.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(BASE_URL) && !/^(data|blob|about):/.test(url))
        problems.push(`off-site request: ${url}`);
    }),
  );

  await openApp(page);
  await page.getByTestId('user-menu').click();
  const link = page.getByRole('menuitem', { name: 'เอกสารอ้างอิง API' });
  await expect(link).toHaveAttribute('href', '/api/docs');
  const [docs] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(docs).toHaveURL(`${BASE_URL}/api/docs`);

  // The document's title and introduction, and the signing guide with its worked signature.
  await expect(docs.getByRole('heading', { name: 'S.API back-office API', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(docs.getByRole('heading', { name: 'Signing ingest requests' })).toBeVisible();
  await expect(
    docs.getByText('56d7b8bebf57f58f1edc6fadd688fc03c7c8a5ab26d8e78d812c74734dbefd59').first(),
  ).toBeVisible();
  await screenshot(docs, 'api-docs', { fullPage: false });
  await docs.getByRole('heading', { name: 'Worked example' }).scrollIntoViewIfNeeded();
  await screenshot(docs, 'api-docs-signing', { fullPage: false });

  // A known route, from the sidebar: the ingest operation, its path, body and status codes.
  // The sidebar's entries are buttons in this version of the reference.
  await docs.getByRole('button', { name: /^Send a signed batch of bets\s*HTTP Method:\s*POST/ }).click();
  await expect(docs).toHaveURL(/#tag\/ingest\/POST\/ingest\/transactions$/);
  await expect(docs.getByText('/ingest/transactions', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(docs.getByText('transactions', { exact: true }).first()).toBeVisible();
  await expect(
    docs.getByText('X-Signature: 56d7b8bebf57f58f1edc6fadd688fc03c7c8a5ab26d8e78d812c74734dbefd59'),
  ).toBeVisible();
  await screenshot(docs, 'api-docs-ingest', { fullPage: false });

  expect(problems).toEqual([]);
});
