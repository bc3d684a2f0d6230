import { Button, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessDaysFilter } from '../../lib/business-time';
import { reportTransactionsHref } from '../../lib/drill-down';
import type { RowOf } from './api';
import { type dailyKeys, dailyReport } from './daily-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { dayLabel } from './report-utils';

/** The Transaction From Report of one agent, brand and business day, those filters applied. */
const checkDataHref = (agent: string, gameBrand: string, date: string): string =>
  reportTransactionsHref(agent, { gameBrand, ...businessDaysFilter(date) });

/** "Check data": that day's bets of that brand, for the chosen agent. */
function CheckData({ row, agent }: { row: RowOf<'summaryGameDaily'>; agent: string }) {
  const { t } = useTranslation();
  const label = t('reports.actions.checkDataLabel', { brand: row.gameBrand, date: dayLabel(row) });
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      component={Link}
      to={checkDataHref(agent, row.gameBrand, row.date)}
      aria-label={label}
      leftSection={<IconListSearch size={16} aria-hidden />}
    >
      {t('reports.actions.checkData')}
    </Button>
  );
}

/** Over the whole platform there is no one list to open: the column gives way to a line saying so. */
function CheckDataNeedsAgent() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="check-data-needs-agent">
      {t('reports.actions.checkDataNeedsAgent')}
    </Text>
  );
}

const config: ReportConfig<'summaryGameDaily', (typeof dailyKeys)[number]> = {
  ...dailyReport('summaryGameDaily'),
  path: 'gamedaily',
  keyColumns: (t) => [
    { key: 'date', header: t('reports.columns.date'), render: dayLabel },
    {
      key: 'gameBrand',
      header: t('reports.columns.gameBrand'),
      minWidth: 110,
      render: (row) => row.gameBrand,
    },
  ],
  rowKey: (row) => `${row.date}|${row.gameBrand}`,
  period: (row) => ({ key: row.date, label: `${row.day}/${row.month}` }),
  rowAction: (row, filters) => <CheckData row={row} agent={filters.agent} />,
  rowActionWhen: (filters) => filters.agent !== 'all',
  headerActions: (filters) => (filters.agent === 'all' ? <CheckDataNeedsAgent /> : null),
};

/** Game Daily (/summary/gamedaily): one row per day and game brand, with "check data". */
export function GameDailyPage() {
  return <ReportPage config={config} />;
}
