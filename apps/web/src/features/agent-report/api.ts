import { api, type MonthlyBalance } from '@sapi/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { businessToday } from '../../lib/business-time';
import { routeQuery } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/** Agent list page size (docs/spec.md §9). */
export const AGENT_REPORT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day of a `YYYY-MM-DD` month filter, or of this business month (docs/spec.md §9). */
export const monthOf = (startDate: string): string =>
  DAY.test(startDate) && !Number.isNaN(Date.parse(startDate))
    ? `${startDate.slice(0, 8)}01`
    : `${businessToday().slice(0, 8)}01`;

/**
 * The agents of the report: only unlocked ones (`locked=0`, docs/spec.md §2), 50 a page, filtered by
 * username and prefix and sorted by username when asked; `startDate` is the month their widgets show
 * (this business month unless chosen). Cached under the agent resource, so locking or registering an
 * agent anywhere refreshes this list too.
 */
export const agentReportList = defineList({
  route: api.agentList,
  filters: ['username', 'prefix', 'startDate', 'sort', 'order'],
  pageSize: AGENT_REPORT_PAGE_SIZE,
  defaults: () => ({ startDate: monthOf('') }),
  body: (filters) => ({
    username: filters.username,
    prefix: filters.prefix,
    locked: 0 as const,
    ...sortBody(filters, ['username'] as const),
  }),
});

type BatchRow = MonthlyBalance & { agent: string };
const byAgent = (rows: BatchRow[]): Map<string, MonthlyBalance> =>
  new Map(rows.map(({ agent, ...balance }) => [agent, balance]));

/**
 * Every widget of a page in one request (docs/design.md §11: one query, not one request per agent), by
 * agent id; cached under the agent-report resource.
 */
export const widgetsQuery = (agentIds: readonly string[], date: string) =>
  queryOptions({
    ...routeQuery(api.agentReportMonthlyBatch, { body: { agentIds: [...agentIds], date } }),
    select: byAgent,
    enabled: agentIds.length > 0,
  });

/** One agent's widget again (the refresh icon). */
export const fetchWidget = (agentId: string, date: string) =>
  call(api.agentReportMonthly, { params: { agentId }, body: { date } });
