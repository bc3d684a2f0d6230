import { allows, type RouteDef, Status } from '@sapi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, AppContext } from '../context.ts';
import { assertAllowedIp } from '../core/allow-list.ts';
import { type AuditEntry, recordAudit } from '../core/audit.ts';
import { AppError, validationError } from '../core/errors.ts';
import { assertRecentlyVerified, heldSession, resolveSession } from '../core/session-store.ts';
import type { Executor } from '../db/client.ts';
import { isAllowedIp } from '../lib/ip-allow.ts';
import { clientAddress } from './client-address.ts';
import { envelopeText } from './envelope.ts';
import { compileSerializer, type Serialize } from './serializer.ts';

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
   * such a read without saying so. Such a read (it cannot write) starts beside the check that the
   * session held in memory still stands, and is answered only once it does (core/session-store.ts).
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
  /** The refusals a signed-in actor meets before the handler runs, in the order they are answered. */
  const admit = async (actor: Actor, ip: string) => {
    // Checked on every request, not only at sign-in: a token carried to another network stops working.
    await assertAllowedIp(app.ctx.db, 'admin', actor, ip, app.ctx.now());
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
  };
  /** Would `admit` let this actor through? Decided without a database, so a refusal is never guessed at. */
  const admits = (actor: Actor, ip: string) =>
    isAllowedIp(actor.allowedIps, ip) &&
    (def.duringSetup || (!actor.mustChangePassword && !actor.mustEnrolTotp)) &&
    allows(def, actor.type);

  /** Validate the input, run the handler as `actor`, and answer its data (or REPLIED). */
  const run = async (req: FastifyRequest, reply: FastifyReply, actor: Actor | null) => {
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
    // Every staff write appends one audit record (docs/design.md §7): that is how a write is recognised.
    let wrote = false;
    const rc: RouteContext<R> = {
      body: body.data as z.output<R['body']>,
      params: params.data as z.output<R['params']>,
      actor: actor as RouteContext<R>['actor'],
      ip: clientAddress(req),
      ctx,
      req,
      reply,
      audit: (tx, entry) => {
        wrote = true;
        return recordAudit(
          tx,
          { actorId: actor?.id ?? null, actor: actor?.username ?? 'anonymous', ip: clientAddress(req) },
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
    return result;
  };

  let serialize: Serialize | undefined;
  const respond = (reply: FastifyReply, result: z.input<R['data']> | typeof REPLIED) => {
    if (result === REPLIED) return reply;
    // Only what the contract lists leaves the server (hashes and secrets never do).
    serialize ??= compileSerializer(def.data);
    const data = serialize(result);
    if (app.ctx.config.CHECK_ANSWERS === 'on') {
      const parsed = JSON.stringify(def.data.parse(result));
      // Where the two texts part, not the texts: an answer may hold a secret shown once (the log keeps it).
      if (parsed !== data)
        throw new Error(
          `${def.path}: the serializer and zod differ from character ${firstDifference(parsed, data)}`,
        );
    }
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(envelopeText(def.legacyStatus, Status.OK, null, data));
  };

  /**
   * A replica read (which cannot write, and answers through `respond` only) starts at once as the
   * session this process remembers, beside the read of the counter that says whether that session
   * still stands; its answer is sent only if it does, else thrown away and the request served anew.
   */
  const speculates = options.reads === 'replica' && def.format !== 'csv' && !def.reauth;

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
        const remembered = speculates && token ? heldSession(app.ctx, token) : undefined;
        if (remembered && admits(remembered.actor, clientAddress(req))) {
          const outcome: Promise<{ value: z.input<R['data']> | typeof REPLIED } | { error: unknown }> = run(
            req,
            reply,
            remembered.actor,
          ).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if (await remembered.held) {
            const done = await outcome;
            if ('error' in done) throw done.error;
            return respond(reply, done.value);
          }
          await outcome;
        }
        actor = token ? await resolveSession(app.ctx, token) : null;
        if (!actor) throw new AppError(Status.UNAUTHENTICATED, 'Not signed in, or the session has expired');
        await admit(actor, clientAddress(req));
      }
      return respond(reply, await run(req, reply, actor));
    },
  });
};

const firstDifference = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};

/** Deny by default: an API route that did not come through defineRoute (and so declares no roles) is a bug. */
export const refuseRoutesWithoutAccessRule = (app: FastifyInstance, prefix: string) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${prefix}/`) && !(route.config as { access?: unknown } | undefined)?.access) {
      throw new Error(`API route ${route.method} ${route.url} declares no access rule`);
    }
  });
};
