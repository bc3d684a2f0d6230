import {
  Box,
  LoadingOverlay,
  Paper,
  Skeleton,
  Stack,
  Table,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type Ref,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder, TableSort } from '../lib/sort';
import classes from './data-table.module.css';
import { EmptyState } from './empty-state';
import { useFollowingHeader } from './following-header';
import { ListErrorBanner } from './list-error-banner';
import { Pager, type PagerProps } from './pager';
import { StickyScrollbar } from './sticky-scrollbar';
import { isWindowed, longestWordRows, WINDOW_ABOVE_ROWS, widestRows } from './table-window';
import type { WindowedBody as WindowedBodyComponent, WindowRowProps } from './windowed-body';

/**
 * The windowed body and the virtualizer it uses load with the first table too big to render whole,
 * so the screens whose tables never are (most lists page by 10 to 50) do not fetch them.
 */
type WindowedBodyType = typeof WindowedBodyComponent;
let windowedBody: WindowedBodyType | 'failed' | null = null;
let loadingWindowedBody: Promise<void> | null = null;
const loadWindowedBody = () => {
  loadingWindowedBody ??= import('./windowed-body').then(
    (module) => {
      windowedBody = module.WindowedBody;
    },
    () => {
      windowedBody = 'failed';
    },
  );
  return loadingWindowedBody;
};

/**
 * The windowed body once loaded; null while it loads; 'failed' when it could not be (the table then
 * renders every row). Plain state, not React.lazy: Suspense may commit the body a while after
 * rendering it, and the virtualizer restores the scroll position it read when rendered.
 */
function useWindowedBody(needed: boolean) {
  const [body, setBody] = useState(() => windowedBody);
  useEffect(() => {
    if (!needed || body !== null) return;
    let live = true;
    void loadWindowedBody().then(() => {
      if (live) setBody(() => windowedBody);
    });
    return () => {
      live = false;
    };
  }, [needed, body]);
  return body;
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  /**
   * The narrowest the column gets. Text wraps anywhere rather than widen its column, so in a table
   * wider than the screen a column of names would otherwise shrink to its heading's width.
   */
  minWidth?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * Attributes of the row's cell (a class, data-*): style the cell itself instead of wrapping its text
   * in another element, so a 100-row table stays light (docs/design.md §11: ≤ 1,400 DOM nodes).
   */
  cellProps?: (row: T) => CellProps;
  /**
   * The server sorts the list by this column: the field it is sent as (`sort`), and the order a first
   * click asks for (names A→Z, dates newest first).
   */
  sort?: { field: string; first: SortOrder };
}

export type CellProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

/** Attributes of a whole row (an accessible name, a test id, a class). */
export type RowAttributes = Record<string, string | undefined>;

interface DataTableProps<T> {
  /** Accessible name of the table. */
  caption: string;
  /** Keep the array (and `rowProps`) the same between renders: unchanged rows then skip rendering. */
  columns: Column<T>[];
  records: T[] | undefined;
  rowKey: (row: T) => string;
  /** First load, nothing to show yet. */
  loading?: boolean;
  /** A refetch is running over the rows shown. */
  fetching?: boolean;
  /** The list failed: the server's message (red banner above the table). */
  error?: string | null;
  /** The server refused the filters: the banner says to correct them. */
  refused?: boolean;
  /** Offer "try again" in the error banner. */
  onRetry?: (() => void) | undefined;
  onRowClick?: (row: T) => void;
  /** Attributes of each row (e.g. an accessible name, or a class for changed rows). */
  rowProps?: (row: T) => RowAttributes;
  emptyTitle?: string;
  emptyDescription?: string;
  pager?: PagerProps;
  /** A totals row under the rows: cells by column key (columns without one stay empty). */
  footer?: Partial<Record<string, ReactNode>>;
  /**
   * The rows are the places of a page (a paged ledger): the next page's rows take over the row
   * elements of this one, their text and attributes replaced, instead of every row being removed and
   * created anew. For rows without state of their own (plain text, a button); a table rendered whole.
   */
  reuseRows?: boolean;
  /** The sorting of the columns that have `sort`: their headers become buttons. */
  sort?: TableSort | undefined;
}

const SKELETON_ROWS = 5;

const ariaSortOf = <T,>(column: Column<T>, sort: TableSort | undefined) => {
  if (!column.sort || !sort) return undefined;
  if (sort.field !== column.sort.field) return 'none' as const;
  return sort.order === 'asc' ? ('ascending' as const) : ('descending' as const);
};

/**
 * A sortable column's header: a button that asks the server for this column's order — its first order
 * on the first click, the other one on the next. The arrow shows the order in force.
 */
function SortButton<T>({ column, sort }: { column: Column<T>; sort: TableSort }) {
  const { t } = useTranslation();
  const own = column.sort;
  if (!own) return null;
  const active = sort.field === own.field;
  const next: SortOrder = active ? (sort.order === 'asc' ? 'desc' : 'asc') : own.first;
  const Arrow = !active ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={() => sort.onSort(own.field, next)}
      title={t(next === 'asc' ? 'table.sortAscending' : 'table.sortDescending')}
    >
      {column.header}
      <Arrow size={14} aria-hidden className={active ? undefined : classes.sortIdle} />
    </UnstyledButton>
  );
}

