import { api, httpStatusOf, Status } from '@sapi/contract';
import { errorCodes, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { scopeOf } from '../../context.ts';
import { AppError, reasonData } from '../../core/errors.ts';
import { clientAddress } from '../../http/client-address.ts';
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
import { countRefusal, tooManyRefusals } from './throttle.ts';

type SignedAgent = Awaited<ReturnType<typeof verifySignedRequest>>;

/** What the ingest log needs to know of one request while it is answered. */
interface Trail extends SignatureNote {
  /** The signature check ran, or the key was looked up after a refusal before it (so `agentId` is settled). */
  checked?: boolean;
  /** The error the request was refused for (before any 429 it was turned into). */
  error?: unknown;
  /** Answered 429: its address or key is over the limit of refusals (throttle.ts). */
  limited?: boolean;
  /** The batch's own statement wrote the log row. */
  logged?: boolean;
}

/** The ingest API (docs/design.md §9), in its own scope: the signature needs the body exactly as sent. */
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

  /** The agent whose key a request carried, looked up once (a refusal before the signature check). */
  const settleAgent = async (req: FastifyRequest, trail: Trail) => {
    if (trail.checked) return;
    trail.checked = true;
    const key = req.headers['x-api-key'];
    trail.agentId = (await agentOfKey(app.ctx, typeof key === 'string' ? key : undefined))?.id;
  };

  // Every refusal of a request whose signature did not hold is counted against its address and key
  // (throttle.ts); over the limit it is answered 429 with Retry-After instead. A correctly signed
  // request is never counted nor limited here. Thrown on, the error is answered by the app's handler.
  app.setErrorHandler(async (err: FastifyError | AppError, req) => {
    const trail = trailOf(req);
    trail.error = err;
    const http = err instanceof AppError ? httpStatusOf[err.status] : err.statusCode;
    if (trail.signed || http === undefined || http < 400 || http >= 500) throw err;
    let wait = 0;
    try {
      await settleAgent(req, trail);
      wait = await countRefusal(app.ctx.db, clientAddress(req), trail.agentId, app.ctx.now());
    } catch (countErr) {
      // The refusal stands as it is when it cannot be counted (the database unreachable).
      req.log.warn({ err: countErr }, 'ingest throttle: the refusal could not be counted');
    }
    if (wait === 0) throw err;
    trail.limited = true;
    throw tooManyRefusals(wait);
  });

  if (logging) {
    // Every answered request is in the ingest log: a stored batch wrote its row in its own statement;
    // a refusal is written here, before the answer leaves (a failure to write it is logged, never the
    // client's problem) — a row of its own when its signature held, else a count in its minute's row.
    app.addHook('onSend', async (req, reply, payload) => {
      const trail = trailOf(req);
      if (trail.logged) return payload;
      try {
        const { ctx } = app;
        // Refused before the signature check (body size, content type, JSON): the key still names its agent.
        await settleAgent(req, trail);
        const signed = trail.signed === true;
        const refusal = classifyRefusal(
          trail.error ??
            new AppError(reply.statusCode < 500 ? Status.VALIDATION : Status.INTERNAL, 'refused'),
          trail.reason,
          req.body,
          signed,
        );
        // Why it was refused stays its reason; the status says it was answered 429.
        if (trail.limited) refusal.status = Status.TOO_MANY;
        await recordIngestRefusal(ctx.db, {
          at: ctx.now(),
          agentId: trail.agentId,
          ip: clientAddress(req),
          itemCount: itemCountOf(req.body),
          refusal,
          signed,
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
        logging ? { ip: clientAddress(req) } : undefined,
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
        signedBy.set(req, await verifySignedRequest(app.ctx, req.headers, raw, clientAddress(req), trail));
      },
    },
  );
};

/** The ingest log operations read (docs/design.md §9): every request of the last 30 days. */
export const ingestLogRoutes = (app: FastifyInstance) => {
  defineRoute(app, api.ingestLogList, ({ ctx, actor, body }) =>
    ingestLogListing(ctx, scopeOf(actor), body).list(body),
  );
  defineRoute(app, api.ingestLogExport, async ({ ctx, actor, body, reply }) => {
    const listing = ingestLogListing(ctx, scopeOf(actor), body);
    await sendCsv(reply, 'ingest-log.csv', listing.exportPage, ingestLogCsvColumns);
    return REPLIED;
  });
  defineRoute(app, api.ingestLogGet, ({ ctx, actor, params }) =>
    getIngestLogEntry(ctx, scopeOf(actor), params.id),
  );
};
