import { adapterTypes, adminTypes, operatorTypes } from '@sapi/contract';
import type { TFunction } from 'i18next';
import { th } from '../../locales/th';
import { isAuditEntity } from './api';

/**
 * The words the audit screens use for what a record holds: its kind of record, the names of its
 * before/after fields and the values staff know by name (a sign-in's method, locked or not, a type).
 * The list and the before/after dialog both say them through these, so they never differ. Each Thai
 * label of a kind ends in its stored key — "การเข้าสู่ระบบ (session)" — for support staff; a field's
 * or value's stored key is shown beside its label by the dialog.
 */

/** A kind of record as the list and the dialog show it; a kind the contract does not name, as stored. */
export const auditEntityLabel = (t: TFunction, entity: string): string =>
  isAuditEntity(entity) ? t(`audit.entities.${entity}`) : entity;

type AuditFieldName = keyof typeof th.audit.fieldNames;
const isFieldName = (field: string): field is AuditFieldName => Object.hasOwn(th.audit.fieldNames, field);

/** A before/after field's name in the user's language; undefined for a field nobody has named. */
export const auditFieldLabel = (t: TFunction, field: string): string | undefined =>
  isFieldName(field) ? t(`audit.fieldNames.${field}`) : undefined;

const loginMethods = ['password', 'totp', 'recovery'] as const;
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** One value of a field that names a kind of thing, by the record's kind. */
const enumLabel = (t: TFunction, entity: string, field: string, value: unknown): string | undefined => {
  if (field === 'method' && oneOf(loginMethods, value)) return t(`audit.values.method.${value}`);
  if (field === 'type' && entity === 'adapter' && oneOf(adapterTypes, value))
    return t(`adapter.types.${value}`);
  if (field === 'type' && entity === 'agent-operator' && oneOf(operatorTypes, value))
    return t(`agentOperator.types.${value}`);
  if ((field === 'type' && entity === 'admin') || field === 'totpRequiredTypes')
    return oneOf(adminTypes, value) ? t(`security.settings.types.${value}`) : undefined;
  return undefined;
};

/**
 * A before/after value in the user's language, when it is one staff know by name: a sign-in's method,
 * locked or not, disabled or not, an adapter's, operator's or admin's type (a list of admin types, each
 * named). Undefined for any other value, shown as stored.
 */
export const auditValueLabel = (
  t: TFunction,
  entity: string,
  field: string,
  value: unknown,
): string | undefined => {
  if (field === 'locked' && typeof value === 'boolean') return t(`audit.values.locked.${value}`);
  if (field === 'isDisable' && typeof value === 'boolean') return t(`audit.values.isDisable.${value}`);
  if (Array.isArray(value) && value.length > 0) {
    const labels = value.map((v) => enumLabel(t, entity, field, v));
    return labels.every((l) => l !== undefined) ? labels.join(', ') : undefined;
  }
  return enumLabel(t, entity, field, value);
};
