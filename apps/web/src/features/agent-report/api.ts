import { api, type MonthlyBalance } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routeQuery } from '../../lib/query-keys';

/** Agent list page size (spec §9). */
export const AGENT_REPORT_PAGE_SIZE = 50;

export const agentReportFilterKeys = ['username', 'prefix', 'startDate'] as const;
export type AgentReportFilters = Record<(typeof agentReportFilterKeys)[number], string>;

/**
 * The agents of the report: only unlocked ones (`locked=0`, spec §2). Cached under the agent
 * resource, so locking or registering an agent anywhere refreshes this list too.
 */
export const agentReportListQuery = (username: string, prefix: string, page: number) =>
  queryOptions({
    ...routeQuery(api.agentList, {
      body: { username, prefix, locked: 0, page, limit: AGENT_REPORT_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });

/** Every widget of a page in one request (DESIGN §11: one query, not one request per agent). */
export const widgetsQuery = (agentIds: readonly string[], date: string) =>
  queryOptions({
    queryKey: ['agent-report', 'widgets', agentIds, date] as const,
    queryFn: async ({ signal }): Promise<Map<string, MonthlyBalance>> => {
      const rows = await call(api.agentReportMonthlyBatch, {
        body: { agentIds: [...agentIds], date },
        signal,
      });
      return new Map(rows.map(({ agent, ...balance }) => [agent, balance]));
    },
    enabled: agentIds.length > 0,
  });

/** One agent's widget again (the refresh icon). */
export const fetchWidget = (agentId: string, date: string) =>
  call(api.agentReportMonthly, { params: { agentId }, body: { date } });
