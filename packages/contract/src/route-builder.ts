import { z } from 'zod';
import {
  emptyBodySchema,
  idParamsSchema,
  MAX_EXPORT_LIMIT,
  MAX_LIMIT,
  refuseUnstorableText,
} from './common.ts';
import { type AdminType, type PortalRole, roles } from './roles.ts';

/*
 * The one route builder of the contract: every route file (routes.ts, account-security-routes.ts)
 * builds its routes here, and routes.ts gathers them into `api`. A file of its own so that a route
 * file need not import routes.ts, which imports it back.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API route: where it lives, who may call it and the shapes it takes and gives.
 * The server registers handlers against these; the client calls through them; the
 * permission test walks all of them.
 */
export interface RouteDef<
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Path below /api/v1, Fastify style (`:id`). */
  path: string;
  /**
   * `public` needs no session; `agent-signed` is called by a game integration with the agent's
   * HMAC signature instead of a session; otherwise the admin types allowed (deny by default).
   */
  access: 'public' | 'agent-signed' | readonly AdminType[];
  body: B;
  params: P;
  data: D;
  /**
   * `csv`: the answer is a streamed text/csv file, not the envelope; its header row is in the language
   * the request's `Accept-Language` asks for (`languageOf`). `document`: the answer is a JSON document
   * read by tools as it is (the OpenAPI document), not the envelope; refusals still are envelopes.
   */
  format?: 'csv' | 'document';
  /**
   * `csv`: the request's body is a CSV file (`text/csv`) the handler reads as a stream, and `body`
   * validates the query string instead (docs/design.md §16, reconciliation by upload).
   */
  upload?: 'csv';
  /** Registration answers also carry `statusCode`/`statusMessage` (docs/spec.md §4/§7). */
  legacyStatus?: true;
  /** A sensitive change: the session must have passed `verify` within 5 minutes, else 3005 (docs/design.md §7). */
  reauth?: true;
  /**
   * Callable while the account must first change its password (3007) or enrol a second factor (3009);
   * every other route answers those statuses until it has (docs/design.md §13).
   */
  duringSetup?: true;
  /**
   * The agent-side roles that may call it (docs/design.md §16). Absent: none — deny by default, an agent
   * or operator session gets 403 here. Only a route whose handler reads its data through the caller's
   * scope may list any (`forPortal`).
   */
  portal?: readonly PortalRole[];
}

const noParams = z.object({});

/**
 * Every input schema of every route goes through here (route() and csvExport()): whatever a route's
 * own schema says, no string PostgreSQL cannot store gets past the contract.
 */
const guarded = <S extends z.ZodType>(schema: S): S => schema.superRefine(refuseUnstorableText);

export const route = <B extends z.ZodType, P extends z.ZodType, D extends z.ZodType>(
  method: Method,
  path: string,
  access: RouteDef['access'],
  shapes: {
    body?: B;
    params?: P;
    data: D;
    legacyStatus?: true;
    reauth?: true;
    duringSetup?: true;
    upload?: 'csv';
  },
): RouteDef<B, P, D> => ({
  method,
  path,
  access,
  body: guarded((shapes.body ?? emptyBodySchema) as B),
  params: guarded((shapes.params ?? noParams) as P),
  data: shapes.data,
  ...(shapes.legacyStatus ? { legacyStatus: true as const } : {}),
  ...(shapes.reauth ? { reauth: true as const } : {}),
  ...(shapes.duringSetup ? { duringSetup: true as const } : {}),
  ...(shapes.upload ? { upload: shapes.upload } : {}),
});

/**
 * An export's body is its list's, but the file holds every matching row whatever the page size, so
 * `limit` only has to be a size docs/design.md §4 allows an export (up to 500); the list's own cap (100) is
 * not applied to it.
 */
const exportLimit = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || !('limit' in body)) return body;
  const limit = Number((body as { limit: unknown }).limit);
  const withinExport = Number.isInteger(limit) && limit > MAX_LIMIT && limit <= MAX_EXPORT_LIMIT;
  return withinExport ? { ...body, limit: MAX_LIMIT } : body;
};

/** CSV export of a list: same filters (limit up to 500; the file holds every matching row). */
export const csvExport = <B extends z.ZodType, P extends z.ZodType = typeof noParams>(
  path: string,
  body: B,
  params?: P,
): RouteDef<B, P, z.ZodString> => ({
  method: 'POST',
  path,
  access: roles.everyone,
  body: z.preprocess(exportLimit, guarded(body)) as unknown as B,
  params: guarded((params ?? noParams) as P),
  data: z.string(),
  format: 'csv',
});

/** A route addressed by one record id. */
export const idRoute = <D extends z.ZodType>(
  method: Method,
  path: string,
  access: RouteDef['access'],
  data: D,
) => route(method, path, access, { params: idParamsSchema, data });

/**
 * Open a route to agent-side roles (docs/design.md §16). The handler then gets the caller as a
 * `Principal` (staff or agent side) and must read through its scope; every other route types its caller
 * as staff only, and the route layer refuses the agent side there.
 */
export const forPortal = <R extends RouteDef>(
  def: R,
  roles: readonly PortalRole[],
): R & { portal: readonly PortalRole[] } => ({ ...def, portal: roles });
