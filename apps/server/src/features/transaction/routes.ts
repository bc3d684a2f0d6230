import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import {
  assertAgent,
  betHistory,
  getTransaction,
  listTransactions,
  registrationsPerDay,
  transactionExportPage,
} from './service.ts';

export const transactionRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.transactionList, ({ ctx, params, body }) =>
    listTransactions(ctx, BigInt(params.agentId), body),
  );
  defineRoute(app, api.transactionExport, async ({ ctx, params, body, reply }) => {
    // Checked before streaming: once the file has started, an error can no longer become a 404.
    await assertAgent(ctx.db, BigInt(params.agentId));
    await sendCsv(
      reply,
      `transactions-${params.agentId}.csv`,
      (after: string | undefined, limit) =>
        transactionExportPage(ctx, BigInt(params.agentId), body, after, limit),
      [
        { header: 'id', value: (r) => r._id },
        { header: 'user', value: (r) => r.user },
        { header: 'username', value: (r) => r.username },
        { header: 'betId', value: (r) => r.betId },
        { header: 'betType', value: (r) => r.betType },
        { header: 'betTypeFromGame', value: (r) => r.betTypeFromGame },
        { header: 'gameBrand', value: (r) => r.gameBrand },
        { header: 'gameCode', value: (r) => r.gameCode },
        { header: 'amount', value: (r) => r.amount.toFixed(2) },
        { header: 'startDate', value: (r) => r.startDate },
        { header: 'endDate', value: (r) => r.endDate },
      ],
    );
    return REPLIED;
  });
  defineRoute(app, api.transactionGet, ({ ctx, params }) =>
    getTransaction(ctx, BigInt(params.agentId), BigInt(params.listId)),
  );
  // Transaction From Report reads the same list and detail.
  defineRoute(app, api.summaryTransactionList, ({ ctx, params, body }) =>
    listTransactions(ctx, BigInt(params.agentId), body),
  );
  defineRoute(app, api.summaryTransactionGet, ({ ctx, params }) =>
    getTransaction(ctx, BigInt(params.agentId), BigInt(params.id)),
  );
  defineRoute(app, api.summaryBetHistory, ({ ctx, body }) => betHistory(ctx, body.betId));
  defineRoute(app, api.registerCount, ({ ctx, params, body }) =>
    registrationsPerDay(ctx, BigInt(params.agentId), body.date),
  );
  defineRoute(app, api.registerCountExport, async ({ ctx, params, body, reply }) => {
    const rows = await registrationsPerDay(ctx, BigInt(params.agentId), body.date);
    await sendCsv(reply, `registrations-${params.agentId}.csv`, async () => ({ rows, next: undefined }), [
      { header: 'date', value: (r) => r.date },
      { header: 'count', value: (r) => r.count },
    ]);
    return REPLIED;
  });
};
