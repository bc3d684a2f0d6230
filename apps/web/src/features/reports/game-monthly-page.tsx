import { businessMonth } from '../../lib/business-time';
import { AgentField, MonthRangeFields } from './report-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { monthKey, monthLabel, parseMonthKey } from './report-utils';

const keys = ['agent', 'from', 'to'] as const;

const config: ReportConfig<'summaryGameMonthly', (typeof keys)[number]> = {
  name: 'summaryGameMonthly',
  path: 'gamemonthly',
  filterKeys: keys,
  // January to this month.
  defaults: () => {
    const now = businessMonth();
    return { agent: 'all', from: monthKey(now.year, 1), to: monthKey(now.year, now.month) };
  },
  renderFilters: (draft, set, errors) => (
    <>
      <AgentField value={draft.agent} onChange={(agent) => set({ agent })} error={errors.agent} />
      <MonthRangeFields from={draft.from} to={draft.to} set={set} errors={errors} sameYear />
    </>
  ),
  build: (f) => {
    const from = parseMonthKey(f.from);
    const to = parseMonthKey(f.to);
    if (!from || !to || f.from > f.to) {
      return { prompt: { title: 'reports.prompts.chooseMonths', hint: 'reports.prompts.chooseMonthsHint' } };
    }
    if (from.year !== to.year) {
      return { prompt: { title: 'reports.prompts.chooseMonths', hint: 'reports.prompts.sameYearHint' } };
    }
    const params = { agentId: f.agent };
    // One month: ask for it. Several: ask for the year and keep the months of the range.
    if (from.month === to.month) {
      return {
        request: {
          name: 'summaryGameMonthly',
          params,
          body: { month: String(from.month), year: String(from.year) },
        },
      };
    }
    const whole = from.month === 1 && to.month === 12;
    const inRange = (month: string) => Number(month) >= from.month && Number(month) <= to.month;
    return {
      request: { name: 'summaryGameMonthly', params, body: { month: '', year: String(from.year) } },
      ...(whole ? {} : { rowFilter: (row: { month: string }) => inRange(row.month), csvKeep: inRange }),
    };
  },
  keyColumns: (t) => [
    { key: 'period', header: t('reports.columns.period'), render: monthLabel },
    {
      key: 'gameBrand',
      header: t('reports.columns.gameBrand'),
      minWidth: 110,
      render: (row) => row.gameBrand,
    },
  ],
  rowKey: (row) => `${row.year}-${row.month}|${row.gameBrand}`,
  period: (row) => ({ key: `${row.year}-${row.month}`, label: `${row.month}/${row.year}` }),
};

/** Game Monthly (/summary/gamemonthly): months × game brands between two months of one year. */
export function GameMonthlyPage() {
  return <ReportPage config={config} />;
}
