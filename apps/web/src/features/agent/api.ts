import { type AgentRegister, type AgentUpdate, type AgentWithSecret, api } from '@sapi/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { filterDateIso } from '../../lib/filter-dates';
import { allRecordsQuery, queryKeyOf, routeQuery, useResourceMutation } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

type LockedFilter = '' | '0' | '1';
const lockedFilter = (value: string): LockedFilter => (value === '0' || value === '1' ? value : '');

/**
 * The agent list (spec §9: 50 a page). `locked`: '' = all, '0' = active only, '1' = locked only (set
 * by the count tiles).
 */
export const agentList = defineList({
  route: api.agentList,
  filters: ['username', 'prefix', 'startDate', 'endDate', 'locked'],
  pageSize: 50,
  body: (filters) => ({
    username: filters.username,
    prefix: filters.prefix,
    startDate: filterDateIso(filters.startDate, 'start'),
    endDate: filterDateIso(filters.endDate, 'end'),
    locked: lockedFilter(filters.locked),
  }),
});

/** How many agents there are (all, active or locked): the total of a one-row page. */
export const agentCountQuery = (locked: LockedFilter) =>
  queryOptions({
    ...routeQuery(api.agentList, { body: { locked, page: 1, limit: 1 } }),
    select: (data) => data.total,
  });

/** One agent with its credentials (roles that may edit agents get the secret, DESIGN §7). */
export const agentDetailQuery = (id: string) => routeQuery(api.agentGet, { params: { id } });

/** The codes of every enabled game provider: what an agent's games are chosen from. */
export const enabledGamesQuery = queryOptions({
  ...allRecordsQuery(api.adapterList, { isDisable: 0 }),
  select: (adapters) => adapters.map((a) => a.codename).sort((a, b) => a.localeCompare(b)),
});

export const useRegisterAgent = () =>
  useResourceMutation(api.agentRegister, (body: AgentRegister) => call(api.agentRegister, { body }));

export const useUpdateAgent = () =>
  useResourceMutation(api.agentUpdate, ({ id, body }: { id: string; body: AgentUpdate }) =>
    call(api.agentUpdate, { params: { id }, body }),
  );

/** A new secret at once; the dialog shows it from the answer. */
export const useRotateSecret = () => {
  const queryClient = useQueryClient();
  return useResourceMutation(api.agentRotateSecret, async (id: string) => {
    const agent: AgentWithSecret = await call(api.agentRotateSecret, { params: { id } });
    queryClient.setQueryData(queryKeyOf(api.agentGet, { params: { id } }), agent);
    return agent;
  });
};

/** Lock is the soft delete (DELETE), unlock the revert (PUT), spec §4. */
export const useSetAgentLocked = () =>
  useResourceMutation(api.agentLock, ({ id, locked }: { id: string; locked: boolean }) =>
    call(locked ? api.agentLock : api.agentUnlock, { params: { id } }),
  );
