import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  createSharing,
  getSharing,
  setSharingDisabled,
  sharingCsvColumns,
  sharingHistory,
  sharingListing,
  sharingWhatIf,
  updateSharing,
} from './service.ts';

export const agentSharingRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.agentSharingList, ({ ctx, actor, body }) =>
    sharingListing(ctx, actor, body).list(body),
  );
  defineRoute(app, api.agentSharingExport, async ({ ctx, actor, body, reply }) => {
    const rows = sharingListing(ctx, actor, body).exportPage;
    await sendCsv(reply, 'agent-sharing.csv', rows, sharingCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.agentSharingGet, ({ ctx, params }) => getSharing(ctx, params.id));
  defineRoute(app, api.agentSharingCreate, ({ ctx, actor, body, audit }) =>
    createSharing(ctx, actor, body, audit),
  );
  defineRoute(app, api.agentSharingUpdate, ({ ctx, actor, params, body, audit }) =>
    updateSharing(ctx, actor, params.id, body, audit),
  );
  defineRoute(app, api.agentSharingDisable, ({ ctx, actor, params, body, audit }) =>
    setSharingDisabled(ctx, actor, params.id, true, body.effectiveFrom, audit),
  );
  defineRoute(app, api.agentSharingEnable, ({ ctx, actor, params, body, audit }) =>
    setSharingDisabled(ctx, actor, params.id, false, body.effectiveFrom, audit),
  );
  defineRoute(app, api.agentSharingHistory, ({ ctx, params }) => sharingHistory(ctx, params.id));
  defineRoute(app, api.agentSharingWhatIf, ({ ctx, params, body }) =>
    sharingWhatIf(ctx, params.id, body.parentPercentage),
  );
};
