import { and, asc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Scope } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import { withinScope } from '../scope.ts';
import { transactionKeys, transactions } from '../tables.ts';

/*
 * A bet's rows by its bet id, through the key table: one agent's, or every agent's. Each reader takes
 * the caller's scope and puts it into its statement (docs/design.md §16).
 */

/** Row `id` of the agent's bets, if it has one within the scope. */
export const betRowOf = async (db: Executor, scope: Scope, agentId: bigint, id: bigint) => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.agentId, agentId),
        withinScope(scope, sql`${transactions.agentId}`),
        eq(transactions.id, id),
      ),
    )
    .limit(1);
  return row;
};

/** The key table joined to the rows it points at (agent, start_date, id: the list's B-tree index). */
const keyedRows = <T extends SelectedFields>(db: Executor, columns: T) =>
  db
    .select(columns)
    .from(transactionKeys)
    .innerJoin(
      transactions,
      and(
        eq(transactions.agentId, transactionKeys.agentId),
        eq(transactions.startDate, transactionKeys.startDate),
        eq(transactions.id, transactionKeys.txId),
      ),
    );

/** Every row of the agent's bet `betId` (its HOLD → SETTLE/CANCEL/VOID history), oldest first. */
export const rowsOfBet = async (db: Executor, scope: Scope, agentId: bigint, betId: string) =>
  (
    await keyedRows(db, { t: transactions })
      .where(
        and(
          eq(transactionKeys.agentId, agentId),
          withinScope(scope, sql`${transactionKeys.agentId}`),
          eq(transactionKeys.betId, betId),
        ),
      )
      .orderBy(asc(transactions.startDate), asc(transactions.id))
  ).map((h) => h.t);

/** Bet id `betId` across every agent, oldest row first (at most `limit`), with each row's agent's name and prefix. */
export const betAcrossAgents = (db: Executor, scope: Scope, betId: string, limit: number) =>
  keyedRows(db, { t: transactions, agentUsername: agents.username, agentPrefix: agents.prefix })
    .innerJoin(agents, eq(agents.id, transactions.agentId))
    .where(and(eq(transactionKeys.betId, betId), withinScope(scope, sql`${transactionKeys.agentId}`)))
    .orderBy(asc(transactions.startDate), asc(transactions.id))
    .limit(limit);
