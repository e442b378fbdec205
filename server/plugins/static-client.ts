/**
 * The built SPA under /portal/ (history fallback to index.html) and the one not-found handler.
 * Without a built client (API tests, `npm run dev`) only the API is served.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiStatus } from '@/domain/api';
import { translate } from '../i18n';

const BASE = '/portal/';

/** Paths that are files or nothing: a missing asset or locale must 404, not return the SPA shell. */
const NO_FALLBACK = [`${BASE}assets/`, `${BASE}locales/`];

function wantsSpaShell(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0];
  return path.startsWith(BASE) && !NO_FALLBACK.some((prefix) => path.startsWith(prefix));
}

export async function setupClientAndNotFound(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: BASE,
      redirect: false,
      cacheControl: false,
      // Hashed file names under assets/ never change; everything else must be revalidated so a
      // deploy is picked up on the next load.
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes(`${join(clientDir, 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE));
    // The public payer page of a payment link: its own small page (pay.html), never the admin's shell.
    app.get(`${BASE}pay/:code`, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('pay.html'),
    );
    // The public business page: its own small page (page.html) too.
    app.get(`${BASE}p/:slug`, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('page.html'),
    );
    app.get('/portal', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE));
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasClient && wantsSpaShell(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ status: ApiStatus.NOT_FOUND, message: translate(request.lang, 'messages.notFound') });
  });
}
