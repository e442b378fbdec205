/**
 * Security headers for every answer (SPA, API, docs) and the API's caching rule.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Scripts only from our origin: no inline or eval script sources. Styles allow inline because
 * MUI/emotion injects <style> elements at run time; style injection cannot run code.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Images are ours, inline QR codes (data:) and previews of fetched files (blob:): nothing from elsewhere,
  // so an injected <img> cannot leak data to another host.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // Same-origin API only. When chat lands, its same-origin websocket goes here: CSP3 browsers match
  // wss://<this host> with 'self'; for older ones name that exact origin, never bare ws: or wss:.
  connectSrc: ["'self'"],
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

/**
 * Browser features the portal never uses are turned off for it and anything it frames, so injected
 * script or a framed page cannot ask for them. Clipboard and fullscreen stay at their defaults.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Both header sets share these: HSTS for a year, subdomains included, and the referrer rule. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * What an API answer that is not a page (JSON, a file, an export, an error) carries: it is never a
 * document, so it may load, run and be framed nowhere (OWASP REST security headers). The page policy
 * above is for documents; on JSON it only cost bytes and time on every call. A route that sets its own
 * header (a file served sandboxed) keeps it.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains`,
  'referrer-policy': REFERRER_POLICY,
  'cross-origin-resource-policy': 'same-origin',
  // API answers carry personal and financial data: never cache them anywhere.
  'cache-control': 'no-store',
};

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
const isHtml = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

export async function setupSecurity(app: FastifyInstance): Promise<void> {
  // helmet's own middleware, built once. The Fastify wrapper rebuilt it, parsing every directive
  // again, on each request: the transaction-report endpoint on PostgreSQL went from 0.64-0.77 to
  // 0.55 ms of CPU per answer without it.
  const pageHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: HSTS,
    referrerPolicy: { policy: REFERRER_POLICY },
    // COEP stays off: img-src/connect-src already keep every sub-resource on our origin.
    crossOriginEmbedderPolicy: false,
    // Same rule as CSP frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: 'deny' },
  });
  // helmet 8 throws rather than passing an error on; it only ever calls back without one.
  const noop = () => undefined;

  // Pages (the portal, the payer and public pages, their files) get the page policy up front, so a
  // route's own header replaces it; API answers get theirs once their type is known (onSend).
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) done();
    else pageHeaders(request.raw, reply.raw, () => done());
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    const api = isApi(request.url);
    if (api && !isHtml(reply.getHeader('content-type'))) {
      for (const name in API_ANSWER_HEADERS) if (!reply.hasHeader(name)) reply.header(name, API_ANSWER_HEADERS[name]!);
      return done(null, payload);
    }
    // A page. HTML under /api (the API docs, the demo SSO pages) gets the page policy here, and no caching.
    if (api) {
      pageHeaders(request.raw, reply.raw, noop);
      reply.header('cache-control', 'no-store');
    }
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done(null, payload);
  });
}
