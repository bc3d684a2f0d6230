import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import { adapterListing, createAdapter, getAdapter, setAdapterDisabled, updateAdapter } from './service.ts';

export const adapterRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.adapterList, ({ ctx, body }) => adapterListing(ctx, body).list(body));
  defineRoute(app, api.adapterExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'adapters.csv', adapterListing(ctx, body).exportPage, [
      { header: 'name', value: (r) => r.name },
      { header: 'codename', value: (r) => r.codename },
      { header: 'type', value: (r) => r.type },
      { header: 'endpoint', value: (r) => r.endpoint },
      { header: 'logo', value: (r) => r.logo },
      { header: 'isDisable', value: (r) => r.isDisable },
      { header: 'createdAt', value: (r) => r.createdAt },
    ]);
    return REPLIED;
  });
  defineRoute(app, api.adapterGet, ({ ctx, params }) => getAdapter(ctx, BigInt(params.id)));
  defineRoute(app, api.adapterCreate, ({ ctx, body, audit }) => createAdapter(ctx, body, audit));
  defineRoute(app, api.adapterUpdate, ({ ctx, params, body, audit }) =>
    updateAdapter(ctx, BigInt(params.id), body, audit),
  );
  defineRoute(app, api.adapterDisable, ({ ctx, params, audit }) =>
    setAdapterDisabled(ctx, BigInt(params.id), true, audit),
  );
  defineRoute(app, api.adapterEnable, ({ ctx, params, audit }) =>
    setAdapterDisabled(ctx, BigInt(params.id), false, audit),
  );
};
