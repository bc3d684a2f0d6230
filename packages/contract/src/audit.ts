import { z } from 'zod';
import { dateFilter, isoTimestamp, pageFields, refuseDeepPage, textFilter } from './common.ts';

/** Every action the server records (the audit screen's filter and badges). */
export const auditActions = [
  'create',
  'update',
  'lock',
  'unlock',
  'disable',
  'enable',
  'delete',
  'rotate-secret',
  'login',
  'logout',
  'verify',
  'verify-failed',
  'seed',
] as const;

export const auditRecordSchema = z.object({
  _id: z.string(),
  at: isoTimestamp,
  actorId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListQuerySchema = z
  .object({
    actor: textFilter,
    entity: textFilter,
    action: textFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
