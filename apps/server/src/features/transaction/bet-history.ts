import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { transactionKeys, transactions } from '../../db/ledger.ts';
import { agents } from '../../db/schema/index.ts';
import { toTransaction } from './rows.ts';

/* A bet's rows by its bet id: the detail of one row with its history, and the lookup across agents. */

/** One bet row with every row of the same bet id (its HOLD → SETTLE/CANCEL/VOID history). */
export const getTransaction = async (ctx: AppContext, agentId: bigint, id: bigint) => {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.agentId, agentId), eq(transactions.id, id)))
    .limit(1);
  if (!row) throw notFound('Transaction');
  const history = await ctx.db
    .select({ t: transactions })
    .from(transactionKeys)
    .innerJoin(
      transactions,
      and(
        eq(transactions.agentId, transactionKeys.agentId),
        eq(transactions.startDate, transactionKeys.startDate),
        eq(transactions.id, transactionKeys.txId),
      ),
    )
    .where(and(eq(transactionKeys.agentId, agentId), eq(transactionKeys.betId, row.betId)))
    .orderBy(asc(transactions.startDate), asc(transactions.id));
  return { ...toTransaction(row), history: history.map((h) => toTransaction(h.t)) };
};

/** One bet id looked up across every agent, oldest row first (the bet's timeline). */
export const betHistory = async (ctx: AppContext, betId: string) => {
  const rows = await ctx.db
    .select({ t: transactions, agentUsername: agents.username })
    .from(transactionKeys)
    .innerJoin(
      transactions,
      and(
        eq(transactions.agentId, transactionKeys.agentId),
        eq(transactions.startDate, transactionKeys.startDate),
        eq(transactions.id, transactionKeys.txId),
      ),
    )
    .innerJoin(agents, eq(agents.id, transactions.agentId))
    .where(eq(transactionKeys.betId, betId))
    .orderBy(asc(transactions.startDate), asc(transactions.id))
    .limit(500);
  return rows.map((r) => ({ ...toTransaction(r.t), agentUsername: r.agentUsername }));
};
