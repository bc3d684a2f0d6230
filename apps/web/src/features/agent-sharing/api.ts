import { api } from '@sapi/contract';
import { useBodyMutation, useSwitchMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

/** The sharing arrangements, filtered by agent and parent agent (docs/spec.md §9: 10 a page). */
export const sharingList = defineList({
  route: api.agentSharingList,
  filters: ['agent', 'parentAgent'],
  pageSize: 10,
  body: ({ agent, parentAgent }) => ({ agent, parentAgent }),
});

export const useCreateSharing = () => useBodyMutation(api.agentSharingCreate);
export const useUpdateSharing = () => useUpdateMutation(api.agentSharingUpdate);
export const useSetSharingDisabled = () =>
  useSwitchMutation('disable', api.agentSharingDisable, api.agentSharingEnable);

const percentFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A percentage in Thai locale with 2 decimals: `35.00 %`. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)} %`;
