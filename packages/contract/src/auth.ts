import { z } from 'zod';
import { operatorTypeSchema } from './agent-operator.ts';
import { accountKindSchema, accountRoleSchema, adminTypeSchema } from './roles.ts';

export const loginBodySchema = z.object({
  username: z.string().min(1, 'required').max(64),
  password: z.string().min(1, 'required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const loginDataSchema = z.object({ token: z.string() });

export const selfDataSchema = z.object({
  username: z.string(),
  /** `staff`, or the agent side: the agent's own account (`agent`) or one of its operators (docs/design.md §16). */
  kind: accountKindSchema,
  /** The staff type, `AGENT` for an agent's own account, the operator's type for an operator. */
  type: z.union([adminTypeSchema, z.literal('AGENT'), operatorTypeSchema]),
  /** The rights this account has: its staff type, or its agent-side role (`allows`, contract/roles.ts). */
  role: accountRoleSchema,
  /** The account's id: the admin, the agent (its own account) or the operator. */
  id: z.string(),
  /** The agent side: the agent the account works for, and its prefix. */
  agentId: z.string().optional(),
  agentUsername: z.string().optional(),
  prefix: z.string().optional(),
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
