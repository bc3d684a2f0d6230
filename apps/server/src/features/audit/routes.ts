import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { listAudit } from './service.ts';

export const auditRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.auditList, ({ ctx, actor, body }) => listAudit(ctx, scopeOf(actor), body));
};
