import { useTranslation } from 'react-i18next';
import { QuickRangeMenu } from '../../components/list-filters';
import { businessToday, filterEdgeIso } from '../../lib/business-time';
import { AgentBrandFields, DateTimeField } from './report-filters';
import { type ReportConfig, ReportPage } from './report-page';
import { dayLabel } from './report-utils';

const keys = ['agent', 'gameBrand', 'from', 'to'] as const;

function RangeFields({
  from,
  to,
  set,
  errors,
}: {
  from: string;
  to: string;
  set: (patch: { from?: string; to?: string }) => void;
  errors: { from?: string | undefined; to?: string | undefined };
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateTimeField
        label={t('reports.filters.from')}
        value={from}
        onChange={(v) => set({ from: v })}
        error={errors.from}
        edge="start"
      />
      <DateTimeField
        label={t('reports.filters.to')}
        value={to}
        onChange={(v) => set({ to: v })}
        error={errors.to}
        edge="end"
      />
      <QuickRangeMenu onPick={(start, end) => set({ from: start, to: end })} />
    </>
  );
}

const config: ReportConfig<'summaryGameDailyByGame', (typeof keys)[number]> = {
  name: 'summaryGameDailyByGame',
  path: 'gamedailybygame',
  filterKeys: keys,
  dateRange: ['from', 'to'],
  // This month so far, on the business clock.
  defaults: () => {
    const today = businessToday();
    return { agent: 'all', gameBrand: '', from: `${today.slice(0, 8)}01T00:00`, to: `${today}T23:59` };
  },
  renderFilters: (draft, set, errors) => (
    <>
      <AgentBrandFields agent={draft.agent} gameBrand={draft.gameBrand} set={set} errors={errors} />
      <RangeFields from={draft.from} to={draft.to} set={set} errors={errors} />
    </>
  ),
  build: (f) => {
    const gameBrand = f.gameBrand.trim();
    if (gameBrand === '') {
      return { prompt: { title: 'reports.prompts.chooseBrand', hint: 'reports.prompts.chooseBrandHint' } };
    }
    const from = filterEdgeIso(f.from, 'start');
    const to = filterEdgeIso(f.to, 'end');
    if (!from || !to || from > to) {
      return { prompt: { title: 'reports.prompts.chooseRange', hint: 'reports.prompts.chooseRangeHint' } };
    }
    return {
      request: {
        name: 'summaryGameDailyByGame',
        params: { agentId: f.agent, gameBrand },
        body: { from, to },
      },
    };
  },
  keyColumns: (t) => [
    { key: 'date', header: t('reports.columns.date'), render: dayLabel },
    {
      key: 'gameCode',
      header: t('reports.columns.gameCode'),
      minWidth: 110,
      render: (row) => row.gameCode,
    },
  ],
  rowKey: (row) => `${row.date}|${row.gameCode}`,
  period: (row) => ({ key: row.date, label: `${row.day}/${row.month}` }),
};

/** Game Daily By Game (/summary/gamedailybygame): one brand's days × game codes between two date-times. */
export function GameDailyByGamePage() {
  return <ReportPage config={config} />;
}
