import { api } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call } from '../../lib/api-client';

export const registerReportFilterKeys = ['agent', 'month'] as const;
export type RegisterReportFilters = Record<(typeof registerReportFilterKeys)[number], string>;

/** Months are kept in the URL as `YYYY-MM`. */
export const MONTH_KEY_FORMAT = 'YYYY-MM';
export const currentMonthKey = () => dayjs().format(MONTH_KEY_FORMAT);
export const isMonthKey = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
/** The report's `date`: the first day of the month (spec §9). */
export const firstDayOf = (monthKey: string) => `${monthKey}-01`;

export const registerReportKeys = {
  all: ['register-report'] as const,
  count: (agentId: string, date: string) => ['register-report', agentId, date] as const,
};

export const registerCountQuery = (agentId: string, date: string) =>
  queryOptions({
    queryKey: registerReportKeys.count(agentId, date),
    queryFn: ({ signal }) => call(api.registerCount, { params: { agentId }, body: { date }, signal }),
    placeholderData: keepPreviousData,
    enabled: agentId !== '',
  });
