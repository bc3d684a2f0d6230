import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  createSharing,
  getSharing,
  setSharingDisabled,
  sharingCsvColumns,
  sharingListing,
  updateSharing,
} from './service.ts';

export const agentSharingRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentSharingList, ({ ctx, body }) => sharingListing(ctx, body).list(body));
  defineRoute(app, api.agentSharingExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'agent-sharing.csv', sharingListing(ctx, body).exportPage, sharingCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentSharingGet, ({ ctx, params }) => getSharing(ctx, params.id));
  defineRoute(app, api.agentSharingCreate, ({ ctx, body, audit }) => createSharing(ctx, body, audit));
  defineRoute(app, api.agentSharingUpdate, ({ ctx, params, body, audit }) =>
    updateSharing(ctx, params.id, body, audit),
  );
  defineRoute(app, api.agentSharingDisable, ({ ctx, params, audit }) =>
    setSharingDisabled(ctx, params.id, true, audit),
  );
  defineRoute(app, api.agentSharingEnable, ({ ctx, params, audit }) =>
    setSharingDisabled(ctx, params.id, false, audit),
  );
};
