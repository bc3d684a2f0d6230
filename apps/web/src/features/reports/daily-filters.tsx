import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessMonth } from '../../lib/business-time';
import type { FilterErrors } from '../../lib/use-list-screen';
import type { SummaryRequest } from './api';
import { AgentField, DayField, MonthField, YearField } from './report-filters';
import type { ReportConfig } from './report-page';
import { dayWithin, intIn } from './report-utils';

/** The filters of the daily reports: one agent or the platform, a day (optional), a month, a year. */
export const dailyKeys = ['agent', 'day', 'month', 'year'] as const;
type DailyKey = (typeof dailyKeys)[number];
type DailyName = 'summaryAgentDaily' | 'summaryGameDaily';

/**
 * The daily filters. A new month or year keeps the chosen day, or its last day where the month is
 * shorter, and then says so under the day until the user picks one.
 */
function DailyFields({
  draft,
  set,
  errors,
}: {
  draft: Record<DailyKey, string>;
  set: (patch: Partial<Record<DailyKey, string>>) => void;
  errors: FilterErrors<DailyKey>;
}) {
  const { t } = useTranslation();
  const [clamped, setClamped] = useState<{ from: string; to: string } | null>(null);
  const setPeriod = (patch: { month?: string; year?: string }) => {
    const day = dayWithin(draft.day, patch.month ?? draft.month, patch.year ?? draft.year);
    setClamped(day === draft.day ? null : { from: draft.day, to: day });
    set({ ...patch, day });
  };
  return (
    <>
      <AgentField value={draft.agent} onChange={(agent) => set({ agent })} error={errors.agent} />
      <DayField
        value={draft.day}
        onChange={(day) => {
          setClamped(null);
          set({ day });
        }}
        error={errors.day}
        month={draft.month}
        year={draft.year}
        notice={clamped?.to === draft.day ? t('reports.filters.dayClamped', clamped) : undefined}
      />
      <MonthField value={draft.month} onChange={(month) => setPeriod({ month })} error={errors.month} />
      <YearField value={draft.year} onChange={(year) => setPeriod({ year })} error={errors.year} />
    </>
  );
}

/**
 * What the daily reports share: their filters (this business month of the whole platform unless
 * chosen) and the request they make, or a prompt for a month.
 */
export const dailyReport = <N extends DailyName>(
  name: N,
): Pick<ReportConfig<N, DailyKey>, 'name' | 'filterKeys' | 'defaults' | 'renderFilters' | 'build'> => ({
  name,
  filterKeys: dailyKeys,
  defaults: () => {
    const now = businessMonth();
    return { agent: 'all', day: '', month: String(now.month), year: String(now.year) };
  },
  renderFilters: (draft, set, errors) => <DailyFields draft={draft} set={set} errors={errors} />,
  build: (f) => {
    if (!intIn(f.month, 1, 12) || !intIn(f.year, MIN_YEAR, MAX_YEAR)) {
      return { prompt: { title: 'reports.prompts.chooseMonth', hint: 'reports.prompts.chooseMonthHint' } };
    }
    // Both daily routes take the same body: a day (optional) of a month of a year.
    const body = { day: f.day, month: f.month, year: f.year } as SummaryRequest<N>['body'];
    return { request: { name, params: { agentId: f.agent }, body } };
  },
});
