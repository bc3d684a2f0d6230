import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  deleteOperator,
  operatorCsvColumns,
  operatorListing,
  registerOperator,
  resetOperatorTotp,
  updateOperator,
} from './service.ts';

export const agentOperatorRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentOperatorList, ({ ctx, actor, body }) =>
    operatorListing(ctx, actor, body).list(body),
  );
  defineRoute(app, api.agentOperatorExport, async ({ ctx, actor, body, reply }) => {
    const rows = operatorListing(ctx, actor, body).exportPage;
    await sendCsv(reply, 'agent-operators.csv', rows, operatorCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentOperatorRegister, ({ ctx, actor, body, audit }) =>
    registerOperator(ctx, actor, body, audit),
  );
  defineRoute(app, api.agentOperatorUpdate, ({ ctx, actor, params, body, audit }) =>
    updateOperator(ctx, actor, params.id, body, audit),
  );
  defineRoute(app, api.agentOperatorTotpReset, ({ ctx, actor, params, audit }) =>
    resetOperatorTotp(ctx, actor, params.id, audit),
  );
  defineRoute(app, api.agentOperatorDelete, ({ ctx, params, audit }) =>
    deleteOperator(ctx, params.id, audit),
  );
};
