import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { cappedIssues, httpStatusOf, Status } from '@sapi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, reasonData } from '../core/errors.ts';
import { constraintOf, isDatabaseUnavailable, isDiskFull, sqlStateOf } from '../db/errors.ts';
import { diskFullLog } from '../lib/disk-space.ts';
import { answerDiskFull } from './disk-full.ts';
import { envelope } from './envelope.ts';
import { routerErrorHeaders } from './security-headers.ts';

/** Seconds a client waits before trying again when the database is unavailable (a failover takes 10–30 s). */
const RETRY_AFTER_S = 5;

/** Map every failure to the envelope; internals stay in the log, the client gets a request id. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      const legacy = (req.routeOptions.config as { legacyStatus?: boolean } | undefined)?.legacyStatus;
      return reply
        .code(httpStatusOf[err.status] ?? 500)
        .send(envelope(legacy, err.status, err.message, cappedIssues(err.data)));
    }
    const code = (err as FastifyError).code;
    const http = (err as FastifyError).statusCode;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      const error = 'Malformed JSON body';
      return reply
        .code(400)
        .send({ status: Status.VALIDATION, error, data: reasonData('malformed_json', error) });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const error = 'Request body is larger than 1 MiB';
      return reply.code(413).send({
        status: Status.VALIDATION,
        error,
        data: reasonData('body_too_large', error, { maximum: app.initialConfig.bodyLimit ?? 1_048_576 }),
      });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const error = 'Unsupported content type';
      return reply
        .code(415)
        .send({ status: Status.VALIDATION, error, data: reasonData('content_type', error) });
    }
    // The database refused a value (class 22: out of range, bad encoding…) or a row (class 23: a
    // constraint): the input's fault, so 400 or 409 — with no SQL, value or constraint in the answer.
    const sqlState = sqlStateOf(err);
    if (sqlState?.startsWith('22') || sqlState?.startsWith('23')) {
      req.log.warn({ err, sqlState, constraint: constraintOf(err) }, 'database refused the input');
      return sqlState.startsWith('22')
        ? reply.code(400).send({
            status: Status.VALIDATION,
            error: 'The input holds a value the database cannot store',
            data: reasonData('data_exception', 'not storable'),
          })
        : reply
            .code(409)
            .send({ status: Status.CONFLICT, error: 'The input conflicts with stored data', data: null });
    }
    if (http !== undefined && http >= 400 && http < 500) {
      const error = 'Bad request';
      return reply
        .code(http)
        .send({ status: Status.VALIDATION, error, data: reasonData('bad_request', error) });
    }
    // A full disk: a clear 503, logged once (not once per request), never a 500.
    if (isDiskFull(err)) {
      diskFullLog.report((d, m) => req.log.warn(d, m), { err });
      return answerDiskFull(reply);
    }
    // A restart or failover of the database: the client may try again shortly (docs/scaling.md).
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      const error = `The database is briefly unavailable; try again in ${RETRY_AFTER_S} seconds`;
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({
          status: Status.DATABASE_UNAVAILABLE,
          error,
          data: reasonData('database_unavailable', error, { seconds: RETRY_AFTER_S }),
        });
    }
    req.log.error({ err }, 'unhandled error');
    const error = `Internal error (request id ${req.id})`;
    // The request id in the reason too, so the user can quote it to support in their own language.
    return reply.code(500).send({
      status: Status.INTERNAL,
      error,
      data: { requestId: req.id, ...reasonData('internal_error', error, { requestId: req.id }) },
    });
  });
};

/**
 * Malformed percent-encoding and over-long path parameters are caught by the router, before any
 * hook: answer them in the envelope too, with the security headers (docs/design.md §4, §7).
 */
export const answerFrameworkError = (err: FastifyError, _req: FastifyRequest, res: FastifyReply) => {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const error = tooLong ? 'A path parameter is too long' : 'Malformed URL';
  return res
    .headers(routerErrorHeaders)
    .code(tooLong ? 414 : 400)
    .send({
      status: Status.VALIDATION,
      error,
      data: reasonData(tooLong ? 'param_too_long' : 'malformed_url', error),
    });
};

/** What a refusal of Node's HTTP parser answers, by the parser's code (any other: a bad request). */
const parserRefusal = (parserCode: string | undefined) => {
  if (parserCode === 'HPE_HEADER_OVERFLOW') {
    const error = 'The request URL and headers are too large';
    return { http: 431, code: 'head_too_large', error, params: { maximum: maxHeaderSize } } as const;
  }
  if (parserCode === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      http: 408,
      code: 'request_timeout',
      error: 'The request took too long to arrive',
      params: {},
    } as const;
  }
  return { http: 400, code: 'bad_request', error: 'Bad request', params: {} } as const;
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (URL and headers over Node's
 * `maxHeaderSize`, a client too slow to send its request, bytes that are not HTTP): answered in the
 * envelope with the security headers, not in Fastify's own body. The socket is closed after, as Node
 * does; the log names the parser's code, never the bytes (a token may ride in the URL).
 */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { http, code, error, params } = parserRefusal(err.code);
  this.log.info({ code: err.code }, 'request refused by the HTTP parser');
  // Not in the middle of an answer already under way (a pipelined request timing out): that
  // answer would be corrupted; the close alone ends it (as Node does).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ status: Status.VALIDATION, error, data: reasonData(code, error, params) });
    const headers = Object.entries({
      ...routerErrorHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${http} ${STATUS_CODES[http]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy();
}
