import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../plugins/csv.ts';
import { defineRoute, REPLIED } from '../../plugins/route.ts';
import { createUser, deleteUser, getUser, updateUser, userListing } from './service.ts';

export const userRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.userList, ({ ctx, body }) => userListing(ctx, body).list(body));
  defineRoute(app, api.userExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'users.csv', userListing(ctx, body).exportPage, [
      { header: 'username', value: (r) => r.name },
      { header: 'fullUsername', value: (r) => r.username },
      { header: 'agent', value: (r) => r.agentUsername },
      { header: 'betLimit', value: (r) => r.betLimit.toFixed(2) },
      { header: 'locked', value: (r) => r.locked },
      { header: 'createdAt', value: (r) => r.createdAt },
      { header: 'latestGame', value: (r) => r.activeGamePlaying ?? r.lastGamePlaying[0] ?? '' },
    ]);
    return REPLIED;
  });
  defineRoute(app, api.userGet, ({ ctx, params }) => getUser(ctx, BigInt(params.id)));
  defineRoute(app, api.userCreate, ({ ctx, body, audit }) => createUser(ctx, body, audit));
  defineRoute(app, api.userUpdate, ({ ctx, params, body, audit }) =>
    updateUser(ctx, BigInt(params.id), body, audit),
  );
  defineRoute(app, api.userDelete, ({ ctx, params, audit }) => deleteUser(ctx, BigInt(params.id), audit));
};
