import { Paper } from '@mantine/core';
import { api, type RouteDef, type Totals } from '@sapi/contract';
import { Fragment, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListScreen } from '../../components/list-screen';
import { MoneyText } from '../../components/money-text';
import { formatMoney, formatNumber } from '../../lib/format';
import type { TKey } from '../../lib/i18n';
import { signOfMoney } from '../../lib/money';
import { useSelf } from '../../lib/session';
import { defineList, type FilterErrors, useListScreen } from '../../lib/use-list-screen';
import {
  type ReportData,
  type RowOf,
  type SummaryName,
  type SummaryRequest,
  summaryExportRoute,
} from './api';
import { ReportChart } from './report-chart';
import classes from './report-page.module.css';
import { fileStamp, keepCsvLines, sumTotals, totalsFields, trendOf } from './report-utils';

/**
 * What the report definitions translate with: a checked key to its text. Narrower than i18next's own
 * `t` on purpose — its overloads, instantiated for every key of the app in each of these calls, grow
 * past the type checker's limit as the translations grow (TS2589).
 */
type Translate = (key: TKey) => string;
/** The report screens under /summary that this page builds. */
export type ReportPath =
  | 'agentdaily'
  | 'agentmonthly'
  | 'gamedaily'
  | 'gamedailybygame'
  | 'gamemonthly'
  | 'gamemonthlybygame';

/** What the filters ask for: a request, or a prompt for what is missing. */
export type BuiltRequest<N extends SummaryName> =
  | {
      request: SummaryRequest<N>;
      /** Rows of the answer to show (the answer may cover more, e.g. a whole year). */
      rowFilter?: (row: RowOf<N>) => boolean;
      /** The same choice on the CSV's lines, by their first field. */
      csvKeep?: (firstField: string) => boolean;
    }
  | { prompt: { title: TKey; hint: TKey } };

export interface ReportConfig<N extends SummaryName, K extends string> {
  name: N;
  path: ReportPath;
  filterKeys: readonly K[];
  /** The from and to date-time filters, checked before sending (lib/use-list-screen). */
  dateRange?: readonly [K, K];
  /** Filter values when the URL has none (e.g. this month, the whole platform). */
  defaults: () => Record<K, string>;
  /** The filter fields: `errors` are the server's reasons for refusing them, shown under each. */
  renderFilters: (
    draft: Record<K, string>,
    set: (patch: Partial<Record<K, string>>) => void,
    errors: FilterErrors<K>,
  ) => ReactNode;
  build: (filters: Record<K, string>) => BuiltRequest<N>;
  /** The row's identity columns (day, month, brand, game code); the money columns follow. */
  keyColumns: (t: Translate) => Column<RowOf<N>>[];
  rowKey: (row: RowOf<N>) => string;
  /** The chart's period of a row (rows of one period are added up). */
  period: (row: RowOf<N>) => { key: string; label: string };
  rowAction?: (row: RowOf<N>, filters: Record<K, string>) => ReactNode;
  /** Whether the row action can act for these filters; when it cannot, its column is not shown. */
  rowActionWhen?: (filters: Record<K, string>) => boolean;
  headerActions?: (filters: Record<K, string>, apply: (next: Record<K, string>) => void) => ReactNode;
}

/**
 * A report's list definition: the route of its name, its filters with their defaults, and the body
 * and path parameters its filters build; held back while the filters prompt for something missing.
 */
const reportList = <N extends SummaryName, K extends string>(config: ReportConfig<N, K>) => {
  const requestOf = (filters: Record<K, string>): SummaryRequest<N> | undefined => {
    const built = config.build(filters);
    return 'request' in built ? built.request : undefined;
  };
  // Typed as any route: each report's rows are typed by its name (`RowOf<N>`) where they are read.
  const route: RouteDef = api[config.name];
  return defineList({
    route,
    filters: config.filterKeys,
    defaults: config.defaults,
    // A report body has no paging: it is the route's whole body.
    body: (filters) => requestOf(filters)?.body ?? {},
    params: (filters) => requestOf(filters)?.params ?? {},
    enabled: (filters) => requestOf(filters) !== undefined,
    ...(config.dateRange ? { dateRange: config.dateRange } : {}),
  });
};

/** A header that wraps only between its words (Thai has no spaces inside a word to break at). */
const WordsHeader = ({ text }: { text: string }) => (
  <>
    {text.split(' ').map((word, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed label
      <Fragment key={i}>
        {i > 0 ? ' ' : null}
        <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
      </Fragment>
    ))}
  </>
);

/** The money columns of every report row (docs/design.md §10). */
const totalsColumns = (t: Translate): Column<Totals>[] =>
  totalsFields.map((field) => ({
    key: field,
    header: <WordsHeader text={t(`reports.columns.${field}`)} />,
    align: 'right' as const,
    // Plain text in a styled cell (no element per amount): 100 rows of 14 columns stay light (docs/design.md §11).
    render: (row: Totals) =>
      field === 'transactionCount' ? formatNumber(row.transactionCount) : formatMoney(row[field]),
    cellProps: (row: Totals) => {
      if (field === 'transactionCount') return { className: classes.amount };
      const sign = signOfMoney(row[field]);
      return {
        className: classes.amount,
        'data-tone': sign < 0 ? 'negative' : sign === 0 ? 'zero' : undefined,
        'data-negative': sign < 0 ? 'true' : undefined,
      };
    },
  }));

