import { Button, Tooltip } from '@mantine/core';
import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { IconReportAnalytics, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentByIdQuery } from '../../components/agent-picker';
import { agentReportHref } from '../../lib/drill-down';
import { useSelf } from '../../lib/session';
import { type dailyKeys, dailyReport } from './daily-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { dayLabel, firstDayOf, intIn } from './report-utils';

type Filters = Record<(typeof dailyKeys)[number], string>;

/** Agent Daily's buttons: the whole-platform summary, and the agent report of the month. */
function AgentDailyActions({ filters, apply }: { filters: Filters; apply: (next: Filters) => void }) {
  const { t } = useTranslation();
  const year = intIn(filters.year, MIN_YEAR, MAX_YEAR);
  const month = intIn(filters.month, 1, 12);
  // The chosen agent (the picker has looked it up) goes along, by the username the agent report filters.
  const oneAgent = filters.agent !== 'all' && filters.agent !== '';
  const agent = useQuery({ ...agentByIdQuery(filters.agent), enabled: oneAgent });
  const username = oneAgent ? agent.data?.username : undefined;
  // `all` is the agent side's agent and downline (docs/design.md §16).
  const agentSide = useSelf().kind !== 'staff';
  return (
    <>
      <Tooltip
        label={agentSide ? t('reports.agentSide.summaryHint') : t('reports.actions.summaryHint')}
        withArrow
      >
        <Button
          variant="light"
          leftSection={<IconWorld size={16} aria-hidden />}
          onClick={() => apply({ ...filters, agent: 'all' })}
          data-testid="platform-summary"
        >
          {agentSide ? t('reports.agentSide.summary') : t('reports.actions.summary')}
        </Button>
      </Tooltip>
      <Tooltip label={t('reports.actions.perAgentHint')} withArrow>
        <Button
          variant="light"
          component={Link}
          to={year && month ? agentReportHref(firstDayOf(year, month), username) : '/agent/report'}
          leftSection={<IconReportAnalytics size={16} aria-hidden />}
          data-testid="per-agent-report"
        >
          {t('reports.actions.perAgent')}
        </Button>
      </Tooltip>
    </>
  );
}

const config: ReportConfig<'summaryAgentDaily', (typeof dailyKeys)[number]> = {
  ...dailyReport('summaryAgentDaily'),
  path: 'agentdaily',
  keyColumns: (t) => [{ key: 'date', header: t('reports.columns.date'), render: dayLabel }],
  rowKey: (row) => row.date,
  period: (row) => ({ key: row.date, label: `${row.day}/${row.month}` }),
  headerActions: (filters, apply) => <AgentDailyActions filters={filters} apply={apply} />,
};

/** Agent Daily (/summary/agentdaily): one row per day of the month, of one agent or the whole platform. */
export function AgentDailyPage() {
  return <ReportPage config={config} />;
}
