import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * Cursors seen per list (path + filters + page size): page number → the cursor that fetches it.
 * Lives for the tab, so going back a page reuses the cursor it was reached with (docs/design.md §11).
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
/** A cursor longer than the contract takes is no cursor (the page is then read by its number). */
const MAX_CURSOR = 100;

/** Keyset paging of a list: its page size and the cursor of the page shown, kept in the URL. */
export interface KeysetPaging {
  limit: number;
  /** Keyset cursor of this page, when it is known; otherwise the page is read by offset. */
  cursor: string | undefined;
  setLimit: (limit: number) => void;
  /** To the next page with the current page's `nextCursor`. */
  goNext: (nextCursor: string | null) => void;
  /** Back one page, by its remembered cursor or else by page number. */
  goPrevious: () => void;
  /** Back to page 1. */
  goFirst: () => void;
}

/**
 * The page size (`limit`, one of `sizes`, the first the default) and keyset cursor (`cursor`) of the
 * page `page` in the URL, and the moves First, Previous and Next. Used by `useListScreen` in its
 * keyset mode.
 */
export const useKeysetPaging = (page: number, sizes: readonly number[]): KeysetPaging => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const defaultLimit = sizes[0] ?? 10;

  const rawLimit = Number(params.get('limit') ?? defaultLimit);
  const limit = sizes.includes(rawLimit) ? rawLimit : defaultLimit;
  const urlCursor = params.get('cursor') ?? '';
  const cursor = page > 1 && urlCursor !== '' && urlCursor.length <= MAX_CURSOR ? urlCursor : undefined;

  // The list these cursors belong to: everything in the URL but the page and cursor.
  const signature = useMemo(() => {
    const rest = [...params.entries()]
      .filter(([key]) => !PAGING_KEYS.includes(key))
      .sort(([a], [b]) => a.localeCompare(b));
    return `${pathname}?${new URLSearchParams(rest).toString()}`;
  }, [params, pathname]);
  if (cursor) cursorsOf(signature).set(page, cursor);

  const setLimit = useCallback(
    (nextLimit: number) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const key of PAGING_KEYS) out.delete(key);
        if (nextLimit === defaultLimit) out.delete('limit');
        else out.set('limit', String(nextLimit));
        return out;
      });
    },
    [setParams, defaultLimit],
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

  return { limit, cursor, setLimit, goNext, goPrevious, goFirst };
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
