import {
  type BodyOf,
  type DataOf,
  type Issue,
  pathOf,
  type RouteDef,
  Status,
  validationDataSchema,
} from '@sapi/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

/** A response body in the envelope's shape (docs/design.md §4), as sent: `data` is whatever the server put there. */
export interface SentEnvelope {
  status: number;
  error: string | null;
  data: unknown;
  /** Registration routes repeat the status (docs/spec.md §4/§7). */
  statusCode?: number;
  statusMessage?: string;
}

/** What a request answers, for the assertions of any test. */
export interface RawAnswer {
  /** The response itself: HTTP status, headers and the body text. */
  res: LightMyRequestResponse;
  /** The HTTP status. */
  statusCode: number;
  /** The response headers. */
  headers: LightMyRequestResponse['headers'];
  /** The envelope's status; 1000 for a CSV file or a `document` route's document; -1 when the body is neither. */
  status: number;
  /** The envelope's error text. */
  error: string | null;
  /** The envelope, or null when the body is none (a CSV file, an empty or non-JSON body). */
  body: SentEnvelope | null;
  /** The reasons an answer gives (a 2001's wrong fields, a 2009's rule, a 3029's wait…); [] when none. */
  issues: Issue[];
}

/** The answer of a contract route. */
export interface Answer<R extends RouteDef> extends RawAnswer {
  /** The route's data, checked against its contract schema, when it answered 1000 (a CSV route: the file); else null. */
  data: DataOf<R> | null;
}

/**
 * Input outside the route's body type, sent as it is through its typed call: what validation tests send,
 * and fields a client may add that the contract ignores.
 */
export class OffContract {
  constructor(readonly value: unknown) {}
}
export const offContract = (value: unknown) => new OffContract(value);

/** The route's path parameters as a client writes them (strings, before the contract parses them). */
export type ParamsOf<R extends RouteDef> = z.input<R['params']>;

export interface CallOptions<R extends RouteDef> {
  token?: string;
  /** JSON body, or a GET route's query string (as the web client sends it). */
  body?: BodyOf<R> | OffContract;
  params?: ParamsOf<R>;
  headers?: Record<string, string>;
  /** Headers computed from the exact body text sent: the ingest API's HMAC signature. */
  sign?: (payload: string) => Record<string, string>;
  remoteAddress?: string;
}

/** A route with path parameters (`:id`) must be given them; other routes may be called without options. */
type NeedsParams<R extends RouteDef> = [keyof ParamsOf<R>] extends [never]
  ? false
  : string extends keyof ParamsOf<R>
    ? false
    : true;
export type CallArgs<R extends RouteDef> =
  NeedsParams<R> extends true
    ? [options: CallOptions<R> & { params: ParamsOf<R> }]
    : [options?: CallOptions<R>];

/** A request outside the contract: an unknown path, a hand-written URL or body, forged headers. */
export interface RawRequest {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  token?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (give its content-type). */
  payload?: InjectOptions['payload'];
  remoteAddress?: string;
}

const isEnvelope = (value: unknown): value is SentEnvelope =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  'data' in value;

const envelopeOf = (res: LightMyRequestResponse): SentEnvelope | null => {
  if (!String(res.headers['content-type']).startsWith('application/json')) return null;
  try {
    const parsed: unknown = res.json();
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const issuesOf = (body: SentEnvelope | null): Issue[] => {
  if (!body || body.status === Status.OK) return [];
  return validationDataSchema.safeParse(body.data).data?.issues ?? [];
};

/** Send any request to the app; the answer's envelope, if it has one, is read but not typed. */
export const rawCall = async (
  app: FastifyInstance,
  { token, headers, ...request }: RawRequest,
): Promise<RawAnswer> => {
  const res = await app.inject({
    ...request,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = envelopeOf(res);
  return {
    res,
    statusCode: res.statusCode,
    headers: res.headers,
    status: body?.status ?? -1,
    error: body?.error ?? null,
    body,
    issues: issuesOf(body),
  };
};

const stringsOf = (params: unknown): Record<string, string> =>
  typeof params === 'object' && params !== null
    ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))
    : {};

/** A GET route takes its input as the query string, as apps/web/src/lib/api-client.ts sends it. */
const queryOf = (body: unknown): string => {
  if (typeof body !== 'object' || body === null) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.size > 0 ? `?${query.toString()}` : '';
};

/**
 * Call a contract route as a client does: its method, its path with the params filled in, the body as
 * JSON (a GET's as the query string). A 1000 answer's data must match the route's data schema, else
 * the call throws: every test also checks the server keeps to the contract.
 */
export const callRoute = async <R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  { token, body, params, headers, sign, remoteAddress }: CallOptions<R> = {},
): Promise<Answer<R>> => {
  const sent = body instanceof OffContract ? body.value : body;
  let url = `/api/v1${pathOf(def, stringsOf(params))}`;
  let payload: string | undefined;
  if (def.method === 'GET') url += queryOf(sent);
  else payload = JSON.stringify(sent ?? {});
  const answer = await rawCall(app, {
    method: def.method,
    url,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
      ...(sign ? sign(payload ?? '') : {}),
    },
    ...(payload === undefined ? {} : { payload }),
    ...(token ? { token } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const csv =
    def.format === 'csv' &&
    answer.statusCode === 200 &&
    String(answer.res.headers['content-type']).startsWith('text/csv');
  if (csv) return { ...answer, status: Status.OK, data: def.data.parse(answer.res.body) as DataOf<R> };
  // A `document` route (the OpenAPI document) answers the document itself, not the envelope.
  if (def.format === 'document' && answer.statusCode === 200) {
    return { ...answer, status: Status.OK, data: def.data.parse(answer.res.json()) as DataOf<R> };
  }
  if (answer.status !== Status.OK) return { ...answer, data: null };
  const parsed = def.data.safeParse(answer.body?.data);
  if (!parsed.success) {
    throw new Error(
      `${def.method} ${def.path} answered data off its contract:\n${z.prettifyError(parsed.error)}`,
    );
  }
  // Parsed by the route's own schema just above: its output type.
  return { ...answer, data: parsed.data as DataOf<R> };
};

/** A contract route's data; throws naming the status and error unless it answered 1000. */
export const routeData = async <R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  options?: CallOptions<R>,
): Promise<DataOf<R>> => {
  const answer = await callRoute(app, def, options);
  if (answer.data === null) {
    throw new Error(`${def.method} ${def.path} answered ${answer.status}: ${answer.error}`);
  }
  return answer.data;
};
