import { type AgentWithSecret, api, MAX_LIMIT } from '@sapi/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';
import {
  allRecordsQuery,
  queryKeyOf,
  routeQuery,
  useBodyMutation,
  useIdMutation,
  useResourceMutation,
  useSwitchMutation,
  useUpdateMutation,
} from '../../lib/query-keys';
import { defineList, type FlagFilter, flagFilter, sortBody } from '../../lib/use-list-screen';

/**
 * The agent list (docs/spec.md §9: 50 a page). `locked`: '' = all, '0' = active only, '1' = locked only (set
 * by the count tiles).
 */
export const agentList = defineList({
  route: api.agentList,
  filters: ['username', 'prefix', 'startDate', 'endDate', 'locked', 'sort', 'order'],
  pageSize: 50,
  body: (filters) => ({
    username: filters.username,
    prefix: filters.prefix,
    startDate: filterEdgeIso(filters.startDate, 'start'),
    endDate: filterEdgeIso(filters.endDate, 'end'),
    locked: flagFilter(filters.locked),
    ...sortBody(filters, ['username', 'createdAt'] as const),
  }),
});

/** How many agents there are (all, active or locked): the total of a one-row page. */
export const agentCountQuery = (locked: FlagFilter) =>
  queryOptions({
    ...routeQuery(api.agentList, { body: { locked, page: 1, limit: 1 } }),
    select: (data) => data.total,
  });

/** One agent with its credentials (roles that may edit agents get the secret, docs/design.md §7). */
export const agentDetailQuery = (id: string) => routeQuery(api.agentGet, { params: { id } });

/** The codes of every enabled game provider: what an agent's games are chosen from. */
export const enabledGamesQuery = queryOptions({
  ...allRecordsQuery(api.adapterList, { isDisable: 0 }),
  select: (adapters) => adapters.map((a) => a.codename).sort((a, b) => a.localeCompare(b)),
});

export const useRegisterAgent = () => useBodyMutation(api.agentRegister);
export const useUpdateAgent = () => useUpdateMutation(api.agentUpdate);

/** A new secret at once; the dialog shows it from the answer. */
export const useRotateSecret = () => {
  const queryClient = useQueryClient();
  return useResourceMutation(api.agentRotateSecret, async (id: string) => {
    const agent: AgentWithSecret = await call(api.agentRotateSecret, { params: { id } });
    queryClient.setQueryData(queryKeyOf(api.agentGet, { params: { id } }), agent);
    return agent;
  });
};

export const useSetAgentLocked = () => useSwitchMutation('locked', api.agentLock, api.agentUnlock);

/** Staff remove an agent's own account's second factor (a lost phone and codes). */
export const useResetAgentTotp = () => useIdMutation(api.agentTotpReset);

/** The addresses an agent's ingest API accepts requests from ([] = any). */
export const agentAllowedIpsQuery = (id: string) => routeQuery(api.agentAllowedIpsGet, { params: { id } });
export const useUpdateAgentAllowedIps = () => useUpdateMutation(api.agentAllowedIpsUpdate);

/**
 * The latest agents' ingest refusals (3008), the most recent first: the allow-list dialog shows those
 * of its agent. One page of the largest size; the refusals screen lists them all.
 */
export const agentRefusalsQuery = (id: string) =>
  queryOptions({
    ...routeQuery(api.ipRefusalList, { body: { scope: 'agent', page: 1, limit: MAX_LIMIT } }),
    select: (data) => data.records.filter((refusal) => refusal.subjectId === id),
  });
