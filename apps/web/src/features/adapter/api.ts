import { api } from '@sapi/contract';
import { useBodyMutation, useSwitchMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, flagFilter, sortBody } from '../../lib/use-list-screen';

/** The game providers (docs/spec.md §9: 50 a page). `isDisable`: '' = all, '0' = enabled, '1' = disabled. */
export const adapterList = defineList({
  route: api.adapterList,
  filters: ['name', 'isDisable', 'sort', 'order'],
  pageSize: 50,
  body: (filters) => ({
    name: filters.name,
    isDisable: flagFilter(filters.isDisable),
    ...sortBody(filters, ['name', 'createdAt'] as const),
  }),
});

export const useCreateAdapter = () => useBodyMutation(api.adapterCreate);
export const useUpdateAdapter = () => useUpdateMutation(api.adapterUpdate);
export const useSetAdapterDisabled = () =>
  useSwitchMutation('disabled', api.adapterDisable, api.adapterEnable);
