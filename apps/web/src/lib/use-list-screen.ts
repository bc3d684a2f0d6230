import type { BodyOf, DataOf, ParamsOf, RouteDef } from '@sapi/contract';
import {
  hashKey,
  keepPreviousData,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeProblems, wallTextPattern } from './date-text';
import { errorMessage, fieldErrors, isRetryable } from './errors';
import { queryKeyOf, type RouteInput, routeQuery } from './query-keys';
import type { SortOrder, TableSort } from './sort';
import { useKeysetPaging } from './use-keyset-paging';
import { useUrlFilters } from './use-url-filters';

/** Filter values as the fields and the URL hold them: text, ids, `0`/`1`, local date-times. */
export type Filters<K extends string> = Record<K, string>;

/**
 * The rows of a route's answer: a list's `records` (`{ records, page, limit, total }`, or a cursor
 * page without `total`), a report's `rows` (`{ rows, totals }`), or the answer itself when it is an
 * array (e.g. the registration count).
 */
export type RecordOf<R extends RouteDef> = RowsOf<DataOf<R>>;
type RowsOf<D> = D extends { records: (infer T)[] }
  ? T
  : D extends { rows: (infer T)[] }
    ? T
    : D extends (infer T)[]
      ? T
      : never;

const rowsOf = (data: unknown): unknown[] | undefined => {
  if (Array.isArray(data)) return data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { records, rows } = data as { records?: unknown; rows?: unknown };
  if (Array.isArray(records)) return records;
  return Array.isArray(rows) ? rows : undefined;
};
const nextCursorOf = (data: unknown): string | null => {
  const next =
    typeof data === 'object' && data !== null ? (data as { nextCursor?: unknown }).nextCursor : null;
  return typeof next === 'string' ? next : null;
};
const totalOf = (data: unknown): number | undefined => {
  const total = typeof data === 'object' && data !== null ? (data as { total?: unknown }).total : undefined;
  return typeof total === 'number' ? total : undefined;
};
/** A list route's body without its paging: what the filters make, and what its CSV export takes. */
export type FilterBody<R extends RouteDef> = Omit<BodyOf<R>, 'page' | 'limit'>;

export interface ListScreenConfig<R extends RouteDef, K extends string> {
  /** The contract's list route (`api.agentList`). */
  route: R;
  /** The filters kept in the URL, each '' when not set. */
  filters: readonly K[];
  /** The request body of the applied filters, without page and limit. */
  body: (filters: Filters<K>) => FilterBody<R>;
  /**
   * Rows a page (sent as `page` and `limit`); absent: the route is not paged. The pager shows when
   * the answer has a `total`.
   */
  pageSize?: number;
  /**
   * Keyset paging instead (First, Previous, Next; the answer has no total but a `nextCursor`): the
   * page sizes to choose from, the first the default. The URL keeps `page`, `limit` and `cursor`; the
   * next page is read ahead while this one is shown, so Next shows it at once (docs/design.md §11).
   */
  keyset?: { sizes: readonly number[] };
  /** Path parameters of the route (e.g. the agent of a transaction list), or made from the applied filters. */
  params?: ParamsOf<R> | ((filters: Filters<K>) => ParamsOf<R>);
  /**
   * What a filter is when the URL does not say (e.g. this month of a report); Clear returns to these.
   * Called once per screen.
   */
  defaults?: () => Partial<Filters<K>>;
  /** False holds the list back (e.g. until an agent is chosen), or says so of the applied filters. */
  enabled?: boolean | ((filters: Filters<K>) => boolean);
  /**
   * The from and to date-time filters, checked before a search is sent (a text that is no date-time,
   * an end before the start); `startDate` and `endDate` when the list has both.
   */
  dateRange?: readonly [K, K];
}

/** What a list screen's table shows: the page's rows and its loading, error and paging states. */
export interface ListTableState<T> {
  records: T[] | undefined;
  /** First load, nothing to show yet. */
  loading: boolean;
  /** Loading again over the rows shown. */
  fetching: boolean;
  /** The list failed: the message for the red banner. */
  error: string | null;
  /** The server refused a filter (its field says why): correct it, not try again. */
  refused: boolean;
  /** Load again; absent when a second try would be refused the same way. */
  onRetry: (() => void) | undefined;
  pager: { page: number; limit: number; total: number; onChange: (page: number) => void } | undefined;
}

