import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { precompressed } from '../../http/compression.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { openApiDocumentText, referenceUi } from './document.ts';

/** Where the reference lives (docs/design.md §14); outside /api/v1, so it is no contract route. */
export const DOCS_PATH = '/api/docs';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Scalar's options: nothing fetched from elsewhere (no web fonts, telemetry, AI agent, MCP link or
 * client app): the product's CSP (connect-src 'self', font-src 'self' data:) would refuse it anyway.
 */
const referenceConfiguration = {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  defaultOpenAllTags: false,
  metaData: { title: 'S.API — API reference' },
};

/**
 * The page holds no inline script (the product's CSP allows scripts from 'self' only): Scalar's
 * bundle reads its configuration from the data attribute of the `#api-reference` element.
 */
const page = (scriptPath: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>S.API — API reference</title>
  </head>
  <body>
    <noscript>The API reference needs JavaScript. The OpenAPI document itself is at /api/v1/openapi.json.</noscript>
    <script id="api-reference" data-url="/api/v1/openapi.json" data-configuration="${escapeAttribute(
      JSON.stringify(referenceConfiguration),
    )}"></script>
    <script src="${scriptPath}"></script>
  </body>
</html>
`;

export const apiDocsRoutes = (app: FastifyInstance) => {
  // 518 KB of JSON, ~12 KB in Brotli: compressed once, when first asked for.
  const compressedDocument = precompressed(async () => Buffer.from(openApiDocumentText()));
  defineRoute(app, api.openApi, async ({ req, reply }) => {
    const compressed = compressedDocument(req, reply);
    reply.type('application/json; charset=utf-8').send(compressed ? await compressed : openApiDocumentText());
    return REPLIED;
  });

  // The script's name carries its version, so a browser may keep it (security-headers.ts leaves
  // /api/docs/assets/ out of the API's no-store).
  // 4.3 MB; Brotli at 9, not 11 (15 s of CPU, once, for 10% less).
  const compressedScript = precompressed(() => readFile(referenceUi().file), 9);
  const scriptPath = () => `${DOCS_PATH}/assets/scalar-api-reference-${referenceUi().version}.js`;
  app.get(DOCS_PATH, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page(scriptPath())));
  app.get(`${DOCS_PATH}/assets/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    if (`${DOCS_PATH}/assets/${file}` !== scriptPath()) return reply.callNotFound();
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable');
    const compressed = compressedScript(req, reply);
    return reply.send(compressed ? await compressed : createReadStream(referenceUi().file));
  });
};
