import {
  type AgentListQuery,
  type AgentRegister,
  type AgentUpdate,
  type AgentWithSecret,
  api,
  MAX_LIMIT,
} from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endOfDayIso, startOfDayIso } from '../../lib/format';

/** Agent list page size (spec §9). */
export const AGENT_PAGE_SIZE = 50;

/** `locked`: '' = all, '0' = active only, '1' = locked only (set by the count tiles). */
export const agentFilterKeys = ['username', 'prefix', 'startDate', 'endDate', 'locked'] as const;
export type AgentFilters = Record<(typeof agentFilterKeys)[number], string>;
export const emptyAgentFilters: AgentFilters = {
  username: '',
  prefix: '',
  startDate: '',
  endDate: '',
  locked: '',
};

export const agentKeys = {
  all: ['agent'] as const,
  list: (filters: AgentFilters, page: number) => ['agent', 'list', filters, page] as const,
  count: (locked: '' | '0' | '1') => ['agent', 'count', locked] as const,
  detail: (id: string) => ['agent', 'detail', id] as const,
  games: ['agent', 'games'] as const,
};

/** The list body of the filters on screen (also the CSV export's). */
export const agentListBody = (filters: AgentFilters): AgentListQuery => ({
  username: filters.username,
  prefix: filters.prefix,
  startDate: startOfDayIso(filters.startDate) ?? '',
  endDate: endOfDayIso(filters.endDate) ?? '',
  locked: filters.locked === '0' || filters.locked === '1' ? filters.locked : '',
});

export const agentListQuery = (filters: AgentFilters, page: number) =>
  queryOptions({
    queryKey: agentKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.agentList, { body: { ...agentListBody(filters), page, limit: AGENT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** How many agents there are (all, active or locked): the total of a one-row page. */
export const agentCountQuery = (locked: '' | '0' | '1') =>
  queryOptions({
    queryKey: agentKeys.count(locked),
    queryFn: async ({ signal }) =>
      (await call(api.agentList, { body: { locked, page: 1, limit: 1 }, signal })).total,
  });

/** One agent with its credentials (roles that may edit agents get the secret, DESIGN §7). */
export const agentDetailQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: ({ signal }) => call(api.agentGet, { params: { id }, signal }),
  });

/** The codes of every enabled game provider: what an agent's games are chosen from. */
export const enabledGamesQuery = queryOptions({
  queryKey: agentKeys.games,
  queryFn: async ({ signal }) => {
    const codes: string[] = [];
    for (let page = 1; ; page++) {
      const data = await call(api.adapterList, {
        body: { isDisable: 0, page, limit: MAX_LIMIT },
        signal,
      });
      codes.push(...data.records.map((a) => a.codename));
      if (data.records.length < MAX_LIMIT || codes.length >= data.total) break;
    }
    return codes.sort((a, b) => a.localeCompare(b));
  },
});

const useInvalidateAgents = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentKeys.all });
};

export const useRegisterAgent = () => {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: (body: AgentRegister) => call(api.agentRegister, { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateAgent = () => {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AgentUpdate }) =>
      call(api.agentUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

/** A new secret at once; the dialog shows it from the answer. */
export const useRotateSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.agentRotateSecret, { params: { id } }),
    onSuccess: (agent: AgentWithSecret) => {
      queryClient.setQueryData(agentKeys.detail(agent._id), agent);
    },
  });
};

/** Lock is the soft delete (DELETE), unlock the revert (PUT), spec §4. */
export const useSetAgentLocked = () => {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      call(locked ? api.agentLock : api.agentUnlock, { params: { id } }),
    onSuccess: invalidate,
  });
};