const alignClass = { left: undefined, center: classes.center, right: classes.right } as const;

interface RowProps<T> {
  row: T;
  index: number;
  columns: Column<T>[];
  rowProps: ((row: T) => RowAttributes) | undefined;
  focusable: boolean;
  /** A windowed table's stripe by the row's place in the whole table. */
  stripe: boolean;
  measureRef?: Ref<HTMLTableRowElement>;
  ariaRowIndex?: number;
}

/**
 * One body row: plain <tr> and <td> elements (no component per cell), rendered again only when its
 * record, its place or the columns change — not when the page around it does (a refetch starting,
 * a dialog opening).
 */
function RowInner<T>({
  row,
  index,
  columns,
  rowProps,
  focusable,
  stripe,
  measureRef,
  ariaRowIndex,
}: RowProps<T>) {
  const extra = rowProps?.(row);
  const className =
    [stripe ? classes.stripe : undefined, extra?.className].filter(Boolean).join(' ') || undefined;
  return (
    <tr
      ref={measureRef}
      {...extra}
      className={className}
      data-index={index}
      aria-rowindex={ariaRowIndex}
      tabIndex={focusable ? 0 : undefined}
    >
      {columns.map((column) => {
        const cell = column.cellProps?.(row);
        const align = column.align ? alignClass[column.align] : undefined;
        return (
          <td
            key={column.key}
            {...cell}
            className={align && cell?.className ? `${align} ${cell.className}` : (align ?? cell?.className)}
          >
            {column.render(row)}
          </td>
        );
      })}
    </tr>
  );
}
const Row = memo(RowInner) as typeof RowInner;

/** Every row in the page, the header following it down (as the windowed body does). */
function PlainBody({
  className,
  children,
  onClick,
  onKeyDown,
}: {
  className: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLTableSectionElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTableSectionElement>) => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useFollowingHeader(bodyRef);
  return (
    <tbody ref={bodyRef} className={className} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
    </tbody>
  );
}

/**
 * Table with loading, empty and error states and a pager underneath. A table too big to render whole
 * (table-window.ts: more than 50 rows and more cells than a 100-row page of ten columns) is windowed
 * (docs/design.md §11: a 100-row table within 1,400 DOM nodes; thousands of report rows without jank): the
 * page scrolls as usual, but only the rows near the viewport are rendered, between spacer rows as
 * tall as the rows left out. The totals row is always rendered, and `aria-rowcount` /
 * `aria-rowindex` give assistive technology the table's real size. On every table, however long,
 * the header follows the page down under the app header; on one wider than the screen the first
 * column stays in place and a horizontal scrollbar stays at the bottom of the window.
 */
