/**
 * The public ways in: the second-factor step, SMS login, sign-up (§7 SEND_VERIFY_CODE then SIGN_UP),
 * merchant leads, forgot password (verify, then change) and SSO sign-on. Every one of them is public,
 * rate-limited like the password login, and spends one-time codes from the shared service.
 */
import { hash } from '@node-rs/argon2';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import {
  AuthApiPaths,
  loginOtpConfirmSchema,
  loginOtpResendSchema,
  loginSmsSchema,
  merchantLeadSchema,
  passwordResetSchema,
  phoneOnlySchema,
  sendVerifyCodeSchema,
  signUpSchema,
  ssoSignOnSchema,
} from '@/domain/auth';
import { merchantLeads, users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { normaliseAddress } from '../../lib/otp/address';
import { createSsoVerifier } from '../../lib/sso';
import { langOnlyQuery, RequestValidationError } from '../../validation';
import { challengeAnswerSchema, loginAnswerSchema, otpRefusal, otpSentOf, otpSentSchema, signInService, type UserRow } from './signin';

/** The spec's product name, used where a message says `{product}`. */
export const PRODUCT_NAME = 'Ví Xanh';

const loginOrChallenge = z.union([envelopeSchema(loginAnswerSchema), challengeAnswerSchema]);

export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const signIns = signInService(app);
  const sso = createSsoVerifier(config.auth.sso, { enabled: config.demoMode, pepper: config.tokenPepper });
  const limited = { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } };
  const ssoLogoutUrl = config.ssoLogoutUrl ?? (config.demoMode ? '/api/demo/sso/logout' : null);

  /** The account of a phone number (the oldest, should several share it), or the §8 "no account" 404. */
  async function userByPhone(phone: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.phone, phone)).orderBy(asc(users.id)).limit(1);
    if (!user) throw new ApiError(404, ApiStatus.NOT_FOUND, 'auth.phoneNoAccount');
    return user;
  }

  // --- Second factor -------------------------------------------------------------------------

  app.post(
    AuthApiPaths.loginOtpConfirm,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: the code sent after a correct password (two-factor on)',
        querystring: langOnlyQuery,
        body: loginOtpConfirmSchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const { challengeToken, otpId, otpCode } = request.body;
      const challenge = await signIns.findChallenge(challengeToken);
      if (challenge.otpId !== otpId) throw otpRefusal('NOT_FOUND');
      const check = await app.otp.verify({ otpId, code: otpCode, purpose: 'LOGIN_2FA', userId: challenge.userId });
      if (check !== 'OK') throw otpRefusal(check);
      if (!(await signIns.consumeChallenge(challenge.id))) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'auth.challengeInvalid');
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      const isSso = challenge.isSso === 1;
      const session = await signIns.startSession(request, user, isSso);
      return ok(request, isSso ? { ...session, isLoginSSO: true, ssoLogoutUrl, linkedSSO: user.linkedSso, walletPhone: user.phone } : session);
    },
  );

  app.post(
    AuthApiPaths.loginOtpResend,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Sends a new second-factor code', querystring: langOnlyQuery, body: loginOtpResendSchema, response: { 200: envelopeSchema(otpSentSchema) } },
    },
    async (request) => {
      const challenge = await signIns.findChallenge(request.body.challengeToken);
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      const issued = await app.otp.issue({ purpose: 'LOGIN_2FA', target: { channel: 'SMS', address: user.phone ?? '' }, userId: user.id, ip: request.ip, lang: request.lang });
      await signIns.setChallengeOtp(challenge.id, issued.otpId);
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
    },
  );

  // --- SMS login -----------------------------------------------------------------------------

  app.post(
    AuthApiPaths.loginSmsOtp,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'SMS login, step 1: sends a code to the account phone', querystring: langOnlyQuery, body: phoneOnlySchema, response: { 200: envelopeSchema(otpSentSchema) } },
    },
    async (request) => {
      const phone = normaliseAddress('SMS', request.body.phoneNumber);
      const user = await userByPhone(phone);
      const issued = await app.otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: phone }, userId: user.id, ip: request.ip, lang: request.lang });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
    },
  );

  app.post(
    AuthApiPaths.loginSms,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'SMS login, step 2: the code signs in (it is the possession factor, so no second step follows)',
        querystring: langOnlyQuery,
        body: loginSmsSchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const phone = normaliseAddress('SMS', request.body.phoneNumber);
      const user = await userByPhone(phone);
      const check = await app.otp.verify({ otpId: request.body.otpId, code: request.body.otpCode, purpose: 'LOGIN_SMS', userId: user.id });
      if (check !== 'OK') throw otpRefusal(check);
      return ok(request, await signIns.startSession(request, user, false));
    },
  );

  // --- Sign-up ---------------------------------------------------------------------------------

  app.post(
    AuthApiPaths.signUp,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign-up: requestType SEND_VERIFY_CODE sends a code, then SIGN_UP creates the account with it',
        querystring: langOnlyQuery,
        body: z.looseObject({ requestType: z.enum(['SEND_VERIFY_CODE', 'SIGN_UP'], { error: 'validation.invalid' }) }),
        response: { 200: z.union([envelopeSchema(otpSentSchema), emptyEnvelopeSchema]) },
      },
    },
    async (request) => {
      if (request.body.requestType === 'SEND_VERIFY_CODE') {
        const parsed = sendVerifyCodeSchema.strict().safeParse(request.body, { reportInput: true });
        if (!parsed.success) throw new RequestValidationError(parsed.error, 'body', request.body);
        const { channel, phoneNumber, email } = parsed.data;
        const raw = channel === 'SMS' ? phoneNumber : email;
        if (!raw) {
          throw new RequestValidationError(
            new z.ZodError([{ code: 'custom', message: 'validation.required', path: [channel === 'SMS' ? 'phoneNumber' : 'email'], input: raw }]),
            'body',
            request.body,
          );
        }
        const address = normaliseAddress(channel, raw);
        const issued = await app.otp.issue({ purpose: 'SIGN_UP', target: { channel, address }, subject: `signup:${address}`, ip: request.ip, lang: request.lang });
        return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
      }

      const parsed = signUpSchema.safeParse(request.body, { reportInput: true });
      if (!parsed.success) throw new RequestValidationError(parsed.error, 'body', request.body);
      const body = parsed.data;
      const phone = normaliseAddress('SMS', body.phoneNumber);
      const email = normaliseAddress('EMAIL', body.email);
      // Taken values are refused before the code is spent, so the user can fix them and keep the code.
      const [taken] = await db
        .select({
          username: sql<boolean>`bool_or(lower(${users.username}) = ${body.username.toLowerCase()})`,
          phone: sql<boolean>`bool_or(${users.phone} = ${phone})`,
          email: sql<boolean>`bool_or(lower(${users.email}) = ${email})`,
        })
        .from(users)
        .where(sql`lower(${users.username}) = ${body.username.toLowerCase()} or ${users.phone} = ${phone} or lower(${users.email}) = ${email}`);
      if (taken.username) throw new ApiError(409, ApiStatus.CONFLICT, 'auth.usernameTaken');
      if (taken.phone) throw new ApiError(409, ApiStatus.CONFLICT, 'auth.phoneTaken');
      if (taken.email) throw new ApiError(409, ApiStatus.CONFLICT, 'auth.emailTaken');

      const address = body.channel === 'SMS' ? phone : email;
      const check = await app.otp.verify({ otpId: body.otpId, code: body.otpCode, purpose: 'SIGN_UP', subject: `signup:${address}` });
      if (check !== 'OK') throw otpRefusal(check);
      const passwordHash = await hash(body.password);
      try {
        await db.insert(users).values({ username: body.username, name: body.fullname.trim(), phone, email, passwordHash, userType: 'M4B_USER' });
      } catch (err) {
        // Two sign-ups racing for one username: the unique index decides.
        if ((err as { code?: string }).code === '23505' || /users_username_lower_uq/.test(String(err))) {
          throw new ApiError(409, ApiStatus.CONFLICT, 'auth.usernameTaken');
        }
        throw err;
      }
      request.log.info({ username: body.username }, 'signed up');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.signedUp') };
    },
  );

  app.post(
    AuthApiPaths.merchantLeads,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'A business asks to be contacted (no auth)', querystring: langOnlyQuery, body: merchantLeadSchema.strict(), response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const b = request.body;
      await db.insert(merchantLeads).values({
        businessName: b.businessName.trim(),
        contactName: b.contactName.trim(),
        phone: b.phoneNumber,
        email: b.email ? normaliseAddress('EMAIL', b.email) : null,
        note: b.note ? b.note.trim() : null,
        ip: request.ip,
      });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.leadReceived') };
    },
  );

  // --- Forgot password -------------------------------------------------------------------------

  app.post(
    AuthApiPaths.passwordVerify,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Forgot password, step 1: sends a code to the account phone', querystring: langOnlyQuery, body: phoneOnlySchema.strict(), response: { 200: envelopeSchema(otpSentSchema) } },
    },
    async (request) => {
      const phone = normaliseAddress('SMS', request.body.phoneNumber);
      const user = await userByPhone(phone);
      const issued = await app.otp.issue({ purpose: 'FORGOT_PASSWORD', target: { channel: 'SMS', address: phone }, userId: user.id, ip: request.ip, lang: request.lang });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
    },
  );

  app.post(
    AuthApiPaths.passwordReset,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Forgot password, step 2: the code and a new password; every session of the account ends', querystring: langOnlyQuery, body: passwordResetSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const body = request.body;
      const user = await userByPhone(normaliseAddress('SMS', body.phoneNumber));
      const check = await app.otp.verify({ otpId: body.otpId, code: body.otpCode, purpose: 'FORGOT_PASSWORD', userId: user.id });
      if (check !== 'OK') throw otpRefusal(check);
      const passwordHash = await hash(body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
      });
      await signIns.revokeOtherSessions(user.id, null);
      await signIns.recordPasswordChange(user.id);
      request.log.info({ userId: user.id }, 'password reset');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.passwordReset') };
    },
  );

  // --- SSO ---------------------------------------------------------------------------------------

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
        summary: 'Completes an SSO hand-off: the IdP token signs in (session marked SSO; logout goes to the SSO sign-out address)',
        querystring: langOnlyQuery,
        body: ssoSignOnSchema.strict(),
        response: { 200: loginOrChallenge },
      },
    },
    async (request) => {
      if (!sso.enabled) throw new ApiError(503, ApiStatus.UNAVAILABLE, 'auth.ssoNotConfigured');
      const identity = await sso.verify(request.body.token);
      if (!identity) throw new ApiError(401, ApiStatus.TOKEN_INVALID, 'auth.ssoInvalid');
      const [user] = await db.select().from(users).where(and(eq(sql`lower(${users.username})`, identity.username.toLowerCase())));
      if (!user) throw new ApiError(404, ApiStatus.NOT_FOUND, 'auth.ssoNoAccount');
      if (user.twoFactorEnabled) return signIns.challenge(request, user, true);
      const session = await signIns.startSession(request, user, true);
      return ok(request, { ...session, isLoginSSO: true, ssoLogoutUrl, linkedSSO: user.linkedSso, walletPhone: identity.phoneNumber });
    },
  );
};
