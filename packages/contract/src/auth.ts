import { z } from 'zod';
import { adminTypeSchema } from './roles.ts';

export const loginBodySchema = z.object({
  username: z.string().min(1, 'required').max(64),
  password: z.string().min(1, 'required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const loginDataSchema = z.object({ token: z.string() });

export const selfDataSchema = z.object({
  username: z.string(),
  type: adminTypeSchema,
  id: z.string(),
  /**
   * The report time zone (IANA name, the server's `REPORT_TIMEZONE`): the web's business days, date
   * filters and times are on its clock, whatever zone the browser is in.
   */
  timeZone: z.string().min(1),
});
export type SelfData = z.infer<typeof selfDataSchema>;
export const selfUsernameSchema = z.object({ username: z.string() });

export const verifyBodySchema = z.object({ password: z.string().min(1, 'required').max(1024) });
export const verifyDataSchema = z.object({ verified: z.literal(true) });
export const okDataSchema = z.object({ ok: z.literal(true) });
