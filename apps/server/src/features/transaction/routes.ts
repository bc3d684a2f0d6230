import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { type Principal, scopeOf } from '../../context.ts';
import { assertAgentExists, assertAgentInScope } from '../../core/entities.ts';
import { notFound } from '../../core/errors.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { betHistory, getTransaction } from './bet-history.ts';
import { listTransactions, transactionCsvColumns, transactionExportPage } from './list.ts';

/**
 * An agent outside the caller's scope answers as a missing one (docs/design.md §16), before any query:
 * a list as an unknown agent (2004 Agent), a bet as an unknown bet (2004 Transaction).
 */
const listable = (actor: Principal, agentId: bigint) => {
  assertAgentInScope(scopeOf(actor), agentId);
  return agentId;
};
const readable = (actor: Principal, agentId: bigint) => {
  const scope = scopeOf(actor);
  if (scope.kind === 'agents' && !scope.agentIds.includes(agentId)) throw notFound('Transaction');
  return agentId;
};

export const transactionRoutes = (app: FastifyInstance) => {
  // The ledger's reads (lists, detail, exports) may be served by the read replica (docs/design.md §14).
  const replica = { reads: 'replica' } as const;
  defineRoute(
    app,
    api.transactionList,
    ({ ctx, actor, params, body }) =>
      listTransactions(ctx, scopeOf(actor), listable(actor, params.agentId), body),
    replica,
  );
  defineRoute(
    app,
    api.transactionExport,
    async ({ ctx, actor, params, body, reply }) => {
      // Checked before streaming: once the file has started, an error can no longer become a 404.
      await assertAgentExists(ctx.db, listable(actor, params.agentId));
      await sendCsv(
        reply,
        `transactions-${params.agentId}.csv`,
        (after: string | undefined, limit) =>
          transactionExportPage(ctx, scopeOf(actor), params.agentId, body, after, limit),
        transactionCsvColumns,
      );
      return REPLIED;
    },
    replica,
  );
  defineRoute(
    app,
    api.transactionGet,
    ({ ctx, actor, params }) =>
      getTransaction(ctx, scopeOf(actor), readable(actor, params.agentId), params.listId),
    replica,
  );
  // Transaction From Report reads the same list and detail.
  defineRoute(
    app,
    api.summaryTransactionList,
    ({ ctx, actor, params, body }) =>
      listTransactions(ctx, scopeOf(actor), listable(actor, params.agentId), body),
    replica,
  );
  defineRoute(
    app,
    api.summaryTransactionGet,
    ({ ctx, actor, params }) =>
      getTransaction(ctx, scopeOf(actor), readable(actor, params.agentId), params.id),
    replica,
  );
  defineRoute(
    app,
    api.summaryBetHistory,
    ({ ctx, actor, body }) => betHistory(ctx, scopeOf(actor), body.betId),
    replica,
  );
};
