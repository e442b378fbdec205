/**
 * Request rate limits per client IP, answered with the envelope (HTTP 429, status 29). Counters live
 * in process memory: with several API processes each enforces its own share, which is enough to stop
 * floods; sign-in guessing is limited durably in the database (routes/auth).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

export async function setupRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    timeWindow: 60_000,
    max: app.config.rateLimit.apiPerMinute,
    // Health checks come from load balancers many times a minute.
    allowList: (request) => request.routeOptions.config.rateLimitExempt === true,
    errorResponseBuilder: (_request, context) => ApiError.tooManyRequests(context.ttl / 1000),
  });
  // An instance hook, so it runs before the session check and unauthenticated floods are limited
  // too. Built with createRateLimit because the plugin's own hook would mark the request as limited
  // and silently skip the stricter per-route limits (login).
  const apiLimit = app.createRateLimit();
  app.addHook('onRequest', async (request) => {
    const result = await apiLimit(request);
    if (!result.isAllowed && result.isExceeded) throw ApiError.tooManyRequests(result.ttlInSeconds);
  });
}
