import { type AuditEntity, api, auditEntities } from '@sapi/contract';
import { filterEdgeIso } from '../../lib/business-time';
import { defineList, sortBody } from '../../lib/use-list-screen';

export const AUDIT_PAGE_SIZE = 20;

export const isAuditEntity = (value: string): value is AuditEntity =>
  (auditEntities as readonly string[]).includes(value);
/** A kind the contract does not name (an old or edited URL) is no filter. */
const entityFilter = (value: string): AuditEntity | '' => (isAuditEntity(value) ? value : '');

/** The audit log, 20 a page, by who, what kind of record, which action and when. */
export const auditList = defineList({
  route: api.auditList,
  filters: ['actor', 'entity', 'action', 'startDate', 'endDate', 'sort', 'order'],
  pageSize: AUDIT_PAGE_SIZE,
  body: (filters) => ({
    actor: filters.actor,
    entity: entityFilter(filters.entity),
    action: filters.action,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
    ...sortBody(filters, ['at'] as const),
  }),
});
