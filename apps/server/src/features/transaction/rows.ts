import type { Transaction } from '@sapi/contract';
import type { BetRow, ListQuery } from '../../ledger/readers/bet-rows.ts';
import { toMajor } from '../../lib/money.ts';

/* The list's query and a bet row as the API answers it, shared by the transaction feature's modules. */

export type Query = ListQuery;
export type Row = BetRow;

export const toTransaction = (r: Row): Transaction => ({
  _id: r.id.toString(),
  agent: r.agentId.toString(),
  user: r.userId.toString(),
  username: r.username,
  betId: r.betId,
  betType: r.betType,
  betTypeFromGame: r.betTypeFromGame,
  gameBrand: r.gameBrand,
  gameCode: r.gameCode,
  amount: toMajor(r.amount),
  startDate: r.startDate.toISOString(),
  endDate: r.endDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});
