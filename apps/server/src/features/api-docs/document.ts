import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './openapi.ts';
import type { SigningExamples } from './signing.ts';

/** Where apps/server/build.mjs writes the document: beside the server bundle (dist/openapi.json). */
const builtDocument = new URL('./openapi.json', import.meta.url);

/** The examples of docs/examples/, found by walking up from this module (src/features/api-docs or dist). */
export const readSigningExamples = (from = dirname(fileURLToPath(import.meta.url))): SigningExamples => {
  for (let dir = from; ; dir = dirname(dir)) {
    const examples = join(dir, 'docs', 'examples');
    if (existsSync(join(examples, 'ingest-sign.mjs'))) {
      return {
        node: readFileSync(join(examples, 'ingest-sign.mjs'), 'utf8'),
        shell: readFileSync(join(examples, 'ingest-sign.sh'), 'utf8'),
      };
    }
    if (dirname(dir) === dir) throw new Error(`docs/examples/ingest-sign.mjs not found above ${from}`);
  }
};

let text: string | undefined;
/**
 * The OpenAPI document as served: the one generated at build time when the server runs from its
 * bundle, else (development, tests) generated from the contract on first use. Kept once made.
 */
export const openApiDocumentText = (): string => {
  text ??= existsSync(builtDocument)
    ? readFileSync(builtDocument, 'utf8')
    : JSON.stringify(buildOpenApiDocument(readSigningExamples()));
  return text;
};

/** The standalone browser bundle of the reference UI (Scalar), served from node_modules: no CDN. */
export const referenceUi = (() => {
  let found: { file: string; version: string } | undefined;
  return () => {
    if (!found) {
      // The package exports neither its browser bundle nor package.json: both sit beside its entry.
      const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
      const root = join(dirname(entry), '..');
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
      found = { file: join(root, 'dist', 'browser', 'standalone.js'), version };
    }
    return found;
  };
})();
