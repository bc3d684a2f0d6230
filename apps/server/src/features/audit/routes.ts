import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { listAudit } from './service.ts';

export const auditRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.auditList, ({ ctx, body }) => listAudit(ctx, body));
};
