import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Table,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { DashboardData, ReportMoney } from '@sapi/contract';
import { IconCalendar, IconCoins, IconScale, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { businessMonthFilter, businessToday } from '../../lib/business-time';
import { agentTransactionsHref, registerReportHref, summaryReportHref } from '../../lib/drill-down';
import { errorMessage } from '../../lib/errors';
import { formatMoney, formatNumber } from '../../lib/format';
import { moneyNumber, signOfMoney } from '../../lib/money';
import { useSelf } from '../../lib/session';
import { changeOf, dashboardQuery, shareOf } from './api';
import { formatPercent, StatCard } from './stat-card';
import classes from './top-table.module.css';

const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

function Cards({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const { current, previous } = data;
  const share = shareOf(current.activePlayers, current.registeredPlayers);
  const previousShare = shareOf(previous.activePlayers, previous.registeredPlayers);
  // The month's figures, day by day, over the whole platform.
  const daily = summaryReportHref('agentdaily', {
    agent: 'all',
    month: String(Number(current.month)),
    year: current.year,
  });
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
      <StatCard
        testId="card-turnover"
        title={t('dashboard.cards.turnover')}
        icon={IconCoins}
        value={formatMoney(current.turnover)}
        detail={t('dashboard.cards.transactions', { count: formatNumber(current.transactionCount) })}
        change={changeOf(moneyNumber(current.turnover), moneyNumber(previous.turnover))}
        tone="higher-is-better"
        previous={t('dashboard.cards.previous', { value: formatMoney(previous.turnover) })}
        to={daily}
      />
      <StatCard
        testId="card-winlose"
        title={t('dashboard.cards.winLose')}
        icon={IconScale}
        value={formatMoney(current.winLose)}
        {...(signOfMoney(current.winLose) < 0 ? { valueColor: 'red.9' } : {})}
        detail={t('dashboard.cards.winLoseHint')}
        change={changeOf(moneyNumber(current.winLose), moneyNumber(previous.winLose))}
        tone="neutral"
        previous={t('dashboard.cards.previous', { value: formatMoney(previous.winLose) })}
        to={daily}
      />
      <StatCard
        testId="card-players"
        title={t('dashboard.cards.players')}
        icon={IconUsers}
        value={formatPercent(share)}
        detail={t('dashboard.cards.playersDetail', {
          active: formatNumber(current.activePlayers),
          registered: formatNumber(current.registeredPlayers),
          // Registered by this month's end less by last month's: the players who registered in it,
          // the total of the registration report the link opens.
          fresh: formatNumber(current.registeredPlayers - previous.registeredPlayers),
        })}
        change={changeOf(share, previousShare)}
        tone="higher-is-better"
        previous={t('dashboard.cards.previous', { value: formatPercent(previousShare) })}
        to={registerReportHref(`${current.year}-${current.month.padStart(2, '0')}`)}
        linkText={t('dashboard.cards.registrationsPerDay')}
      />
    </SimpleGrid>
  );
}

function DailyChart({ data, monthLabel }: { data: DashboardData; monthLabel: string }) {
  const { t } = useTranslation();
  const points = data.daily.map((d) => ({ label: d.date.slice(8, 10), winLose: d.winLose }));
  const any = data.daily.some((d) => d.winLose !== 0 || d.turnover !== 0);
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="daily-chart-title">
      <Title order={2} fz="md" mb="sm" id="daily-chart-title">
        {t('dashboard.chart.title')}
      </Title>
      {any ? (
        <figure
          aria-label={t('dashboard.chart.label', { month: monthLabel })}
          style={{ margin: 0 }}
          data-testid="daily-chart"
        >
          <BarChart
            h={260}
            data={points}
            dataKey="label"
            series={[{ name: 'winLose', label: t('dashboard.chart.winLose'), color: 'indigo.6' }]}
            getBarColor={(value) => (value < 0 ? 'red.7' : 'teal.7')}
            valueFormatter={formatMoney}
            referenceLines={[{ y: 0, color: 'gray.5' }]}
            yAxisProps={{ width: 90 }}
            maxBarWidth={24}
          />
        </figure>
      ) : (
        <EmptyState size="sm" title={t('dashboard.chart.empty')} description={monthLabel} />
      )}
    </Paper>
  );
}

interface TopRow {
  key: string;
  name: ReactNode;
  turnover: ReportMoney;
  winLose: ReportMoney;
}

