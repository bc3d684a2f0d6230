import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type AddressSource, clientAddress } from './client-address.ts';

/**
 * The one place that decides what a log line may hold (docs/design.md §7): no password, token, agent secret or
 * API key, password hash or TOTP secret — not even inside a failed query. Every error the app logs goes
 * through `serializeError`; request headers and bodies through pino's `redact`.
 */

const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever they appear (any depth, any casing, snake or camel). */
const SECRET_KEY = /pass(word)?|secret|token|api_?key|authorization|cookie|signature|hash|totp|otp|recovery/i;
/** Argon2 hashes are recognisable by their prefix, wherever they are embedded. */
const ARGON2 = /\$argon2(id|i|d)\$[^\s,)"']*/g;
/** drizzle's failed-query message ends with the bound values (`Failed query: …\nparams: a,b,c`), up to the stack. */
const QUERY_PARAMS = /(\nparams:)[\s\S]*?(?=\n {4}at |$)/;
/** PostgreSQL's `detail` quotes row values: `Key (api_key)=(…) already exists.`, `Failing row contains (…).` */
const KEY_VALUES =
  /(Key \([^)]*\)=\()[\s\S]*?(\)(?: already exists| is (?:still )?(?:not )?(?:present|referenced))?\.?$)/gm;
const FAILING_ROW = /(Failing row contains )\([\s\S]*\)/g;

/** A string with every embedded secret-bearing part replaced. */
export const scrubText = (text: string): string =>
  text
    .replace(QUERY_PARAMS, `$1 ${REDACTED}`)
    .replace(KEY_VALUES, `$1${REDACTED}$2`)
    .replace(FAILING_ROW, `$1(${REDACTED})`)
    .replace(ARGON2, REDACTED);

const MAX_DEPTH = 8;

/** A log-safe copy of any value: secret-named fields and bound query parameters redacted, strings scrubbed. */
export const scrub = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return serializeError(value, depth);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) || k === 'params' ? REDACTED : scrub(v, depth + 1);
  }
  return out;
};

/**
 * An error as a log object: type, message, stack, the driver's fields (`code` = SQLSTATE, `constraint`,
 * `table`…) and its `cause` chain — with every value that could be a secret redacted. A failed query's
 * `params` go entirely: they are the row being written (secrets, hashes), and the SQLSTATE and constraint
 * already say what failed.
 */
export const serializeError = (err: unknown, depth = 0): unknown => {
  if (!(err instanceof Error)) return scrub(err, depth);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: scrubText(err.message),
    ...(err.stack ? { stack: scrubText(err.stack) } : {}),
  };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'cause') continue;
    out[k] = SECRET_KEY.test(k) || k === 'params' ? REDACTED : scrub(v, depth + 1);
  }
  if (err.cause !== undefined)
    out.cause = depth >= MAX_DEPTH ? '[too deep]' : serializeError(err.cause, depth + 1);
  return out;
};

/** Query parameters whose value may be a credential, judged by the key as the server would read it. */
const QUERY_SECRET = /pass|secret|token|key|auth|bearer|signature|session|cookie|otp|code/i;

/**
 * The URL with the value of every credential-like query parameter redacted. Keys are percent-decoded
 * first (`t%6fken` is `token`); a key that does not decode is treated as one.
 */
export const scrubUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q === -1) return scrubText(url);
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const rawKey = pair.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      } catch {
        return `${rawKey}=${REDACTED}`;
      }
      return QUERY_SECRET.test(key) ? `${rawKey}=${REDACTED}` : pair;
    });
  return scrubText(`${url.slice(0, q)}?${pairs.join('&')}`);
};

/** What a request line shows: no headers, no body, the query string scrubbed. */
const serializeRequest = (req: AddressSource & { method?: string; url?: string; id?: string }) => ({
  method: req.method,
  url: req.url ? scrubUrl(req.url) : req.url,
  remoteAddress: clientAddress(req),
  id: req.id,
});

/** Errors always serialize to an object; pino's types want its fields named. */
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };
const logErr = (err: Error) => serializeError(err) as LoggedError;

/** The app logger's options: level, the serializers above, and redaction of the usual carriers. */
export const loggerOptions = (base: {
  level: string;
  stream?: NodeJS.WritableStream;
}): NonNullable<FastifyServerOptions['logger']> => ({
  ...base,
  serializers: { err: logErr, error: logErr, req: serializeRequest },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["x-signature"]',
      'body',
      'req.body',
      '*.password',
      '*.passwordHash',
      '*.secret',
      '*.token',
      '*.apiKey',
      '*.totpSecret',
    ],
    censor: REDACTED,
  },
});

/**
 * Fastify's two lines per request ("incoming request", "request completed") at `debug` instead of
 * `info`: at the default level the console shows the start and what went wrong, not every request
 * (`LOG_LEVEL=debug` brings them back). What goes wrong keeps its level: a request Fastify saw fail
 * (`request errored`), and every warning or error the error handler logs (a 500 with its request id).
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
