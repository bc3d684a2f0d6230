import { Readable } from 'node:stream';
import {
  api,
  languageOf,
  RECONCILIATION_MAX_BYTES,
  type ReconciliationDifference,
  Status,
} from '@sapi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Principal, scopeOf } from '../../context.ts';
import { assertAgentExists, assertAgentInScope } from '../../core/entities.ts';
import { AppError, reasonData } from '../../core/errors.ts';
import { sendCsv } from '../../http/csv.ts';
import { defineRoute, REPLIED } from '../../http/route.ts';
import {
  differencesOf,
  emptyTally,
  type Period,
  periodOf,
  reconcile,
  reconciliationCsvColumns,
} from './service.ts';
import { readUpload, type UploadedBet, UploadTooLarge } from './upload.ts';

/*
 * Reconciliation by upload (docs/design.md §16): the body is a CSV file, handed to the handler as the
 * request's stream (never buffered whole); the query names the period.
 */

/** The file as a stream: a text/csv body (the parser below), none (an empty file), or refused 415. */
const fileOf = (req: FastifyRequest): Readable => {
  if (req.body instanceof Readable) return req.body;
  if (req.body === undefined || req.body === null) return Readable.from([]);
  const error = 'Send the file as text/csv';
  throw new AppError(Status.VALIDATION, error, reasonData('content_type', error));
};

/** A file over its caps is answered as the framework answers a big body: 413, status 2001. */
const answerTooLarge = (reply: FastifyReply, err: UploadTooLarge) =>
  reply
    .code(413)
    // The rest of the file is not read: the connection ends after the answer.
    .header('connection', 'close')
    .send({
      status: Status.VALIDATION,
      error: err.message,
      data: reasonData(err.code, err.message, { maximum: err.maximum }),
    });

/**
 * The checks before the file is read: an agent outside the scope answers as a missing one before any
 * query; a Content-Length over the cap is refused before a byte is read.
 */
const admitted = async (
  app: FastifyInstance,
  actor: Principal,
  agentId: bigint,
  req: FastifyRequest,
): Promise<void> => {
  assertAgentInScope(scopeOf(actor), agentId);
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > RECONCILIATION_MAX_BYTES) throw new UploadTooLarge('body_too_large', RECONCILIATION_MAX_BYTES);
  await assertAgentExists(app.ctx.db, agentId);
};

export const reconciliationRoutes = async (app: FastifyInstance) => {
  // The file is the handler's to read, a line at a time (this plugin's routes only).
  app.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));

  /** Admit, read the file, then answer from its bets; a file over its caps is answered 413 here. */
  const upload = async <T>(
    actor: Principal,
    agentId: bigint,
    req: FastifyRequest,
    reply: FastifyReply,
    query: { period: 'day' | 'month'; date: string },
    answer: (period: Period, bets: Map<string, UploadedBet>) => Promise<T>,
  ): Promise<T | typeof REPLIED> => {
    try {
      await admitted(app, actor, agentId, req);
      const period = periodOf(query.period, query.date, app.ctx.config.REPORT_TIMEZONE);
      let bets: Map<string, UploadedBet>;
      try {
        bets = await readUpload(fileOf(req), period);
      } catch (err) {
        // A file refused part-way is not read further: the connection ends after the answer.
        reply.header('connection', 'close');
        throw err;
      }
      return await answer(period, bets);
    } catch (err) {
      if (err instanceof UploadTooLarge) {
        await answerTooLarge(reply, err);
        return REPLIED;
      }
      throw err;
    }
  };

  defineRoute(app, api.reconciliationRun, async ({ ctx, actor, params, body, req, reply }) => {
    return upload(actor, params.agentId, req, reply, body, (period, bets) =>
      reconcile(ctx, scopeOf(actor), params.agentId, bets, period),
    );
  });

  defineRoute(app, api.reconciliationExport, async ({ ctx, actor, params, body, req, reply }) => {
    await upload(actor, params.agentId, req, reply, body, async (period, bets) => {
      const language = languageOf(req.headers['accept-language']);
      const differences = differencesOf(ctx, scopeOf(actor), params.agentId, bets, period, emptyTally());
      await sendCsv(
        reply,
        `reconciliation-${params.agentId}-${period.first}.csv`,
        // The differences are found as the ledger is read: each batch takes the next ones.
        async (_after: number | undefined, limit) => {
          const rows: ReconciliationDifference[] = [];
          while (rows.length < limit) {
            const next = await differences.next();
            if (next.done) return { rows, next: undefined };
            rows.push(next.value);
          }
          return { rows, next: rows.length };
        },
        reconciliationCsvColumns(language),
      );
      return REPLIED;
    });
    return REPLIED;
  });
};
