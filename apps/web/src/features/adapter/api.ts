import { api } from '@sapi/contract';
import { useBodyMutation, useSwitchMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, flagFilter } from '../../lib/use-list-screen';

/** The game providers (docs/spec.md §9: 50 a page). `isDisable`: '' = all, '0' = enabled, '1' = disabled. */
export const adapterList = defineList({
  route: api.adapterList,
  filters: ['name', 'isDisable'],
  pageSize: 50,
  body: ({ name, isDisable }) => ({ name, isDisable: flagFilter(isDisable) }),
});

export const useCreateAdapter = () => useBodyMutation(api.adapterCreate);
export const useUpdateAdapter = () => useUpdateMutation(api.adapterUpdate);
export const useSetAdapterDisabled = () =>
  useSwitchMutation('disabled', api.adapterDisable, api.adapterEnable);
