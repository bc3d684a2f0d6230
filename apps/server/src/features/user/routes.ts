import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../context.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { createUser, deleteUser, getUser, updateUser, userCsvColumns, userListing } from './service.ts';

export const userRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.userList, ({ ctx, actor, body }) => userListing(ctx, scopeOf(actor), body).list(body));
  defineRoute(app, api.userExport, async ({ ctx, actor, body, reply }) => {
    await sendCsv(reply, 'users.csv', userListing(ctx, scopeOf(actor), body).exportPage, userCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.userGet, ({ ctx, actor, params }) => getUser(ctx, scopeOf(actor), params.id));
  defineRoute(app, api.userCreate, ({ ctx, actor, body, audit }) =>
    createUser(ctx, scopeOf(actor), body, audit),
  );
  defineRoute(app, api.userUpdate, ({ ctx, actor, params, body, audit }) =>
    updateUser(ctx, scopeOf(actor), params.id, body, audit),
  );
  defineRoute(app, api.userDelete, ({ ctx, params, audit }) => deleteUser(ctx, params.id, audit));
};
