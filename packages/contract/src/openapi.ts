import { z } from 'zod';

/**
 * The outline of the OpenAPI 3.1 document `GET /api/v1/openapi.json` answers (docs/design.md §14): what a
 * client may rely on; the rest of the document is OpenAPI's own, checked against its schema in tests.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1.'),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
