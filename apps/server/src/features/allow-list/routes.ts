import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { assertOwnAgent } from '../../core/entities.ts';
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
  // The agent side reads and sets its own agent's list only (docs/design.md §16).
  defineRoute(app, api.agentAllowedIpsGet, async ({ ctx, actor, params }) => {
    assertOwnAgent(actor, params.id);
    return agentAllowedIps(ctx, params.id);
  });
  defineRoute(app, api.agentAllowedIpsUpdate, async ({ ctx, actor, params, body, audit }) => {
    assertOwnAgent(actor, params.id);
    return setAgentAllowedIps(ctx, params.id, body.allowedIps, audit);
  });
  defineRoute(app, api.ipRefusalList, async ({ ctx, body }) => listRefusals(ctx, body));
};
