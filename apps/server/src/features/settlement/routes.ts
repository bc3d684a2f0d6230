import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
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
  defineRoute(app, api.settlementPeriods, async ({ ctx, actor, body }) => {
    const periods = await periodsOf(ctx, body.year);
    if (actor.kind === 'staff') return periods;
    // The agent side reads each month's status, not which staff asked for or approved its close.
    return {
      records: periods.records.map(({ year, month, status }) => ({ year, month, status, closable: false })),
    };
  });
  defineRoute(app, api.settlementList, ({ ctx, actor, body }) =>
    statement(ctx, scopeOf(actor), body.year, body.month),
  );
  defineRoute(app, api.settlementExport, async ({ ctx, actor, body, reply }) => {
    const rows = await statementCsvRows(ctx, scopeOf(actor), body.year, body.month);
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
