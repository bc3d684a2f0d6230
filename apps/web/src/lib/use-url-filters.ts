import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export interface UrlFilters<K extends string> {
  filters: Record<K, string>;
  page: number;
  /** Apply new filters (a new search): page goes back to 1. */
  apply: (next: Record<K, string>) => void;
  setPage: (page: number) => void;
  /**
   * Put these filters (trimmed; blank ones left out) and this page in the URL. False when the URL
   * says so already: nothing changes, so nothing loads by itself and the caller refetches.
   */
  go: (next: Record<K, string>, page: number) => boolean;
}

/** Where a screen's last filters are kept for this browser tab: its path's key. */
const memoryKey = (pathname: string) => `sapi:filters:${pathname}`;
const remembered = (pathname: string): string | null => {
  try {
    return sessionStorage.getItem(memoryKey(pathname));
  } catch {
    return null;
  }
};
const remember = (pathname: string, search: string) => {
  try {
    if (search === '') sessionStorage.removeItem(memoryKey(pathname));
    else sessionStorage.setItem(memoryKey(pathname), search);
  } catch {
    // Storage refused (private mode, quota): the URL alone keeps the filters.
  }
};

/** The deepest page a URL may ask for (a larger number is page 1). */
const MAX_PAGE = 1_000_000;
const pageOf = (raw: string | null): number => {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
};

/**
 * List state (filters and page) kept in the URL search params. `keep` names further params that
 * outlive a new search (e.g. the chosen page size); every other one (a page's cursor) does not.
 */
export const useUrlFilters = <K extends string>(
  keys: readonly K[],
  keep: readonly string[] = [],
): UrlFilters<K> => {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const keyList = keys.join('|');

  // Coming back to a screen without filters in its address (the sidebar's link): the filters it had
  // last in this tab are read at once (the first request already has them) and put back into the URL,
  // so they stay there as well as on screen.
  const [pending, setPending] = useState(() => (search === '' ? remembered(pathname) : null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: put back once, when the screen opens
  useEffect(() => {
    if (pending !== null && search === '') setParams(new URLSearchParams(pending), { replace: true });
  }, []);
  // Until the URL has them, the remembered filters are the ones shown; after that the URL is.
  useEffect(() => {
    if (pending !== null && search !== '') setPending(null);
  }, [pending, search]);
  const source = pending !== null && search === '' ? new URLSearchParams(pending) : params;
  // The filters (and page) shown now are the ones to come back to.
  useEffect(() => {
    if (pending === null) remember(pathname, search.replace(/^\?/, ''));
  }, [pathname, search, pending]);
  const keepList = keep.join('|');

  // The same object while the filter values stay: a page change leaves the filters (and the draft
  // that follows them) as they are, so the filter fields do not render again.
  const valuesKey = JSON.stringify(keys.map((key) => source.get(key) ?? ''));
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey and keyList stand for the values and keys
  const filters = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = source.get(key) ?? '';
    return out;
  }, [valuesKey, keyList]);

  const page = pageOf(source.get('page'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: keepList stands for keep
  const go = useCallback(
    (next: Record<K, string>, nextPage: number) => {
      const entries = Object.entries(next) as [K, string][];
      if (nextPage === page && entries.every(([key, value]) => value.trim() === filters[key])) return false;
      const out = new URLSearchParams();
      for (const [key, value] of entries) {
        if (value.trim() !== '') out.set(key, value.trim());
      }
      for (const key of keep) {
        const value = params.get(key);
        if (value !== null) out.set(key, value);
      }
      if (nextPage > 1) out.set('page', String(nextPage));
      setParams(out);
      return true;
    },
    [setParams, filters, page, params, keepList],
  );

  const apply = useCallback((next: Record<K, string>) => void go(next, 1), [go]);

  const setPage = useCallback(
    (nextPage: number) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (nextPage <= 1) out.delete('page');
        else out.set('page', String(nextPage));
        return out;
      });
    },
    [setParams],
  );

  return { filters, page, apply, setPage, go };
};
