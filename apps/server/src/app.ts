import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Status } from '@sapi/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { adapterRoutes } from './features/adapter/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { agentRoutes } from './features/agent/routes.ts';
import { agentOperatorRoutes } from './features/agent-operator/routes.ts';
import { agentSharingRoutes } from './features/agent-sharing/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { ingestRoutes } from './features/ingest/routes.ts';
import { reportRoutes } from './features/report/routes.ts';
import { transactionRoutes } from './features/transaction/routes.ts';
import { userRoutes } from './features/user/routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loggerOptions } from './plugins/log-redaction.ts';

export const API_PREFIX = '/api/v1';
const BODY_LIMIT = 1024 * 1024;
/** The built SPA, at the same depth from src/ (dev) and dist/ (bundle). */
export const defaultWebRoot = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const cspDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  // Mantine sets CSS variables through style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
};

/** The DESIGN §7 headers, for the few answers the router gives before any hook (and so before helmet) runs. */
const routerErrorHeaders = {
  'content-security-policy': Object.entries(cspDirectives)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
};

/**
 * TRUST_PROXY for Fastify: a hop count trusts that many proxies next to us, counted from the socket
 * (Fastify's own rule for a number, which its types do not list); a list trusts those addresses.
 */
const trustProxyOption = (value: Config['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

export interface BuildOptions {
  ctx: AppContext;
  /** Pino level (and a stream, for tests that read the log), or false for silence (tests). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  webRoot?: string;
}

export const buildApp = async ({ ctx, logger = false, webRoot = defaultWebRoot }: BuildOptions) => {
  const app: FastifyInstance = Fastify({
    logger: logger === false ? false : loggerOptions(typeof logger === 'object' ? logger : { level: 'info' }),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    return503OnClosing: true,
    requestIdHeader: false,
    // Malformed percent-encoding and over-long path parameters are caught by the router, before any
    // hook: answer them in the envelope too, with the security headers (DESIGN §4, §7).
    frameworkErrors: (err, _req, res) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = res as FastifyReply;
      return reply
        .headers(routerErrorHeaders)
        .code(tooLong ? 414 : 400)
        .send({
          status: Status.VALIDATION,
          error: tooLong ? 'A path parameter is too long' : 'Malformed URL',
          data: null,
        });
    },
  });
  app.decorate('ctx', ctx);

  // Deny by default: an API route that did not come through defineRoute (and so declares no roles) is a bug.
  app.addHook('onRoute', (route) => {
    if (
      route.url.startsWith(`${API_PREFIX}/`) &&
      !(route.config as { access?: unknown } | undefined)?.access
    ) {
      throw new Error(`API route ${route.method} ${route.url} declares no access rule`);
    }
  });

  // The helmet middleware is built once: @fastify/helmet built it, parsing the policy again, on every
  // request (8 % of the server's JavaScript under the 50-connection list load).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  registerErrorHandling(app);

  await app.register(
    async (api) => {
      healthRoutes(api);
      authRoutes(api);
      adminRoutes(api);
      auditRoutes(api);
      adapterRoutes(api);
      agentRoutes(api);
      agentSharingRoutes(api);
      userRoutes(api);
      agentOperatorRoutes(api);
      transactionRoutes(api);
      reportRoutes(api);
      await api.register(ingestRoutes);
    },
    { prefix: '' },
  );

  const hasWeb = existsSync(`${webRoot}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      serveDotFiles: false,
      cacheControl: false,
      // Vite names assets by content hash, so they never change under the same name; the rest is revalidated.
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.code(404).send({
        status: Status.NOT_FOUND,
        error: `Unknown API path: ${req.method} ${req.url.split('?')[0]}`,
        data: null,
      });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb) {
      // Client-side routes: the SPA decides (and shows its own 404 page).
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ status: Status.NOT_FOUND, error: 'Not found', data: null });
  });

  return app;
};
