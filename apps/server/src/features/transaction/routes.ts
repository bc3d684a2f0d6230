import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { assertAgentExists } from '../../core/entities.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { betHistory, getTransaction } from './bet-history.ts';
import { listTransactions, transactionCsvColumns, transactionExportPage } from './list.ts';

export const transactionRoutes = (app: FastifyInstance) => {
  // The ledger's reads (lists, detail, exports) may be served by the read replica (docs/design.md §14).
  const replica = { reads: 'replica' } as const;
  defineRoute(
    app,
    api.transactionList,
    ({ ctx, params, body }) => listTransactions(ctx, params.agentId, body),
    replica,
  );
  defineRoute(
    app,
    api.transactionExport,
    async ({ ctx, params, body, reply }) => {
      // Checked before streaming: once the file has started, an error can no longer become a 404.
      await assertAgentExists(ctx.db, params.agentId);
      await sendCsv(
        reply,
        `transactions-${params.agentId}.csv`,
        (after: string | undefined, limit) => transactionExportPage(ctx, params.agentId, body, after, limit),
        transactionCsvColumns,
      );
      return REPLIED;
    },
    replica,
  );
  defineRoute(
    app,
    api.transactionGet,
    ({ ctx, params }) => getTransaction(ctx, params.agentId, params.listId),
    replica,
  );
  // Transaction From Report reads the same list and detail.
  defineRoute(
    app,
    api.summaryTransactionList,
    ({ ctx, params, body }) => listTransactions(ctx, params.agentId, body),
    replica,
  );
  defineRoute(
    app,
    api.summaryTransactionGet,
    ({ ctx, params }) => getTransaction(ctx, params.agentId, params.id),
    replica,
  );
  defineRoute(app, api.summaryBetHistory, ({ ctx, body }) => betHistory(ctx, body.betId), replica);
};
