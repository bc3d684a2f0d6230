import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  bodyPieces,
  isWindowed,
  longestWordRows,
  textLength,
  WINDOW_ABOVE_ROWS,
  type WindowRow,
  widestRows,
  withFocused,
} from './table-window';

/** Rows of 40 px from offset 1,000 (where the body starts in the page). */
const at = (index: number): WindowRow => ({ index, start: 1000 + index * 40, end: 1000 + (index + 1) * 40 });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => at(from + i));

describe('isWindowed', () => {
  it('never windows 50 rows or fewer, however wide', () => {
    expect(WINDOW_ABOVE_ROWS).toBe(50);
    expect(isWindowed(0, 14)).toBe(false);
    expect(isWindowed(50, 14)).toBe(false);
    expect(isWindowed(50, 40)).toBe(false);
  });

  it('renders a 100-row page of up to ten columns whole, and windows more cells', () => {
    expect(isWindowed(100, 9)).toBe(false);
    expect(isWindowed(100, 10)).toBe(false);
    expect(isWindowed(100, 14)).toBe(true);
    expect(isWindowed(101, 10)).toBe(true);
    expect(isWindowed(5000, 3)).toBe(true);
  });
});

describe('bodyPieces', () => {
  it('the window at the top: the rows, then one spacer for the rest', () => {
    expect(bodyPieces(range(0, 2), 1000, 1000 + 100 * 40)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'row', index: 2 },
      { kind: 'spacer', key: 'bottom', height: 97 * 40 },
    ]);
  });

  it('in the middle: spacers above and below, as tall as the rows left out', () => {
    const pieces = bodyPieces(range(40, 41), 1000, 1000 + 100 * 40);
    expect(pieces).toEqual([
      { kind: 'spacer', key: 'top', height: 40 * 40 },
      { kind: 'row', index: 40 },
      { kind: 'row', index: 41 },
      { kind: 'spacer', key: 'bottom', height: 58 * 40 },
    ]);
  });

  it('at the bottom: no spacer after the last row', () => {
    expect(bodyPieces(range(98, 99), 1000, 1000 + 100 * 40)).toEqual([
      { kind: 'spacer', key: 'top', height: 98 * 40 },
      { kind: 'row', index: 98 },
      { kind: 'row', index: 99 },
    ]);
  });

  it('a row kept away from the window (the focused one) gets a spacer between', () => {
    expect(bodyPieces([at(3), ...range(60, 61)], 1000, 1000 + 62 * 40)).toEqual([
      { kind: 'spacer', key: 'top', height: 3 * 40 },
      { kind: 'row', index: 3 },
      { kind: 'spacer', key: 'after-3', height: 56 * 40 },
      { kind: 'row', index: 60 },
      { kind: 'row', index: 61 },
    ]);
  });

  it('the body heights add up to the list, whatever the rows measured', () => {
    const rows: WindowRow[] = [
      { index: 10, start: 1466.9, end: 1513.6 },
      { index: 11, start: 1513.6, end: 1560.3 },
    ];
    const pieces = bodyPieces(rows, 1000, 5668.7);
    const spacers = pieces.flatMap((p) => (p.kind === 'spacer' ? [p.height] : []));
    expect(spacers.reduce((a, b) => a + b, 0) + 2 * 46.7).toBeCloseTo(4668.7, 6);
  });

  it('no rows: one spacer for the whole list, or nothing for an empty one', () => {
    expect(bodyPieces([], 0, 400)).toEqual([{ kind: 'spacer', key: 'bottom', height: 400 }]);
    expect(bodyPieces([], 0, 0)).toEqual([]);
  });
});

describe('withFocused', () => {
  it('adds the focused row and its neighbours to the window, in order', () => {
    expect(withFocused([5, 6, 7], 2, 100)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(withFocused([5, 6, 7], 90, 100)).toEqual([5, 6, 7, 89, 90, 91]);
    expect(withFocused([5, 6, 7], 8, 100)).toEqual([5, 6, 7, 8, 9]);
  });

  it('stays within the rows at the ends of the table', () => {
    expect(withFocused([50, 51], 0, 100)).toEqual([0, 1, 50, 51]);
    expect(withFocused([50, 51], 99, 100)).toEqual([50, 51, 98, 99]);
  });

  it('leaves the window as it is without a focused row, or when it is in it', () => {
    expect(withFocused([5, 6, 7], null, 100)).toEqual([5, 6, 7]);
    expect(withFocused([5, 6, 7], 6, 100)).toEqual([5, 6, 7]);
  });
});

describe('textLength', () => {
  it('counts the text of strings, numbers and elements', () => {
    expect(textLength('1,234.50')).toBe(8);
    expect(textLength(1234)).toBe(4);
    expect(textLength(null)).toBe(0);
    expect(textLength(undefined)).toBe(0);
    expect(textLength(true)).toBe(0);
    expect(textLength(createElement('span', { className: 'pill' }, 'SETTLE'))).toBe(6);
    expect(textLength(['a', createElement('b', null, 'cd', createElement('i', null, 'ef'))])).toBe(5);
    expect(textLength(createElement('button', { type: 'button', 'aria-label': 'view' }))).toBe(0);
  });
});

describe('widestRows', () => {
  it('picks per column the row with the longest rendered text, the first on a tie', () => {
    const rows = [
      { code: 'a', amount: 5 },
      { code: 'abcd', amount: 1_000_000 },
      { code: 'abcd', amount: -10 },
      { code: 'ab', amount: 123 },
    ];
    const renders = [
      (r: (typeof rows)[number]) => r.code,
      (r: (typeof rows)[number]) => createElement('span', null, r.amount.toLocaleString('en')),
    ];
    expect(widestRows(rows, renders)).toEqual([1, 1]);
    expect(widestRows(rows.slice(2), renders)).toEqual([0, 0]);
  });

  it('row 0 for an empty table', () => {
    expect(widestRows([], [() => 'x'])).toEqual([0]);
  });
});

describe('longestWordRows', () => {
  it('picks per column the row with the longest word, which need not be the longest text', () => {
    const rows = [
      { game: 'Lucky Dragon Fortune Deluxe' },
      { game: 'WILD-BOUNTY-SHOWDOWN-XL' },
      { game: 'Go' },
    ];
    const renders = [(r: (typeof rows)[number]) => createElement('span', null, r.game)];
    expect(widestRows(rows, renders)).toEqual([0]);
    expect(longestWordRows(rows, renders)).toEqual([1]);
    expect(longestWordRows([], renders)).toEqual([0]);
  });
});
