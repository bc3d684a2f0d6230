import { httpStatusOf, type Issue, Status } from '@sapi/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';
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

export const issuesOf = (error: ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

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