/** A keyset pager's state and moves (`CursorPager` takes them as they are). */
export interface KeysetPager {
  page: number;
  limit: number;
  /** Rows on this page: a full page has a next one. */
  count: number;
  onLimitChange: (limit: number) => void;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /** Another page is loading. */
  disabled: boolean;
}

/** The draft filters being typed, and how a field changes one. */
export interface DraftFilters<K extends string> {
  draft: Filters<K>;
  setDraft: (key: K, value: string) => void;
  /** Change several draft filters at once (e.g. a month and the day that must follow it). */
  patchDraft: (patch: Partial<Filters<K>>) => void;
  /**
   * Why the server refused the applied filters, by filter: shown under a field while it still holds
   * what was refused (the same object while nothing changes).
   */
  errors: FilterErrors<K>;
}

export type FilterErrors<K extends string> = Partial<Record<K, string>>;

export interface ListScreenState<R extends RouteDef, K extends string> extends DraftFilters<K> {
  /** The filters of the rows shown (from the URL). */
  applied: Filters<K>;
  page: number;
  /** The request body of the applied filters without paging: also the CSV export's body. */
  body: BodyOf<R>;
  params: ParamsOf<R> | undefined;
  /**
   * Search: the draft becomes the applied filters and the list loads again, always, even with the
   * filters unchanged (a user presses Search to refresh). Changed filters start at page 1; unchanged
   * ones refresh the page shown.
   */
  search: () => void;
  /** Clear: every filter empty, page 1, loaded again. */
  clear: () => void;
  /** Apply some filters at once (a tile, a link), page 1, loaded again. */
  apply: (next: Partial<Filters<K>>) => void;
  setPage: (page: number) => void;
  query: UseQueryResult<DataOf<R>>;
  table: ListTableState<RecordOf<R>>;
  /** A search is loading over the rows shown (the Search button spins). */
  searching: boolean;
  /** The keyset pager, for a list with `keyset` paging. */
  keyset: KeysetPager | undefined;
  /** The sorting the table's headers show and change, for a list with `sort` and `order` filters. */
  sort: TableSort | undefined;
}

/** The filters with a default where the URL has none. */
const withDefaults = <K extends string>(
  keys: readonly K[],
  defaults: Partial<Filters<K>>,
  filters: Filters<K>,
): Filters<K> => {
  const out = emptyOf(keys);
  for (const key of keys) out[key] = filters[key] !== '' ? filters[key] : (defaults[key] ?? '');
  return out;
};

/** The path parameters of a list: as given, or made from its applied filters. */
const paramsOf = <P, K extends string>(
  params: P | ((filters: Filters<K>) => P) | undefined,
  applied: Filters<K>,
): P | undefined => (params instanceof Function ? params(applied) : params);

const KEYSET_STALE_MS = 60_000;
/** A keyset list's page size outlives a new search. */
const KEYSET_KEEP = ['limit'] as const;
const NO_KEEP = [] as const;
const NO_SIZES = [] as const;

const emptyOf = <K extends string>(keys: readonly K[]): Filters<K> => {
  const out = {} as Filters<K>;
  for (const key of keys) out[key] = '';
  return out;
};

/**
 * One list screen's state over a contract list route: draft filters while typing, the applied ones in
 * the URL, Search that always loads again, Clear, paging, and the table's loading, empty and error
 * states. The query key comes from the route and its input (`queryKeyOf`), so a change to the
 * resource reloads this list wherever it was made.
 */
