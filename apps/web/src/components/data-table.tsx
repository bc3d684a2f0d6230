import {
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Skeleton,
  Stack,
  Table,
  VisuallyHidden,
} from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';
import { useFollowingHeader } from './following-header';
import { Pager, type PagerProps } from './pager';
import { isWindowed, WINDOW_ABOVE_ROWS, widestRows } from './table-window';
import type { WindowedBody as WindowedBodyComponent, WindowRowProps } from './windowed-body';

/**
 * The windowed body and the virtualizer it uses load with the first table of more than 50 rows, so
 * the screens whose tables never are (most lists page by 10 to 50) do not fetch them.
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

/** Every row in the page, the header following it down (as the windowed body does). */
function PlainBody({ children }: { children: ReactNode }) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useFollowingHeader(bodyRef);
  return <Table.Tbody ref={bodyRef}>{children}</Table.Tbody>;
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * Attributes of the row's cell (a class, data-*): style the cell itself instead of wrapping its text
   * in another element, so a 100-row table stays light (DESIGN §11: ≤ 1,400 DOM nodes).
   */
  cellProps?: (row: T) => CellProps;
}

export type CellProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

interface DataTableProps<T> {
  /** Accessible name of the table. */
  caption: string;
  columns: Column<T>[];
  records: T[] | undefined;
  rowKey: (row: T) => string;
  /** First load, nothing to show yet. */
  loading?: boolean;
  /** A refetch is running over the rows shown. */
  fetching?: boolean;
  /** The list failed: the server's message (red banner above the table). */
  error?: string | null;
  /** Offer "try again" in the error banner. */
  onRetry?: () => void;
  onRowClick?: (row: T) => void;
  /** Highlight some rows (e.g. changed ones). */
  rowProps?: (row: T) => Record<string, string | undefined>;
  emptyTitle?: string;
  emptyDescription?: string;
  pager?: PagerProps;
  /** A totals row under the rows: cells by column key (columns without one stay empty). */
  footer?: Partial<Record<string, ReactNode>>;
}

const SKELETON_ROWS = 5;

/**
 * Table with loading, empty and error states and a pager underneath. Above 50 rows it is windowed
 * (DESIGN §11: a 100-row table within 1,400 DOM nodes; thousands of report rows without jank): the
 * page scrolls as usual, but only the rows near the viewport are rendered, between spacer rows as
 * tall as the rows left out. The totals row is always rendered, and `aria-rowcount` /
 * `aria-rowindex` give assistive technology the table's real size. On every table, however long,
 * the header follows the page down under the app header.
 */
export function DataTable<T>({
  caption,
  columns,
  records,
  rowKey,
  loading = false,
  fetching = false,
  error,
  onRetry,
  onRowClick,
  rowProps,
  emptyTitle,
  emptyDescription,
  pager,
  footer,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const rows = records ?? [];

  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (onRowClick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  const windowed = isWindowed(rows.length);
  const WindowedBody = useWindowedBody(windowed);

  const renderRow = (row: T, index: number, windowProps?: WindowRowProps) => {
    const extra = rowProps?.(row);
    const stripe = windowed && index % 2 === 1 ? classes.stripe : undefined;
    const className = [stripe, extra?.className].filter(Boolean).join(' ') || undefined;
    return (
      <Table.Tr
        key={rowKey(row)}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        onKeyDown={onRowClick ? onKeyDown(row) : undefined}
        tabIndex={onRowClick ? 0 : undefined}
        style={onRowClick ? { cursor: 'pointer' } : undefined}
        {...windowProps}
        {...extra}
        className={className}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align} {...column.cellProps?.(row)}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };

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
    body = error ? (
      <EmptyState size="sm" title={t('errors.listFailed')} description={t('errors.listFailedHint')} />
    ) : (
      <EmptyState title={emptyTitle} description={emptyDescription} />
    );
  } else {
    // A windowed table tells assistive technology how many rows it has (header, rows, totals).
    const rowCount = windowed ? { 'aria-rowcount': rows.length + 1 + (footer ? 1 : 0) } : {};
    body = (
      <Box pos="relative">
        <LoadingOverlay visible={fetching} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
        {/* Focusable, so keyboard users can scroll a table wider than the screen. */}
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={caption}>
          <Table
            highlightOnHover={Boolean(onRowClick)}
            striped={windowed ? false : 'even'}
            stickyHeader
            className={classes.follow}
            {...rowCount}
          >
            <VisuallyHidden component="caption">{caption}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr aria-rowindex={windowed ? 1 : undefined}>
                {columns.map((column) => (
                  <Table.Th key={column.key} w={column.width} ta={column.align}>
                    {column.header}
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
                  Tbody={Table.Tbody}
                />
              ) : (
                // Until the windowed body has loaded: the first rows, as a table of 50 shows them.
                <PlainBody>
                  {rows.slice(0, WINDOW_ABOVE_ROWS).map((row, index) => renderRow(row, index))}
                </PlainBody>
              )
            ) : (
              <PlainBody>{rows.map((row, index) => renderRow(row, index))}</PlainBody>
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
        </Table.ScrollContainer>
      </Box>
    );
  }

  return (
    <Stack gap="sm">
      {error ? (
        <ErrorBanner title={t('errors.listFailed')}>
          <Group justify="space-between" gap="sm">
            <span>{error}</span>
            {onRetry ? (
              <Button size="xs" variant="white" color="red" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            ) : null}
          </Group>
        </ErrorBanner>
      ) : null}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      {pager && rows.length > 0 ? <Pager {...pager} disabled={pager.disabled || fetching} /> : null}
    </Stack>
  );
}

/**
 * A hidden row (`visibility: collapse`: no height, but its cells count for the column widths) with
 * each column's widest cell of the whole table, so the columns keep their widths while the window
 * moves. Its copies of the cells are hidden from assistive technology and cannot take the focus.
 */
function SizerRow<T>({ rows, columns }: { rows: T[]; columns: Column<T>[] }) {
  const widest = useMemo(
    () =>
      widestRows(
        rows,
        columns.map((column) => column.render),
      ),
    [rows, columns],
  );
  return (
    <Table.Tr className={classes.sizer} aria-hidden="true">
      {columns.map((column, i) => {
        const row = rows[widest[i] ?? 0];
        return row === undefined ? (
          <Table.Td key={column.key} />
        ) : (
          <Table.Td key={column.key} ta={column.align} {...column.cellProps?.(row)}>
            {column.render(row)}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
