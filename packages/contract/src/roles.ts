import { z } from 'zod';

export const adminTypes = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'REPORTER'] as const;
export const adminTypeSchema = z.enum(adminTypes);
export type AdminType = z.infer<typeof adminTypeSchema>;

/** Role sets of the docs/design.md §5 matrix, named by what they may do. */
export const roles = {
  everyone: adminTypes,
  writers: ['SUPERADMIN', 'ADMIN', 'OPERATOR'],
  managers: ['SUPERADMIN', 'ADMIN'],
  superadmin: ['SUPERADMIN'],
} as const satisfies Record<string, readonly AdminType[]>;

/** Admin types each role may create, re-type or lock (docs/design.md §5). */
export const manageableTypes: Record<AdminType, readonly AdminType[]> = {
  SUPERADMIN: adminTypes,
  ADMIN: ['OPERATOR', 'REPORTER'],
  OPERATOR: [],
  REPORTER: [],
};
