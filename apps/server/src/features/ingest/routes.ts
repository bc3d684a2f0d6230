import { api, Status } from '@sapi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, reasonData } from '../../core/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { ingestBatch } from '../../ledger/ingest-batch.ts';
import { verifySignedRequest } from './signature.ts';

type SignedAgent = Awaited<ReturnType<typeof verifySignedRequest>>;

/** The ingest API (DESIGN §9), in its own scope: the signature needs the body exactly as sent. */
export const ingestRoutes = async (app: FastifyInstance) => {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const signedBy = new WeakMap<FastifyRequest, SignedAgent>();

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(req, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new AppError(
          Status.VALIDATION,
          'Malformed JSON body',
          reasonData('malformed_json', 'Malformed JSON body'),
        ),
        undefined,
      );
    }
  });

  defineRoute(
    app,
    api.ingest,
    async ({ body, ctx, req }) => {
      const agent = signedBy.get(req);
      if (!agent) throw new AppError(Status.UNAUTHENTICATED, 'Unsigned request');
      return ingestBatch(ctx.db, agent, body.transactions, ctx.config.REPORT_TIMEZONE, ctx.now());
    },
    {
      authenticate: async (req) => {
        signedBy.set(req, await verifySignedRequest(app.ctx, req.headers, rawBodies.get(req) ?? '', req.ip));
      },
    },
  );
};
