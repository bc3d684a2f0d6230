import { z } from 'zod';
import {
  boolFilter,
  httpUrlSchema,
  isoTimestamp,
  nameChars,
  pageFields,
  refuseDeepPage,
  refuseInvisible,
  sortFields,
  textFilter,
} from './common.ts';

export const adapterTypes = ['SLOT', 'LIVE', 'SPORT', 'FISHING', 'TABLE', 'LOTTO', 'OTHER'] as const;
export const adapterTypeSchema = z.enum(adapterTypes);
export type AdapterType = z.infer<typeof adapterTypeSchema>;

export const codenameSchema = z
  .string()
  .min(2, 'must be 2 to 32 characters')
  .max(32, 'must be 2 to 32 characters')
  .superRefine(
    nameChars(/^[A-Z0-9_]*$/, 'codename_chars', 'may contain only upper-case letters, digits and _'),
  );

export const adapterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  codename: z.string(),
  endpoint: z.string(),
  type: adapterTypeSchema,
  logo: z.string(),
  isDisable: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Adapter = z.infer<typeof adapterSchema>;

export const adapterListQuerySchema = z
  .object({
    name: textFilter,
    isDisable: boolFilter,
    ...sortFields(['name', 'createdAt']),
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage);
export type AdapterListQuery = z.input<typeof adapterListQuerySchema>;

export const adapterCreateSchema = z.object({
  name: z.string().trim().min(1, 'required').max(100).superRefine(refuseInvisible),
  codename: codenameSchema,
  endpoint: httpUrlSchema,
  type: adapterTypeSchema,
  logo: httpUrlSchema,
});
export type AdapterCreate = z.infer<typeof adapterCreateSchema>;

/** The name is read-only once created; a sent name is ignored. */
export const adapterUpdateSchema = adapterCreateSchema.omit({ name: true });
export type AdapterUpdate = z.infer<typeof adapterUpdateSchema>;
