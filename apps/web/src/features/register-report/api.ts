import { api } from '@sapi/contract';
import { businessMonth } from '../../lib/business-time';
import { defineList } from '../../lib/use-list-screen';

/** Months are kept in the URL as `YYYY-MM`. */
export const MONTH_KEY_FORMAT = 'YYYY-MM';
/** This business month (Thailand) as `YYYY-MM`. */
export const currentMonthKey = () => {
  const { year, month } = businessMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
};
export const isMonthKey = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
/** The report's `date`: the first day of the month (spec §9). */
export const firstDayOf = (monthKey: string) => `${monthKey}-01`;
const isId = (value: string) => /^[1-9][0-9]{0,18}$/.test(value);

/** The month a filter names; an unreadable one is this month. */
export const monthOf = (value: string) => (isMonthKey(value) ? value : currentMonthKey());

/**
 * Players registered per day of a month for one agent (the answer is the days): nothing until an
 * agent is chosen; this month unless another is. Cached under the report resource, so registering
 * a player refreshes it.
 */
export const registerCountList = defineList({
  route: api.registerCount,
  filters: ['agent', 'month'],
  defaults: () => ({ month: currentMonthKey() }),
  params: (filters) => ({ agentId: isId(filters.agent) ? filters.agent : '' }),
  enabled: (filters) => isId(filters.agent),
  body: (filters) => ({ date: firstDayOf(monthOf(filters.month)) }),
});
