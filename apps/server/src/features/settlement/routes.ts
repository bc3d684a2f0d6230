import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  createPayment,
  listPayments,
  periodsOf,
  requestClose,
  settlementCsvColumns,
  statement,
  statementCsvRows,
  voidPayment,
} from './service.ts';

export const settlementRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.settlementPeriods, ({ ctx, body }) => periodsOf(ctx, body.year));
  defineRoute(app, api.settlementList, ({ ctx, body }) => statement(ctx, body.year, body.month));
  defineRoute(app, api.settlementExport, async ({ ctx, body, reply }) => {
    const rows = await statementCsvRows(ctx, body.year, body.month);
    const name = `settlement-${body.year}-${String(body.month).padStart(2, '0')}.csv`;
    await sendCsv(reply, name, async () => ({ rows, next: undefined }), settlementCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.settlementClose, ({ ctx, actor, body, audit }) =>
    requestClose(ctx, actor, body.year, body.month, audit),
  );
  defineRoute(app, api.settlementPaymentCreate, ({ ctx, actor, body, audit }) =>
    createPayment(ctx, actor, body, audit),
  );
  defineRoute(app, api.settlementPaymentList, ({ ctx, body }) => listPayments(ctx, body));
  defineRoute(app, api.settlementPaymentVoid, ({ ctx, actor, params, body, audit }) =>
    voidPayment(ctx, actor, params.id, body.reason, audit),
  );
};
