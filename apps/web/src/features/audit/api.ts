import { type AuditEntity, api, auditEntities } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';

export const AUDIT_PAGE_SIZE = 20;

export const auditFilterKeys = ['actor', 'entity', 'action', 'startDate', 'endDate'] as const;
export type AuditFilters = Record<(typeof auditFilterKeys)[number], string>;

export const isAuditEntity = (value: string): value is AuditEntity =>
  (auditEntities as readonly string[]).includes(value);

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number) => ['audit', 'list', filters, page] as const,
};

export const auditListQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: auditKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.auditList, {
        body: {
          actor: filters.actor,
          // A kind the contract does not name (an old or edited URL) is no filter.
          entity: isAuditEntity(filters.entity) ? filters.entity : '',
          action: filters.action,
          startDate: filterEdgeIso(filters.startDate, 'start'),
          endDate: filterEdgeIso(filters.endDate, 'end'),
          page,
          limit: AUDIT_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