export function DataTable<T>({
  caption,
  columns,
  records,
  rowKey,
  loading = false,
  fetching = false,
  error,
  refused = false,
  onRetry,
  onRowClick,
  rowProps,
  emptyTitle,
  emptyDescription,
  pager,
  footer,
  reuseRows = false,
  sort,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const rows = records ?? [];
  const scrollerRef = useRef<HTMLElement>(null);

  // One handler on the body for every row's click and Enter/Space (none per row).
  const latest = useRef({ rows, onRowClick });
  latest.current = { rows, onRowClick };
  const rowOf = (target: EventTarget | null): T | undefined => {
    const tr = target instanceof Element ? target.closest<HTMLTableRowElement>('tr[data-index]') : null;
    const index = Number(tr?.dataset.index);
    return Number.isInteger(index) ? latest.current.rows[index] : undefined;
  };
  const onBodyClick = onRowClick
    ? (event: MouseEvent<HTMLTableSectionElement>) => {
        const row = rowOf(event.target);
        if (row !== undefined) latest.current.onRowClick?.(row);
      }
    : undefined;
  const onBodyKeyDown = onRowClick
    ? (event: KeyboardEvent<HTMLTableSectionElement>) => {
        // Only on the focused row itself: Enter on a button inside it is the button's.
        if (event.key !== 'Enter' && event.key !== ' ') return;
        if (!(event.target instanceof HTMLTableRowElement)) return;
        const row = rowOf(event.target);
        if (row === undefined) return;
        event.preventDefault();
        latest.current.onRowClick?.(row);
      }
    : undefined;

  const windowed = isWindowed(rows.length, columns.length);
  const WindowedBody = useWindowedBody(windowed);
  const focusable = Boolean(onRowClick);

  const renderRow = (row: T, index: number, windowProps?: WindowRowProps) => (
    <Row
      key={reuseRows && !windowed ? index : rowKey(row)}
      row={row}
      index={index}
      columns={columns}
      rowProps={rowProps}
      focusable={focusable}
      stripe={windowed && index % 2 === 1}
      measureRef={windowProps?.ref}
      ariaRowIndex={windowProps?.['aria-rowindex']}
    />
  );

  const bodyClass = [
    classes.body,
    windowed ? undefined : classes.striped,
    onRowClick ? classes.clickable : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  let body: ReactNode;
  if (loading && rows.length === 0) {
    body = (
      <Stack gap="xs" p="md" role="status" aria-live="polite">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    // A failed list with nothing to show: the banner alone says so (one message, not two).
    body = error ? null : <EmptyState title={emptyTitle} description={emptyDescription} />;
  } else {
    // A windowed table tells assistive technology how many rows it has (header, rows, totals).
    const rowCount = windowed ? { 'aria-rowcount': rows.length + 1 + (footer ? 1 : 0) } : {};
    body = (
      // Busy while refetching: the veil over the old rows takes the clicks meant for them.
      <Box pos="relative" aria-busy={fetching} className={classes.edges}>
        <LoadingOverlay visible={fetching} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
        {/* Focusable, so keyboard users can scroll a table wider than the screen. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes the focus to scroll */}
        <section ref={scrollerRef} className={classes.scroller} tabIndex={0} aria-label={caption}>
          <Table stickyHeader className={`${classes.follow} ${classes.table}`} {...rowCount}>
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr aria-rowindex={windowed ? 1 : undefined}>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    miw={column.minWidth}
                    ta={column.align}
                    aria-sort={ariaSortOf(column, sort)}
                  >
                    {column.sort && sort ? <SortButton column={column} sort={sort} /> : column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
              {windowed ? <SizerRow rows={rows} columns={columns} /> : null}
            </Table.Thead>
            {windowed && WindowedBody !== 'failed' ? (
              WindowedBody ? (
                <WindowedBody
                  rows={rows}
                  rowKey={rowKey}
                  columnCount={columns.length}
                  renderRow={renderRow}
                  className={bodyClass}
                  onClick={onBodyClick}
                  onKeyDown={onBodyKeyDown}
                />
              ) : (
                // Until the windowed body has loaded: the first rows, as a table of 50 shows them.
                <PlainBody className={bodyClass} onClick={onBodyClick} onKeyDown={onBodyKeyDown}>
                  {rows.slice(0, WINDOW_ABOVE_ROWS).map((row, index) => renderRow(row, index))}
                </PlainBody>
              )
            ) : (
              <PlainBody className={bodyClass} onClick={onBodyClick} onKeyDown={onBodyKeyDown}>
                {rows.map((row, index) => renderRow(row, index))}
              </PlainBody>
            )}
            {footer ? (
              <Table.Tfoot data-testid="table-footer">
                <Table.Tr
                  fw={700}
                  style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}
                  aria-rowindex={windowed ? rows.length + 2 : undefined}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {footer[column.key] ?? null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </section>
        <StickyScrollbar target={scrollerRef} />
      </Box>
    );
  }

  return (
    <Stack gap="sm">
      <ListErrorBanner error={error} refused={refused} onRetry={onRetry} />
      {/* Clipped, not hidden: `overflow: hidden` would make the box a scroller, and the sticky
          scrollbar inside it would stick to the box instead of the window. */}
      {body === null ? null : (
        <Paper withBorder radius="md" className={classes.frame}>
          {body}
        </Paper>
      )}
      {pager && rows.length > 0 ? <Pager {...pager} disabled={pager.disabled || fetching} /> : null}
    </Stack>
  );
}

/**
 * A hidden row (`visibility: collapse`: no height, but its cells count for the column widths) with
 * each column's widest cell of the whole table and, when another, the cell with its longest word
 * (text wraps only between words, so that word sets the column's least width), so the columns keep
 * their widths while the window moves. Its copies of the cells are hidden from assistive technology
 * and cannot take the focus.
 */
function SizerRow<T>({ rows, columns }: { rows: T[]; columns: Column<T>[] }) {
  const picked = useMemo(() => {
    const renders = columns.map((column) => column.render);
    return { widest: widestRows(rows, renders), longestWord: longestWordRows(rows, renders) };
  }, [rows, columns]);
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: collapsed, nothing in it takes the focus
    <tr className={classes.sizer} aria-hidden="true">
      {columns.map((column, i) => {
        const widest = picked.widest[i] ?? 0;
        const longestWord = picked.longestWord[i] ?? 0;
        const row = rows[widest];
        const wordRow = rows[longestWord];
        const align = column.align ? alignClass[column.align] : undefined;
        if (row === undefined) return <td key={column.key} />;
        const cell = column.cellProps?.(row);
        return (
          <td
            key={column.key}
            {...cell}
            className={align && cell?.className ? `${align} ${cell.className}` : (align ?? cell?.className)}
            // Inline: in the header, where this row sits, a cell's side padding comes out narrower than
            // a body cell's (10 px against 16 px), and the column would shrink when its widest cell
            // scrolled out of the window.
            style={{ paddingInline: 'var(--table-horizontal-spacing)' }}
          >
            {wordRow === undefined || longestWord === widest ? (
              column.render(row)
            ) : (
              <>
                <div>{column.render(row)}</div>
                <div>{column.render(wordRow)}</div>
              </>
            )}
          </td>
        );
      })}
    </tr>
  );
}
