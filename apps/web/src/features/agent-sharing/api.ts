import { api } from '@sapi/contract';
import { call } from '../../lib/api-client';
import { routeQuery, useBodyMutation, useResourceMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/** The sharing arrangements, filtered by agent and parent agent (docs/spec.md §9: 10 a page). */
export const sharingList = defineList({
  route: api.agentSharingList,
  filters: ['agent', 'parentAgent', 'sort', 'order'],
  pageSize: 10,
  body: (filters) => ({
    agent: filters.agent,
    parentAgent: filters.parentAgent,
    ...sortBody(filters, ['agentUsername', 'createdAt'] as const),
  }),
});

// A change of an arrangement changes the settlement statements and may open an approval.
const touched = [api.settlementList, api.approvalList];
export const useCreateSharing = () => useBodyMutation(api.agentSharingCreate, touched);
export const useUpdateSharing = () => useUpdateMutation(api.agentSharingUpdate, touched);

/** Disable (`disable: true`) or enable an arrangement from a business day. */
export const useSetSharingDisabled = () =>
  useResourceMutation(
    api.agentSharingDisable,
    ({ id, disable, effectiveFrom }: { id: string; disable: boolean; effectiveFrom: string }) =>
      call(disable ? api.agentSharingDisable : api.agentSharingEnable, {
        params: { id },
        body: { effectiveFrom },
      }),
    touched,
  );

/** The versions of an arrangement, oldest first as the server answers. */
export const sharingHistoryQuery = (id: string) => routeQuery(api.agentSharingHistory, { params: { id } });

/** The last closed periods as they were and with another percentage (nothing stored). */
export const whatIfQuery = (id: string, parentPercentage: number) =>
  routeQuery(api.agentSharingWhatIf, { params: { id }, body: { parentPercentage } });

const percentFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A percentage in Thai locale with 2 decimals: `35.00 %`. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)} %`;
