import { api } from '@sapi/contract';
import { filterEdgeIso } from '../../lib/business-time';
import { useBodyMutation, useIdMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/** The players (docs/spec.md §9: 50 a page), by name, agent and registration date-time; sorted by name or registration. */
export const userList = defineList({
  route: api.userList,
  filters: ['username', 'agent', 'startDate', 'endDate', 'sort', 'order'],
  pageSize: 50,
  body: (filters) => ({
    username: filters.username,
    agent: filters.agent,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
    ...sortBody(filters, ['username', 'createdAt'] as const),
  }),
});

/** A new player also counts in the registration report. */
export const useCreateUser = () => useBodyMutation(api.userCreate, [api.registerCount]);
export const useUpdateUser = () => useUpdateMutation(api.userUpdate);
/** Soft delete: the player leaves the lists, its history stays. */
export const useDeleteUser = () => useIdMutation(api.userDelete);
