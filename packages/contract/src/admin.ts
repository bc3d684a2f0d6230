import { z } from 'zod';
import {
  dateFilter,
  isoTimestamp,
  pageFields,
  passwordSchema,
  refuseDeepPage,
  refuseReversedDates,
  sortFields,
  textFilter,
  usernameSchema,
} from './common.ts';
import { adminTypeSchema } from './roles.ts';

export const adminSchema = z.object({
  _id: z.string(),
  username: z.string(),
  type: adminTypeSchema,
  locked: z.boolean(),
  activeLoginIP: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Admin = z.infer<typeof adminSchema>;

export const adminListQuerySchema = z
  .object({
    username: textFilter,
    prefix: textFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    ...sortFields(['username', 'createdAt']),
    ...pageFields(10),
  })
  .superRefine(refuseDeepPage)
  .superRefine(refuseReversedDates);
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

export const adminCreateSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  type: adminTypeSchema,
});
export type AdminCreate = z.infer<typeof adminCreateSchema>;

export const adminUpdateSchema = z.object({ type: adminTypeSchema });
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;
