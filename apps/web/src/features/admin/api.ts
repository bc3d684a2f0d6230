import { type AdminType, api } from '@sapi/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';
import { routeQuery, useBodyMutation, useResourceMutation, useSwitchMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/** The admin accounts (docs/spec.md §9: 10 a page). */
export const adminList = defineList({
  route: api.adminList,
  filters: ['username', 'startDate', 'endDate', 'sort', 'order'],
  pageSize: 10,
  body: (filters) => ({
    username: filters.username,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
    ...sortBody(filters, ['username', 'createdAt'] as const),
  }),
});

export const useCreateAdmin = () => useBodyMutation(api.adminCreate);

export const useUpdateAdminType = () =>
  useResourceMutation(api.adminUpdate, ({ id, type }: { id: string; type: AdminType }) =>
    call(api.adminUpdate, { params: { id }, body: { type } }),
  );

export const useSetAdminLocked = () => useSwitchMutation('locked', api.adminLock, api.adminUnlock);

/** The addresses a staff account may work from ([] = any). */
export const adminAllowedIpsQuery = (id: string) => routeQuery(api.adminAllowedIpsGet, { params: { id } });
export const useUpdateAdminAllowedIps = () =>
  useResourceMutation(api.adminAllowedIpsUpdate, ({ id, allowedIps }: { id: string; allowedIps: string[] }) =>
    call(api.adminAllowedIpsUpdate, { params: { id }, body: { allowedIps } }),
  );

/** The address the signed-in admin's own session comes from, as the server saw it (null: unknown). */
export const myAddressQuery = queryOptions({
  ...routeQuery(api.sessionList),
  select: (data) => data.records.find((session) => session.current)?.ip ?? null,
});
/** An administrator's reset of another account's password → the temporary password, shown once. */
export const useResetPassword = () =>
  useResourceMutation(api.passwordReset, (id: string) => call(api.passwordReset, { params: { id } }));

/** An administrator's reset of another account's second factor (lost phone and recovery codes). */
export const useResetTotp = () =>
  useResourceMutation(api.totpReset, (id: string) => call(api.totpReset, { params: { id } }));
