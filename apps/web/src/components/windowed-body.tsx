import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import classes from './data-table.module.css';
import { useFollowingHeader } from './following-header';
import { bodyPieces, ESTIMATED_ROW_PX, OVERSCAN_ROWS, withFocused } from './table-window';

/** Attributes of a rendered row of a windowed table. */
export interface WindowRowProps {
  ref: (node: HTMLTableRowElement | null) => void;
  'data-index': number;
  'aria-rowindex': number;
}

/**
 * The rows of a windowed table (see table-window.ts): the window is the page's viewport, from where
 * the body starts in the page (`scrollMargin`, kept up to date as the content above it changes).
 * The page itself must scroll (as every screen of the app shell does): a table in a box that
 * scrolls on its own would need `useVirtualizer` on that box instead.
 */
export function WindowedBody<T>({
  rows,
  rowKey,
  columnCount,
  renderRow,
  className,
  onClick,
  onKeyDown,
}: {
  rows: T[];
  rowKey: (row: T) => string;
  columnCount: number;
  renderRow: (row: T, index: number, windowProps: WindowRowProps) => ReactNode;
  className: string;
  onClick: ((event: MouseEvent<HTMLTableSectionElement>) => void) | undefined;
  onKeyDown: ((event: KeyboardEvent<HTMLTableSectionElement>) => void) | undefined;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding the focus stays rendered when the window moves away from it.
  const [focused, setFocused] = useState<number | null>(null);
  // The last measured height of each row (by index), and their sum: the estimate of the others.
  const measured = useRef({ sizes: new Map<number, number>(), total: 0 });

  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    [rows, rowKey],
  );
  const rangeExtractor = useCallback(
    (range: Range) => withFocused(defaultRangeExtractor(range), focused, range.count),
    [focused],
  );
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    // Rows not rendered yet are as tall as the mean of those measured.
    estimateSize: () => {
      const { sizes, total } = measured.current;
      return sizes.size > 0 ? total / sizes.size : ESTIMATED_ROW_PX;
    },
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey,
    rangeExtractor,
    // Unrounded (the library rounds): rows are fractions of a pixel tall, and 0.3 px a row adds up.
    measureElement: (element, entry, instance) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      const index = instance.indexFromElement(element);
      const { sizes } = measured.current;
      measured.current.total += size - (sizes.get(index) ?? 0);
      sizes.set(index, size);
      return size;
    },
  });

  // Where the body starts in the page (and what the header's follow animation needs).
  const onBodyTop = useCallback(
    (top: number) => setScrollMargin((previous) => (Math.abs(previous - top) < 0.5 ? previous : top)),
    [],
  );
  useFollowingHeader(bodyRef, onBodyTop);

  const pieces = bodyPieces(
    virtualizer.getVirtualItems(),
    scrollMargin,
    scrollMargin + virtualizer.getTotalSize(),
  );
  return (
    <tbody
      ref={bodyRef}
      className={className}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const index = Number(event.target.closest('tr')?.dataset.index);
        setFocused(Number.isInteger(index) ? index : null);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
      }}
    >
      {pieces.map((piece) => {
        if (piece.kind === 'spacer') {
          return (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing and takes no focus
            <tr
              key={`spacer-${piece.key}`}
              aria-hidden="true"
              className={classes.spacer}
              style={{ height: piece.height }}
            >
              <td colSpan={columnCount} />
            </tr>
          );
        }
        const row = rows[piece.index];
        return row === undefined
          ? null
          : renderRow(row, piece.index, {
              ref: virtualizer.measureElement,
              'data-index': piece.index,
              'aria-rowindex': piece.index + 2,
            });
      })}
    </tbody>
  );
}
