import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { decide, listApprovals } from './service.ts';

export const approvalRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.approvalList, ({ ctx, body }) => listApprovals(ctx, body));
  defineRoute(app, api.approvalApprove, ({ ctx, actor, params, body, audit }) =>
    decide(ctx, actor, params.id, 'approved', body.reason, audit),
  );
  defineRoute(app, api.approvalReject, ({ ctx, actor, params, body, audit }) =>
    decide(ctx, actor, params.id, 'rejected', body.reason, audit),
  );
};
