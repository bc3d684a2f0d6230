import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  deleteOperator,
  operatorCsvColumns,
  operatorListing,
  registerOperator,
  updateOperator,
} from './service.ts';

export const agentOperatorRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentOperatorList, ({ ctx, body }) => operatorListing(ctx, body).list(body));
  defineRoute(app, api.agentOperatorExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'agent-operators.csv', operatorListing(ctx, body).exportPage, operatorCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentOperatorRegister, ({ ctx, body, audit }) => registerOperator(ctx, body, audit));
  defineRoute(app, api.agentOperatorUpdate, ({ ctx, params, body, audit }) =>
    updateOperator(ctx, params.id, body, audit),
  );
  defineRoute(app, api.agentOperatorDelete, ({ ctx, params, audit }) =>
    deleteOperator(ctx, params.id, audit),
  );
};
