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

const pageOf = (raw: string | null): number => {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** List state (filters and page) kept in the URL search params. */
export const useUrlFilters = <K extends string>(keys: readonly K[]): UrlFilters<K> => {
  const [params, setParams] = useSearchParams();
  const keyList = keys.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList stands for keys
  const filters = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = params.get(key) ?? '';
    return out;
  }, [params, keyList]);

  const page = pageOf(params.get('page'));

  const go = useCallback(
    (next: Record<K, string>, nextPage: number) => {
      const entries = Object.entries(next) as [K, string][];
      if (nextPage === page && entries.every(([key, value]) => value.trim() === filters[key])) return false;
      const out = new URLSearchParams();
      for (const [key, value] of entries) {
        if (value.trim() !== '') out.set(key, value.trim());
      }
      if (nextPage > 1) out.set('page', String(nextPage));
      setParams(out);
      return true;
    },
    [setParams, filters, page],
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
