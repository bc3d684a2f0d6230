import { api, type BetType, betTypes, Status, type TransactionListQuery } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api-client';
import { filterEdgeIso } from '../../lib/business-time';
import { routeQuery } from '../../lib/query-keys';

/** Page sizes of the transaction pager (spec §9); the first is the default. */
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
  // Sent as typed: a player id that is not one gets the server's message (spec §5).
  user: filters.user ?? '',
  username: filters.username ?? '',
  betId: filters.betId ?? '',
  betType: filters.betType && isBetType(filters.betType) ? filters.betType : '',
  gameBrand: filters.gameBrand ?? '',
  gameCode: filters.gameCode ?? '',
  // Date-time filters are minutes of Thailand's wall clock (components/date-time-filter-input).
  startDate: filterEdgeIso(filters.startDate ?? '', 'start'),
  endDate: filterEdgeIso(filters.endDate ?? '', 'end'),
});

export interface PageRequest {
  page: number;
  limit: number;
  /** Keyset cursor of the previous page's last row; absent = page-number offset. */
  cursor: string | undefined;
}

export const transactionKeys = {
  all: ['transaction'] as const,
  list: (source: ListSource, agentId: string, body: TransactionListQuery, paging: PageRequest) =>
    ['transaction', source, 'list', agentId, body, paging] as const,
  detail: (source: ListSource, agentId: string, id: string) =>
    ['transaction', source, 'detail', agentId, id] as const,
  betHistory: (betId: string) => ['transaction', 'bet-history', betId] as const,
};

export const transactionListQuery = (
  source: ListSource,
  agentId: string,
  body: TransactionListQuery,
  paging: PageRequest,
) =>
  queryOptions({
    queryKey: transactionKeys.list(source, agentId, body, paging),
    queryFn: ({ signal }) =>
      call(source === 'summary' ? api.summaryTransactionList : api.transactionList, {
        params: { agentId },
        body: {
          ...body,
          page: paging.page,
          limit: paging.limit,
          ...(paging.cursor ? { cursor: paging.cursor } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A page read after a cursor holds older bets only: what was read (or read ahead) a minute ago
    // still stands. Page 1, where new bets arrive, is read again whenever it is shown.
    staleTime: paging.cursor ? 60_000 : 0,
  });

export const transactionDetailQuery = (source: ListSource, agentId: string, id: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(source, agentId, id),
    queryFn: ({ signal }) =>
      source === 'summary'
        ? call(api.summaryTransactionGet, { params: { agentId, id }, signal })
        : call(api.transactionGet, { params: { agentId, listId: id }, signal }),
  });

/** The agent of the header: the one cache entry of that agent, so a lock elsewhere shows here. */
export const agentQuery = (agentId: string) =>
  queryOptions({
    ...routeQuery(api.agentGet, { params: { id: agentId } }),
    staleTime: 60_000,
    retry: false,
  });

export const betHistoryQuery = (betId: string) =>
  queryOptions({
    queryKey: transactionKeys.betHistory(betId),
    queryFn: ({ signal }) => call(api.summaryBetHistory, { body: { betId }, signal }),
    enabled: betId.trim() !== '',
  });
