import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlFilters<K extends string> {
  filters: Record<K, string>;
  page: number;
  /** Apply new filters (a new search): page goes back to 1. */
  apply: (next: Record<K, string>) => void;
  setPage: (page: number) => void;
}

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

  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;

  const apply = useCallback(
    (next: Record<K, string>) => {
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries(next) as [K, string][]) {
        if (value.trim() !== '') out.set(key, value.trim());
      }
      setParams(out);
    },
    [setParams],
  );

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

  return { filters, page, apply, setPage };
};
