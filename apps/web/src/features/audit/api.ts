import { api } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../../lib/format';

export const AUDIT_PAGE_SIZE = 20;

export const auditFilterKeys = ['actor', 'entity', 'action', 'startDate', 'endDate'] as const;
export type AuditFilters = Record<(typeof auditFilterKeys)[number], string>;

/** Entities the server records today (the filter offers them; more arrive with later issues). */
export const auditEntities = ['admin', 'session'] as const;

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
          entity: filters.entity,
          action: filters.action,
          startDate: startOfDayIso(filters.startDate) ?? '',
          endDate: endOfDayIso(filters.endDate) ?? '',
          page,
          limit: AUDIT_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
