import { allows, type PortalRole, type RouteDef, Status } from '@sapi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, AppContext, PortalActor, Principal } from '../context.ts';
import { assertAllowedIp } from '../core/allow-list.ts';
import { type AuditEntry, recordAudit } from '../core/audit.ts';
import { AppError, validationError } from '../core/errors.ts';
import { heldPortalSession, isPortalToken, resolvePortalSession } from '../core/portal-sessions.ts';
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

/**
 * Who a handler is called by: staff only, unless the route is open to the agent side (`forPortal`), where
 * it is either kind and the handler must read through the caller's scope (docs/design.md §16).
 */
export type ActorOf<R extends RouteDef> = R['access'] extends 'public'
  ? null
  : R extends { portal: readonly PortalRole[] }
    ? Principal
    : Actor;

export interface RouteContext<R extends RouteDef> {
  body: z.output<R['body']>;
  params: z.output<R['params']>;
  actor: ActorOf<R>;
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
  /**
   * The agent side's refusals, deny by default (docs/design.md §16): a route that does not list the
   * account's role in `portal` answers 403 whatever else it is; then the forced password change.
   */
  const admitPortal = (actor: PortalActor) => {
    if (!allows(def, actor.role)) throw new AppError(Status.FORBIDDEN, 'Your role may not do this');
    if (!def.duringSetup && actor.mustChangePassword) {
      throw new AppError(Status.PASSWORD_CHANGE_REQUIRED, 'Set a new password before anything else');
    }
    if (!def.duringSetup && actor.mustEnrolTotp) {
      throw new AppError(
        Status.SECOND_FACTOR_ENROLMENT_REQUIRED,
        'Set up two-factor sign-in before anything else',
      );
    }
  };
  /** Would `admitPortal` let this account through? */
  const portalAdmits = (actor: PortalActor) =>
    allows(def, actor.role) && (def.duringSetup || (!actor.mustChangePassword && !actor.mustEnrolTotp));
  /** Would `admit` let this actor through? Decided without a database, so a refusal is never guessed at. */
  const admits = (actor: Actor, ip: string) =>
    isAllowedIp(actor.allowedIps, ip) &&
    (def.duringSetup || (!actor.mustChangePassword && !actor.mustEnrolTotp)) &&
    allows(def, actor.type);

  /** Validate the input, run the handler as `actor`, and answer its data (or REPLIED). */
  const run = async (req: FastifyRequest, reply: FastifyReply, actor: Principal | null) => {
    const params = def.params.safeParse(req.params ?? {});
    if (!params.success) throw validationError(params.error, 'params');
    // A GET route's input is its query string; so is an upload's, whose body is the file.
    const body = def.body.safeParse((def.method === 'GET' || def.upload ? req.query : req.body) ?? {});
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
        // An agent-side write names its kind, agent and operator (docs/design.md §16); actor_id is a
        // staff id only.
        const staffId = actor?.kind === 'staff' ? actor.id : null;
        return recordAudit(
          tx,
          { actorId: staffId, actor: actor?.username ?? 'anonymous', ip: clientAddress(req) },
          actor && actor.kind !== 'staff' ? withPortalActor(entry, actor) : entry,
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
  /**
   * The route run as a remembered `actor` beside `held`, the check that it still stands: its outcome
   * when it does, undefined (the run thrown away) when not. Never returns or throws before the run ends.
   */
  const speculate = async (
    req: FastifyRequest,
    reply: FastifyReply,
    actor: Principal,
    held: Promise<boolean>,
  ) => {
    const outcome: Promise<{ value: z.input<R['data']> | typeof REPLIED } | { error: unknown }> = run(
      req,
      reply,
      actor,
    ).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const stands = await held.catch(async (err: unknown) => {
      await outcome;
      throw err;
    });
    const done = await outcome;
    if (!stands) return undefined;
    if ('error' in done) throw done.error;
    return done;
  };

  app.route({
    method: def.method,
    url: `/api/v1${def.path}`,
    config: { access: def.access, legacyStatus: def.legacyStatus === true },
    handler: async (req, reply) => {
      let actor: Principal | null = null;
      if (def.access === 'agent-signed') {
        await options.authenticate?.(req);
      } else if (def.access !== 'public') {
        const token = bearerToken(req);
        const remembered = speculates && token ? heldSession(app.ctx, token) : undefined;
        if (remembered && admits(remembered.actor, clientAddress(req))) {
          const done = await speculate(req, reply, remembered.actor, remembered.held);
          if (done) return respond(reply, done.value);
        }
        // A token this process has seen as an agent-side session's is no staff session's.
        const portalToken = token !== undefined && isPortalToken(app.ctx, token);
        const staff = token && !portalToken ? await resolveSession(app.ctx, token) : null;
        if (staff) {
          await admit(staff, clientAddress(req));
          actor = staff;
        } else {
          // The agent side's session held in memory, as staff's above (core/portal-sessions.ts).
          const held = speculates && token && portalToken ? heldPortalSession(app.ctx, token) : undefined;
          if (held && portalAdmits(held.actor)) {
            const done = await speculate(req, reply, held.actor, held.held);
            if (done) return respond(reply, done.value);
          }
          const agentSide = token ? await resolvePortalSession(app.ctx, token) : null;
          if (!agentSide) {
            throw new AppError(Status.UNAUTHENTICATED, 'Not signed in, or the session has expired');
          }
          admitPortal(agentSide);
          actor = agentSide;
        }
      }
      return respond(reply, await run(req, reply, actor));
    },
  });
};

/** The audit entry of an agent-side write, naming the account's kind, agent and operator. */
const withPortalActor = (entry: AuditEntry, actor: PortalActor): AuditEntry => {
  const by = {
    kind: actor.kind,
    agentId: actor.agentId.toString(),
    operatorId: actor.operatorId === null ? null : actor.operatorId.toString(),
  };
  const after = entry.after;
  const isRecord = typeof after === 'object' && after !== null && !Array.isArray(after);
  return {
    ...entry,
    after:
      after === undefined
        ? { by }
        : isRecord
          ? { ...(after as Record<string, unknown>), by }
          : { value: after, by },
  };
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
