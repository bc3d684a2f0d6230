import { z } from 'zod';

/**
 * One reason a validation failed (DESIGN §4): `code` is zod's issue code or the contract's own
 * (`record_id`, `date_range`, `text_unstorable`, `range_too_long`, …; see `issueMessages`), `params`
 * its numbers (`maximum`, `minimum`), `message` English for logs and API clients.
 */
export const issueSchema = z.object({
  path: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

/** Every response body: `{ status, error, data }` (DESIGN §4). */
export interface Envelope<T> {
  status: number;
  error: string | null;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), error: z.string().nullable(), data });

/** The body of a 2001 answer. */
export const validationDataSchema = z.object({ issues: z.array(issueSchema) });
