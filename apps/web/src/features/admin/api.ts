import { type AdminCreate, type AdminType, api } from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../../lib/format';

/** Admin list page size (spec §9). */
export const ADMIN_PAGE_SIZE = 10;

export const adminFilterKeys = ['username', 'startDate', 'endDate'] as const;
export type AdminFilters = Record<(typeof adminFilterKeys)[number], string>;

export const adminKeys = {
  all: ['admin'] as const,
  list: (filters: AdminFilters, page: number) => ['admin', 'list', filters, page] as const,
};

export const adminListQuery = (filters: AdminFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.adminList, {
        body: {
          username: filters.username,
          startDate: startOfDayIso(filters.startDate) ?? '',
          endDate: endOfDayIso(filters.endDate) ?? '',
          page,
          limit: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const useInvalidateAdmins = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
};

/** Re-check the signed-in admin's password before a sensitive change. */
export const useVerifyPassword = () =>
  useMutation({ mutationFn: (password: string) => call(api.verify, { body: { password } }) });

export const useCreateAdmin = () => {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: (body: AdminCreate) => call(api.adminCreate, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateAdminType = () => {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ id, type }: { id: string; type: AdminType }) =>
      call(api.adminUpdate, { params: { id }, body: { type } }),
    onSuccess: invalidate,
  });
};

export const useSetAdminLocked = () => {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      call(locked ? api.adminLock : api.adminUnlock, { params: { id } }),
    onSuccess: invalidate,
  });
};
