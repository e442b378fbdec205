/**
 * Health for load balancers and the portal's /health page: 200 while the database answers, else 503.
 * `demo` tells the portal to show its demo badge, so nobody mistakes a demo server for production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths, ApiStatus } from '@/domain/api';
import { envelopeSchema, ok } from '../../envelope';
import { translate } from '../../i18n';
import { langOnlyQuery } from '../../validation';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPaths.health,
    {
      config: { public: true, rateLimitExempt: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        querystring: langOnlyQuery,
        response: {
          200: envelopeSchema(z.object({ db: z.literal('ok'), demo: z.boolean() })),
          // `data` is absent when the 503 is the shutdown answer rather than a database failure.
          503: z.object({ status: z.number().int(), message: z.string(), data: z.object({ db: z.literal('down') }).optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return ok(request, { db: 'ok' as const, demo: app.config.demoMode });
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({
          status: ApiStatus.UNAVAILABLE,
          message: translate(request.lang, 'messages.databaseUnavailable'),
          data: { db: 'down' as const },
        });
      }
    },
  );
};
