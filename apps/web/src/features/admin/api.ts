import { type AdminType, api } from '@sapi/contract';
import { call } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';
import { useBodyMutation, useResourceMutation, useSwitchMutation } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

/** The admin accounts (spec §9: 10 a page). */
export const adminList = defineList({
  route: api.adminList,
  filters: ['username', 'startDate', 'endDate'],
  pageSize: 10,
  body: (filters) => ({
    username: filters.username,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
  }),
});

export const useCreateAdmin = () => useBodyMutation(api.adminCreate);

export const useUpdateAdminType = () =>
  useResourceMutation(api.adminUpdate, ({ id, type }: { id: string; type: AdminType }) =>
    call(api.adminUpdate, { params: { id }, body: { type } }),
  );

export const useSetAdminLocked = () => useSwitchMutation('locked', api.adminLock, api.adminUnlock);

/** An administrator's reset of another account's password → the temporary password, shown once. */
export const useResetPassword = () =>
  useResourceMutation(api.passwordReset, (id: string) => call(api.passwordReset, { params: { id } }));

/** An administrator's reset of another account's second factor (lost phone and recovery codes). */
export const useResetTotp = () =>
  useResourceMutation(api.totpReset, (id: string) => call(api.totpReset, { params: { id } }));
