import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import { createSharing, getSharing, setSharingDisabled, sharingListing, updateSharing } from './service.ts';

export const agentSharingRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentSharingList, ({ ctx, body }) => sharingListing(ctx, body).list(body));
  defineRoute(app, api.agentSharingExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'agent-sharing.csv', sharingListing(ctx, body).exportPage, [
      { header: 'agent', value: (r) => r.agentUsername },
      { header: 'agentPrefix', value: (r) => r.agentPrefix },
      { header: 'parentAgent', value: (r) => r.parentAgentUsername },
      { header: 'parentAgentPrefix', value: (r) => r.parentAgentPrefix },
      { header: 'parentPercentage', value: (r) => r.parentPercentage.toFixed(2) },
      { header: 'isDisable', value: (r) => r.isDisable },
      { header: 'createdAt', value: (r) => r.createdAt },
    ]);
    return REPLIED;
  });
  defineRoute(app, api.agentSharingGet, ({ ctx, params }) => getSharing(ctx, BigInt(params.id)));
  defineRoute(app, api.agentSharingCreate, ({ ctx, body, audit }) => createSharing(ctx, body, audit));
  defineRoute(app, api.agentSharingUpdate, ({ ctx, params, body, audit }) =>
    updateSharing(ctx, BigInt(params.id), body, audit),
  );
  defineRoute(app, api.agentSharingDisable, ({ ctx, params, audit }) =>
    setSharingDisabled(ctx, BigInt(params.id), true, audit),
  );
  defineRoute(app, api.agentSharingEnable, ({ ctx, params, audit }) =>
    setSharingDisabled(ctx, BigInt(params.id), false, audit),
  );
};
