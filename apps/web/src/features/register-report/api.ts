import { api } from '@sapi/contract';
import { businessMonth } from '../../lib/business-time';
import { defineList } from '../../lib/use-list-screen';

/** Months are kept in the URL as `YYYY-MM`. */
export const MONTH_KEY_FORMAT = 'YYYY-MM';
/** This business month as `YYYY-MM`. */
export const currentMonthKey = () => {
  const { year, month } = businessMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
};
export const isMonthKey = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
/** The report's `date`: the first day of the month (docs/spec.md §9). */
export const firstDayOf = (monthKey: string) => `${monthKey}-01`;

/** The month a filter names; an unreadable one is this month. */
export const monthOf = (value: string) => (isMonthKey(value) ? value : currentMonthKey());

/**
 * Players registered per day of a month, of one agent or (no agent chosen) the whole platform —
 * the answer is the days; this month unless another is. Cached under the report resource, so
 * registering a player refreshes it. An agent that is not an id goes to the server, which says why.
 */
export const registerCountList = defineList({
  route: api.registerCount,
  filters: ['agent', 'month'],
  defaults: () => ({ month: currentMonthKey() }),
  params: (filters) => ({ agentId: filters.agent === '' ? 'all' : filters.agent }),
  body: (filters) => ({ date: firstDayOf(monthOf(filters.month)) }),
});
