import { type AdapterCreate, type AdapterListQuery, type AdapterUpdate, api } from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** Adapter list page size (spec §9). */
export const ADAPTER_PAGE_SIZE = 50;

/** `isDisable`: '' = all, '0' = enabled only, '1' = disabled only. */
export const adapterFilterKeys = ['name', 'isDisable'] as const;
export type AdapterFilters = Record<(typeof adapterFilterKeys)[number], string>;
export const emptyAdapterFilters: AdapterFilters = { name: '', isDisable: '' };

export const adapterKeys = {
  all: ['adapter'] as const,
  list: (filters: AdapterFilters, page: number) => ['adapter', 'list', filters, page] as const,
};

/** The list body of the filters on screen (also the CSV export's). */
export const adapterListBody = (filters: AdapterFilters): AdapterListQuery => ({
  name: filters.name,
  isDisable: filters.isDisable === '0' || filters.isDisable === '1' ? filters.isDisable : '',
});

export const adapterListQuery = (filters: AdapterFilters, page: number) =>
  queryOptions({
    queryKey: adapterKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.adapterList, {
        body: { ...adapterListBody(filters), page, limit: ADAPTER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const useInvalidateAdapters = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adapterKeys.all });
};

export const useCreateAdapter = () => {
  const invalidate = useInvalidateAdapters();
  return useMutation({
    mutationFn: (body: AdapterCreate) => call(api.adapterCreate, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateAdapter = () => {
  const invalidate = useInvalidateAdapters();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdapterUpdate }) =>
      call(api.adapterUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

/** Disable is the soft delete (DELETE), enable the revert (PUT), spec §4. */
export const useSetAdapterDisabled = () => {
  const invalidate = useInvalidateAdapters();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      call(disabled ? api.adapterDisable : api.adapterEnable, { params: { id } }),
    onSuccess: invalidate,
  });
};
