import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import { deleteOperator, operatorListing, registerOperator, updateOperator } from './service.ts';

export const agentOperatorRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentOperatorList, ({ ctx, body }) => operatorListing(ctx, body).list(body));
  defineRoute(app, api.agentOperatorExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'agent-operators.csv', operatorListing(ctx, body).exportPage, [
      { header: 'agent', value: (r) => r.agentUsername },
      { header: 'username', value: (r) => r.username },
      { header: 'type', value: (r) => r.type },
      { header: 'locked', value: (r) => r.locked },
      { header: 'createdAt', value: (r) => r.createdAt },
    ]);
    return REPLIED;
  });
  defineRoute(app, api.agentOperatorRegister, ({ ctx, body, audit }) => registerOperator(ctx, body, audit));
  defineRoute(app, api.agentOperatorUpdate, ({ ctx, params, body, audit }) =>
    updateOperator(ctx, BigInt(params.id), body, audit),
  );
  defineRoute(app, api.agentOperatorDelete, ({ ctx, params, audit }) =>
    deleteOperator(ctx, BigInt(params.id), audit),
  );
};