export function useListScreen<R extends RouteDef, K extends string>(
  config: ListScreenConfig<R, K>,
): ListScreenState<R, K> {
  const { route, filters: keys, body: bodyOf, pageSize, keyset: keysetConfig } = config;
  const url = useUrlFilters(keys, keysetConfig ? KEYSET_KEEP : NO_KEEP);
  const { page } = url;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are fixed for the screen's life
  const defaults = useMemo(() => config.defaults?.() ?? {}, []);
  // The same object while the URL's filters stay (the draft follows it).
  const applied = useMemo(() => withDefaults(keys, defaults, url.filters), [keys, defaults, url.filters]);
  const enabledOf = (filters: Filters<K>): boolean =>
    typeof config.enabled === 'function' ? config.enabled(filters) : (config.enabled ?? true);
  const params = paramsOf(config.params, applied);
  const enabled = enabledOf(applied);
  const keyset = useKeysetPaging(page, keysetConfig?.sizes ?? NO_SIZES);
  const queryClient = useQueryClient();
  // Rendered again in the other language, with the failure's words in it.
  const { t, i18n } = useTranslation();
  const { language } = i18n;

  const [draft, setDraftState] = useState<Filters<K>>(applied);
  // The URL changed (a search, Back, a link): the fields show what is applied.
  useEffect(() => setDraftState(applied), [applied]);
  const setDraft = useCallback(
    (key: K, value: string) => setDraftState((prev) => ({ ...prev, [key]: value })),
    [],
  );
  const patchDraft = useCallback(
    (patch: Partial<Filters<K>>) => setDraftState((prev) => ({ ...prev, ...patch })),
    [],
  );

  const inputOf = (filters: Filters<K>, atPage: number, cursor?: string): RouteInput<R> => {
    let paging: object = {};
    if (keysetConfig) paging = { page: atPage, limit: keyset.limit, ...(cursor ? { cursor } : {}) };
    else if (pageSize !== undefined) paging = { page: atPage, limit: pageSize };
    // The filter body plus paging is the route's body: the same schema with its paging fields.
    const body = { ...bodyOf(filters), ...paging } as BodyOf<R>;
    const pathParams = paramsOf(config.params, filters);
    return pathParams === undefined ? { body } : { body, params: pathParams };
  };

  // Without paging it is still the route's body: every list schema defaults its page and limit.
  const body = bodyOf(applied) as BodyOf<R>;
  const cursor = keysetConfig ? keyset.cursor : undefined;
  const query = useQuery({
    ...routeQuery(route, inputOf(applied, page, cursor)),
    placeholderData: keepPreviousData,
    enabled,
    // A page read after a cursor holds older rows only: what was read (or read ahead) a minute ago
    // still stands. Page 1, where new rows arrive, is read again whenever it is shown.
    staleTime: cursor ? KEYSET_STALE_MS : 0,
  });

  // Keyset: read the next page ahead into the entry Next opens (a full page has one).
  const rowCount = rowsOf(query.data)?.length ?? 0;
  const aheadCursor = keysetConfig && enabled && rowCount === keyset.limit ? nextCursorOf(query.data) : null;
  const aheadInput = aheadCursor ? inputOf(applied, page + 1, aheadCursor) : null;
  const aheadKey = JSON.stringify(aheadInput);
  // biome-ignore lint/correctness/useExhaustiveDependencies: aheadKey stands for aheadInput
  useEffect(() => {
    if (aheadInput === null) return;
    void queryClient.prefetchQuery({ ...routeQuery(route, aheadInput), staleTime: KEYSET_STALE_MS });
  }, [queryClient, route, aheadKey]);

  /** Show these filters at this page, and load them even if they are what is shown already. */
  const load = (next: Filters<K>, atPage: number) => {
    const trimmed = emptyOf(keys);
    for (const key of keys) trimmed[key] = next[key].trim();
    const shown = withDefaults(keys, defaults, trimmed);
    const nextKey = queryKeyOf(route, inputOf(shown, atPage, atPage === page ? cursor : undefined));
    // A page already cached is stale for a search: the list shown next must come from the server.
    void queryClient.invalidateQueries({ queryKey: nextKey, exact: true, refetchType: 'none' });
    const moved = url.go(trimmed, atPage);
    // The same request as the one shown (nothing moved, or only the URL's spelling of the defaults):
    // no new key fetches by itself, so this one loads again.
    const same = hashKey(nextKey) === hashKey(queryKeyOf(route, inputOf(applied, page, cursor)));
    if ((!moved || same) && enabledOf(shown)) void query.refetch();
  };

  // The date range as typed: a text that is no date-time, or an end before the start, is named under
  // its field and never sent (the server would refuse the second with 2001, and read nothing of the first).
  const range =
    config.dateRange ??
    ((keys.includes('startDate' as K) && keys.includes('endDate' as K)
      ? ['startDate', 'endDate']
      : undefined) as readonly [K, K] | undefined);
  const [searchTried, setSearchTried] = useState(false);
  const problems = range ? rangeProblems(draft[range[0]], draft[range[1]]) : {};
  const draftErrors: FilterErrors<K> = {};
  if (range) {
    const formatText = t('pickers.dateTime.invalid.format', { pattern: wallTextPattern(language) });
    if (problems.from === 'format' && searchTried) draftErrors[range[0]] = formatText;
    if (problems.to === 'format' && searchTried) draftErrors[range[1]] = formatText;
    if (problems.to === 'order') draftErrors[range[1]] = t('pickers.dateTime.endBeforeStart');
  }
  const blocked = problems.from !== undefined || problems.to !== undefined;

  const unchanged = keys.every((key) => draft[key].trim() === applied[key]);
  const search = () => {
    setSearchTried(true);
    if (blocked) return;
    load(draft, unchanged ? page : 1);
  };
  const clear = () => {
    const empty = emptyOf(keys);
    setDraftState(withDefaults(keys, defaults, empty));
    load(empty, 1);
  };
  const apply = (next: Partial<Filters<K>>) => load({ ...applied, ...next }, 1);
  // A header click sorts the rows shown (the applied filters) from page 1.
  const sortKeys = keys.includes('sort' as K) && keys.includes('order' as K);
  const sort: TableSort | undefined = sortKeys
    ? {
        field: applied['sort' as K],
        order: applied['order' as K] === 'desc' ? 'desc' : 'asc',
        onSort: (field, order) => apply({ sort: field, order } as Partial<Filters<K>>),
      }
    : undefined;

  // The refusal's reasons on body fields named as their filters (most are); a reason about any other
  // field (a hand-edited page or cursor) is the banner's alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reasons are worded in the UI's language
  const refusedFilters = useMemo(() => {
    const reasons = fieldErrors(query.error);
    const out: FilterErrors<K> = {};
    for (const key of keys) if (reasons[key] !== undefined) out[key] = reasons[key];
    return out;
  }, [query.error, keys, language]);
  const draftErrorsKey = JSON.stringify(draftErrors);
  // biome-ignore lint/correctness/useExhaustiveDependencies: draftErrorsKey stands for draftErrors
  const errors = useMemo(() => {
    const out: FilterErrors<K> = { ...draftErrors };
    for (const key of keys) {
      const message = refusedFilters[key];
      if (message !== undefined && out[key] === undefined && draft[key].trim() === applied[key]) {
        out[key] = message;
      }
    }
    return out;
  }, [refusedFilters, keys, draft, applied, draftErrorsKey]);

  const records = rowsOf(query.data) as RecordOf<R>[] | undefined;
  const total = totalOf(query.data);
  const fetching = query.isFetching && !query.isPending;
  const table: ListTableState<RecordOf<R>> = {
    records,
    loading: enabled && query.isPending,
    fetching,
    error: query.isError ? errorMessage(query.error) : null,
    refused: Object.keys(refusedFilters).length > 0,
    onRetry: query.isError && !isRetryable(query.error) ? undefined : () => void query.refetch(),
    pager:
      total !== undefined && pageSize !== undefined
        ? { page, limit: pageSize, total, onChange: url.setPage }
        : undefined,
  };

  return {
    draft,
    setDraft,
    patchDraft,
    errors,
    applied,
    page,
    body,
    params,
    search,
    clear,
    apply,
    setPage: url.setPage,
    query,
    table,
    searching: fetching,
    sort,
    keyset: keysetConfig
      ? {
          page,
          limit: keyset.limit,
          count: rowCount,
          onLimitChange: keyset.setLimit,
          onFirst: keyset.goFirst,
          onPrevious: keyset.goPrevious,
          onNext: () => keyset.goNext(nextCursorOf(query.data)),
          // Only while another page's rows are shown: a refresh of this page keeps the pager.
          disabled: query.isFetching && query.isPlaceholderData,
        }
      : undefined,
  };
}

/** A list screen's definition, kept with its feature's api (its filter keys inferred). */
export const defineList = <R extends RouteDef, K extends string>(
  config: ListScreenConfig<R, K>,
): ListScreenConfig<R, K> => config;

/**
 * The sorting of a list whose filters include `sort` and `order` (the URL keeps them with the other
 * filters, so a sorted list is remembered as its filters are): only a field the route sorts by is sent,
 * and nothing when the list keeps its own order.
 */
export const sortBody = <F extends string>(
  filters: { sort: string; order: string },
  fields: readonly F[],
): { sort?: F; order?: SortOrder } => {
  const field = fields.find((f) => f === filters.sort);
  if (field === undefined) return {};
  return { sort: field, order: filters.order === 'desc' ? 'desc' : 'asc' };
};

/** A yes/no filter as the URL holds it and the API takes it: '' (either), '0' or '1'. */
export type FlagFilter = '' | '0' | '1';
export const flagFilter = (value: string): FlagFilter => (value === '0' || value === '1' ? value : '');
