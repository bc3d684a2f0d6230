import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
import { assertRecentlyVerified } from '../../core/session-store.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  agentCsvColumns,
  agentListing,
  agentTree,
  getAgent,
  pickAgents,
  registerAgent,
  rotateAgentSecret,
  setAgentLocked,
  updateAgent,
} from './service.ts';

export const agentRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentList, ({ ctx, actor, body }) => agentListing(ctx, actor, body).list(body));
  defineRoute(app, api.agentExport, async ({ ctx, actor, body, reply }) => {
    await sendCsv(reply, 'agents.csv', agentListing(ctx, actor, body).exportPage, agentCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentPick, ({ ctx, actor, body }) =>
    pickAgents(ctx, scopeOf(actor), body.q, body.limit),
  );
  defineRoute(app, api.agentTree, ({ ctx, actor }) => agentTree(ctx, scopeOf(actor)));
  defineRoute(app, api.agentGet, ({ ctx, actor, params }) => getAgent(ctx, actor, params.id));
  defineRoute(app, api.agentRegister, ({ ctx, actor, body, audit }) =>
    registerAgent(ctx, actor, body, audit),
  );
  defineRoute(app, api.agentUpdate, ({ ctx, actor, params, body, audit }) =>
    updateAgent(ctx, actor, params.id, body, audit),
  );
  defineRoute(app, api.agentRotateSecret, ({ ctx, actor, params, audit }) => {
    // The agent side re-checks its password first (`verify`, docs/design.md §16).
    if (actor.kind !== 'staff') assertRecentlyVerified(actor, ctx.now());
    return rotateAgentSecret(ctx, actor, params.id, audit);
  });
  defineRoute(app, api.agentLock, ({ ctx, actor, params, audit }) =>
    setAgentLocked(ctx, actor, params.id, true, audit),
  );
  defineRoute(app, api.agentUnlock, ({ ctx, actor, params, audit }) =>
    setAgentLocked(ctx, actor, params.id, false, audit),
  );
};
