import { api, Status } from '@sapi/contract';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError, reasonData } from '../../core/errors.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import { ingestBatch } from '../../ledger/ingest-batch.ts';
import {
  classifyRefusal,
  getIngestLogEntry,
  ingestLogCsvColumns,
  ingestLogListing,
  itemCountOf,
  recordIngestRefusal,
} from './log.ts';
import { agentOfKey, type SignatureNote, verifySignedRequest } from './signature.ts';

type SignedAgent = Awaited<ReturnType<typeof verifySignedRequest>>;

/** What the ingest log needs to know of one request while it is answered. */
interface Trail extends SignatureNote {
  /** The signature check ran (so `agentId` is settled). */
  checked?: boolean;
  /** The error the request was answered with. */
  error?: unknown;
  /** The batch's own statement wrote the log row. */
  logged?: boolean;
}

/** The ingest API (DESIGN §9), in its own scope: the signature needs the body exactly as sent. */
export const ingestRoutes = async (app: FastifyInstance) => {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const signedBy = new WeakMap<FastifyRequest, SignedAgent>();
  const trails = new WeakMap<FastifyRequest, Trail>();
  const trailOf = (req: FastifyRequest) => {
    let trail = trails.get(req);
    if (!trail) {
      trail = {};
      trails.set(req, trail);
    }
    return trail;
  };
  const logging = app.ctx.config.INGEST_LOG === 'on';

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

  if (logging) {
    app.addHook('onError', async (req, _reply, err) => {
      trailOf(req).error = err;
    });
    // Every answered request leaves one row in the ingest log: a stored batch wrote it in its own
    // statement; any other is written here, before the answer leaves (a failure to write it is logged,
    // never the client's problem).
    app.addHook('onSend', async (req, reply, payload) => {
      const trail = trailOf(req);
      if (trail.logged) return payload;
      try {
        const { ctx } = app;
        // Refused before the signature check (body size, content type, JSON): the key still names its agent.
        const agentId = trail.checked
          ? trail.agentId
          : (
              await agentOfKey(
                ctx,
                typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined,
              )
            )?.id;
        const refusal = classifyRefusal(
          trail.error ??
            new AppError(reply.statusCode < 500 ? Status.VALIDATION : Status.INTERNAL, 'refused'),
          trail.reason,
          req.body,
          trail.signed === true,
        );
        await recordIngestRefusal(ctx.db, {
          at: ctx.now(),
          agentId,
          ip: req.ip,
          itemCount: itemCountOf(req.body),
          refusal,
        });
      } catch (err) {
        req.log.warn({ err }, 'ingest log: the refusal could not be recorded');
      }
      return payload;
    });
  }

  defineRoute(
    app,
    api.ingest,
    async ({ body, ctx, req }) => {
      const agent = signedBy.get(req);
      if (!agent) throw new AppError(Status.UNAUTHENTICATED, 'Unsigned request');
      const result = await ingestBatch(
        ctx.db,
        agent,
        body.transactions,
        ctx.config.REPORT_TIMEZONE,
        ctx.now(),
        logging ? { ip: req.ip } : undefined,
      );
      trailOf(req).logged = true;
      return result;
    },
    {
      authenticate: async (req) => {
        // A body that is not JSON (text/plain, no content type) was never read as sent: it is refused
        // for its content type (415), not checked against a signature it cannot match.
        const raw = rawBodies.get(req);
        if (raw === undefined) {
          throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(req.headers['content-type'] ?? 'none');
        }
        const trail = trailOf(req);
        trail.checked = true;
        signedBy.set(req, await verifySignedRequest(app.ctx, req.headers, raw, req.ip, trail));
      },
    },
  );
};

/** The ingest log operations read (DESIGN §9): every request of the last 30 days. */
export const ingestLogRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.ingestLogList, ({ ctx, body }) => ingestLogListing(ctx, body).list(body));
  defineRoute(app, api.ingestLogExport, async ({ ctx, body, reply }) => {
    await sendCsv(reply, 'ingest-log.csv', ingestLogListing(ctx, body).exportPage, ingestLogCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.ingestLogGet, ({ ctx, params }) => getIngestLogEntry(ctx, params.id));
};
