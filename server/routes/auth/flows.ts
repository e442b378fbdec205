/**
 * The public ways in: the second-factor step, SMS login, sign-up (§7 SEND_VERIFY_CODE then SIGN_UP),
 * merchant leads and forgot password (verify, then change); SSO is in sso.ts. Every one of them is
 * public, rate-limited like the password login, and spends one-time codes from the shared service.
 */
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { formatVietnamDateTime } from '@/domain/time';
import {
  AuthApiPaths,
  loginOtpConfirmSchema,
  loginOtpResendSchema,
  loginPasswordConfirmSchema,
  loginSmsSchema,
  merchantLeadSchema,
  passwordResetSchema,
  phoneOnlySchema,
  sendVerifyCodeSchema,
  signUpSchema,
} from '@/domain/auth';
import { merchantLeads, users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { normaliseAddress } from '../../lib/otp/address';
import { contactOf, contactsService, contactTaken } from '../../lib/otp/contacts';
import { isUniqueViolation } from '../../db/errors';
import { langOnlyQuery, RequestValidationError } from '../../validation';
import { passwordGuard } from './password-guard';
import {
  loginAnswerSchema,
  otpRefusal,
  otpSentOf,
  otpSentSchema,
  passwordChallengeAnswerSchema,
  signInService,
  type UserRow,
} from './signin';
import { accessChanged } from '../../lib/auth-cache/broadcast';

/** The spec's product name, used where a message says `{product}`. */
export const PRODUCT_NAME = 'Ví Xanh';

/** Where the portal sends an SSO session on logout (the demo IdP's in demo mode). */
export const ssoLogoutUrlOf = (config: Config) => config.ssoLogoutUrl ?? (config.demoMode ? '/api/demo/sso/logout' : null);

export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;
  const signIns = signInService(app);
  const guard = passwordGuard(app);
  const limited = { public: true, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: 60_000 } };
  const ssoLogoutUrl = ssoLogoutUrlOf(config);

  const contacts = contactsService(db);
  /**
   * The account whose verified phone this is, or null. An unknown or unverified phone is answered
   * exactly like a known one (same message, same work, same quotas): these public routes must not
   * tell who has an account, and a phone nobody proved opens nothing.
   */
  const userByPhone = (phone: string): Promise<UserRow | null> => contacts.userByVerifiedPhone(phone);

  /**
   * A reset proves one contact only (the one the code went to): the other one hears of it, so the
   * owner learns of a reset made by whoever holds that phone (or mailbox). The reset stands if the
   * notice cannot be delivered; the failure is logged.
   */
  async function notifyReset(request: FastifyRequest, user: UserRow, via: 'SMS' | 'EMAIL') {
    const channel = via === 'SMS' ? 'EMAIL' : 'SMS';
    const to = contactOf(user, channel);
    // Only a contact the owner proved hears of it: an unproved address may be anyone's.
    if (!to || !(await contacts.isVerified(user, channel))) return;
    const at = formatVietnamDateTime(new Date());
    try {
      await app.notifier.send({
        channel,
        to: normaliseAddress(channel, to),
        title: translate(request.lang, 'auth.resetNotice.title', { product: PRODUCT_NAME }),
        text: translate(request.lang, 'auth.resetNotice.text', { product: PRODUCT_NAME, username: user.username, at }),
      });
    } catch (err) {
      request.log.error({ userId: user.id, channel, err: (err as Error).message }, 'password reset notice not delivered');
    }
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
      const challenge = await signIns.findChallenge(challengeToken, 'SMS_CODE');
      if (challenge.otpId !== otpId) throw otpRefusal('NOT_FOUND');
      const check = await app.otp.verify({ otpId, code: otpCode, purpose: 'LOGIN_2FA', userId: challenge.userId });
      if (check !== 'OK') throw otpRefusal(check);
      if (!(await signIns.consumeChallenge(challenge.id))) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'auth.challengeInvalid');
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      const isSso = challenge.isSso === 1;
      const session = await signIns.startSession(request, user, isSso);
      return ok(request, isSso ? { ...session, isLoginSSO: true, ssoLogoutUrl, linkedSSO: true, walletPhone: user.phone } : session);
    },
  );

  app.post(
    AuthApiPaths.loginOtpResend,
    {
      config: limited,
      schema: { tags: ['auth'], summary: 'Sends a new second-factor code', querystring: langOnlyQuery, body: loginOtpResendSchema, response: { 200: envelopeSchema(otpSentSchema) } },
    },
    async (request) => {
      const challenge = await signIns.findChallenge(request.body.challengeToken, 'SMS_CODE');
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
      const issued = await app.otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: phone }, userId: user?.id ?? null, ip: request.ip, lang: request.lang, noAccount: !user });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
    },
  );

  app.post(
    AuthApiPaths.loginSms,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'SMS login, step 2: the code signs in; on a two-factor account it answers status 21 and the password finishes',
        description:
          'The code proves the phone only. With two-factor security on, the answer is envelope status 21 with a ' +
          'challenge of factor PASSWORD instead of a token: POST /authentication/login/password/confirm finishes the sign-in.',
        querystring: langOnlyQuery,
        body: loginSmsSchema,
        response: { 200: z.union([envelopeSchema(loginAnswerSchema), passwordChallengeAnswerSchema]) },
      },
    },
    async (request) => {
      const phone = normaliseAddress('SMS', request.body.phoneNumber);
      const user = await userByPhone(phone);
      const check = await app.otp.verify({ otpId: request.body.otpId, code: request.body.otpCode, purpose: 'LOGIN_SMS', userId: user?.id ?? null });
      // No account: its "code" can never match, so the refusal is the one a wrong code gets.
      if (check !== 'OK' || !user) throw otpRefusal(check === 'OK' ? 'WRONG' : check);
      // The phone is one factor; an account that asked for two also needs its password.
      if (user.twoFactorEnabled) return signIns.passwordChallenge(request, user);
      return ok(request, await signIns.startSession(request, user, false));
    },
  );

  app.post(
    AuthApiPaths.loginPasswordConfirm,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'SMS login on a two-factor account, last step: the password (same throttle and lock as /login)',
        querystring: langOnlyQuery,
        body: loginPasswordConfirmSchema.strict(),
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const challenge = await signIns.findChallenge(request.body.challengeToken, 'PASSWORD');
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      if (!user) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'auth.challengeInvalid');
      await guard.confirmOwnPassword(request, user, request.body.password, () => new ApiError(400, ApiStatus.INVALID_CREDENTIALS, 'auth.passwordWrong'));
      if (!(await signIns.consumeChallenge(challenge.id))) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'auth.challengeInvalid');
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
      // The code first: without it nothing here may tell whether a username, phone or e-mail is in use.
      const address = body.channel === 'SMS' ? phone : email;
      const check = await app.otp.verify({ otpId: body.otpId, code: body.otpCode, purpose: 'SIGN_UP', subject: `signup:${address}` });
      if (check !== 'OK') throw otpRefusal(check);
      // Now the caller holds this contact. A username in use, or this contact verified on another
      // account, is refused and the code given back (one try spent), so they can fix it and resend.
      // The other contact is only stored, unverified: whether someone else uses it is not told.
      const [usernameTaken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`).limit(1);
      if (usernameTaken || (await contacts.ownerOf(body.channel, address)) !== null) {
        await app.otp.giveBack(body.otpId);
        throw usernameTaken ? new ApiError(409, ApiStatus.CONFLICT, 'auth.usernameTaken') : contactTaken(body.channel);
      }
      const passwordHash = await hash(body.password);
      try {
        await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ username: body.username, name: body.fullname.trim(), phone, email, passwordHash, userType: 'M4B_USER' })
            .returning({ id: users.id });
          await contacts.markVerified(created.id, body.channel, address, tx);
        });
      } catch (err) {
        // Two sign-ups racing for one username: the unique index decides.
        if (isUniqueViolation(err, 'users_username_lower_uq')) {
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
      const issued = await app.otp.issue({ purpose: 'FORGOT_PASSWORD', target: { channel: 'SMS', address: phone }, userId: user?.id ?? null, ip: request.ip, lang: request.lang, noAccount: !user });
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
    },
  );

  app.post(
    AuthApiPaths.passwordReset,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Forgot password, step 2: the code and a new password; every session of the account ends and its other contact is told',
        querystring: langOnlyQuery,
        body: passwordResetSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const user = await userByPhone(normaliseAddress('SMS', body.phoneNumber));
      const check = await app.otp.verify({ otpId: body.otpId, code: body.otpCode, purpose: 'FORGOT_PASSWORD', userId: user?.id ?? null });
      if (check !== 'OK' || !user) throw otpRefusal(check === 'OK' ? 'WRONG' : check);
      const passwordHash = await hash(body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
      });
      await signIns.revokeOtherSessions(user.id, null);
      accessChanged(request, [user.id]);
      await signIns.recordPasswordChange(user.id);
      request.log.info({ userId: user.id }, 'password reset');
      await notifyReset(request, user, 'SMS');
      return { status: ApiStatus.OK, message: translate(request.lang, 'auth.passwordReset') };
    },
  );
};
