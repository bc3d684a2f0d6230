import { api, type DataOf } from '@sapi/contract';
import { bet, ingest, type SignedAgent } from './factories.ts';
import type { TestApp } from './harness.ts';

/*
 * Helpers of the settlement tests (docs/design.md §15): bets on a business day, statements by month.
 * Bets are placed at 05:00 UTC, noon in Bangkok, so the day is the same on both clocks.
 */

/** The instant of a business day's noon in Bangkok. */
export const noonOf = (day: string) => `${day}T05:00:00.000Z`;

/** The players of `agent` lose `baht` on `day` (win/lose −baht); a negative `baht` is a win. */
export const playersLose = async (t: TestApp, agent: SignedAgent, day: string, baht: number) => {
  const res = await ingest(t, agent, [
    baht >= 0
      ? bet({ betType: 'HOLD', amount: -baht, startDate: noonOf(day), username: 'pl1' })
      : bet({
          betType: 'SETTLE',
          betTypeFromGame: 'win',
          amount: -baht,
          startDate: noonOf(day),
          username: 'pl1',
        }),
  ]);
  if (res.status !== 1000) throw new Error(`ingest refused: ${res.error}`);
};

export type Statement = DataOf<typeof api.settlementList>;

export const statementOf = (t: TestApp, token: string, year: number, month: number) =>
  t.ok(api.settlementList, { token, body: { year: String(year), month: String(month) } });

/** The statement line of one child → parent pair. */
export const lineOf = (s: Statement, agent: { _id: string }, parent: { _id: string }) =>
  s.lines.find((l) => l.agent === agent._id && l.parentAgent === parent._id);
