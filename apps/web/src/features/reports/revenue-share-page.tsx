import { Anchor, Badge, Text } from '@mantine/core';
import { api, type DataOf, MAX_YEAR, MIN_YEAR, reportExports } from '@sapi/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { ListScreen } from '../../components/list-screen';
import { MoneyText } from '../../components/money-text';
import { businessMonth, businessMonthFilter } from '../../lib/business-time';
import { agentTransactionsHref, type TransactionDrill } from '../../lib/drill-down';
import { defineList, type Filters, useListScreen } from '../../lib/use-list-screen';
import { MonthField, YearField } from './report-filters';
import { intIn } from './report-utils';
import './revenue-share.css';
import type { ReportMoney } from '@sapi/contract';
import { addMoney, fromSatang, toSatang } from '../../lib/money';

type ShareRow = DataOf<typeof api.revenueShare>['rows'][number];
/** A line of the statement: an arrangement, or the subtotal of the parent above it. */
type Line =
  | { kind: 'row'; row: ShareRow }
  | {
      kind: 'parent';
      parentAgent: string;
      parentAgentUsername: string;
      winLose: ReportMoney;
      parentShare: ReportMoney;
      count: number;
    };

const isMonth = (filters: Filters<'month' | 'year'>) =>
  intIn(filters.month, 1, 12) !== undefined && intIn(filters.year, MIN_YEAR, MAX_YEAR) !== undefined;

/** The statement of a month (this business month unless chosen); cached under the summary resource. */
const revenueShareList = defineList({
  route: api.revenueShare,
  filters: ['month', 'year'],
  defaults: () => {
    const now = businessMonth();
    return { month: String(now.month), year: String(now.year) };
  },
  body: (filters) => ({ month: filters.month, year: filters.year }),
  enabled: isMonth,
});

const percentFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });

/** Each parent's arrangements followed by its subtotal (the server's per-parent share). */
const linesOf = (data: DataOf<typeof api.revenueShare>): Line[] => {
  const shares = new Map(data.parents.map((p) => [p.parentAgent, p.parentShare]));
  const out: Line[] = [];
  let i = 0;
  while (i < data.rows.length) {
    const first = data.rows[i] as ShareRow;
    let winLose = 0n;
    let count = 0;
    while (i < data.rows.length && (data.rows[i] as ShareRow).parentAgent === first.parentAgent) {
      const row = data.rows[i] as ShareRow;
      out.push({ kind: 'row', row });
      winLose += toSatang(row.winLose);
      count++;
      i++;
    }
    out.push({
      kind: 'parent',
      parentAgent: first.parentAgent,
      parentAgentUsername: first.parentAgentUsername,
      winLose: fromSatang(winLose),
      parentShare: shares.get(first.parentAgent) ?? 0,
      count,
    });
  }
  return out;
};

/** An agent's transactions of the statement's month. */
const agentLink = (id: string, username: string, range: TransactionDrill) => (
  <Anchor component={Link} to={agentTransactionsHref(id, range)} size="sm" fw={500}>
    {username}
  </Anchor>
);

/** Revenue-share statement (/summary/revenueshare): what each parent agent earns from its children in a month. */
export function RevenueSharePage() {
  const { t } = useTranslation();
  const list = useListScreen(revenueShareList);
  const filters = list.applied;
  const valid = isMonth(filters);
  const { query } = list;
  const lines = useMemo(() => (query.data ? linesOf(query.data) : undefined), [query.data]);
  const range = valid ? businessMonthFilter(Number(filters.year), Number(filters.month)) : {};

  const columns: Column<Line>[] = [
    {
      key: 'parentAgent',
      header: t('reports.revenueShare.columns.parentAgent'),
      render: (line) =>
        line.kind === 'row' ? (
          agentLink(line.row.parentAgent, line.row.parentAgentUsername, range)
        ) : (
          <Text size="sm" fw={700}>
            {t('reports.revenueShare.parentTotal', { parent: line.parentAgentUsername })}
          </Text>
        ),
    },
    {
      key: 'agent',
      header: t('reports.revenueShare.columns.agent'),
      render: (line) =>
        line.kind === 'row' ? (
          agentLink(line.row.agent, line.row.agentUsername, range)
        ) : (
          <Badge variant="light" color="gray" size="sm">
            {t('reports.revenueShare.arrangements', { count: line.count })}
          </Badge>
        ),
    },
    {
      key: 'percentage',
      header: t('reports.revenueShare.columns.percentage'),
      align: 'right',
      render: (line) => (line.kind === 'row' ? `${percentFormat.format(line.row.parentPercentage)} %` : null),
    },
    {
      key: 'winLose',
      header: t('reports.revenueShare.columns.winLose'),
      align: 'right',
      render: (line) => (
        <MoneyText
          value={line.kind === 'row' ? line.row.winLose : line.winLose}
          fw={line.kind === 'parent' ? 700 : undefined}
        />
      ),
    },
    {
      key: 'parentShare',
      header: t('reports.revenueShare.columns.parentShare'),
      align: 'right',
      render: (line) => (
        <MoneyText
          value={line.kind === 'row' ? line.row.parentShare : line.parentShare}
          fw={line.kind === 'parent' ? 700 : undefined}
        />
      ),
    },
  ];

  const grandWinLose = query.data ? addMoney(...query.data.rows.map((r) => r.winLose)) : 0;
  const title = t('screens.summary.revenueshare');

  return (
    <ListScreen
      list={list}
      title={title}
      description={t('reports.descriptions.revenueshare')}
      exportCsv={
        valid
          ? {
              route: reportExports.revenueShare,
              filename: `revenueshare_${filters.year}_${filters.month.padStart(2, '0')}.csv`,
            }
          : null
      }
      filters={
        <>
          <MonthField
            value={list.draft.month}
            onChange={(month) => list.setDraft('month', month)}
            error={list.errors.month}
          />
          <YearField
            value={list.draft.year}
            onChange={(year) => list.setDraft('year', year)}
            error={list.errors.year}
          />
        </>
      }
      content={
        <DataTable
          caption={title}
          columns={columns}
          rowKey={(line) => (line.kind === 'row' ? line.row.sharing : `parent-${line.parentAgent}`)}
          rowProps={(line) =>
            line.kind === 'parent' ? { 'data-kind': 'parent-total' } : { 'data-kind': 'arrangement' }
          }
          {...list.table}
          records={lines}
          loading={list.table.loading && valid}
          emptyTitle={t('reports.revenueShare.empty')}
          emptyDescription={t('reports.revenueShare.emptyHint')}
          {...(query.data && query.data.rows.length > 0
            ? {
                footer: {
                  parentAgent: t('reports.revenueShare.grandTotal'),
                  agent: t('reports.revenueShare.arrangements', { count: query.data.rows.length }),
                  winLose: <MoneyText value={grandWinLose} fw={700} />,
                  parentShare: <MoneyText value={query.data.total} fw={700} />,
                },
              }
            : {})}
        />
      }
    />
  );
}
