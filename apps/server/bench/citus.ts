import { api } from '@sapi/contract';
import type { BenchAgent, Facts } from './direct.ts';
import type { Client } from './http.ts';
import { type Case, ingestBodies, listCalls, postIngest, reportCases } from './scenarios.ts';
import { alternating, type Timing } from './stats.ts';

/** One side of the comparison: a server on its data set, signed in, with the set's facts. */
export interface Side {
  client: Client;
  base: string;
  facts: Facts;
}

export interface ComparedRow {
  scenario: string;
  citus: Timing;
  postgres: Timing;
  /** Held to the 1.5× goal (one agent's answers and ingest); all-agents answers are measured only. */
  judged: boolean;
}

/** The calls of one side, by scenario name, with whether the scenario reads one agent. */
const casesOf = async (side: Side): Promise<[Case, boolean][]> => {
  const { client, facts } = side;
  const list = await listCalls(client, facts);
  const agentId = facts.busiest.id;
  return [
    ...reportCases(client, facts).map((c): [Case, boolean] => [c, c[0].endsWith('busiest agent')]),
    [['transaction list, page 1, busiest agent', list.page1], true],
    [['transaction list, page 1000 by cursor, busiest agent', list.page1000], true],
    [[`transaction list, a username search, busiest agent`, list.quietName], true],
    [
      ['player list, page 1, busiest agent', () => client.call(api.userList, { agent: agentId, limit: 10 })],
      true,
    ],
    [
      [
        "agent report widget, busiest agent's month",
        () => client.call(api.agentReportMonthlyBatch, { agentIds: [agentId], date: facts.month.to }),
      ],
      true,
    ],
    [['agent list, page 1', () => client.call(api.agentList, { page: 1, limit: 10 })], false],
  ];
};

/**
 * The same question asked of a server on Citus and of a server on one PostgreSQL node holding the
 * same data set (the demo generator's, same seed and size), call by call in alternation: every
 * report, list and the dashboard for the busiest agent and for all agents, and single signed
 * ingest batches of 1000 fresh bets for the busiest agent, one after another on each.
 */
export const citusAgainstPostgres = async (
  citus: Side,
  postgres: Side,
  ingest: { citus: BenchAgent; postgres: BenchAgent },
  runs: number,
  batches: number,
): Promise<ComparedRow[]> => {
  if (citus.facts.busiest.prefix !== postgres.facts.busiest.prefix)
    throw new Error(
      `the two data sets differ: busiest agent ${citus.facts.busiest.prefix} on Citus, ${postgres.facts.busiest.prefix} on PostgreSQL`,
    );
  const onCitus = await casesOf(citus);
  const onPostgres = await casesOf(postgres);
  const rows: ComparedRow[] = [];
  for (const [i, [[scenario, callCitus], judged]] of onCitus.entries()) {
    const callPostgres = onPostgres[i]?.[0][1];
    if (!callPostgres) throw new Error(`no PostgreSQL call for ${scenario}`);
    const [c, p] = (await alternating(runs, [callCitus, callPostgres])) as [Timing, Timing];
    rows.push({ scenario, citus: c, postgres: p, judged });
  }
  const run = Date.now().toString(36);
  const bodies = {
    citus: ingestBodies(batches + 3, `cc${run}`),
    postgres: ingestBodies(batches + 3, `cp${run}`),
  };
  let n = { citus: 0, postgres: 0 };
  const send = (side: 'citus' | 'postgres') => async () => {
    const body = bodies[side][n[side]];
    n = { ...n, [side]: n[side] + 1 };
    await postIngest((side === 'citus' ? citus : postgres).base, ingest[side], body ?? '');
  };
  const [c, p] = (await alternating(batches, [send('citus'), send('postgres')])) as [Timing, Timing];
  rows.push({
    scenario: 'ingest, one batch of 1000 bets, busiest agent',
    citus: c,
    postgres: p,
    judged: true,
  });
  return rows;
};
