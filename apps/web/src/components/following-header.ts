import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keep what the table header's follow animation needs (data-table.module.css, `.follow`) up to date:
 * where the body starts in the page, the header's height and the body's height, measured now and
 * again whenever the page or the body changes size. `onBodyTop` also receives where the body
 * starts (the windowed body's scroll margin).
 */
export function useFollowingHeader(
  bodyRef: RefObject<HTMLTableSectionElement | null>,
  onBodyTop?: (top: number) => void,
) {
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const table = body?.parentElement;
    if (!body || !table) return;
    const measure = () => {
      const box = body.getBoundingClientRect();
      const top = box.top + window.scrollY;
      onBodyTop?.(top);
      // Fractional sizes, not offsetHeight: a header measured 0.3 px taller than it is stops 0.3 px
      // below the app header, and the row scrolling under it shows through that line.
      const headHeight = table.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      table.style.setProperty('--data-table-head-top', `${top - headHeight}px`);
      table.style.setProperty('--data-table-head-height', `${headHeight}px`);
      table.style.setProperty('--data-table-head-travel', `${box.height}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(body);
    return () => observer.disconnect();
  }, [bodyRef, onBodyTop]);
}
