import { allows, type RouteDef, Status } from '@sapi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, AppContext } from '../context.ts';
import { assertAllowedIp } from '../core/allow-list.ts';
import { type AuditEntry, recordAudit } from '../core/audit.ts';
import { AppError, validationError } from '../core/errors.ts';
import { assertRecentlyVerified, resolveSession } from '../core/sessions.ts';
import type { Executor } from '../db/client.ts';
import { envelope } from './envelope.ts';

const bearerToken = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
};

export interface RouteContext<R extends RouteDef> {
  body: z.output<R['body']>;
  params: z.output<R['params']>;
  actor: R['access'] extends 'public' ? Actor | null : Actor;
  ip: string;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Append the audit record of this staff write, inside the caller's transaction. */
  audit(tx: Executor, entry: AuditEntry): Promise<void>;
}

/** Handlers return their data, or this marker once they have sent the reply themselves (CSV streams). */
export const REPLIED = Symbol('replied');
export type Handler<R extends RouteDef> = (
  rc: RouteContext<R>,
) => Promise<z.input<R['data']> | typeof REPLIED>;

/**
 * Register a contract route: validate → authenticate → authorize (deny by default) → handler
 * → strip the answer to the declared response schema → envelope.
 */
export interface RouteOptions {
  /** For `agent-signed` routes: check the caller's own credentials before the body is even looked at. */
  authenticate?: (req: FastifyRequest) => Promise<void>;
  /**
   * `replica`: a report or transaction-list read, served by the read replica when one is configured
   * and it holds what this session wrote (db/replica.ts); else by the primary. Every CSV export is
   * such a read without saying so.
   */
  reads?: 'replica';
}

export const defineRoute = <R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  options: RouteOptions = {},
) => {
  if (def.access === 'agent-signed' && !options.authenticate) {
    throw new Error(`Route ${def.path} is agent-signed but has no authenticate step`);
  }
  app.route({
    method: def.method,
    url: `/api/v1${def.path}`,
    config: { access: def.access, legacyStatus: def.legacyStatus === true },
    handler: async (req, reply) => {
      let actor: Actor | null = null;
      if (def.access === 'agent-signed') {
        await options.authenticate?.(req);
      } else if (def.access !== 'public') {
        const token = bearerToken(req);
        actor = token ? await resolveSession(app.ctx, token) : null;
        if (!actor) throw new AppError(Status.UNAUTHENTICATED, 'Not signed in, or the session has expired');
        // Checked on every request, not only at sign-in: a token carried to another network stops working.
        await assertAllowedIp(app.ctx.db, 'admin', actor, req.ip, app.ctx.now());
        if (!def.duringSetup && actor.mustChangePassword) {
          throw new AppError(Status.PASSWORD_CHANGE_REQUIRED, 'Set a new password before anything else');
        }
        if (!def.duringSetup && actor.mustEnrolTotp) {
          throw new AppError(
            Status.SECOND_FACTOR_ENROLMENT_REQUIRED,
            'Set up two-factor sign-in before anything else',
          );
        }
        if (!allows(def, actor.type)) throw new AppError(Status.FORBIDDEN, 'Your role may not do this');
      }
      const params = def.params.safeParse(req.params ?? {});
      if (!params.success) throw validationError(params.error, 'params');
      // A GET route's input is its query string.
      const body = def.body.safeParse((def.method === 'GET' ? req.query : req.body) ?? {});
      if (!body.success) throw validationError(body.error);
      // After validation, so a malformed request is answered 2001 without a password prompt first.
      if (def.reauth && actor) assertRecentlyVerified(actor, app.ctx.now());
      const reads = app.ctx.reads;
      const ctx =
        (options.reads === 'replica' || def.format === 'csv') && reads
          ? { ...app.ctx, db: await reads.dbFor(actor?.sessionId ?? null) }
          : app.ctx;
      // Every staff write appends one audit record (DESIGN §7): that is how a write is recognised.
      let wrote = false;
      const rc: RouteContext<R> = {
        body: body.data as z.output<R['body']>,
        params: params.data as z.output<R['params']>,
        actor: actor as RouteContext<R>['actor'],
        ip: req.ip,
        ctx,
        req,
        reply,
        audit: (tx, entry) => {
          wrote = true;
          return recordAudit(
            tx,
            { actorId: actor?.id ?? null, actor: actor?.username ?? 'anonymous', ip: req.ip },
            entry,
            app.ctx.now(),
          );
        },
      };
      const result = await handler(rc);
      // Committed: this session's next replica reads wait for the replica to hold it.
      if (wrote && actor && reads) {
        await reads.wrote(actor.sessionId).catch((err: unknown) => {
          req.log.warn({ err }, 'could not record the write position for read-your-writes');
        });
      }
      if (result === REPLIED) return reply;
      // Only what the contract lists leaves the server (hashes and secrets never do).
      const data = def.data.parse(result);
      return reply.code(200).send(envelope(def.legacyStatus, Status.OK, null, data));
    },
  });
};

/** Deny by default: an API route that did not come through defineRoute (and so declares no roles) is a bug. */
export const refuseRoutesWithoutAccessRule = (app: FastifyInstance, prefix: string) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${prefix}/`) && !(route.config as { access?: unknown } | undefined)?.access) {
      throw new Error(`API route ${route.method} ${route.url} declares no access rule`);
    }
  });
};
