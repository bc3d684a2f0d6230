import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { api } from '@sapi/contract';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AgentPicker, agentByIdQuery } from '../../components/agent-picker';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { ExportButton } from '../../components/export-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { DATE_FORMAT, formatNumber } from '../../lib/format';
import {
  currentMonthKey,
  firstDayOf,
  isMonthKey,
  MONTH_KEY_FORMAT,
  type RegisterReportFilters,
  registerCountQuery,
} from './api';

const isId = (value: string) => /^[1-9][0-9]{0,18}$/.test(value);

/** Registration-count report (/report): players registered per day of a month for one agent. */
export function RegisterReportPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const agentParam = params.get('agent') ?? '';
  const monthParam = params.get('month') ?? '';
  const filters: RegisterReportFilters = {
    agent: isId(agentParam) ? agentParam : '',
    month: isMonthKey(monthParam) ? monthParam : currentMonthKey(),
  };
  const [draft, setDraft] = useState<RegisterReportFilters>(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL values stand for filters
  useEffect(() => setDraft(filters), [filters.agent, filters.month]);

  const date = firstDayOf(filters.month);
  const report = useQuery(registerCountQuery(filters.agent, date));
  const agent = useQuery({ ...agentByIdQuery(filters.agent), enabled: filters.agent !== '' });

  const search = () => {
    const next = new URLSearchParams();
    if (draft.agent) next.set('agent', draft.agent);
    next.set('month', draft.month);
    if (next.toString() === params.toString()) {
      if (filters.agent) void report.refetch();
      return;
    }
    setParams(next);
  };

  const monthLabel = dayjs(date).locale(i18n.language).format('MMMM YYYY');
  const rows = report.data ?? [];
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const fetching = report.isFetching && !report.isPending;

  let content: ReactNode;
  if (!filters.agent) {
    content = (
      <Paper withBorder radius="md">
        <EmptyState
          title={t('registerReport.pickAgent')}
          description={t('registerReport.pickAgentDescription')}
        />
      </Paper>
    );
  } else if (report.isPending) {
    content = (
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs" role="status" aria-live="polite">
          <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
          <Skeleton height={160} radius="sm" />
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} height={28} radius="sm" />
          ))}
        </Stack>
      </Paper>
    );
  } else if (rows.length === 0) {
    content = (
      <Paper withBorder radius="md">
        {report.isError ? (
          <EmptyState size="sm" title={t('errors.listFailed')} description={t('errors.listFailedHint')} />
        ) : (
          <EmptyState />
        )}
      </Paper>
    );
  } else {
    content = (
      <Box pos="relative">
        <LoadingOverlay visible={fetching} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Text size="sm" fw={600} mb="xs" data-testid="register-summary">
              {t('registerReport.summary', {
                username: agent.data?.username ?? filters.agent,
                month: monthLabel,
                total: formatNumber(total),
              })}
            </Text>
            <figure style={{ margin: 0 }} aria-label={t('registerReport.chart.label', { month: monthLabel })}>
              <BarChart
                h={180}
                data={rows.map((r) => ({ day: r.date.slice(8), count: r.count }))}
                dataKey="day"
                series={[{ name: 'count', label: t('registerReport.chart.series'), color: 'indigo.6' }]}
                tickLine="y"
                gridAxis="x"
                withTooltip
                maxBarWidth={18}
                yAxisProps={{ allowDecimals: false, width: 40 }}
                data-testid="register-chart"
              />
            </figure>
          </Paper>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer
              minWidth={320}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={t('registerReport.table.caption')}
            >
              <Table striped="even" highlightOnHover>
                <VisuallyHidden component="caption">{t('registerReport.table.caption')}</VisuallyHidden>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('registerReport.table.date')}</Table.Th>
                    <Table.Th ta="right">{t('registerReport.table.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.date} data-testid="register-row">
                      <Table.Td>
                        {dayjs(r.date).format(DATE_FORMAT)}{' '}
                        <Text span size="xs" c="dimmed">
                          {dayjs(r.date).locale(i18n.language).format('ddd')}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" fw={r.count > 0 ? 600 : undefined}>
                        {formatNumber(r.count)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr data-testid="register-total">
                    <Table.Th scope="row">{t('registerReport.table.total')}</Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {formatNumber(total)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title={t('registerReport.title')}
        description={t('registerReport.description')}
        actions={
          filters.agent ? (
            <ExportButton
              route={api.registerCountExport}
              params={{ agentId: filters.agent }}
              body={{ date }}
              filename={`registrations-${agent.data?.username ?? filters.agent}-${filters.month}.csv`}
            />
          ) : null
        }
      />
      <FilterBar onSearch={search} searching={fetching}>
        <AgentPicker
          label={t('registerReport.agent')}
          value={draft.agent}
          onChange={(id) => setDraft({ ...draft, agent: id })}
          placeholder={t('registerReport.agentPicker.placeholder')}
          w={260}
          data-testid="agent-picker"
        />
        <MonthPickerInput
          label={t('registerReport.month')}
          placeholder={t('registerReport.monthPlaceholder')}
          value={firstDayOf(draft.month)}
          onChange={(value) => value && setDraft({ ...draft, month: dayjs(value).format(MONTH_KEY_FORMAT) })}
          valueFormat="MMMM YYYY"
          getMonthControlProps={(month) => ({
            'aria-label': dayjs(month).locale(i18n.language).format('MMMM YYYY'),
          })}
          ariaLabels={{
            previousYear: t('registerReport.calendar.previousYear'),
            nextYear: t('registerReport.calendar.nextYear'),
            previousDecade: t('registerReport.calendar.previousDecade'),
            nextDecade: t('registerReport.calendar.nextDecade'),
            yearLevelControl: t('registerReport.calendar.yearLevelControl'),
          }}
          locale={i18n.language}
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
          popoverProps={{ attributes: { dropdown: { 'aria-label': t('registerReport.month') } } }}
          w={200}
        />
      </FilterBar>
      {report.isError ? (
        <Box mb="sm">
          <ErrorBanner title={t('errors.listFailed')}>
            <Group justify="space-between" gap="sm">
              <span>{errorMessage(report.error)}</span>
              <Button size="xs" variant="white" color="red" onClick={() => void report.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </ErrorBanner>
        </Box>
      ) : null}
      {content}
    </>
  );
}
