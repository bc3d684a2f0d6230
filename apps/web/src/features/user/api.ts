import { api } from '@sapi/contract';
import { filterEdgeIso } from '../../lib/business-time';
import { useBodyMutation, useIdMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

/** The players (docs/spec.md §9: 50 a page), by name, agent and registration date-time. */
export const userList = defineList({
  route: api.userList,
  filters: ['username', 'agent', 'startDate', 'endDate'],
  pageSize: 50,
  body: (filters) => ({
    username: filters.username,
    agent: filters.agent,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
  }),
});

/** A new player also counts in the registration report. */
export const useCreateUser = () => useBodyMutation(api.userCreate, [api.registerCount]);
export const useUpdateUser = () => useUpdateMutation(api.userUpdate);
/** Soft delete: the player leaves the lists, its history stays. */
export const useDeleteUser = () => useIdMutation(api.userDelete);
