import '@mantine/dates/styles.css';
import { Anchor, Badge, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { Agent } from '@sapi/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { ErrorBanner } from '../../components/error-banner';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { businessMonthFilter, businessToday } from '../../lib/business-time';
import { agentTransactionsHref } from '../../lib/drill-down';
import { errorMessage } from '../../lib/errors';
import { useUrlFilters } from '../../lib/use-url-filters';
import {
  AGENT_REPORT_PAGE_SIZE,
  type AgentReportFilters,
  agentReportFilterKeys,
  agentReportListQuery,
  widgetsQuery,
} from './api';
import { MonthlyWidget } from './monthly-widget';

/** The first day of a `YYYY-MM-DD` month filter, or of this business month (spec §9). */
const monthOf = (startDate: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(startDate) && dayjs(startDate).isValid()
    ? `${startDate.slice(0, 8)}01`
    : `${businessToday().slice(0, 8)}01`;

/** Agent report (/agent/report): unlocked agents, each with its monthly widget. */
export function AgentReportPage() {
  const { t, i18n } = useTranslation();
  const { filters, page, apply, setPage } = useUrlFilters(agentReportFilterKeys);
  const date = monthOf(filters.startDate);
  const [draft, setDraft] = useState<AgentReportFilters>({ ...filters, startDate: date });
  useEffect(() => setDraft({ ...filters, startDate: date }), [filters, date]);

  const list = useQuery(agentReportListQuery(filters.username, filters.prefix, page));
  const agentIds = useMemo(() => (list.data?.records ?? []).map((agent) => agent._id), [list.data]);
  const widgets = useQuery(widgetsQuery(agentIds, date));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label follows the language
  const monthLabel = useMemo(() => dayjs(date).format('MMMM YYYY'), [date, i18n.language]);
  // An agent's transactions of the month its widget shows.
  const monthRange = businessMonthFilter(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

  const columns: Column<Agent>[] = [
    {
      key: 'username',
      header: t('agentReport.columns.username'),
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
        // Spec §2: locked shown inverted, active when not locked.
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

  const title = t('screens.agentReport');
  return (
    <>
      <PageHeader title={title} description={t('agentReport.description')} />
      <FilterBar
        onSearch={() => apply(draft)}
        onReset={() => apply({ username: '', prefix: '', startDate: '' })}
        searching={list.isFetching && !list.isPending}
      >
        <TextInput
          label={t('agentReport.filters.username')}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.currentTarget.value })}
          w={200}
        />
        <TextInput
          label={t('agentReport.filters.prefix')}
          value={draft.prefix}
          onChange={(e) => setDraft({ ...draft, prefix: e.currentTarget.value })}
          w={140}
        />
        <MonthPickerInput
          label={t('agentReport.filters.month')}
          value={draft.startDate || null}
          onChange={(next) =>
            setDraft({ ...draft, startDate: typeof next === 'string' ? monthOf(next) : '' })
          }
          valueFormat="MMMM YYYY"
          placeholder={t('agentReport.filters.monthPlaceholder')}
          locale={i18n.language}
          leftSection={<IconCalendar size={16} aria-hidden />}
          w={190}
          data-testid="filter-month"
        />
      </FilterBar>
      {widgets.isError ? (
        <ErrorBanner title={t('agentReport.widgetsFailed')}>{errorMessage(widgets.error)}</ErrorBanner>
      ) : null}
      <DataTable
        caption={title}
        columns={columns}
        records={list.data?.records}
        rowKey={(agent) => agent._id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyTitle={t('agentReport.empty')}
        emptyDescription={t('agentReport.emptyHint')}
        pager={
          list.data
            ? { page, limit: AGENT_REPORT_PAGE_SIZE, total: list.data.total, onChange: setPage }
            : undefined
        }
      />
    </>
  );
}
