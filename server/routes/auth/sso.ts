/**
 * SSO: where "sign in with SSO" goes, the hand-off that signs a linked identity in (public, rate-limited
 * like the password login), and the one signed-in call: linking an identity to the account.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { AuthApiPaths, ssoLinkSchema, ssoSignOnSchema } from '@/domain/auth';
import { sessions, users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { createSsoVerifier } from '../../lib/sso';
import { ssoLinks } from '../../lib/sso/links';
import { callerOf } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { PRODUCT_NAME, ssoLogoutUrlOf } from './flows';
import { challengeAnswerSchema, loginAnswerSchema, signInService } from './signin';

const loginOrChallenge = z.union([envelopeSchema(loginAnswerSchema), challengeAnswerSchema]);

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const signIns = signInService(app);
  const links = ssoLinks(db);
  const sso = createSsoVerifier(config.auth.sso, { enabled: config.demoMode, pepper: config.tokenPepper });
  const limited = { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } };
  const ssoLogoutUrl = ssoLogoutUrlOf(config);

  /** The identity of a hand-off token whose nonce is the caller's, or the refusal. */
  async function verifiedIdentity(token: string, nonce: string) {
    if (!sso.enabled) throw new ApiError(503, ApiStatus.UNAVAILABLE, 'auth.ssoNotConfigured');
    const identity = await sso.verify(token, nonce);
    if (!identity) throw new ApiError(401, ApiStatus.TOKEN_INVALID, 'auth.ssoInvalid');
    return identity;
  }

  app.get(
    AuthApiPaths.ssoConfig,
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Where "sign in with SSO" goes (null: SSO is not configured)', querystring: langOnlyQuery, response: { 200: envelopeSchema(z.object({ loginUrl: z.string().nullable() })) } },
    },
    async (request) => ok(request, { loginUrl: sso.enabled ? config.auth.sso.loginUrl : null }),
  );

  app.post(
    AuthApiPaths.ssoSignOn,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Completes an SSO hand-off: the token of an identity linked to an account signs in (session marked SSO)',
        description:
          'The token must carry the nonce sent alongside it (the one the portal made for this browser). The identity ' +
          '(iss + sub) opens only the account it was linked to (POST /sso/link); an unlinked one gets 403.',
        querystring: langOnlyQuery,
        body: ssoSignOnSchema.strict(),
        response: { 200: loginOrChallenge },
      },
    },
    async (request) => {
      const identity = await verifiedIdentity(request.body.token, request.body.nonce);
      const userId = await links.userIdOf(identity.issuer, identity.subject);
      const [user] = userId === null ? [] : await db.select().from(users).where(eq(users.id, userId));
      if (!user) {
        request.log.info({ issuer: identity.issuer }, 'SSO identity not linked');
        throw new ApiError(403, ApiStatus.FORBIDDEN, 'auth.ssoNotLinked', { product: PRODUCT_NAME });
      }
      if (user.twoFactorEnabled) return signIns.challenge(request, user, true);
      const session = await signIns.startSession(request, user, true);
      return ok(request, { ...session, isLoginSSO: true, ssoLogoutUrl, linkedSSO: true, walletPhone: identity.phoneNumber });
    },
  );

  app.post(
    AuthApiPaths.ssoLink,
    {
      schema: {
        tags: ['auth'],
        summary: 'Links an SSO identity (issuer + subject of the hand-off token) to the signed-in account',
        description:
          'Needs a session opened by the account itself (password or SMS code, not SSO), so an identity is linked only ' +
          'by someone who proved both. 409 when the identity is linked to another account.',
        querystring: langOnlyQuery,
        body: ssoLinkSchema.strict(),
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [session] = await db.select({ isSso: sessions.isSso }).from(sessions).where(eq(sessions.id, caller.sessionId));
      if (!session || session.isSso) throw new ApiError(403, ApiStatus.FORBIDDEN, 'auth.ssoLinkNeedsPassword');
      const identity = await verifiedIdentity(request.body.token, request.body.nonce);
      const result = await links.link(caller.userId, identity.issuer, identity.subject);
      if (result === 'LINKED_ELSEWHERE') throw new ApiError(409, ApiStatus.CONFLICT, 'auth.ssoLinkedElsewhere');
      request.log.info({ userId: caller.userId, issuer: identity.issuer }, 'SSO identity linked');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.ssoLinked', { product: PRODUCT_NAME }) };
    },
  );
};
