import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Status } from '@sapi/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { reasonData } from './core/errors.ts';
import { adapterRoutes } from './features/adapter/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { agentRoutes } from './features/agent/routes.ts';
import { agentOperatorRoutes } from './features/agent-operator/routes.ts';
import { agentSharingRoutes } from './features/agent-sharing/routes.ts';
import { allowListRoutes } from './features/allow-list/routes.ts';
import { apiDocsRoutes } from './features/api-docs/routes.ts';
import { approvalRoutes } from './features/approval/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { ingestLogRoutes, ingestRoutes } from './features/ingest/routes.ts';
import { reconciliationRoutes } from './features/reconciliation/routes.ts';
import { reportRoutes } from './features/report/routes.ts';
import { settlementRoutes } from './features/settlement/routes.ts';
import { transactionRoutes } from './features/transaction/routes.ts';
import { userRoutes } from './features/user/routes.ts';
import { registerCompression } from './http/compression.ts';
import { connectionLimitsOf, limitConnections, serverOptionsOf } from './http/connection-limits.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { loggerOptions, RequestLinesAtDebug } from './http/log-redaction.ts';
import { refuseRoutesWithoutAccessRule } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';

export const API_PREFIX = '/api/v1';
const BODY_LIMIT = 1024 * 1024;
/** The built SPA, at the same depth from src/ (dev) and dist/ (bundle). */
export const defaultWebRoot = fileURLToPath(new URL('../../web/dist/', import.meta.url));

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
  const connectionLimits = connectionLimitsOf(ctx.config);
  const app: FastifyInstance = Fastify({
    ...serverOptionsOf(connectionLimits),
    logger: logger === false ? false : loggerOptions(typeof logger === 'object' ? logger : { level: 'info' }),
    logController: new RequestLinesAtDebug(),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    return503OnClosing: true,
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.decorate('ctx', ctx);
  limitConnections(app.server, connectionLimits, ctx.config.TRUST_PROXY, app.log);

  refuseRoutesWithoutAccessRule(app, API_PREFIX);
  registerSecurityHeaders(app);
  registerErrorHandling(app);
  // Before any route: compression applies to the routes registered after it.
  await registerCompression(app);

  await app.register(
    async (api) => {
      healthRoutes(api);
      apiDocsRoutes(api);
      authRoutes(api);
      adminRoutes(api);
      auditRoutes(api);
      adapterRoutes(api);
      agentRoutes(api);
      agentSharingRoutes(api);
      settlementRoutes(api);
      approvalRoutes(api);
      userRoutes(api);
      agentOperatorRoutes(api);
      transactionRoutes(api);
      reportRoutes(api);
      allowListRoutes(api);
      ingestLogRoutes(api);
      await api.register(reconciliationRoutes);
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
    // Paths are case-sensitive; `/API/V1/…` is still a call to this API, answered as one.
    if (/^\/api(\/|$|\?)/i.test(req.url)) {
      // The path as asked (its first 200 characters): the reason says which call does not exist.
      const path = (req.url.split('?')[0] ?? '').slice(0, 200);
      const error = `Unknown API path: ${req.method} ${path}`;
      return reply.code(404).send({
        status: Status.NOT_FOUND,
        error,
        data: reasonData('unknown_path', error, { method: req.method, path }),
      });
    }
    // A missing built file is missing: the page in its place would run as nothing, or as HTML.
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !req.url.startsWith('/assets/')) {
      // Client-side routes: the SPA decides (and shows its own 404 page).
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ status: Status.NOT_FOUND, error: 'Not found', data: null });
  });

  return app;
};
