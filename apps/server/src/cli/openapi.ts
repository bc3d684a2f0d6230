// `npm run openapi [-- file]`: the OpenAPI 3.1 document of the contract (docs/design.md §14), written to the
// file or printed. apps/server/build.mjs runs it to write dist/openapi.json, which the server serves.
import { writeFileSync } from 'node:fs';
import { readSigningExamples } from '../features/api-docs/document.ts';
import { buildOpenApiDocument } from '../features/api-docs/openapi.ts';

const text = JSON.stringify(buildOpenApiDocument(readSigningExamples()));
const out = process.argv[2];
if (out) writeFileSync(out, text);
else process.stdout.write(`${text}\n`);