const totalsFooter = (
  totals: Totals,
  labelKey: string,
  label: string,
): Partial<Record<string, ReactNode>> => {
  const out: Partial<Record<string, ReactNode>> = { [labelKey]: label };
  for (const field of totalsFields) {
    out[field] =
      field === 'transactionCount' ? (
        formatNumber(totals.transactionCount)
      ) : (
        <MoneyText value={totals[field]} fw={700} />
      );
  }
  return out;
};

/**
 * One summary report (docs/spec.md §2, docs/design.md §10): filters kept in the URL, a trend chart, the table with
 * its totals row, and CSV export of the same filters. Each report screen is a configuration of it.
 */
export function ReportPage<N extends SummaryName, K extends string>({
  config,
}: {
  config: ReportConfig<N, K>;
}) {
  const { t } = useTranslation();
  const translate = useCallback<Translate>((key) => t(key), [t]);
  const definition = useMemo(() => reportList(config), [config]);
  const list = useListScreen(definition);
  const filters = list.applied;
  const built = config.build(filters);
  const query = list.query;

  const rowFilter = 'request' in built ? built.rowFilter : undefined;
  const data = 'request' in built ? (query.data as ReportData<RowOf<N>> | undefined) : undefined;
  const rows = useMemo(() => {
    const all: RowOf<N>[] = data?.rows ?? [];
    return rowFilter ? all.filter(rowFilter) : all;
  }, [data, rowFilter]);
  const totals = data ? (rowFilter ? sumTotals(rows) : data.totals) : undefined;

  // Identity cells stay on one line — dates and months; names and codes (which declare how narrow
  // they may get) wrap instead of widening the table. The same columns while the filters and the
  // language stay, so rows already rendered skip rendering as the window moves.
  const keyColumns = useMemo(
    () =>
      config.keyColumns(translate).map((column) => ({
        ...column,
        header: <span style={{ whiteSpace: 'nowrap' }}>{column.header}</span>,
        ...(column.minWidth === undefined
          ? { cellProps: (row: RowOf<N>) => ({ ...column.cellProps?.(row), className: classes.nowrap }) }
          : {}),
      })),
    [config, translate],
  );
  // The row action right after the identity columns, so it shows without scrolling sideways.
  const columns: Column<RowOf<N>>[] = useMemo(
    () => [
      ...keyColumns,
      ...(config.rowAction && (config.rowActionWhen?.(filters) ?? true)
        ? [
            {
              key: 'actions',
              header: t('reports.columns.actions'),
              render: (row: RowOf<N>) => config.rowAction?.(row, filters),
            },
          ]
        : []),
      ...(totalsColumns(translate) as Column<RowOf<N>>[]),
    ],
    [keyColumns, config, filters, t, translate],
  );
  const firstKey = keyColumns[0]?.key ?? 'transactionCount';
  const title = t(`screens.summary.${config.path}`);
  // `all` is the agent side's agent and downline, not the platform (docs/design.md §16).
  const agentSide = useSelf().kind !== 'staff';

  const { table } = list;
  return (
    <ListScreen
      list={list}
      title={title}
      description={
        agentSide && (config.path === 'agentdaily' || config.path === 'agentmonthly')
          ? t(`reports.agentSide.${config.path}`)
          : t(`reports.descriptions.${config.path}`)
      }
      actions={config.headerActions?.(filters, list.apply)}
      exportCsv={
        'request' in built
          ? {
              route: summaryExportRoute(config.name),
              params: built.request.params,
              filename: `${config.path}_${fileStamp([...Object.values(built.request.params), ...Object.values(built.request.body as object)])}.csv`,
              ...(built.csvKeep
                ? { transform: (csv: string) => keepCsvLines(csv, built.csvKeep ?? (() => true)) }
                : {}),
            }
          : null
      }
      filters={config.renderFilters(list.draft, list.patchDraft, list.errors)}
      content={
        'prompt' in built ? (
          <Paper withBorder radius="md" data-testid="report-prompt">
            <EmptyState title={t(built.prompt.title)} description={t(built.prompt.hint)} />
          </Paper>
        ) : (
          <>
            {rows.length > 0 ? <ReportChart data={trendOf(rows, config.period)} /> : null}
            <div className={classes.compact}>
              <DataTable
                caption={title}
                columns={columns}
                records={data ? rows : undefined}
                rowKey={config.rowKey}
                loading={table.loading}
                fetching={table.fetching}
                error={table.error}
                refused={table.refused}
                onRetry={table.onRetry}
                emptyTitle={t('reports.prompts.empty')}
                emptyDescription={t('reports.prompts.emptyHint')}
                {...(totals && rows.length > 0
                  ? { footer: totalsFooter(totals, firstKey, t('reports.totals')) }
                  : {})}
              />
            </div>
          </>
        )
      }
    />
  );
}