/** A short ranking (top five) of the month: name, turnover and win/lose. */
function TopTable({
  title,
  nameHeader,
  rows,
  testId,
}: {
  title: string;
  nameHeader: string;
  rows: TopRow[];
  testId: string;
}) {
  const { t } = useTranslation();
  const id = `${testId}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Title order={2} fz="md" mb="sm" id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <EmptyState size="sm" title={t('dashboard.emptyTop')} description=" " />
      ) : (
        // Within the card: on a phone the table fits, or scrolls sideways inside it (never the page).
        <div className={classes.scroller}>
          <Table striped="even" highlightOnHover className={classes.table}>
            <VisuallyHidden component="caption">{title}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.rank}>{t('dashboard.columns.rank')}</Table.Th>
                <Table.Th>{nameHeader}</Table.Th>
                <Table.Th ta="right">{t('dashboard.columns.turnover')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.columns.winLose')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{formatNumber(i + 1)}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.turnover} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.winLose} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

function TopTables({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const year = Number(data.current.year);
  const month = Number(data.current.month);
  // Each name opens what it sums, over the month shown: the brand's games, the agent's bets.
  const range = businessMonthFilter(year, month);
  const brandHref = (gameBrand: string) =>
    summaryReportHref('gamedailybygame', {
      agent: 'all',
      gameBrand,
      from: range.startDate,
      to: range.endDate,
    });
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <TopTable
        testId="top-brands"
        title={t('dashboard.topBrands.title')}
        nameHeader={t('dashboard.topBrands.name')}
        rows={data.topBrands.map((b) => ({
          key: b.gameBrand,
          name: (
            <Anchor component={Link} to={brandHref(b.gameBrand)} size="sm" fw={600}>
              {b.gameBrand}
            </Anchor>
          ),
          turnover: b.turnover,
          winLose: b.winLose,
        }))}
      />
      <TopTable
        testId="top-agents"
        title={t('dashboard.topAgents.title')}
        nameHeader={t('dashboard.topAgents.name')}
        rows={data.topAgents.map((a) => ({
          key: a.agent,
          name: (
            <Anchor component={Link} to={agentTransactionsHref(a.agent, range)} size="sm" fw={600}>
              {a.username}
            </Anchor>
          ),
          turnover: a.turnover,
          winLose: a.winLose,
        }))}
      />
    </SimpleGrid>
  );
}

/** Dashboard (/dashboard): this month's figures against last month's, daily win/lose, top brands and agents. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('month') ?? '';
  const month = MONTH_KEY.test(raw) ? raw : '';
  const query = useQuery(dashboardQuery(month));
  const data = query.data;
  const shownMonth = data ? `${data.current.year}-${data.current.month}` : month;
  const monthLabel = shownMonth ? dayjs(`${shownMonth}-01`).locale(i18n.language).format('MMMM YYYY') : '';
  // The agent side sees its agent and downline, not the platform (docs/design.md §16).
  const agentSide = useSelf().kind !== 'staff';
  // The month still running is compared with the whole month before it: the header says so.
  const describeMonth = (key: string, label: string) => {
    const today = businessToday();
    if (today.startsWith(`${key}-`)) {
      const day = Number(today.slice(8, 10));
      return agentSide
        ? t('dashboard.descriptionAgentSoFar', { month: label, day })
        : t('dashboard.descriptionSoFar', { month: label, day });
    }
    return agentSide
      ? t('dashboard.descriptionAgent', { month: label })
      : t('dashboard.description', { month: label });
  };

  return (
    <>
      <PageHeader
        title={t('screens.dashboard')}
        description={monthLabel ? describeMonth(shownMonth, monthLabel) : undefined}
        actions={
          <MonthPickerInput
            aria-label={t('dashboard.month')}
            value={shownMonth ? `${shownMonth}-01` : null}
            onChange={(next) => {
              if (typeof next === 'string') setParams({ month: next.slice(0, 7) });
            }}
            valueFormat="MMMM YYYY"
            placeholder={t('dashboard.monthPlaceholder')}
            locale={i18n.language}
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={200}
            data-testid="dashboard-month"
          />
        }
      />
      {query.isError ? (
        <ErrorBanner title={t('dashboard.failed')}>
          <Group justify="space-between" gap="sm">
            <span>{errorMessage(query.error)}</span>
            <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </ErrorBanner>
      ) : null}
      {data ? (
        <div style={{ opacity: query.isFetching ? 0.7 : 1 }} aria-busy={query.isFetching}>
          <Cards data={data} />
          <DailyChart data={data} monthLabel={monthLabel} />
          <TopTables data={data} />
        </div>
      ) : query.isPending ? (
        <div role="status" aria-live="polite">
          <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={190} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={300} radius="md" />
        </div>
      ) : null}
    </>
  );
}
