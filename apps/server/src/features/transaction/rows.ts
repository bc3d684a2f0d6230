import type { Transaction, transactionListQuerySchema } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { transactions } from '../../db/ledger.ts';
import { toMajor } from '../../lib/money.ts';

/*
 * A bet row as the transaction feature's modules share it: the list's query, the row as `transactions`
 * holds it, as the API answers it, and as text from the raw statements (seek, named players).
 */

export type Query = z.output<typeof transactionListQuerySchema>;
export type Row = typeof transactions.$inferSelect;

/** A value bound by name: every list and seek statement is prepared once, its values bound per request. */
export const p = (name: string) => sql.placeholder(name);

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

/** A list row with every column as text: what the seek statement answers on either engine. */
export interface TextRow {
  id: string;
  agent_id: string;
  user_id: string;
  username: string;
  bet_id: string;
  bet_type: string;
  bet_type_from_game: string;
  game_brand: string;
  game_code: string;
  amount: string;
  start_date: string;
  end_date: string | null;
  created_at: string;
}
export const textColumns = sql.raw(
  `t.id::text as id, t.agent_id::text as agent_id, t.user_id::text as user_id, t.username, t.bet_id,
   t.bet_type, t.bet_type_from_game, t.game_brand, t.game_code, t.amount::text as amount,
   t.start_date::text as start_date, t.end_date::text as end_date, t.created_at::text as created_at`,
);
/** A text row as the list statement's row (the same `Date` of PostgreSQL's text drizzle makes). */
export const rowOfText = (r: TextRow): Row => ({
  id: BigInt(r.id),
  agentId: BigInt(r.agent_id),
  userId: BigInt(r.user_id),
  username: r.username,
  betId: r.bet_id,
  betType: r.bet_type as Row['betType'],
  betTypeFromGame: r.bet_type_from_game,
  gameBrand: r.game_brand,
  gameCode: r.game_code,
  amount: BigInt(r.amount),
  startDate: new Date(r.start_date),
  endDate: r.end_date === null ? null : new Date(r.end_date),
  createdAt: new Date(r.created_at),
});
