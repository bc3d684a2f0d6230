import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { createAdmin, getAdmin, listAdmins, setAdminLocked, updateAdminType } from './service.ts';

export const adminRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.adminList, ({ ctx, body }) => listAdmins(ctx, body));
  defineRoute(app, api.adminGet, ({ ctx, params }) => getAdmin(ctx, params.id));
  defineRoute(app, api.adminCreate, ({ ctx, actor, body, audit }) => createAdmin(ctx, actor, body, audit));
  defineRoute(app, api.adminUpdate, ({ ctx, actor, params, body, audit }) =>
    updateAdminType(ctx, actor, params.id, body.type, audit),
  );
  defineRoute(app, api.adminLock, ({ ctx, actor, params, audit }) =>
    setAdminLocked(ctx, actor, params.id, true, audit),
  );
  defineRoute(app, api.adminUnlock, ({ ctx, actor, params, audit }) =>
    setAdminLocked(ctx, actor, params.id, false, audit),
  );
};
