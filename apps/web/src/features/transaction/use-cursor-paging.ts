import type { TransactionListQuery } from '@sapi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  type ListSource,
  PAGE_SIZES,
  type PageRequest,
  transactionListQuery,
} from './api';

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
  /** Back to page 1. */
  goFirst: () => void;
}

/** Filters, page size, page and keyset cursor of a transaction list, all kept in the URL. */
export const useCursorPaging = <K extends string>(keys: readonly K[]): CursorPaging<K> => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const keyList = keys.join('|');

  // The same object while the filter values stay: a page change leaves the filters (and the draft
  // that follows them) as they are.
  const filterValues = keys.map((key) => params.get(key) ?? '');
  const valuesKey = JSON.stringify(filterValues);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey and keyList stand for the values and keys
  const filters = useMemo(() => {
    const out = {} as Record<K, string>;
    keys.forEach((key, i) => {
      out[key] = filterValues[i] ?? '';
    });
    return out;
  }, [valuesKey, keyList]);

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

  const goFirst = useCallback(() => goTo(1, undefined), [goTo]);

  return { filters, page, limit, cursor, apply, setLimit, goNext, goPrevious, goFirst };
};

/**
 * Read the next page ahead while this one is shown (a full page has one: its `nextCursor`), into the
 * cache entry that Next opens — so Next shows it at once instead of waiting for the server.
 */
export const useNextPageAhead = (
  source: ListSource,
  agentId: string,
  body: TransactionListQuery,
  paging: PageRequest,
  data: { records: unknown[]; nextCursor: string | null } | undefined,
) => {
  const queryClient = useQueryClient();
  const nextCursor = data && data.records.length === paging.limit ? data.nextCursor : null;
  const bodyKey = JSON.stringify(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: bodyKey stands for body
  useEffect(() => {
    if (!nextCursor || agentId === '') return;
    void queryClient.prefetchQuery(
      transactionListQuery(source, agentId, body, {
        page: paging.page + 1,
        limit: paging.limit,
        cursor: nextCursor,
      }),
    );
  }, [queryClient, source, agentId, bodyKey, paging.page, paging.limit, nextCursor]);
};

/**
 * The table's top comes into view when the page changes while it is scrolled out of sight (the
 * pager is under the rows): the new page is read from its first row. Returns the ref of the element
 * to bring into view, which stops under the app header (its `scroll-margin-top`).
 */
export const useTopOnPageChange = (page: number, limit: number) => {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef({ page, limit });
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { page, limit };
    if (previous.page === page && previous.limit === limit) return;
    const element = ref.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [page, limit]);
  return ref;
};
