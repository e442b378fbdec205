/**
 * SSO: where "sign in with SSO" goes, the hand-off that signs a linked identity in (public, rate-limited
 * like the password login), and the signed-in calls that link an identity to the account and unlink
 * it, both confirmed by the account's current password.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { AuthApiPaths, ssoLinkSchema, ssoSignOnSchema, ssoUnlinkSchema } from '@/domain/auth';
import { sessions, users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { createSsoVerifier } from '../../lib/sso';
import { ssoLinks, type LinkActor } from '../../lib/sso/links';
import { callerOf } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { PRODUCT_NAME, ssoLogoutUrlOf } from './flows';
import { currentPasswordWrong, passwordGuard } from './password-guard';
import { challengeAnswerSchema, loginAnswerSchema, signInService } from './signin';

const loginOrChallenge = z.union([envelopeSchema(loginAnswerSchema), challengeAnswerSchema]);

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const signIns = signInService(app);
  const guard = passwordGuard(app);
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

  /**
   * The caller's account once its current password is confirmed through the shared check (the /login
   * throttle and lock): a session left open or a stolen token alone cannot change how the account is
   * reached. Checked before the hand-off token, so a typo does not spend the token.
   */
  async function confirmedCaller(request: FastifyRequest, password: string) {
    const caller = callerOf(request);
    const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
    if (!user) throw ApiError.sessionExpired();
    await guard.confirmOwnPassword(request, user, password, currentPasswordWrong);
    return caller;
  }

  const actorOf = (request: FastifyRequest, sessionId: number): LinkActor => ({
    sessionId,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  });

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
        summary: 'Links an SSO identity (issuer + subject of the hand-off token) to the signed-in account, confirmed by its password',
        description:
          'Needs a session opened by the account itself (password or SMS code, not SSO) and the account’s current ' +
          'password, checked with the /login throttle and lock (wrong: 400 status 10, locked: 429 status 11), so an ' +
          'open session alone cannot plant a way in. 409 when the identity is linked to another account. Audited.',
        querystring: langOnlyQuery,
        body: ssoLinkSchema.strict(),
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [session] = await db.select({ isSso: sessions.isSso }).from(sessions).where(eq(sessions.id, caller.sessionId));
      if (!session || session.isSso) throw new ApiError(403, ApiStatus.FORBIDDEN, 'auth.ssoLinkNeedsPassword');
      await confirmedCaller(request, request.body.password);
      const identity = await verifiedIdentity(request.body.token, request.body.nonce);
      const result = await links.link(caller.userId, identity.issuer, identity.subject, actorOf(request, caller.sessionId));
      if (result === 'LINKED_ELSEWHERE') throw new ApiError(409, ApiStatus.CONFLICT, 'auth.ssoLinkedElsewhere');
      request.log.info({ userId: caller.userId, issuer: identity.issuer }, 'SSO identity linked');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.ssoLinked', { product: PRODUCT_NAME }) };
    },
  );

  app.post(
    AuthApiPaths.ssoUnlink,
    {
      schema: {
        tags: ['auth'],
        summary: 'Unlinks every SSO identity of the signed-in account, confirmed by its password',
        description:
          'The current password is checked like at /sso/link. The removed identities no longer sign in, and the ' +
          'account’s other sessions opened by SSO end. Nothing linked is not an error. Audited.',
        querystring: langOnlyQuery,
        body: ssoUnlinkSchema.strict(),
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = await confirmedCaller(request, request.body.password);
      const removed = await links.unlinkAll(caller.userId, actorOf(request, caller.sessionId));
      // A wrongly linked identity may already have opened sessions: they end with the link.
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, caller.userId), eq(sessions.isSso, true), isNull(sessions.revokedAt), ne(sessions.id, caller.sessionId)));
      request.log.info({ userId: caller.userId, removed: removed.length }, 'SSO identities unlinked');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.ssoUnlinked') };
    },
  );
};
