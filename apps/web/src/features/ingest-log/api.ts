import {
  api,
  type IngestLogOutcome,
  type IngestLogReason,
  ingestLogOutcomes,
  ingestLogReasons,
} from '@sapi/contract';
import { queryOptions } from '@tanstack/react-query';
import { filterEdgeIso } from '../../lib/business-time';
import { routeQuery } from '../../lib/query-keys';
import { defineList } from '../../lib/use-list-screen';

const outcomeOf = (value: string): IngestLogOutcome | '' =>
  (ingestLogOutcomes as readonly string[]).includes(value) ? (value as IngestLogOutcome) : '';
const reasonOf = (value: string): IngestLogReason | '' =>
  (ingestLogReasons as readonly string[]).includes(value) ? (value as IngestLogReason) : '';

/**
 * The ingest log (docs/design.md §9), newest first, 50 a page. `agentId` fixes the agent (the agent's own
 * screen, /ingest-log/agent/:id); without it the `agent` filter chooses one or every agent.
 */
export const ingestLogList = (agentId?: string) =>
  defineList({
    route: api.ingestLogList,
    filters: ['agent', 'outcome', 'reason', 'startDate', 'endDate'],
    pageSize: 50,
    body: (filters) => ({
      agent: agentId ?? filters.agent,
      outcome: outcomeOf(filters.outcome),
      reason: reasonOf(filters.reason),
      startDate: filterEdgeIso(filters.startDate, 'start'),
      endDate: filterEdgeIso(filters.endDate, 'end'),
    }),
  });

/** One request of the log with its refused items. */
export const ingestLogEntryQuery = (id: string) => routeQuery(api.ingestLogGet, { params: { id } });

/** The agent of a per-agent log screen (its name for the title). */
export const logAgentQuery = (id: string) =>
  queryOptions({ ...routeQuery(api.agentGet, { params: { id } }), staleTime: 60_000, retry: false });
