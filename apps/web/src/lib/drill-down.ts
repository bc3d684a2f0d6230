/**
 * Addresses of the screens a report drills down to, with the report's filters in the target's own
 * URL filters: the target applies them (its first request uses them), not merely shows them.
 * Date-times are minutes of the report zone's wall clock, `YYYY-MM-DDTHH:mm` (lib/business-time).
 */

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export interface TransactionDrill {
  startDate?: string;
  endDate?: string;
  gameBrand?: string;
}

/** An agent's transaction list (/transaction/:id) over a period, of one brand. */
export const agentTransactionsHref = (agentId: string, filters: TransactionDrill = {}): string =>
  withQuery(`/transaction/${agentId}`, {
    gameBrand: filters.gameBrand,
    startDate: filters.startDate,
    endDate: filters.endDate,
  });

/** One player's bets: their agent's transaction list (/transaction/:id) filtered by the player's id. */
export const playerTransactionsHref = (player: { _id: string; agent: string }): string =>
  withQuery(`/transaction/${player.agent}`, { user: player._id });

/** Transaction From Report (/summary/tsreport) of an agent, brand and period. */
export const reportTransactionsHref = (agentId: string, filters: TransactionDrill = {}): string =>
  withQuery('/summary/tsreport', {
    agent: agentId,
    gameBrand: filters.gameBrand,
    startDate: filters.startDate,
    endDate: filters.endDate,
  });

/** A summary report (/summary/<path>) with its filters. */
export const summaryReportHref = (path: string, filters: Record<string, string | undefined>): string =>
  withQuery(`/summary/${path}`, filters);

/** The agent report (/agent/report) of a month (`YYYY-MM-01`), optionally one agent's by username. */
export const agentReportHref = (monthStart: string, username?: string): string =>
  withQuery('/agent/report', { username, startDate: monthStart });

/** The registration-count report (/report) of an agent (optional) and a month (`YYYY-MM`). */
export const registerReportHref = (month: string, agentId?: string): string =>
  withQuery('/report', { agent: agentId, month });
