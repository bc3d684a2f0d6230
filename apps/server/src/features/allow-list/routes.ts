import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import {
  adminAllowedIps,
  agentAllowedIps,
  listRefusals,
  setAdminAllowedIps,
  setAgentAllowedIps,
} from './service.ts';

/** Address allow-lists of staff accounts and of agents' ingest API, and what they refused (docs/design.md §13). */
export const allowListRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.adminAllowedIpsGet, async ({ ctx, actor, params }) =>
    adminAllowedIps(ctx, actor, params.id),
  );
  defineRoute(app, api.adminAllowedIpsUpdate, async ({ ctx, actor, params, body, ip, audit }) =>
    setAdminAllowedIps(ctx, actor, params.id, body.allowedIps, ip, audit),
  );
  defineRoute(app, api.agentAllowedIpsGet, async ({ ctx, params }) => agentAllowedIps(ctx, params.id));
  defineRoute(app, api.agentAllowedIpsUpdate, async ({ ctx, params, body, audit }) =>
    setAgentAllowedIps(ctx, params.id, body.allowedIps, audit),
  );
  defineRoute(app, api.ipRefusalList, async ({ ctx, body }) => listRefusals(ctx, body));
};
