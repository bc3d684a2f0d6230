import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  agentCsvColumns,
  agentListing,
  getAgent,
  pickAgents,
  registerAgent,
  rotateAgentSecret,
  setAgentLocked,
  updateAgent,
} from './service.ts';

export const agentRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentList, ({ ctx, body }) => agentListing(ctx, body).list(body));
  defineRoute(app, api.agentExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'agents.csv', agentListing(ctx, body).exportPage, agentCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentPick, ({ ctx, actor, body }) =>
    pickAgents(ctx, scopeOf(actor), body.q, body.limit),
  );
  defineRoute(app, api.agentGet, ({ ctx, actor, params }) => getAgent(ctx, actor, params.id));
  defineRoute(app, api.agentRegister, ({ ctx, actor, body, audit }) =>
    registerAgent(ctx, actor, body, audit),
  );
  defineRoute(app, api.agentUpdate, ({ ctx, actor, params, body, audit }) =>
    updateAgent(ctx, actor, params.id, body, audit),
  );
  defineRoute(app, api.agentRotateSecret, ({ ctx, actor, params, audit }) =>
    rotateAgentSecret(ctx, actor, params.id, audit),
  );
  defineRoute(app, api.agentLock, ({ ctx, actor, params, audit }) =>
    setAgentLocked(ctx, actor, params.id, true, audit),
  );
  defineRoute(app, api.agentUnlock, ({ ctx, actor, params, audit }) =>
    setAgentLocked(ctx, actor, params.id, false, audit),
  );
};
