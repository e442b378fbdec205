/**
 * Security headers for every answer (SPA, API, docs) and the API's caching rule.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Scripts only from our origin: no inline or eval script sources. Styles allow inline because
 * MUI/emotion injects <style> elements at run time; style injection cannot run code.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers same-origin fetches; ws(s) are listed because older browsers do not map 'self' to them.
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  // Contract PDFs are fetched with the bearer token and shown in a frame from a blob: URL.
  frameSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests: the server is also reached over plain http (localhost, behind a
  // TLS-terminating proxy), where upgrading would break every sub-resource.
  upgradeInsecureRequests: null,
};

export async function setupSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The SPA embeds nothing cross-origin; keep the default COEP off so store-app badges and avatars load.
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // API answers carry personal and financial data: never cache them anywhere.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
    return payload;
  });
}
