import { z } from 'zod';
import {
  boolFilter,
  dateFilter,
  idFilter,
  idSchema,
  isoTimestamp,
  moneySchema,
  nameChars,
  pageFields,
  refuseDeepPage,
  refuseReversedDates,
  sortFields,
  textFilter,
} from './common.ts';

export const playerNameSchema = z
  .string()
  .min(3, 'must be 3 to 32 characters')
  .max(32, 'must be 3 to 32 characters')
  .superRefine(nameChars(/^[a-zA-Z0-9_]*$/, 'username_chars', 'may contain only letters, digits and _'));

export const userSchema = z.object({
  _id: z.string(),
  /** Stored username: the agent prefix followed by the typed name. */
  username: z.string(),
  /** The username without the agent prefix, as the list shows it. */
  name: z.string(),
  agent: z.string(),
  agentUsername: z.string(),
  agentPrefix: z.string(),
  betLimit: z.number(),
  locked: z.boolean(),
  activeGamePlaying: z.string().nullable(),
  lastGamePlaying: z.array(z.string()),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z
  .object({
    username: textFilter,
    agent: idFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    locked: boolFilter,
    ...sortFields(['username', 'createdAt']),
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage)
  .superRefine(refuseReversedDates);
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userCreateSchema = z.object({
  agent: idSchema,
  username: playerNameSchema,
  betLimit: moneySchema,
  locked: z.boolean().default(false),
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** The username is read-only on edit; a sent one is ignored. */
export const userUpdateSchema = z.object({
  betLimit: moneySchema,
  locked: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;
