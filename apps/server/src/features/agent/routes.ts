import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import {
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
    await sendCsv(reply, 'agents.csv', agentListing(ctx, body).exportPage, [
      { header: 'username', value: (r) => r.username },
      { header: 'prefix', value: (r) => r.prefix },
      { header: 'code', value: (r) => r.code },
      { header: 'agentType', value: (r) => r.agentType },
      { header: 'endpoint', value: (r) => r.endpoint },
      { header: 'games', value: (r) => r.games.join(' ') },
      { header: 'locked', value: (r) => r.locked },
      { header: 'createdAt', value: (r) => r.createdAt },
    ]);
    return REPLIED;
  });
  defineRoute(app, api.agentPick, ({ ctx, body }) => pickAgents(ctx, body.q, body.limit));
  defineRoute(app, api.agentGet, ({ ctx, actor, params }) => getAgent(ctx, actor, BigInt(params.id)));
  defineRoute(app, api.agentRegister, ({ ctx, actor, body, audit }) =>
    registerAgent(ctx, actor, body, audit),
  );
  defineRoute(app, api.agentUpdate, ({ ctx, actor, params, body, audit }) =>
    updateAgent(ctx, actor, BigInt(params.id), body, audit),
  );
  defineRoute(app, api.agentRotateSecret, ({ ctx, actor, params, audit }) =>
    rotateAgentSecret(ctx, actor, BigInt(params.id), audit),
  );
  defineRoute(app, api.agentLock, ({ ctx, params, audit }) =>
    setAgentLocked(ctx, BigInt(params.id), true, audit),
  );
  defineRoute(app, api.agentUnlock, ({ ctx, params, audit }) =>
    setAgentLocked(ctx, BigInt(params.id), false, audit),
  );
};
