/**
 * Demo-only routes, registered only when DEMO_MODE is on (server/app.ts): the outbox of sent
 * messages (codes included) and a small built-in SSO issuer that hands a signed token back to
 * /portal/auth/sso-check. Outside demo mode these paths do not exist (404). In demo mode they answer
 * only requests made on this machine (403 otherwise): knowing a phone number must never be enough
 * to read its sign-in codes from the network.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import { outboxRepository } from '../../lib/notifier/outbox';
import { channelOf, normaliseAddress } from '../../lib/otp/address';
import { demoSsoSubject, signDemoSsoToken } from '../../lib/sso';
import { ssoNonceSchema } from '@/domain/auth';
import { authRepository } from '../auth/repository';
import { passwordGuard } from '../auth/password-guard';
import { apiQuery, langOnlyQuery } from '../../validation';

export const DemoPaths = {
  outbox: '/demo/outbox',
  ssoAuthorize: '/demo/sso/authorize',
  ssoLogout: '/demo/sso/logout',
} as const;

const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['SMS', 'EMAIL']),
  to: z.string(),
  title: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** Where the issuer returns: the portal's SSO check page, token in the fragment (never sent to a server log). */
const SSO_CHECK_PATH = '/portal/auth/sso-check';

/** Logged (warn) at every start in demo mode: what it exposes and to whom. */
export const DEMO_MODE_WARNING =
  'DEMO MODE IS ON: /api/demo/outbox shows every SMS and e-mail sent (one-time codes included) and ' +
  '/api/demo/sso/* signs anyone with a portal password in through SSO; both answer only requests from ' +
  'this machine (loopback). Set DEMO_MODE=off for real accounts.';

/** Headers a proxy adds: a request carrying one was relayed, so its loopback socket says nothing. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'true-client-ip', 'cf-connecting-ip'];

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * Made on this machine: the socket's own peer address (not request.ip, which TRUST_PROXY takes from
 * X-Forwarded-For, a header any client can write) and no sign of a proxy in between (a reverse proxy
 * on the same host connects from loopback for every client).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket?.remoteAddress) && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What the portal sends (OIDC-style): `state` comes back in the return URL, `nonce` inside the token. */
const handOffShape = { state: ssoNonceSchema, nonce: ssoNonceSchema };
type HandOff = { state: string; nonce: string };

function issuerPage(lang: Lang, error: string | null, handOff: HandOff, username = ''): string {
  const tr = (key: string) => escapeHtml(translate(lang, `demo.sso.${key}`));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${tr('title')}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:360px;margin:48px auto;padding:0 16px}label,input,button{display:block;width:100%;box-sizing:border-box}input{margin:4px 0 12px;padding:8px}button{padding:10px;background:#a50064;color:#fff;border:0;border-radius:4px}p[role=alert]{color:#b00020}</style>
</head><body><main><h1>${tr('title')}</h1><p>${tr('hint')}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api${DemoPaths.ssoAuthorize}?lang=${lang}">
<input type="hidden" name="state" value="${escapeHtml(handOff.state)}"><input type="hidden" name="nonce" value="${escapeHtml(handOff.nonce)}">
<label for="username">${tr('username')}</label><input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">${tr('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${tr('submit')}</button></form></main></body></html>`;
}

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = outboxRepository(app.database.db);
  const users = authRepository(app.database.db);
  const guard = passwordGuard(app);
  const { config } = app;
  app.log.warn(DEMO_MODE_WARNING);

  app.addHook('onRequest', async (request) => {
    if (!isLocalRequest(request)) {
      request.log.warn({ remoteAddress: request.raw.socket?.remoteAddress }, 'demo route refused: not a local request');
      throw new ApiError(403, ApiStatus.FORBIDDEN, 'demo.localOnly');
    }
  });

  // The demo issuer's sign-in form posts form-encoded fields; parsed here only (this plugin's scope).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    DemoPaths.outbox,
    {
      config: { public: true },
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only: the newest messages sent to an address, codes included',
        querystring: apiQuery({ to: z.string().trim().min(3).max(254) }),
        response: { 200: envelopeSchema(z.array(outboxEntrySchema)) },
      },
    },
    async (request) => {
      const to = request.query.to;
      const rows = await outbox.list(normaliseAddress(channelOf(to), to));
      return ok(
        request,
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      );
    },
  );

  app.get(
    DemoPaths.ssoAuthorize,
    { config: { public: true }, schema: { tags: ['demo'], summary: 'Demo SSO issuer: sign-in form (state and nonce from the portal)', querystring: apiQuery(handOffShape) } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(issuerPage(request.lang, null, request.query)),
  );

  app.post(
    DemoPaths.ssoAuthorize,
    {
      config: { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['demo'],
        summary: 'Demo SSO issuer: checks the password (same throttle and lock as /login) and returns to the portal with a signed token',
        querystring: langOnlyQuery,
        body: z.object({ username: z.string().max(64), password: z.string().max(128), ...handOffShape }),
      },
    },
    async (request, reply) => {
      const { username, password, state, nonce } = request.body;
      const checked = await guard.check(request, { username, user: await users.findUserByUsername(username), password });
      if (!checked.ok) {
        const { error } = checked;
        return reply
          .code(error.httpStatus === 400 ? 401 : error.httpStatus)
          .headers(error.headers)
          .type('text/html; charset=utf-8')
          .send(issuerPage(request.lang, translate(request.lang, error.messageKey, error.params), { state, nonce }, username));
      }
      const { user } = checked;
      // The subject is this issuer's id of the account; the portal opens only the account it was linked to.
      const token = await signDemoSsoToken(config.auth.sso, config.tokenPepper, {
        subject: demoSsoSubject(user.id),
        username: user.username,
        phoneNumber: user.phone,
        nonce,
      });
      return reply.redirect(`${SSO_CHECK_PATH}#token=${encodeURIComponent(token)}&state=${encodeURIComponent(state)}`, 303);
    },
  );

  app.get(
    DemoPaths.ssoLogout,
    { config: { public: true }, schema: { tags: ['demo'], summary: 'Demo SSO issuer: sign-out page', querystring: langOnlyQuery } },
    async (request, reply) => {
      const tr = (key: string) => escapeHtml(translate(request.lang, `demo.sso.${key}`));
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${request.lang}"><head><meta charset="utf-8"><title>${tr('loggedOutTitle')}</title></head>` +
            `<body><main><h1>${tr('loggedOutTitle')}</h1><p>${tr('loggedOut')}</p><a href="/portal/auth/login">${tr('backToLogin')}</a></main></body></html>`,
        );
    },
  );
};
