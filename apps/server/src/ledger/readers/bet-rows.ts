import type { transactionListQuerySchema } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { transactions } from '../tables.ts';

/*
 * A bet row as the ledger's readers answer it: as `transactions` holds it (drizzle's row), or with
 * every column as text from the raw statements (seek, named players), converted to the same row.
 */

export type BetRow = typeof transactions.$inferSelect;

/** The transaction list's query (filters, page, limit, cursor), as the list's readers take it. */
export type ListQuery = z.output<typeof transactionListQuerySchema>;

/** A value bound by name: every list and seek statement is prepared once, its values bound per request. */
export const p = (name: string) => sql.placeholder(name);

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
export const rowOfText = (r: TextRow): BetRow => ({
  id: BigInt(r.id),
  agentId: BigInt(r.agent_id),
  userId: BigInt(r.user_id),
  username: r.username,
  betId: r.bet_id,
  betType: r.bet_type as BetRow['betType'],
  betTypeFromGame: r.bet_type_from_game,
  gameBrand: r.game_brand,
  gameCode: r.game_code,
  amount: BigInt(r.amount),
  startDate: new Date(r.start_date),
  endDate: r.end_date === null ? null : new Date(r.end_date),
  createdAt: new Date(r.created_at),
});
