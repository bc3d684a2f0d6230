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
import { routeQuery } from '../../lib/query-keys';

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

/** The CSV twin of a summary report (same params and body). */
export const summaryExportRoute = (name: SummaryName): RouteDef => reportExports[name];

/** The revenue-share statement of a month, cached under the summary resource by its body. */
export const revenueShareQuery = (month: string, year: string) =>
  queryOptions({
    ...routeQuery(api.revenueShare, { body: { month, year } }),
    placeholderData: keepPreviousData,
  });
