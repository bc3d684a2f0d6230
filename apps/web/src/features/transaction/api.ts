import { api, type BetType, betTypes, Status, type TransactionListQuery } from '@sapi/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';
import { routeQuery } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

/** Page sizes of the transaction pager (docs/spec.md §9); the first is the default. */
export const PAGE_SIZES = [10, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Filters of /transaction/:id, as kept in the URL. */
export const transactionFilterKeys = [
  'user',
  'username',
  'betId',
  'betType',
  'gameBrand',
  'gameCode',
  'startDate',
  'endDate',
] as const;
export type TransactionFilters = Record<(typeof transactionFilterKeys)[number], string>;

/** Filters of /summary/tsreport, as kept in the URL. */
export const reportFilterKeys = ['agent', 'gameBrand', 'startDate', 'endDate'] as const;
export type ReportFilters = Record<(typeof reportFilterKeys)[number], string>;

/** Where a list reads from: the agent's transaction list, or the summary's "Transaction From Report". */
export type ListSource = 'transaction' | 'summary';

/** The server knows no such record (2004): for a list or an agent, the agent id is unknown. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === Status.NOT_FOUND;

export const isBetType = (value: string): value is BetType => (betTypes as readonly string[]).includes(value);

/** The list body of the current filters (no paging): also the CSV export's body. */
export const listBody = (filters: Partial<TransactionFilters>): TransactionListQuery => ({
  // Sent as typed: a player id that is not one gets the server's message (docs/spec.md §5).
  user: filters.user ?? '',
  username: filters.username ?? '',
  betId: filters.betId ?? '',
  betType: filters.betType && isBetType(filters.betType) ? filters.betType : '',
  gameBrand: filters.gameBrand ?? '',
  gameCode: filters.gameCode ?? '',
  // Date-time filters are minutes of the report zone's wall clock (components/date-time-filter-input).
  startDate: filterEdgeIso(filters.startDate ?? '', 'start'),
  endDate: filterEdgeIso(filters.endDate ?? '', 'end'),
});

/** An agent's bets (/transaction/:id), keyset-paged (docs/spec.md §5: 10, 50 or 100 a page); `params` is the agent. */
export const transactionList = defineList({
  route: api.transactionList,
  filters: transactionFilterKeys,
  keyset: { sizes: PAGE_SIZES },
  body: listBody,
});

const isId = (value: string) => /^[1-9][0-9]{0,18}$/.test(value);

/** Transaction From Report (/summary/tsreport): the chosen agent's bets by brand and period; none until one is chosen. */
export const reportTransactionList = defineList({
  route: api.summaryTransactionList,
  filters: reportFilterKeys,
  keyset: { sizes: PAGE_SIZES },
  params: (filters) => ({ agentId: isId(filters.agent) ? filters.agent : '' }),
  enabled: (filters) => isId(filters.agent),
  body: (filters) =>
    listBody({ gameBrand: filters.gameBrand, startDate: filters.startDate, endDate: filters.endDate }),
});

/** One bet row and its history, from the list it was opened in; cached under that list's resource. */
export const transactionDetailQuery = (source: ListSource, agentId: string, id: string) =>
  source === 'summary'
    ? routeQuery(api.summaryTransactionGet, { params: { agentId, id } })
    : routeQuery(api.transactionGet, { params: { agentId, listId: id } });

/** The agent of the header: the one cache entry of that agent, so a lock elsewhere shows here. */
export const agentQuery = (agentId: string) =>
  queryOptions({
    ...routeQuery(api.agentGet, { params: { id: agentId } }),
    staleTime: 60_000,
    retry: false,
  });

/** Every row of one bet id across agents (the bet's timeline). */
export const betHistoryQuery = (betId: string) =>
  queryOptions({
    ...routeQuery(api.summaryBetHistory, { body: { betId } }),
    enabled: betId.trim() !== '',
  });
