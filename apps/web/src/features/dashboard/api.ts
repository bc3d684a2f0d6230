import { api } from '@sapi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { routeQuery } from '../../lib/query-keys';

/**
 * The dashboard's figures of a month `YYYY-MM` ('' = this business month, chosen by the server),
 * cached under the dashboard resource by the route's body.
 */
export const dashboardQuery = (month: string) =>
  queryOptions({
    ...routeQuery(api.dashboard, {
      body: month ? { month: String(Number(month.slice(5, 7))), year: month.slice(0, 4) } : {},
    }),
    placeholderData: keepPreviousData,
  });

/** The change from last month in percent of last month's size; undefined when last month was zero. */
export const changeOf = (current: number, previous: number): number | undefined => {
  if (previous === 0) return current === 0 ? 0 : undefined;
  return ((current - previous) / Math.abs(previous)) * 100;
};

/** Active players as a percentage of registered players (0 when nobody is registered). */
export const shareOf = (active: number, registered: number): number =>
  registered > 0 ? (active / registered) * 100 : 0;
