import { z } from 'zod';
import {
  boolFilter,
  idFilter,
  idSchema,
  isoTimestamp,
  pageFields,
  percentSchema,
  refuseDeepPage,
  textFilter,
} from './common.ts';

export const agentSharingSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  agentPrefix: z.string(),
  parentAgent: z.string(),
  parentAgentUsername: z.string(),
  parentAgentPrefix: z.string(),
  parentPercentage: z.number(),
  isDisable: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type AgentSharing = z.infer<typeof agentSharingSchema>;

export const agentSharingListQuerySchema = z
  .object({
    agent: idFilter,
    parentAgent: idFilter,
    /** Text match on the agent's username / prefix. */
    username: textFilter,
    prefix: textFilter,
    isDisable: boolFilter,
    ...pageFields(10),
  })
  .superRefine(refuseDeepPage);
export type AgentSharingListQuery = z.input<typeof agentSharingListQuerySchema>;

export const agentSharingCreateSchema = z.object({
  agent: idSchema,
  parentAgent: idSchema,
  parentPercentage: percentSchema,
  isDisable: z.boolean().default(false),
});
export type AgentSharingCreate = z.input<typeof agentSharingCreateSchema>;

export const agentSharingUpdateSchema = z.object({
  agent: idSchema,
  parentAgent: idSchema,
  parentPercentage: percentSchema,
});
export type AgentSharingUpdate = z.input<typeof agentSharingUpdateSchema>;
