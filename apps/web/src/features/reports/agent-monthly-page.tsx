import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { businessMonth } from '../../lib/business-time';
import { AgentField, MonthField, YearField } from './report-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { intIn, monthLabel } from './report-utils';

const keys = ['agent', 'month', 'year'] as const;

const config: ReportConfig<'summaryAgentMonthly', (typeof keys)[number]> = {
  name: 'summaryAgentMonthly',
  path: 'agentmonthly',
  filterKeys: keys,
  // The whole year by default: one row per month.
  defaults: () => ({ agent: 'all', month: '', year: String(businessMonth().year) }),
  renderFilters: (draft, set, errors) => (
    <>
      <AgentField value={draft.agent} onChange={(agent) => set({ agent })} error={errors.agent} />
      <MonthField value={draft.month} onChange={(month) => set({ month })} error={errors.month} optional />
      <YearField value={draft.year} onChange={(year) => set({ year })} error={errors.year} />
    </>
  ),
  build: (f) =>
    intIn(f.year, MIN_YEAR, MAX_YEAR)
      ? {
          request: {
            name: 'summaryAgentMonthly',
            params: { agentId: f.agent },
            body: { month: f.month, year: f.year },
          },
        }
      : { prompt: { title: 'reports.prompts.chooseMonth', hint: 'reports.prompts.chooseMonthHint' } },
  keyColumns: (t) => [{ key: 'period', header: t('reports.columns.period'), render: monthLabel }],
  rowKey: (row) => `${row.year}-${row.month}`,
  period: (row) => ({ key: `${row.year}-${row.month}`, label: `${row.month}/${row.year}` }),
};

/** Agent Monthly (/summary/agentmonthly): one row per month of the year (or one month). */
export function AgentMonthlyPage() {
  return <ReportPage config={config} />;
}
