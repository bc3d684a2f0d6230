import { z } from 'zod';
import {
  boolFilter,
  countField,
  dateFilter,
  eachOnce,
  httpUrlSchema,
  isoTimestamp,
  nameChars,
  pageFields,
  passwordSchema,
  refuseDeepPage,
  refuseInvisible,
  refuseReversedDates,
  sortFields,
  textFilter,
  usernameSchema,
} from './common.ts';
import { coded } from './issues.ts';

export const agentTypes = ['SENIOR', 'MASTER', 'AGENT', 'SUBAGENT'] as const;
export const agentTypeSchema = z.enum(agentTypes);
export type AgentType = z.infer<typeof agentTypeSchema>;

export const prefixSchema = z
  .string()
  .min(2, 'must be 2 to 6 lower-case letters or digits')
  .max(6, 'must be 2 to 6 lower-case letters or digits')
  .superRefine(nameChars(/^[a-z0-9]*$/, 'prefix_chars', 'must be 2 to 6 lower-case letters or digits'));
export const agentCodeSchema = z
  .string()
  .min(2, 'must be 2 to 32 characters')
  .max(32, 'must be 2 to 32 characters')
  .superRefine(nameChars(/^[A-Za-z0-9_-]*$/, 'code_chars', 'may contain only letters, digits, _ and -'));
/** Different characters a typed secret needs: "aaaaaaaaaaaaaaaa" is 16 characters and no secret. */
export const SECRET_MIN_DISTINCT = 8;
export const agentSecretSchema = z
  .string()
  .min(16, 'must be 16 to 128 characters')
  .max(128, 'must be 16 to 128 characters')
  .refine((v) => /^[\x21-\x7e]*$/.test(v), coded('secret_chars', 'may contain only visible ASCII characters'))
  .refine(
    (v) => new Set(v).size >= SECRET_MIN_DISTINCT,
    coded('secret_weak', `must contain at least ${SECRET_MIN_DISTINCT} different characters`, {
      minimum: SECRET_MIN_DISTINCT,
    }),
  );

/** What every role reads about an agent. */
export const agentSchema = z.object({
  _id: z.string(),
  username: z.string(),
  endpoint: z.string(),
  games: z.array(z.string()),
  prefix: z.string(),
  code: z.string(),
  apiKey: z.string(),
  agentType: agentTypeSchema,
  /** Who registered it (a staff account, or the agent-side account of a sub-agent's parent); null to the agent side. */
  createdBy: z.string().nullable(),
  locked: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /**
   * Ingest requests refused in the last 24 hours (the agent list's warning badge; counted up to
   * RECENT_REFUSALS_CAP). Only the agent list fills it.
   */
  ingestRefusals24h: z.number().optional(),
  /**
   * Another agent signs with the same secret, so each could post bets as the other (a database from
   * before typed secrets were checked): the agent list's warning, until one of them is rotated.
   */
  secretShared: z.boolean().optional(),
  /**
   * The agent's own account signs in with a second factor: the staff agent list fills it (its
   * "remove two-factor" row action); the agent side never gets it.
   */
  totpEnabled: z.boolean().optional(),
});
/** The agent list counts an agent's recent ingest refusals up to this many ("99+"). */
export const RECENT_REFUSALS_CAP = 100;
export type Agent = z.infer<typeof agentSchema>;

/** The credentials, shown only to roles that may edit agents (docs/design.md §7). */
export const agentWithSecretSchema = agentSchema.extend({
  secret: z.string().optional(),
  apiKeyEncoded: z.string().optional(),
});
export type AgentWithSecret = z.infer<typeof agentWithSecretSchema>;

export const agentListQuerySchema = z
  .object({
    username: textFilter,
    prefix: textFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    locked: boolFilter,
    ...sortFields(['username', 'createdAt']),
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage)
  .superRefine(refuseReversedDates);
export type AgentListQuery = z.input<typeof agentListQuerySchema>;

/** The game providers an agent offers, each once: a repeat is refused where it stands, not dropped. */
const gamesSchema = z
  .array(z.string().max(32).superRefine(refuseInvisible))
  .max(500)
  .superRefine(eachOnce('game_repeated', 'game'));

export const agentRegisterSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  endpoint: httpUrlSchema,
  games: gamesSchema.default([]),
  prefix: prefixSchema,
  code: agentCodeSchema,
  /** Blank = the server generates one. */
  secret: z.union([agentSecretSchema, z.literal('')]).optional(),
  agentType: agentTypeSchema,
});
export type AgentRegister = z.input<typeof agentRegisterSchema>;

export const agentUpdateSchema = z.object({
  endpoint: httpUrlSchema,
  games: gamesSchema,
  agentType: agentTypeSchema,
});
export type AgentUpdate = z.infer<typeof agentUpdateSchema>;

/** Picker search: agents whose username or prefix contains the text. */
export const agentPickQuerySchema = z.object({
  q: textFilter,
  limit: countField(50).default(20),
});
export const agentPickSchema = z.object({ _id: z.string(), username: z.string(), prefix: z.string() });
export type AgentPick = z.infer<typeof agentPickSchema>;

/**
 * One agent of the caller's scope in the sharing tree in force today (docs/design.md §16): its parent
 * when that parent is of the scope too, else null (the scope's top; the agent side never learns its
 * own agent's parent).
 */
export const agentTreeNodeSchema = agentPickSchema.extend({
  locked: z.boolean(),
  parentAgent: z.string().nullable(),
});
export type AgentTreeNode = z.infer<typeof agentTreeNodeSchema>;
/** The most agents the tree answers (a staff caller's scope is every agent). */
export const MAX_TREE_AGENTS = 5000;
