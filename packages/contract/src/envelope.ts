import { z } from 'zod';

export const issueSchema = z.object({ path: z.string(), message: z.string() });
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
