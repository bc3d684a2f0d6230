import { api } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { revokeSession } from '../../core/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { login, verifyOwnPassword } from './service.ts';

export const authRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.login, async ({ body, ctx, ip }) => ({
    token: await login(ctx, body.username, body.password, ip),
  }));

  defineRoute(app, api.selfCheck, async ({ actor }) => ({ username: actor.username }));

  defineRoute(app, api.self, async ({ actor }) => ({
    username: actor.username,
    type: actor.type,
    id: actor.id.toString(),
  }));

  defineRoute(app, api.logout, async ({ actor, ctx, audit }) => {
    await ctx.db.transaction(async (tx) => {
      await revokeSession(tx, actor.sessionId, ctx.now());
      await audit(tx, { action: 'logout', entity: 'session', entityId: actor.id.toString() });
    });
    return { ok: true as const };
  });

  defineRoute(app, api.verify, async ({ actor, body, ctx, ip, audit }) => {
    await verifyOwnPassword(ctx, actor, body.password, ip, audit);
    return { verified: true as const };
  });
};
