import { z } from 'zod';
import {
  dateFilter,
  isoTimestamp,
  pageFields,
  refuseDeepPage,
  refuseReversedDates,
  sortFields,
  textFilter,
} from './common.ts';

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
  'allowed-ips',
  'login-password-ok',
  'login-code-failed',
  'login-refused-address',
  'password-change',
  'password-change-failed',
  'password-reset',
  'session-end',
  'sessions-end-all',
  'sessions-end-others',
  'totp-enrol-start',
  'totp-enable',
  'totp-disable',
  'totp-disable-failed',
  'totp-recovery-codes',
  'totp-recovery-codes-failed',
  'totp-reset',
  // Settlement (docs/design.md §15): a close or percentage change asked for, decided, a payment voided.
  'request',
  'approve',
  'reject',
  'void',
] as const;
/** The server writes only these (its audit entries are typed so), so every badge has a label. */
export type AuditAction = (typeof auditActions)[number];

/**
 * Every kind of record the server audits: the staff screens' resources, sign-in sessions, the account
 * security settings and the demo data generator. The audit screen's entity filter offers exactly these.
 */
export const auditEntities = [
  'adapter',
  'agent',
  'agent-operator',
  'agent-sharing',
  'user',
  'admin',
  'session',
  'security-settings',
  'demo',
  'settlement-period',
  'settlement-payment',
  'approval',
] as const;
export const auditEntitySchema = z.enum(auditEntities);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

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
    entity: z
      .union([auditEntitySchema, z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    action: textFilter,
    startDate: dateFilter,
    endDate: dateFilter,
    ...sortFields(['at']),
    ...pageFields(50),
  })
  .superRefine(refuseDeepPage)
  .superRefine(refuseReversedDates);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
