/**
 * The end of every way in (password, SMS code, SSO): either a session, or, with two-factor on, a
 * challenge that opens nothing but the second-factor confirm call (a code after a password or SSO,
 * the password after an SMS code).
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import type { Db } from '../../db/client';
import { hashToken, newToken, sessionsRepository } from '../../db/repositories/sessions';
import { accountSecurity, loginChallenges, sessions, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { OtpCheck } from '../../lib/otp';

export type UserRow = typeof users.$inferSelect;

/** The challenge lives as long as its code. */
const CHALLENGE_MINUTES = 5;

export const loginAnswerSchema = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** INTERNAL_USER (the provider's operators) land on /portal/ops instead of the merchant chooser. */
  userType: z.enum(['M4B_USER', 'SYSTEM', 'INTERNAL_USER']).optional(),
  isLoginSSO: z.boolean().optional(),
  ssoLogoutUrl: z.string().nullable().optional(),
  linkedSSO: z.boolean().optional(),
  walletPhone: z.string().nullable().optional(),
});

export const otpSentSchema = z.object({
  otpId: z.string(),
  maskedAddress: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number().int(),
});

export const challengeAnswerSchema = z.object({
  status: z.literal(ApiStatus.SECOND_FACTOR_REQUIRED),
  message: z.string(),
  data: otpSentSchema.extend({ challengeToken: z.string(), factor: z.literal('SMS_CODE') }),
});

/** SMS login on a two-factor account: the code was right; the password is the second factor. */
export const passwordChallengeAnswerSchema = z.object({
  status: z.literal(ApiStatus.SECOND_FACTOR_REQUIRED),
  message: z.string(),
  data: z.object({ challengeToken: z.string(), factor: z.literal('PASSWORD') }),
});

export type ChallengeFactor = 'SMS_CODE' | 'PASSWORD';

export function otpSentOf(issued: { otpId: string; maskedAddress: string; expiresAt: Date; resendAfterSeconds: number }) {
  return { ...issued, expiresAt: issued.expiresAt.toISOString() };
}

/** A refused code: 400 status 1 with its reason; too many tries is a 429 (status 29). */
export function otpRefusal(check: Exclude<OtpCheck, 'OK'>): ApiError {
  if (check === 'TOO_MANY_TRIES') return new ApiError(429, ApiStatus.TOO_MANY_REQUESTS, 'auth.otp.TOO_MANY_TRIES');
  return new ApiError(400, ApiStatus.FAILED, `auth.otp.${check}`);
}

export function signInService(app: FastifyInstance) {
  const db: Db = app.database.db;
  const sessionsRepo = sessionsRepository(db);
  const { config } = app;
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };

  async function startSession(request: FastifyRequest, user: UserRow, isSso: boolean, now = new Date()) {
    const token = newToken();
    const tokenHash = hashToken(config.tokenPepper, token);
    await sessionsRepo.create(user.id, tokenHash, policy, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, now);
    if (isSso) await db.update(sessions).set({ isSso: true }).where(eq(sessions.tokenHash, tokenHash));
    await db.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(users.id, user.id));
    request.log.info({ userId: user.id, isSso }, 'signed in');
    return {
      token,
      username: user.username,
      name: user.name,
      email: user.email,
      phoneNumber: user.phone,
      userType: user.userType as 'M4B_USER' | 'SYSTEM' | 'INTERNAL_USER',
    };
  }

  /** Sends the second-factor code to the account's phone and records the challenge. */
  async function challenge(request: FastifyRequest, user: UserRow, isSso: boolean) {
    if (!user.phone) throw new ApiError(400, ApiStatus.FAILED, 'auth.twoFactorNeedsPhone');
    const issued = await app.otp.issue({
      purpose: 'LOGIN_2FA',
      target: { channel: 'SMS', address: user.phone },
      userId: user.id,
      ip: request.ip,
      lang: request.lang,
    });
    const challengeToken = await recordChallenge(user, 'SMS_CODE', issued.otpId, isSso);
    request.log.info({ userId: user.id }, 'second factor required');
    return {
      status: ApiStatus.SECOND_FACTOR_REQUIRED,
      message: translate(request.lang, 'auth.secondFactorRequired', { address: issued.maskedAddress }),
      data: { ...otpSentOf(issued), challengeToken, factor: 'SMS_CODE' as const },
    };
  }

  async function recordChallenge(user: UserRow, factor: ChallengeFactor, otpId: string | null, isSso: boolean) {
    const challengeToken = newToken();
    await db.insert(loginChallenges).values({
      tokenHash: hashToken(config.tokenPepper, challengeToken),
      userId: user.id,
      factor,
      otpId,
      isSso: isSso ? 1 : 0,
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    });
    return challengeToken;
  }

  /**
   * After the SMS code of a two-factor account: the password finishes the sign-in
   * (POST /authentication/login/password/confirm), so the phone alone never opens the account.
   */
  async function passwordChallenge(request: FastifyRequest, user: UserRow) {
    const challengeToken = await recordChallenge(user, 'PASSWORD', null, false);
    request.log.info({ userId: user.id }, 'password required after SMS code');
    return {
      status: ApiStatus.SECOND_FACTOR_REQUIRED,
      message: translate(request.lang, 'auth.passwordRequired'),
      data: { challengeToken, factor: 'PASSWORD' as const },
    };
  }

  /** The live challenge of a token for that factor, or a 401 (the user starts again from the first step). */
  async function findChallenge(challengeToken: string, factor: ChallengeFactor) {
    const [row] = await db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, hashToken(config.tokenPepper, challengeToken)),
          eq(loginChallenges.factor, factor),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, new Date()),
        ),
      );
    if (!row) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'auth.challengeInvalid');
    return row;
  }

  return {
    startSession,
    challenge,
    passwordChallenge,
    findChallenge,
    /** Session, or challenge when the account has two-factor on. */
    async signInOrChallenge(request: FastifyRequest, user: UserRow, isSso: boolean) {
      if (user.twoFactorEnabled) return challenge(request, user, isSso);
      return { status: ApiStatus.OK, message: translate(request.lang, 'messages.success'), data: await startSession(request, user, isSso) };
    },
    async consumeChallenge(id: number): Promise<boolean> {
      const done = await db
        .update(loginChallenges)
        .set({ consumedAt: new Date() })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
        .returning({ id: loginChallenges.id });
      return done.length === 1;
    },
    async setChallengeOtp(id: number, otpId: string) {
      await db.update(loginChallenges).set({ otpId }).where(eq(loginChallenges.id, id));
    },
    /** Ends every session of the user except `keepSessionId` (a password change signs out the others). */
    async revokeOtherSessions(userId: number, keepSessionId: number | null, now = new Date()) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId !== null) conditions.push(ne(sessions.id, keepSessionId));
      await db.update(sessions).set({ revokedAt: now }).where(and(...conditions));
      await db.update(loginChallenges).set({ consumedAt: now }).where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.consumedAt)));
    },
    async recordPasswordChange(userId: number, now = new Date()) {
      await db
        .insert(accountSecurity)
        .values({ userId, passwordChangedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: accountSecurity.userId, set: { passwordChangedAt: now, updatedAt: now } });
    },
  };
}
