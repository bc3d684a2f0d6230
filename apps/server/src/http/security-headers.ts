import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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

/** The docs/design.md §7 headers, for the few answers the router gives before any hook (and so before helmet) runs. */
export const routerErrorHeaders = {
  'content-security-policy': Object.entries(cspDirectives)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
};

/** The docs/design.md §7 headers on every answer. */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  // Built once here: building it parses the policy, too costly to repeat on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  // Money and personal data must not linger in a shared browser's or proxy's cache. The reference
  // UI's script (/api/docs/assets/, named by its version; features/api-docs) is code, not data.
  app.addHook('onSend', async (req, reply) => {
    if (
      req.url.startsWith('/api/') &&
      !(req.url.startsWith('/api/docs/assets/') && reply.statusCode === 200)
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
};
