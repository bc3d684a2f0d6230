import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

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
  const keyList = keys.join('|');
  const keepList = keep.join('|');

  // The same object while the filter values stay: a page change leaves the filters (and the draft
  // that follows them) as they are, so the filter fields do not render again.
  const valuesKey = JSON.stringify(keys.map((key) => params.get(key) ?? ''));
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey and keyList stand for the values and keys
  const filters = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = params.get(key) ?? '';
    return out;
  }, [valuesKey, keyList]);

  const page = pageOf(params.get('page'));

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
