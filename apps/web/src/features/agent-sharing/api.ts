import { type AgentSharingCreate, type AgentSharingUpdate, api } from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** Agent-sharing list page size (spec §9). */
export const SHARING_PAGE_SIZE = 10;

export const sharingFilterKeys = ['agent', 'parentAgent'] as const;
export type SharingFilters = Record<(typeof sharingFilterKeys)[number], string>;
export const emptySharingFilters: SharingFilters = { agent: '', parentAgent: '' };

export const sharingKeys = {
  all: ['agent-sharing'] as const,
  list: (filters: SharingFilters, page: number) => ['agent-sharing', 'list', filters, page] as const,
};

export const sharingListQuery = (filters: SharingFilters, page: number) =>
  queryOptions({
    queryKey: sharingKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.agentSharingList, { body: { ...filters, page, limit: SHARING_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

const useInvalidateSharing = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sharingKeys.all });
};

export const useCreateSharing = () => {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: (body: AgentSharingCreate) => call(api.agentSharingCreate, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateSharing = () => {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AgentSharingUpdate }) =>
      call(api.agentSharingUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

/** Disable (soft delete) or enable (revert) an arrangement (spec §4). */
export const useSetSharingDisabled = () => {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationFn: ({ id, disable }: { id: string; disable: boolean }) =>
      call(disable ? api.agentSharingDisable : api.agentSharingEnable, { params: { id } }),
    onSuccess: invalidate,
  });
};

const percentFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A percentage in Thai locale with 2 decimals: `35.00 %`. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)} %`;
