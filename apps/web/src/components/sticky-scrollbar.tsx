import { type RefObject, useEffect, useRef, useState } from 'react';
import classes from './data-table.module.css';

/**
 * A horizontal scrollbar for a box wider than the screen (a table of many columns) that stays at the
 * bottom of the window while the box goes on below it, and sits under the box once its end is in
 * view: the box's own scrollbar would be at the bottom of the whole table, a page of rows away. The
 * two scroll together. Shown only while the box is wider than its space; hidden from assistive
 * technology and the keyboard, which scroll the box itself (it takes the focus).
 */
/** Marks the box's parent while columns are scrolled out of view on the right. */
const markEdges = (box: HTMLElement) => {
  const card = box.parentElement;
  if (!card) return;
  card.toggleAttribute('data-more-right', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
};

export function StickyScrollbar({ target }: { target: RefObject<HTMLElement | null> }) {
  const barRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);

  // The box's scroll width, while it overflows; and on the box's card, whether columns are out of view
  // on its right (`data-more-right`: a shade on that edge says the table goes on).
  useEffect(() => {
    const box = target.current;
    if (!box) return;
    const measure = () => {
      const overflows = box.scrollWidth > box.clientWidth + 1;
      setWidth(overflows ? box.scrollWidth : null);
      markEdges(box);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    const onScroll = () => markEdges(box);
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', onScroll);
    };
  }, [target]);

  // Scroll one with the other (setting the same position again fires no scroll event, so no loop).
  useEffect(() => {
    const box = target.current;
    const bar = barRef.current;
    if (!box || !bar || width === null) return;
    bar.scrollLeft = box.scrollLeft;
    const fromBox = () => {
      if (bar.scrollLeft !== box.scrollLeft) bar.scrollLeft = box.scrollLeft;
    };
    const fromBar = () => {
      if (box.scrollLeft !== bar.scrollLeft) box.scrollLeft = bar.scrollLeft;
    };
    box.addEventListener('scroll', fromBox, { passive: true });
    bar.addEventListener('scroll', fromBar, { passive: true });
    return () => {
      box.removeEventListener('scroll', fromBox);
      bar.removeEventListener('scroll', fromBar);
    };
  }, [target, width]);

  if (width === null) return null;
  return (
    <div ref={barRef} className={classes.hscroll} aria-hidden="true" data-testid="sticky-scrollbar">
      <div style={{ width }} />
    </div>
  );
}
