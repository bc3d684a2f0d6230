import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, LoadingOverlay, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { api } from '@sapi/contract';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { agentByIdQuery } from '../../components/agent-picker';
import { EmptyState } from '../../components/empty-state';
import { ListErrorBanner } from '../../components/list-error-banner';
import { AgentFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { DATE_FORMAT, formatNumber } from '../../lib/format';
import { useSelf } from '../../lib/session';
import { useListScreen } from '../../lib/use-list-screen';
import { firstDayOf, MONTH_KEY_FORMAT, monthOf, registerCountList } from './api';

/** Registration-count report (/report): players registered per day of a month, of one agent or all. */
export function RegisterReportPage() {
  const { t, i18n } = useTranslation();
  const list = useListScreen(registerCountList);
  const agentId = list.params?.agentId ?? 'all';
  const oneAgent = agentId !== 'all';
  const month = monthOf(list.applied.month);
  const date = firstDayOf(month);
  const report = list.query;
  const agent = useQuery({ ...agentByIdQuery(agentId), enabled: oneAgent });
  const agentSide = useSelf().kind !== 'staff';
  const agentName = oneAgent
    ? (agent.data?.username ?? agentId)
    : agentSide
      ? t('registerReport.allAgentsAgentSide')
      : t('registerReport.allAgents');

  const monthLabel = dayjs(date).locale(i18n.language).format('MMMM YYYY');
  const rows = list.table.records ?? [];
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const { fetching } = list.table;

  let content: ReactNode;
  if (report.isPending) {
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
                username: agentName,
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
    <ListScreen
      list={list}
      title={t('registerReport.title')}
      description={agentSide ? t('registerReport.descriptionAgentSide') : t('registerReport.description')}
      exportCsv={{
        route: api.registerCountExport,
        params: { agentId },
        filename: `registrations-${oneAgent ? (agent.data?.username ?? agentId) : 'all'}-${month}.csv`,
      }}
      filters={
        <>
          <AgentFilter
            list={list}
            name="agent"
            label={t('registerReport.agent')}
            placeholder={t('registerReport.allAgents')}
            w={260}
            data-testid="agent-picker"
          />
          <MonthPickerInput
            label={t('registerReport.month')}
            placeholder={t('registerReport.monthPlaceholder')}
            value={firstDayOf(monthOf(list.draft.month))}
            onChange={(value) => value && list.setDraft('month', dayjs(value).format(MONTH_KEY_FORMAT))}
            valueFormat="MMMM YYYY"
            getMonthControlProps={(value) => ({
              'aria-label': dayjs(value).locale(i18n.language).format('MMMM YYYY'),
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
        </>
      }
      content={
        <>
          {list.table.error !== null ? (
            <Box mb="sm">
              <ListErrorBanner
                error={list.table.error}
                refused={list.table.refused}
                onRetry={list.table.onRetry}
              />
            </Box>
          ) : null}
          {content}
        </>
      }
    />
  );
}
