/**
 * The signed-in user's own security: password check and change, two-factor on/off (each confirmed by a
 * code), Smart OTP registration, security info and recovery methods, profile update (the SSO link
 * and unlink are with the other SSO routes, ./sso.ts).
 * Every route acts on the caller's own account only (no id in the path), so there is nothing to isolate.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { AuthApiPaths, passwordChangeSchema, passwordCheckSchema, twoFactorToggleSchema, updateMeSchema } from '@/domain/auth';
import { accountSecurity, sessions, users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { callerOf } from '../../plugins/auth';
import { maskContact } from '@/domain/masking';
import { normaliseAddress } from '../../lib/otp/address';
import { contactsService } from '../../lib/otp/contacts';
import { langOnlyQuery } from '../../validation';
import { currentPasswordWrong, passwordGuard } from './password-guard';
import { PRODUCT_NAME } from './flows';
import { otpRefusal, otpSentOf, otpSentSchema, signInService } from './signin';
import { accessChanged } from '../../lib/auth-cache/broadcast';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const guard = passwordGuard(app);
  const signIns = signInService(app);
  const contacts = contactsService(db);

  async function me(request: FastifyRequest) {
    const [user] = await db.select().from(users).where(eq(users.id, callerOf(request).userId));
    if (!user) throw ApiError.sessionExpired();
    return user;
  }

  async function security(userId: number) {
    const [row] = await db.select().from(accountSecurity).where(eq(accountSecurity.userId, userId));
    return row ?? null;
  }

  /**
   * Checks the current password with the sign-in throttle and lock: wrong guesses count against the
   * username, so a left-open session cannot be used to brute-force the password.
   */
  const checkPassword = (request: FastifyRequest, user: typeof users.$inferSelect, password: string) =>
    guard.confirmOwnPassword(request, user, password, currentPasswordWrong);

  app.post(
    AuthApiPaths.passwordCheck,
    { schema: { tags: ['account'], summary: 'Checks the current password (before a change)', querystring: langOnlyQuery, body: passwordCheckSchema.strict(), response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await checkPassword(request, await me(request), request.body.password);
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.passwordOk') };
    },
  );

  app.post(
    AuthApiPaths.passwordChange,
    {
      schema: {
        tags: ['account'],
        summary: 'Changes the password; the user’s other sessions end',
        querystring: langOnlyQuery,
        body: passwordChangeSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await me(request);
      const { currentPassword, password } = request.body;
      await checkPassword(request, user, currentPassword);
      if (currentPassword === password) {
        throw new ApiError(400, ApiStatus.VALIDATION, 'auth.samePassword');
      }
      await db.update(users).set({ passwordHash: await hash(password) }).where(eq(users.id, user.id));
      await signIns.revokeOtherSessions(user.id, callerOf(request).sessionId);
      accessChanged(request, [user.id]);
      await signIns.recordPasswordChange(user.id);
      request.log.info({ userId: user.id }, 'password changed');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.passwordChanged') };
    },
  );

  // --- Two-factor --------------------------------------------------------------------------------

  const twoFactorConfigSchema = z.object({
    enabled: z.boolean(),
    channel: z.literal('SMS'),
    maskedPhone: z.string().nullable(),
    smartOtp: z.enum(['NONE', 'PENDING']),
  });

  app.get(
    AuthApiPaths.twoFactorConfig,
    { schema: { tags: ['account'], summary: 'Two-factor security settings', querystring: langOnlyQuery, response: { 200: envelopeSchema(twoFactorConfigSchema) } } },
    async (request) => {
      const user = await me(request);
      const sec = await security(user.id);
      return ok(request, {
        enabled: user.twoFactorEnabled,
        channel: 'SMS' as const,
        maskedPhone: user.phone ? maskContact('SMS', user.phone) : null,
        smartOtp: (sec?.smartOtp ?? 'NONE') as 'NONE' | 'PENDING',
      });
    },
  );

  /** On and off share one shape: without a code one is sent to the phone; with it the switch happens. */
  function toggle(path: string, enable: boolean) {
    app.post(
      path,
      {
        schema: {
          tags: ['account'],
          summary: enable ? 'Turns two-factor security on (code confirmed)' : 'Turns two-factor security off (code confirmed)',
          querystring: langOnlyQuery,
          body: twoFactorToggleSchema.strict(),
          response: { 200: z.union([envelopeSchema(otpSentSchema), emptyEnvelopeSchema]) },
        },
      },
      async (request) => {
        const user = await me(request);
        if (!user.phone) throw new ApiError(400, ApiStatus.FAILED, 'auth.twoFactorNeedsPhone');
        // The second factor is the phone: one nobody proved would hand it to whoever typed it in.
        if (enable && !(await contacts.isVerified(user, 'SMS'))) throw new ApiError(400, ApiStatus.FAILED, 'auth.twoFactorNeedsVerifiedPhone');
        const subject = `2fa:${enable ? 'on' : 'off'}`;
        const { otpId, otpCode } = request.body;
        if (!otpId || !otpCode) {
          const issued = await app.otp.issue({ purpose: 'CHANGE_2FA', target: { channel: 'SMS', address: user.phone }, userId: user.id, subject, ip: request.ip, lang: request.lang });
          return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
        }
        const check = await app.otp.verify({ otpId, code: otpCode, purpose: 'CHANGE_2FA', userId: user.id, subject });
        if (check !== 'OK') throw otpRefusal(check);
        await db.update(users).set({ twoFactorEnabled: enable }).where(eq(users.id, user.id));
        request.log.info({ userId: user.id, enable }, 'two-factor changed');
        return { status: ApiStatus.OK, message: translate(request.lang, enable ? 'auth.twoFactorOn' : 'auth.twoFactorOff') };
      },
    );
  }
  toggle(AuthApiPaths.twoFactorOn, true);
  toggle(AuthApiPaths.twoFactorOff, false);

  app.post(
    AuthApiPaths.twoFactorRegister,
    { schema: { tags: ['account'], summary: 'Asks for Smart OTP registration, confirmed by the user in the wallet app', querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const user = await me(request);
      const now = new Date();
      await db
        .insert(accountSecurity)
        .values({ userId: user.id, smartOtp: 'PENDING', smartOtpRequestedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: accountSecurity.userId, set: { smartOtp: 'PENDING', smartOtpRequestedAt: now, updatedAt: now } });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.smartOtpRegistered', { product: PRODUCT_NAME }) };
    },
  );

  // --- Security info --------------------------------------------------------------------------------

  app.get(
    AuthApiPaths.securityInfo,
    {
      schema: {
        tags: ['account'],
        summary: 'Account security summary',
        querystring: langOnlyQuery,
        response: {
          200: envelopeSchema(
            z.object({
              twoFactorEnabled: z.boolean(),
              smartOtp: z.enum(['NONE', 'PENDING']),
              linkedSSO: z.boolean(),
              lastLoginAt: z.string().nullable(),
              passwordChangedAt: z.string().nullable(),
              activeSessions: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const user = await me(request);
      const sec = await security(user.id);
      const [active] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return ok(request, {
        twoFactorEnabled: user.twoFactorEnabled,
        smartOtp: (sec?.smartOtp ?? 'NONE') as 'NONE' | 'PENDING',
        linkedSSO: user.linkedSso,
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        passwordChangedAt: sec?.passwordChangedAt?.toISOString() ?? null,
        activeSessions: active.n,
      });
    },
  );

  app.get(
    AuthApiPaths.recoveryMethods,
    {
      schema: {
        tags: ['account'],
        summary: 'Where a forgotten password can be recovered (masked)',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(z.object({ type: z.enum(['PHONE', 'EMAIL']), maskedAddress: z.string() }))) },
      },
    },
    async (request) => {
      const user = await me(request);
      const methods: { type: 'PHONE' | 'EMAIL'; maskedAddress: string }[] = [];
      // Only contacts a code was confirmed on can recover the account.
      for (const state of await contacts.statesOf(user)) {
        if (state.verifiedAt) methods.push({ type: state.channel === 'SMS' ? 'PHONE' : 'EMAIL', maskedAddress: maskContact(state.channel, state.address) });
      }
      return ok(request, methods);
    },
  );

  // --- Own profile -------------------------------------------------------------------------------------

  app.post(
    AuthApiPaths.updateMe,
    { schema: { tags: ['me'], summary: 'Updates the signed-in user’s name and e-mail', querystring: langOnlyQuery, body: updateMeSchema.strict(), response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const user = await me(request);
      // A new e-mail is stored unverified (verified_contacts keeps the old address, so it no longer
      // counts); whether another account uses it is not told here, only once a code proves it.
      const email = request.body.email ? normaliseAddress('EMAIL', request.body.email) : null;
      await db.update(users).set({ name: request.body.fullname.trim(), email }).where(eq(users.id, user.id));
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.accountUpdated') };
    },
  );
};
