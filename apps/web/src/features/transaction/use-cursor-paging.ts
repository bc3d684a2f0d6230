import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './api';

/**
 * Cursors seen per list (path + filters + page size): page number → the cursor that fetches it.
 * Lives for the tab, so going back a page reuses the cursor it was reached with (DESIGN §11).
 */
const seenCursors = new Map<string, Map<number, string>>();
const MAX_LISTS = 50;

const cursorsOf = (signature: string): Map<number, string> => {
  let cursors = seenCursors.get(signature);
  if (!cursors) {
    if (seenCursors.size >= MAX_LISTS) {
      const oldest = seenCursors.keys().next().value;
      if (oldest !== undefined) seenCursors.delete(oldest);
    }
    cursors = new Map();
    seenCursors.set(signature, cursors);
  }
  return cursors;
};

const PAGING_KEYS = ['page', 'cursor'];

export interface CursorPaging<K extends string> {
  filters: Record<K, string>;
  page: number;
  limit: number;
  /** Keyset cursor of this page, when it is known; otherwise the page is read by offset. */
  cursor: string | undefined;
  /** A new search: page 1, same page size. False when nothing changed (the caller refetches). */
  apply: (next: Record<K, string>) => boolean;
  setLimit: (limit: number) => void;
  /** To the next page with the current page's `nextCursor`. */
  goNext: (nextCursor: string | null) => void;
  /** Back one page, by its remembered cursor or else by page number. */
  goPrevious: () => void;
}

/** Filters, page size, page and keyset cursor of a transaction list, all kept in the URL. */
export const useCursorPaging = <K extends string>(keys: readonly K[]): CursorPaging<K> => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const keyList = keys.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList stands for keys
  const filters = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = params.get(key) ?? '';
    return out;
  }, [params, keyList]);

  const rawLimit = Number(params.get('limit') ?? DEFAULT_PAGE_SIZE);
  const limit = (PAGE_SIZES as readonly number[]).includes(rawLimit) ? rawLimit : DEFAULT_PAGE_SIZE;
  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1_000_000 ? rawPage : 1;
  const urlCursor = params.get('cursor') ?? '';
  const cursor = page > 1 && urlCursor !== '' && urlCursor.length <= 100 ? urlCursor : undefined;

  // The list these cursors belong to: everything in the URL but the page and cursor.
  const signature = useMemo(() => {
    const rest = [...params.entries()]
      .filter(([key]) => !PAGING_KEYS.includes(key))
      .sort(([a], [b]) => a.localeCompare(b));
    return `${pathname}?${new URLSearchParams(rest).toString()}`;
  }, [params, pathname]);
  if (cursor) cursorsOf(signature).set(page, cursor);

  const apply = useCallback(
    (next: Record<K, string>) => {
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries(next) as [K, string][]) {
        if (value.trim() !== '') out.set(key, value.trim());
      }
      if (limit !== DEFAULT_PAGE_SIZE) out.set('limit', String(limit));
      if (out.toString() === params.toString()) return false;
      setParams(out);
      return true;
    },
    [limit, params, setParams],
  );

  const setLimit = useCallback(
    (nextLimit: number) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const key of PAGING_KEYS) out.delete(key);
        if (nextLimit === DEFAULT_PAGE_SIZE) out.delete('limit');
        else out.set('limit', String(nextLimit));
        return out;
      });
    },
    [setParams],
  );

  const goTo = useCallback(
    (target: number, targetCursor: string | undefined) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const key of PAGING_KEYS) out.delete(key);
        if (target > 1) out.set('page', String(target));
        if (target > 1 && targetCursor) out.set('cursor', targetCursor);
        return out;
      });
    },
    [setParams],
  );

  const goNext = useCallback(
    (nextCursor: string | null) => {
      if (nextCursor) cursorsOf(signature).set(page + 1, nextCursor);
      goTo(page + 1, nextCursor ?? undefined);
    },
    [goTo, page, signature],
  );

  const goPrevious = useCallback(() => {
    const target = Math.max(1, page - 1);
    goTo(target, target > 1 ? cursorsOf(signature).get(target) : undefined);
  }, [goTo, page, signature]);

  return { filters, page, limit, cursor, apply, setLimit, goNext, goPrevious };
};
