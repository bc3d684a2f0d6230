import { MAX_YEAR, MIN_YEAR } from '@sapi/contract';
import { businessMonth } from '../../lib/business-time';
import type { SummaryRequest } from './api';
import { AgentField, DayField, MonthField, YearField } from './report-filters';
import type { ReportConfig } from './report-page';
import { intIn } from './report-utils';

/** The filters of the daily reports: one agent or the platform, a day (optional), a month, a year. */
export const dailyKeys = ['agent', 'day', 'month', 'year'] as const;
type DailyKey = (typeof dailyKeys)[number];
type DailyName = 'summaryAgentDaily' | 'summaryGameDaily';

/**
 * What the daily reports share: their filters (this business month of the whole platform unless
 * chosen; a new month or year drops the day) and the request they make, or a prompt for a month.
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
  renderFilters: (draft, set, errors) => (
    <>
      <AgentField value={draft.agent} onChange={(agent) => set({ agent })} error={errors.agent} />
      <DayField
        value={draft.day}
        onChange={(day) => set({ day })}
        error={errors.day}
        month={draft.month}
        year={draft.year}
      />
      <MonthField value={draft.month} onChange={(month) => set({ month, day: '' })} error={errors.month} />
      <YearField value={draft.year} onChange={(year) => set({ year, day: '' })} error={errors.year} />
    </>
  ),
  build: (f) => {
    if (!intIn(f.month, 1, 12) || !intIn(f.year, MIN_YEAR, MAX_YEAR)) {
      return { prompt: { title: 'reports.prompts.chooseMonth', hint: 'reports.prompts.chooseMonthHint' } };
    }
    // Both daily routes take the same body: a day (optional) of a month of a year.
    const body = { day: f.day, month: f.month, year: f.year } as SummaryRequest<N>['body'];
    return { request: { name, params: { agentId: f.agent }, body } };
  },
});
