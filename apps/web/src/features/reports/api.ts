import {
  api,
  type BodyOf,
  type DataOf,
  type ReportRouteName,
  type RouteDef,
  reportExports,
  type Totals,
} from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** The six summary reports answering `{ rows, totals }` (the revenue-share statement has its own shape). */
export type SummaryName = Exclude<ReportRouteName, 'revenueShare'>;
export type RowOf<N extends SummaryName> = DataOf<(typeof api)[N]>['rows'][number];
export interface ReportData<Row> {
  rows: Row[];
  totals: Totals;
}

/** What one report asks the server: its route, path parameters and body (the CSV twin takes the same). */
export interface SummaryRequest<N extends SummaryName> {
  name: N;
  params: Record<string, string>;
  body: BodyOf<(typeof api)[N]>;
}

export const reportKeys = {
  all: ['reports'] as const,
  summary: (name: string, params: object, body: unknown) => ['reports', name, params, body] as const,
  revenueShare: (month: string, year: string) => ['reports', 'revenueShare', month, year] as const,
  brands: ['reports', 'brands'] as const,
};

/** The CSV twin of a summary report (same params and body). */
export const summaryExportRoute = (name: SummaryName): RouteDef => reportExports[name];

export const revenueShareQuery = (month: string, year: string) =>
  queryOptions({
    queryKey: reportKeys.revenueShare(month, year),
    queryFn: ({ signal }) => call(api.revenueShare, { body: { month, year }, signal }),
    placeholderData: keepPreviousData,
  });

/** Game brand suggestions: the adapters' codes (a report may also name a brand no adapter lists). */
export const brandsQuery = queryOptions({
  queryKey: reportKeys.brands,
  queryFn: async ({ signal }) => {
    const data = await call(api.adapterList, { body: { page: 1, limit: 100 }, signal });
    return [...new Set(data.records.map((adapter) => adapter.codename))].sort();
  },
  staleTime: 5 * 60_000,
});
