import { Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Transaction, TransactionListData } from '@sapi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/list-filters';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { DraftFilters, KeysetPager, ListTableState } from '../../lib/use-list-screen';
import { betTypeColors } from './bet-type-badge';
import { CursorPager } from './cursor-pager';
import classes from './transaction-table.module.css';

interface TransactionTableProps {
  /** The screen's keyset-paged list (`useListScreen`): the page of bets on screen and its pager. */
  list: {
    query: UseQueryResult<TransactionListData>;
    table: ListTableState<Transaction>;
    keyset: KeysetPager | undefined;
  };
  /** Keep it the same between renders: the rows then render only when they change. */
  onOpen: (row: Transaction) => void;
  /** Add a "view" button per row (the report's row action) besides the row click. */
  withViewAction?: boolean;
}

/** The transaction columns of docs/spec.md §2 plus amount and time, with the keyset pager underneath. */
export function TransactionTable({ list, onOpen, withViewAction = false }: TransactionTableProps) {
  const { t } = useTranslation();
  const { records, loading, error, refused, onRetry } = list.table;
  const { keyset } = list;
  // Dimmed only while it shows another page's rows: a refresh of the rows shown keeps them clear.
  const fetching = list.query.isFetching && list.query.isPlaceholderData;
  // The same columns while the language and the row action stay: a page change renders only rows.
  const columns = useMemo(() => {
    const all: Column<Transaction>[] = [
      { key: 'user', header: t('transaction.fields.user'), render: (r) => r.user },
      {
        key: 'username',
        header: t('transaction.fields.username'),
        minWidth: 120,
        render: (r) => r.username,
      },
      { key: 'betId', header: t('transaction.fields.betId'), minWidth: 120, render: (r) => r.betId },
      {
        key: 'betType',
        header: t('transaction.fields.betType'),
        // The bet type as a light pill: one element, coloured by its cell's data attribute.
        render: (r) => <span className={classes.pill}>{r.betType}</span>,
        cellProps: (r) => ({ className: classes.nowrap, 'data-bet-type': betTypeColors[r.betType] }),
      },
      {
        key: 'betTypeFromGame',
        header: t('transaction.fields.betTypeFromGame'),
        minWidth: 90,
        render: (r) => r.betTypeFromGame,
      },
      {
        key: 'gameBrand',
        header: t('transaction.fields.gameBrand'),
        minWidth: 90,
        render: (r) => r.gameBrand,
      },
      { key: 'gameCode', header: t('transaction.fields.gameCode'), minWidth: 100, render: (r) => r.gameCode },
      {
        key: 'amount',
        header: t('transaction.fields.amount'),
        align: 'right',
        render: (r) => formatMoney(r.amount),
        // Red on the cell itself: no element per amount.
        cellProps: (r) =>
          r.amount < 0
            ? { className: `${classes.amount} ${classes.negative}`, 'data-negative': 'true' }
            : { className: classes.amount },
      },
      {
        key: 'time',
        header: t('transaction.fields.time'),
        // Date over time keeps the columns within a laptop screen; the cell styles its two lines.
        render: (r) => formatDateTime(r.startDate).replace(' ', '\n'),
        cellProps: () => ({ className: classes.when }),
      },
    ];
    if (withViewAction) {
      // First, so the row action stays in sight (the first column stays when the table scrolls sideways).
      all.unshift({
        key: 'actions',
        // The icon column needs no visible heading, only a name for screen readers.
        header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
        width: 48,
        render: (r) => (
          // One element per row: the eye icon is the button's CSS mask, not an SVG tree; its tooltip
          // the browser's own.
          <UnstyledButton
            className={classes.view}
            title={t('transaction.report.view')}
            aria-label={t('transaction.report.viewLabel', { betId: r.betId, betType: r.betType })}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(r);
            }}
          />
        ),
      });
    }
    return all;
  }, [t, withViewAction, onOpen]);

  const rowProps = useCallback(
    (r: Transaction) => ({
      'aria-label': t('transaction.table.openRow', { betId: r.betId, betType: r.betType }),
      'data-testid': 'transaction-row',
    }),
    [t],
  );

  return (
    <Stack gap="sm" className={classes.dense} data-actions={withViewAction || undefined}>
      <DataTable
        caption={t('transaction.table.caption')}
        columns={columns}
        records={records}
        rowKey={(r) => r._id}
        loading={loading}
        fetching={fetching}
        error={error}
        refused={refused}
        onRetry={onRetry}
        onRowClick={onOpen}
        rowProps={rowProps}
        // A page change replaces the text of 100 rows rather than 100 rows (docs/design.md §11: ≤ 150 ms).
        reuseRows
        emptyTitle={t('transaction.table.empty')}
        emptyDescription={t('transaction.table.emptyDescription')}
      />
      {keyset && records && (keyset.count > 0 || keyset.page > 1) ? <CursorPager {...keyset} /> : null}
    </Stack>
  );
}

/** The period of a transaction list: from and to date-times of the bets' start (docs/spec.md §5). */
export function TransactionPeriodFilter<K extends string>({
  list,
}: {
  list: DraftFilters<K | 'startDate' | 'endDate'>;
}) {
  const { t } = useTranslation();
  return (
    <DateRangeFilter
      list={list}
      from="startDate"
      to="endDate"
      labels={[t('transaction.filters.startDate'), t('transaction.filters.endDate')]}
    />
  );
}
