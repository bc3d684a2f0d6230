import { z } from 'zod';

/**
 * One reason a call was refused (docs/design.md §4): `code` is zod's issue code or the contract's own
 * (`record_id`, `range_too_long`, `username_taken`, `too_many_attempts`, …; see `issueMessages`),
 * `params` its numbers and names (`maximum`, `seconds`, `username`), `message` English for logs and
 * API clients. Validation answers (2001) carry one per wrong field; other refusals with specifics
 * (2004 which record, 2009 which rule, 3002, 3004, 3005, 3029) carry one too, `path` naming the field
 * it concerns or '' for the request as a whole.
 */
export const issueSchema = z.object({
  path: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

/** Every response body: `{ status, error, data }` (docs/design.md §4). */
export interface Envelope<T> {
  status: number;
  error: string | null;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), error: z.string().nullable(), data });

/**
 * Most issues one answer lists: a 3 KB batch of 1,000 empty items has 8,000, and listing them all
 * would answer 1.6 MB. A form has far fewer fields, so each of its wrong fields is still named.
 */
export const MAX_ISSUES = 100;

/** The `data` of a 2001 answer, and of any refusal that says its reason. */
export const validationDataSchema = z.object({
  issues: z.array(issueSchema).max(MAX_ISSUES),
  issuesTotal: z
    .number()
    .int()
    .optional()
    .describe(
      `How many issues were found, when more than the ${MAX_ISSUES} listed in \`issues\` (the first ones, in order); absent when \`issues\` lists them all.`,
    ),
});
export type ValidationData = z.infer<typeof validationDataSchema>;

/**
 * A refusal's data with at most MAX_ISSUES issues, the rest counted in `issuesTotal`; any other data
 * as it is. Every refusal the server answers goes through it, so no route can forget the cap.
 */
export const cappedIssues = (data: unknown): unknown => {
  if (data === null || typeof data !== 'object') return data;
  const { issues } = data as { issues?: unknown };
  if (!Array.isArray(issues) || issues.length <= MAX_ISSUES) return data;
  return { ...data, issues: issues.slice(0, MAX_ISSUES), issuesTotal: issues.length };
};
