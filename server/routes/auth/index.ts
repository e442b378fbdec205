/**
 * Sign-in and sign-out. Unknown user and wrong password get the same answer in about the same time;
 * repeated failures lock the username (HTTP 429 status 11) and, from one IP, the IP (status 29).
 */
import { hash, verify } from '@node-rs/argon2';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiPaths } from '@/domain/api';
import { loginSchema } from '@/domain/validation';
import { hashToken, newToken, sessionsRepository } from '../../db/repositories/sessions';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { authRepository } from './repository';
import { accountRoutes } from './account';
import { flowRoutes } from './flows';
import { challengeAnswerSchema, signInService } from './signin';

const loginResponseSchema = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/** Counters are keyed by what was typed; nothing longer than any real username needs keeping. */
const usernameKeyOf = (username: string) => username.toLowerCase().slice(0, 64);

const secondsUntil = (date: Date, now: Date) => Math.ceil((date.getTime() - now.getTime()) / 1000);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = authRepository(app.database.db);
  const sessions = sessionsRepository(app.database.db);
  const { config } = app;
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  // Verified against for unknown usernames, so they cost what a wrong password costs. Computed in
  // the background so it does not delay the start.
  const dummyHash = hash(randomBytes(16).toString('base64url'));
  const signIns = signInService(app);

  app.post(
    ApiPaths.login,
    {
      config: { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        querystring: langOnlyQuery,
        body: loginSchema.strict(),
        description:
          'With two-factor security on, the answer is envelope status 21 with a challenge instead of a token: ' +
          'a code goes to the account phone and POST /authentication/login/otp/confirm finishes the sign-in.',
        response: { 200: z.union([envelopeSchema(loginResponseSchema), challengeAnswerSchema]) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const usernameKey = usernameKeyOf(username);
      const now = new Date();

      const locks = await repo.lockState(usernameKey, request.ip, now);
      if (locks.userLockedUntil) throw ApiError.accountLocked(secondsUntil(locks.userLockedUntil, now));
      if (locks.ipLockedUntil) throw ApiError.tooManyRequests(secondsUntil(locks.ipLockedUntil, now));

      const user = await repo.findUserByUsername(username);
      const valid = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
      if (!user || !valid) {
        const started = await repo.recordFailure(usernameKey, request.ip, user?.id ?? null, config.loginThrottle, now);
        request.log.info({ usernameKey, locked: Boolean(started.userLockedUntil) }, 'sign-in failed');
        if (started.userLockedUntil) throw ApiError.accountLocked(secondsUntil(started.userLockedUntil, now));
        if (started.ipLockedUntil) throw ApiError.tooManyRequests(secondsUntil(started.ipLockedUntil, now));
        throw ApiError.invalidCredentials();
      }

      await repo.recordSuccess(usernameKey, user.id, now);
      // The password was right; with two-factor on nothing is opened until the code is confirmed.
      if (user.twoFactorEnabled) return signIns.challenge(request, user, false);
      const token = newToken();
      const userAgent = request.headers['user-agent'] ?? null;
      await sessions.create(user.id, hashToken(config.tokenPepper, token), policy, { ip: request.ip, userAgent }, now);
      request.log.info({ userId: user.id }, 'signed in');
      return ok(request, {
        token,
        username: user.username,
        name: user.name,
        email: user.email,
        phoneNumber: user.phone,
      });
    },
  );

  await app.register(flowRoutes);
  await app.register(accountRoutes);

  app.post(
    ApiPaths.logout,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the bearer token',
        querystring: langOnlyQuery,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      await sessions.revoke(callerOf(request).sessionId);
      return okEmpty(request);
    },
  );
};
