import { z } from 'zod';
import {
  idFilter,
  idSchema,
  isoTimestamp,
  pageFields,
  passwordSchema,
  refuseDeepPage,
  sortFields,
  textFilter,
  usernameSchema,
} from './common.ts';

export const operatorTypes = ['SUPERMANAGER', 'MANAGER', 'OPERATOR', 'REPORTER'] as const;
export const operatorTypeSchema = z.enum(operatorTypes);
export type OperatorType = z.infer<typeof operatorTypeSchema>;

export const agentOperatorSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  agentPrefix: z.string(),
  username: z.string(),
  type: operatorTypeSchema,
  locked: z.boolean(),
  /** It signs in with a second factor (enrolled and confirmed). */
  totpEnabled: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type AgentOperator = z.infer<typeof agentOperatorSchema>;

export const agentOperatorListQuerySchema = z
  .object({
    agent: idFilter,
    username: textFilter,
    ...sortFields(['username', 'createdAt']),
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage);
export type AgentOperatorListQuery = z.input<typeof agentOperatorListQuerySchema>;

export const agentOperatorRegisterSchema = z.object({
  agent: idSchema,
  username: usernameSchema,
  password: passwordSchema,
  type: operatorTypeSchema,
  locked: z.boolean().default(false),
});
export type AgentOperatorRegister = z.input<typeof agentOperatorRegisterSchema>;

export const agentOperatorUpdateSchema = z.object({
  type: operatorTypeSchema,
  locked: z.boolean(),
  /** Blank or absent keeps the current password. */
  password: z.union([passwordSchema, z.literal('')]).optional(),
});
export type AgentOperatorUpdate = z.input<typeof agentOperatorUpdateSchema>;
