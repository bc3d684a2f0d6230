import type { AppContext, Scope } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { betAcrossAgents, betRowOf, rowsOfBet } from '../../ledger/readers/bet-history.ts';
import { toTransaction } from './rows.ts';

/* A bet's rows by its bet id: the detail of one row with its history, and the lookup across agents. */

/** One bet row with every row of the same bet id (its HOLD → SETTLE/CANCEL/VOID history). */
export const getTransaction = async (ctx: AppContext, scope: Scope, agentId: bigint, id: bigint) => {
  const row = await betRowOf(ctx.db, scope, agentId, id);
  if (!row) throw notFound('Transaction');
  const history = await rowsOfBet(ctx.db, scope, agentId, row.betId);
  return { ...toTransaction(row), history: history.map(toTransaction) };
};

/** One bet id looked up across every agent, oldest row first (the bet's timeline). */
export const betHistory = async (ctx: AppContext, scope: Scope, betId: string) => {
  const rows = await betAcrossAgents(ctx.db, scope, betId, 500);
  return rows.map((r) => ({
    ...toTransaction(r.t),
    agentUsername: r.agentUsername,
    agentPrefix: r.agentPrefix,
  }));
};
