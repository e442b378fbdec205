/**
 * Sign-in and sign-out. Unknown user and wrong password get the same answer in about the same time;
 * repeated failures lock the username (HTTP 429 status 11) and, from one IP, the IP (status 29): the
 * one password check of ./password-guard.ts, shared by every place that checks a password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths } from '@/domain/api';
import { loginSchema } from '@/domain/validation';
import { sessionsRepository } from '../../db/repositories/sessions';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { callerOf } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { passwordGuard } from './password-guard';
import { accountRoutes } from './account';
import { contactRoutes } from './contacts';
import { flowRoutes } from './flows';
import { ssoRoutes } from './sso';
import { challengeAnswerSchema, signInService } from './signin';
import { accessChanged } from '../../lib/auth-cache/broadcast';

const loginResponseSchema = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  userType: z.enum(['M4B_USER', 'SYSTEM', 'INTERNAL_USER']).optional(),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = sessionsRepository(app.database.db);
  const { config } = app;
  const guard = passwordGuard(app);
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
      const user = await guard.signInUser(request, request.body.username, request.body.password);
      // The password was right; with two-factor on nothing is opened until the code is confirmed.
      if (user.twoFactorEnabled) return signIns.challenge(request, user, false);
      return ok(request, await signIns.startSession(request, user, false));
    },
  );

  await app.register(flowRoutes);
  await app.register(ssoRoutes);
  await app.register(accountRoutes);
  await app.register(contactRoutes);

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
      accessChanged(request, [callerOf(request).userId]);
      return okEmpty(request);
    },
  );
};
