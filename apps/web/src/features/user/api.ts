import { api, type UserCreate, type UserUpdate } from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../../lib/format';

/** Player list page size (spec §9). */
export const USER_PAGE_SIZE = 50;

export const userFilterKeys = ['username', 'agent', 'startDate', 'endDate'] as const;
export type UserFilters = Record<(typeof userFilterKeys)[number], string>;
export const emptyUserFilters: UserFilters = { username: '', agent: '', startDate: '', endDate: '' };

export const userKeys = {
  all: ['user'] as const,
  list: (filters: UserFilters, page: number) => ['user', 'list', filters, page] as const,
};

/** The list's filters as the list and export routes take them. */
export const userQueryBody = (filters: UserFilters) => ({
  username: filters.username,
  agent: filters.agent,
  startDate: startOfDayIso(filters.startDate) ?? '',
  endDate: endOfDayIso(filters.endDate) ?? '',
});

export const userListQuery = (filters: UserFilters, page: number) =>
  queryOptions({
    queryKey: userKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.userList, { body: { ...userQueryBody(filters), page, limit: USER_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

const useInvalidateUsers = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
};

export const useCreateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserCreate) => call(api.userCreate, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) =>
      call(api.userUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

/** Soft delete: the player leaves the lists, its history stays. */
export const useDeleteUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => call(api.userDelete, { params: { id } }),
    onSuccess: invalidate,
  });
};
