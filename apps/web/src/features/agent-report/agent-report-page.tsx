import '@mantine/dates/styles.css';
import { Anchor, Badge } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { Agent } from '@sapi/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/data-table';
import { ErrorBanner } from '../../components/error-banner';
import { TextFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { businessMonthFilter } from '../../lib/business-time';
import { agentTransactionsHref } from '../../lib/drill-down';
import { errorMessage } from '../../lib/errors';
import { useListScreen } from '../../lib/use-list-screen';
import { agentReportList, monthOf, widgetsQuery } from './api';
import { MonthlyWidget } from './monthly-widget';

/** Agent report (/agent/report): unlocked agents, each with its monthly widget. */
export function AgentReportPage() {
  const { t, i18n } = useTranslation();
  const list = useListScreen(agentReportList);
  const date = monthOf(list.applied.startDate);
  const records = list.table.records;
  const agentIds = useMemo(() => (records ?? []).map((agent) => agent._id), [records]);
  const widgets = useQuery(widgetsQuery(agentIds, date));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label follows the language
  const monthLabel = useMemo(() => dayjs(date).format('MMMM YYYY'), [date, i18n.language]);
  // An agent's transactions of the month its widget shows.
  const monthRange = businessMonthFilter(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

  const columns: Column<Agent>[] = [
    {
      key: 'username',
      header: t('agentReport.columns.username'),
      sort: { field: 'username', first: 'asc' },
      render: (agent) => (
        <Anchor component={Link} to={agentTransactionsHref(agent._id, monthRange)} fw={600} size="sm">
          {agent.username}
        </Anchor>
      ),
    },
    { key: 'prefix', header: t('agentReport.columns.prefix'), render: (agent) => agent.prefix },
    {
      key: 'report',
      header: t('agentReport.columns.report'),
      width: 560,
      render: (agent) => (
        <MonthlyWidget
          key={`${agent._id}|${date}`}
          agentId={agent._id}
          username={agent.username}
          date={date}
          monthLabel={monthLabel}
          fromBatch={widgets.data?.get(agent._id)}
          batchLoading={widgets.isFetching}
        />
      ),
    },
    {
      key: 'status',
      header: t('agentReport.columns.status'),
      render: (agent) =>
        // docs/spec.md §2: locked shown inverted, active when not locked.
        agent.locked ? (
          <Badge color="red" variant="light">
            {t('agentReport.status.locked')}
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            {t('agentReport.status.active')}
          </Badge>
        ),
    },
  ];

  return (
    <ListScreen
      list={list}
      title={t('screens.agentReport')}
      description={t('agentReport.description')}
      filters={
        <>
          <TextFilter list={list} name="username" label={t('agentReport.filters.username')} />
          <TextFilter list={list} name="prefix" label={t('agentReport.filters.prefix')} w={140} />
          <MonthPickerInput
            label={t('agentReport.filters.month')}
            value={list.draft.startDate || null}
            onChange={(next) => list.setDraft('startDate', typeof next === 'string' ? monthOf(next) : '')}
            valueFormat="MMMM YYYY"
            placeholder={t('agentReport.filters.monthPlaceholder')}
            locale={i18n.language}
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={190}
            data-testid="filter-month"
          />
        </>
      }
      above={
        widgets.isError ? (
          <ErrorBanner title={t('agentReport.widgetsFailed')}>{errorMessage(widgets.error)}</ErrorBanner>
        ) : null
      }
      columns={columns}
      rowKey={(agent) => agent._id}
      emptyTitle={t('agentReport.empty')}
      emptyDescription={t('agentReport.emptyHint')}
    />
  );
}
