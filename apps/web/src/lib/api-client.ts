import {
  type BodyOf,
  type DataOf,
  type Issue,
  type ParamsOf,
  pathOf,
  type RouteDef,
  Status,
} from '@sapi/contract';
import { authStore } from './auth-store';
import { apiBase } from './config';

/** Message of the client-side failures (docs/spec.md §8). */
export const UNABLE_TO_PROCESS = 'Unable to process request';
/** Message of a successful call when the server gives none (docs/spec.md §8). */
export const DEFAULT_SUCCESS = 'Success';

/** A failed call: the server's status and error text, or 4000 / 5000 from the client (docs/spec.md §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: Issue[] | undefined;
  /** The answer's `data` as sent (e.g. the challenge of a 3006); parse it before use. */
  readonly data: unknown;

  constructor(status: number, message: string, issues?: Issue[], data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.data = data;
  }

  /** No server message to show: the request got no response, or no readable one. */
  get isClientSide(): boolean {
    return this.status === Status.NO_RESPONSE || this.status === Status.NO_BODY;
  }
}

export interface CallOptions<R extends RouteDef> {
  body?: BodyOf<R>;
  params?: ParamsOf<R>;
  signal?: AbortSignal;
}

export interface CallResult<R extends RouteDef> {
  status: number;
  /** The server's message, or "Success". */
  message: string;
  data: DataOf<R>;
}

interface EnvelopeLike {
  status: number;
  error: string | null;
  data: unknown;
}

const isEnvelope = (value: unknown): value is EnvelopeLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  'data' in value;

/** The reasons an answer gives (`data.issues`, docs/design.md §4), whatever its status. */
export const issuesOf = (data: unknown): Issue[] | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const issues = (data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.filter(
    (i): i is Issue =>
      typeof i === 'object' &&
      i !== null &&
      typeof (i as Issue).path === 'string' &&
      typeof (i as Issue).message === 'string',
  );
};

export const urlOf = (def: RouteDef, params?: Record<string, string>): string =>
  `${apiBase}/api/v1${pathOf(def, params)}`;

/**
 * The generic call wrapper of docs/spec.md §8, typed on the contract route: resolves with the status,
 * message and parsed data, or throws an {@link ApiError}.
 */
export async function request<R extends RouteDef>(
  def: R,
  options: CallOptions<R> = {},
): Promise<CallResult<R>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = def.access === 'public' ? null : authStore.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method: def.method, headers, signal: options.signal ?? null };
  if (def.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }

  let url = urlOf(def, options.params as Record<string, string> | undefined);
  // A GET route takes its input as the query string (e.g. agent-report monthly `?date=`).
  if (def.method === 'GET' && options.body && typeof options.body === 'object') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    }
    if (query.size > 0) url += `?${query.toString()}`;
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(Status.NO_RESPONSE, UNABLE_TO_PROCESS);
  }

  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    body = null;
  }
  if (!isEnvelope(body)) throw new ApiError(Status.NO_BODY, UNABLE_TO_PROCESS);

  if (body.status !== Status.OK) {
    if (def.access !== 'public') {
      if (body.status === Status.UNAUTHENTICATED) authStore.sessionExpired();
      // The account must set something up first (docs/design.md §13): the app leads it there.
      else if (body.status === Status.PASSWORD_CHANGE_REQUIRED) authStore.requireSetup('change-password');
      else if (body.status === Status.SECOND_FACTOR_ENROLMENT_REQUIRED) authStore.requireSetup('enrol-totp');
    }
    throw new ApiError(body.status, body.error || UNABLE_TO_PROCESS, issuesOf(body.data), body.data);
  }

  const parsed = def.data.safeParse(body.data);
  if (!parsed.success) throw new ApiError(Status.NO_BODY, UNABLE_TO_PROCESS);
  return { status: body.status, message: body.error || DEFAULT_SUCCESS, data: parsed.data as DataOf<R> };
}

/** `call(api.adminList, { body })` → the parsed data, or throws an {@link ApiError}. */
export async function call<R extends RouteDef>(def: R, options: CallOptions<R> = {}): Promise<DataOf<R>> {
  return (await request(def, options)).data;
}
