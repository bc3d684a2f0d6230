import { httpStatusOf, type Issue, Status } from '@sapi/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';
import { constraintOf, sqlStateOf } from '../db/errors.ts';
import { envelope } from './envelope.ts';

/** An expected failure with its DESIGN §4 status; anything else becomes 9000. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(Status.NOT_FOUND, `${what} not found`);
export const conflict = (message: string) => new AppError(Status.CONFLICT, message);
export const forbidden = (message = 'Your role may not do this') => new AppError(Status.FORBIDDEN, message);

/** What an issue's numbers are: zod's own for its codes, the contract's `params` for custom ones. */
const codeAndParams = (i: ZodError['issues'][number]): { code: string; params: Record<string, unknown> } => {
  if (i.code === 'custom') {
    const { code, ...params } = (i.params ?? {}) as { code?: unknown };
    return { code: typeof code === 'string' ? code : 'custom', params };
  }
  if (i.code === 'too_big') return { code: i.code, params: { maximum: i.maximum } };
  if (i.code === 'too_small') return { code: i.code, params: { minimum: i.minimum } };
  return { code: i.code, params: {} };
};

export const issuesOf = (error: ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), ...codeAndParams(i), message: i.message }));

/** A 2001 answer about one field, with its issue code (DESIGN §4). */
export const invalidField = (
  path: string,
  message: string,
  code = 'custom',
  params: Record<string, unknown> = {},
) => new AppError(Status.VALIDATION, `${path}: ${message}`, { issues: [{ path, code, params, message }] });

export const validationError = (error: ZodError, where?: string) => {
  const issues = issuesOf(error).map((i) => ({
    ...i,
    path: where && i.path ? `${where}.${i.path}` : i.path || (where ?? ''),
  }));
  const first = issues[0];
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input';
  return new AppError(Status.VALIDATION, message, { issues });
};

/** Map every failure to the envelope; internals stay in the log, the client gets a request id. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      const legacy = (req.routeOptions.config as { legacyStatus?: boolean } | undefined)?.legacyStatus;
      return reply
        .code(httpStatusOf[err.status] ?? 500)
        .send(envelope(legacy, err.status, err.message, err.data));
    }
    const code = (err as FastifyError).code;
    const http = (err as FastifyError).statusCode;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .code(400)
        .send({ status: Status.VALIDATION, error: 'Malformed JSON body', data: { issues: [] } });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ status: Status.VALIDATION, error: 'Request body is larger than 1 MiB', data: null });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send({ status: Status.VALIDATION, error: 'Unsupported content type', data: null });
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
            data: { issues: [{ path: '', code: 'data_exception', params: {}, message: 'not storable' }] },
          })
        : reply
            .code(409)
            .send({ status: Status.CONFLICT, error: 'The input conflicts with stored data', data: null });
    }
    if (http !== undefined && http >= 400 && http < 500) {
      return reply.code(http).send({ status: Status.VALIDATION, error: 'Bad request', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      status: Status.INTERNAL,
      error: `Internal error (request id ${req.id})`,
      data: { requestId: req.id },
    });
  });
};
