import { businessMonth } from '../../lib/business-time';
import { AgentBrandFields, MonthRangeFields } from './report-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { firstDayOf, lastDayOf, monthKey, monthLabel, parseMonthKey } from './report-utils';

const keys = ['agent', 'gameBrand', 'from', 'to'] as const;

const config: ReportConfig<'summaryGameMonthlyByGame', (typeof keys)[number]> = {
  name: 'summaryGameMonthlyByGame',
  path: 'gamemonthlybygame',
  filterKeys: keys,
  // January to this month.
  defaults: () => {
    const now = businessMonth();
    return { agent: 'all', gameBrand: '', from: monthKey(now.year, 1), to: monthKey(now.year, now.month) };
  },
  renderFilters: (draft, set, errors) => (
    <>
      <AgentBrandFields agent={draft.agent} gameBrand={draft.gameBrand} set={set} errors={errors} />
      <MonthRangeFields from={draft.from} to={draft.to} set={set} errors={errors} />
    </>
  ),
  build: (f) => {
    const gameBrand = f.gameBrand.trim();
    if (gameBrand === '') {
      return { prompt: { title: 'reports.prompts.chooseBrand', hint: 'reports.prompts.chooseBrandHint' } };
    }
    const from = parseMonthKey(f.from);
    const to = parseMonthKey(f.to);
    if (!from || !to || f.from > f.to) {
      return { prompt: { title: 'reports.prompts.chooseMonths', hint: 'reports.prompts.chooseMonthsHint' } };
    }
    // Whole months: the first day of the first to the last day of the last (business days).
    return {
      request: {
        name: 'summaryGameMonthlyByGame',
        params: { agentId: f.agent, gameBrand },
        body: { from: firstDayOf(from.year, from.month), to: lastDayOf(to.year, to.month) },
      },
    };
  },
  keyColumns: (t) => [
    { key: 'period', header: t('reports.columns.period'), render: monthLabel },
    {
      key: 'gameCode',
      header: t('reports.columns.gameCode'),
      minWidth: 110,
      render: (row) => row.gameCode,
    },
  ],
  rowKey: (row) => `${row.year}-${row.month}|${row.gameCode}`,
  period: (row) => ({ key: `${row.year}-${row.month}`, label: `${row.month}/${row.year}` }),
};

/** Game Monthly By Game (/summary/gamemonthlybygame): one brand's months × game codes. */
export function GameMonthlyByGamePage() {
  return <ReportPage config={config} />;
}
