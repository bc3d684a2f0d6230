import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  adapterCsvColumns,
  adapterListing,
  createAdapter,
  getAdapter,
  setAdapterDisabled,
  updateAdapter,
} from './service.ts';

export const adapterRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.adapterList, ({ ctx, actor, body }) =>
    adapterListing(ctx, scopeOf(actor), body).list(body),
  );
  defineRoute(app, api.adapterExport, async ({ ctx, actor, body, reply }) => {
    await sendCsv(
      reply,
      'adapters.csv',
      adapterListing(ctx, scopeOf(actor), body).exportPage,
      adapterCsvColumns,
    );
    return REPLIED;
  });
  defineRoute(app, api.adapterGet, ({ ctx, actor, params }) => getAdapter(ctx, scopeOf(actor), params.id));
  defineRoute(app, api.adapterCreate, ({ ctx, body, audit }) => createAdapter(ctx, body, audit));
  defineRoute(app, api.adapterUpdate, ({ ctx, params, body, audit }) =>
    updateAdapter(ctx, params.id, body, audit),
  );
  defineRoute(app, api.adapterDisable, ({ ctx, params, audit }) =>
    setAdapterDisabled(ctx, params.id, true, audit),
  );
  defineRoute(app, api.adapterEnable, ({ ctx, params, audit }) =>
    setAdapterDisabled(ctx, params.id, false, audit),
  );
};
