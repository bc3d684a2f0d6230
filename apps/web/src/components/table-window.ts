import { isValidElement, type ReactNode } from 'react';

/**
 * Row windowing of the data table (docs/design.md §11: a 100-row table within 1,400 DOM nodes, no jank):
 * the pure parts, unit-tested in table-window.test.ts.
 */

/**
 * Tables of up to this many rows are never windowed: a month of daily rows, a year of monthly ones
 * and every paged list of 10 to 50 are in the page whole, so find-in-page and printing see every row.
 */
export const WINDOW_ABOVE_ROWS = 50;

/**
 * Above 50 rows, a table is windowed when it has more cells (a row counting one more, its <tr>) than
 * this: the most a whole table may have and stay within docs/design.md §11's 1,400 elements with room for its
 * header, a pill or a button in some cells. A 100-row page of the transaction list (9 or 10 columns)
 * is rendered whole — no measuring, no spacer rows, nothing re-rendered on scrolling — while a
 * 14-column report renders about as many rows as a full one of 50 would, whatever its length.
 */
export const WINDOW_ABOVE_CELLS = 1_100;

/**
 * Rows rendered beyond each edge of the viewport: about one laptop screen of rows (20 × 46 px), so
 * a fast scroll shows rows already there while the next window renders. A 14-column table then
 * renders about 60 rows on an 860 px high window — well within 1,400 elements.
 */
export const OVERSCAN_ROWS = 20;

/** Height of a row not measured yet, until the first rows are (then their mean height is used). */
export const ESTIMATED_ROW_PX = 44;

export const isWindowed = (rowCount: number, columnCount: number) =>
  rowCount > WINDOW_ABOVE_ROWS && rowCount * (columnCount + 1) > WINDOW_ABOVE_CELLS;

/** A rendered row of the window: its index in the table's rows and its extent in the page. */
export interface WindowRow {
  index: number;
  start: number;
  end: number;
}

/** What the windowed <tbody> holds, top to bottom: rows, and spacers for the rows not rendered. */
export type BodyPiece = { kind: 'row'; index: number } | { kind: 'spacer'; key: string; height: number };

/**
 * The rows to render with a spacer wherever rows are left out — before the first, between two
 * rendered rows that are not neighbours (a focused row kept while the window moved away), after the
 * last — so the body is as tall as all its rows and the page's scrollbar is right. `listStart` and
 * `listEnd` are where the first row starts and the last row ends, in the same coordinates as the rows.
 */
export function bodyPieces(rows: readonly WindowRow[], listStart: number, listEnd: number): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  let at = listStart;
  let key = 'top';
  for (const row of rows) {
    const gap = row.start - at;
    if (gap > 0.5) pieces.push({ kind: 'spacer', key, height: gap });
    pieces.push({ kind: 'row', index: row.index });
    at = row.end;
    key = `after-${row.index}`;
  }
  const rest = listEnd - at;
  if (rest > 0.5) pieces.push({ kind: 'spacer', key: 'bottom', height: rest });
  return pieces;
}

/**
 * The indexes of the window, plus the row that has the focus (`focused`) and its neighbours when
 * they are not in it: the focused row is not removed while the page scrolls away from it, and Tab or
 * Shift+Tab from it reaches the next or previous row, as in a table with every row rendered.
 */
export function withFocused(indexes: readonly number[], focused: number | null, count: number): number[] {
  if (focused === null) return [...indexes];
  const kept = new Set(indexes);
  for (const index of [focused - 1, focused, focused + 1]) {
    if (index >= 0 && index < count) kept.add(index);
  }
  return [...kept].sort((a, b) => a - b);
}

/** The text of rendered cell content: strings and numbers, inside elements too. */
export function cellText(node: ReactNode): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map((child: ReactNode) => cellText(child)).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return cellText(node.props.children);
  return '';
}

/** Characters of text in rendered cell content. */
export const textLength = (node: ReactNode): number => cellText(node).length;

/** Characters of the longest word (text between spaces) in rendered cell content. */
export const longestWordLength = (node: ReactNode): number =>
  Math.max(
    0,
    ...cellText(node)
      .split(/\s+/)
      .map((word) => word.length),
  );

/** For each column, the row whose rendered cell measures most (the first on a tie; row 0 for none). */
const rowsWithMost = <T>(
  rows: readonly T[],
  renders: readonly ((row: T) => ReactNode)[],
  measure: (node: ReactNode) => number,
): number[] =>
  renders.map((render) => {
    let best = 0;
    let bestLength = -1;
    rows.forEach((row, index) => {
      const length = measure(render(row));
      if (length > bestLength) {
        best = index;
        bestLength = length;
      }
    });
    return best;
  });

/**
 * For each column, the row whose rendered cell has the longest text (the first such row on a tie;
 * row 0 for an empty table). A windowed table renders these cells in a hidden row, so each column
 * is as wide from the start as its widest cell anywhere in the table and does not jump while the
 * rows in the window change. Text length stands for width: numbers are tabular, and codes and
 * dates of one column differ little in their letters.
 */
export const widestRows = <T>(rows: readonly T[], renders: readonly ((row: T) => ReactNode)[]): number[] =>
  rowsWithMost(rows, renders, textLength);

/**
 * For each column, the row whose rendered cell has the longest word. Cells wrap only between words,
 * so a column is at least as wide as its longest word: the hidden rows hold that cell too, or a
 * column would widen when a row with a longer word (but less text) came into the window.
 */
export const longestWordRows = <T>(
  rows: readonly T[],
  renders: readonly ((row: T) => ReactNode)[],
): number[] => rowsWithMost(rows, renders, longestWordLength);
