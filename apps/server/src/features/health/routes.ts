import { api, Status } from '@sapi/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { defineRoute } from '../../http/route.ts';

export const healthRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.health, async ({ ctx, req }) => {
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (err) {
      req.log.error({ err }, 'health check: database does not answer');
      throw new AppError(Status.INTERNAL, 'Database unavailable');
    }
    return { ok: true as const };
  });
};
