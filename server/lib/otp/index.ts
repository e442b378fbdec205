/**
 * The shared one-time-code service (interface agreed with the other areas; see docs/decisions.md
 * "Auth" for the limits). Codes are 6 digits, stored only as HMAC-SHA256(pepper, id:code), single
 * use, bound to purpose + user + subject, void after OTP_MAX_TRIES wrong tries, and sending is
 * throttled per address and per IP (HTTP 429, envelope status 29).
 */
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { Notifier } from '../notifier';
import { maskContact } from '@/domain/masking';
import { normaliseAddress } from './address';

export type OtpPurpose =
  | 'LOGIN_SMS'
  | 'LOGIN_2FA'
  | 'SIGN_UP'
  | 'FORGOT_PASSWORD'
  | 'CHANGE_2FA'
  | 'PAYOUT_CHANGE'
  | 'ECONTRACT_SIGN'
  | 'VERIFY_CONTACT'
  | 'DISBURSEMENT_APPROVE';
export interface OtpTarget {
  channel: 'SMS' | 'EMAIL';
  address: string;
}
export interface IssueOtpInput {
  purpose: OtpPurpose;
  target: OtpTarget;
  userId?: number | null;
  /** Binds the code to one thing: e.g. `merchant:12:payout:<sha256 of the new settings>` or `contract:7`. */
  subject?: string;
  ip: string;
  lang: 'vi' | 'en';
  /**
   * The address has no account (SMS login, forgot password): everything happens as for an account,
   * quotas and timing included, so the answer does not tell, but the code is never usable and the
   * message says no account uses the address instead of carrying it.
   */
  noAccount?: boolean;
  /** What the code approves, named in the message (e.g. an order's amount and row count). */
  textParams?: Record<string, string | number>;
}
export interface IssuedOtp {
  otpId: string;
  expiresAt: Date;
  maskedAddress: string;
  resendAfterSeconds: number;
}
export type OtpCheck = 'OK' | 'WRONG' | 'EXPIRED' | 'USED' | 'TOO_MANY_TRIES' | 'NOT_FOUND';

export interface OtpVerifyInput {
  otpId: string;
  code: string;
  purpose: OtpPurpose;
  userId?: number | null;
  subject?: string;
}

export interface OtpService {
  issue(input: IssueOtpInput): Promise<IssuedOtp>;
  verify(input: OtpVerifyInput): Promise<OtpCheck>;
  /**
   * Makes a code that verify() just accepted usable again, counting one wrong try: for a step that
   * fails after the code was checked (a username someone else holds), so the user can fix it.
   */
  giveBack(otpId: string): Promise<void>;
}

/** Limits (documented in docs/decisions.md, Auth). */
export const OTP_LIFETIME_SECONDS = 300;
export const OTP_MAX_TRIES = 5;
/** One code per address, purpose and subject per minute (a resend), … */
export const OTP_RESEND_AFTER_SECONDS = 60;

export interface OtpLimits {
  /** …at most this many codes per address in any rolling hour, whatever the purpose, … */
  maxPerAddressPerHour: number;
  /** …and this many from one client IP. */
  maxPerIpPerHour: number;
}
export const DEFAULT_OTP_LIMITS: OtpLimits = { maxPerAddressPerHour: 10, maxPerIpPerHour: 30 };
const HOUR_MS = 3_600_000;
/** Codes are kept a day after they expire (throttling counts the last hour), then purged. */
const KEEP_MS = 24 * HOUR_MS;

const CODE_PATTERN = /^\d{6}$/;

export function createOtpService(deps: {
  db: Db;
  notifier: Notifier;
  now?: () => Date;
  /** Server secret of the code HMAC (TOKEN_PEPPER or the installation's secret); no default in the source. */
  pepper: string;
  limits?: OtpLimits;
}): OtpService {
  const { db, notifier } = deps;
  const limits = deps.limits ?? DEFAULT_OTP_LIMITS;
  const now = deps.now ?? (() => new Date());
  const { pepper } = deps;
  const hashOf = (otpId: string, code: string) => createHmac('sha256', pepper).update(`${otpId}:${code}`).digest();

  async function throttle(address: string, purpose: OtpPurpose, subject: string | null, ip: string, at: Date): Promise<void> {
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    const [byAddress] = await db
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<string | null>`max(${otpCodes.createdAt}) filter (where ${otpCodes.purpose} = ${purpose}::text and ${otpCodes.subject} is not distinct from ${subject}::text)`,
      })
      .from(otpCodes)
      .where(and(eq(otpCodes.address, address), gt(otpCodes.createdAt, hourAgo)));
    if (byAddress.last) {
      const wait = new Date(byAddress.last).getTime() + OTP_RESEND_AFTER_SECONDS * 1000 - at.getTime();
      if (wait > 0) throw ApiError.tooManyRequests(wait / 1000);
    }
    if (byAddress.n >= limits.maxPerAddressPerHour) throw await hourlyRefusal(eq(otpCodes.address, address), at);
    const [byIp] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.ip, ip), gt(otpCodes.createdAt, hourAgo)));
    if (byIp.n >= limits.maxPerIpPerHour) throw await hourlyRefusal(eq(otpCodes.ip, ip), at);
  }

  /** The wait until the oldest send of the last hour leaves the window. */
  async function hourlyRefusal(scope: ReturnType<typeof eq>, at: Date): Promise<ApiError> {
    const [row] = await db
      .select({ first: sql<string>`min(${otpCodes.createdAt})` })
      .from(otpCodes)
      .where(and(scope, gt(otpCodes.createdAt, new Date(at.getTime() - HOUR_MS))));
    return ApiError.tooManyRequests((new Date(row.first).getTime() + HOUR_MS - at.getTime()) / 1000);
  }

  return {
    async issue(input) {
      const at = now();
      const channel = input.target.channel;
      const address = normaliseAddress(channel, input.target.address);
      await throttle(address, input.purpose, input.subject ?? null, input.ip, at);

      const otpId = randomBytes(18).toString('base64url');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(at.getTime() + OTP_LIFETIME_SECONDS * 1000);
      const userId = input.userId ?? null;
      const subject = input.subject ?? null;
      await db.transaction(async (tx) => {
        // A new code replaces the previous unused one for the same thing: only the newest works.
        await tx
          .update(otpCodes)
          .set({ expiresAt: at })
          .where(
            and(
              eq(otpCodes.address, address),
              eq(otpCodes.purpose, input.purpose),
              subject === null ? isNull(otpCodes.subject) : eq(otpCodes.subject, subject),
              isNull(otpCodes.consumedAt),
              gt(otpCodes.expiresAt, at),
            ),
          );
        await tx.insert(otpCodes).values({
          id: otpId,
          purpose: input.purpose,
          channel,
          address,
          userId,
          subject,
          // No account: a hash no code can match (random, not HMAC of anything).
          codeHash: (input.noAccount ? randomBytes(32) : hashOf(otpId, code)).toString('base64url'),
          ip: input.ip,
          expiresAt,
          createdAt: at,
        });
      });
      await db.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(at.getTime() - KEEP_MS)));

      const minutes = Math.round(OTP_LIFETIME_SECONDS / 60);
      await notifier.send(
        input.noAccount
          ? { channel, to: address, title: translate(input.lang, 'otp.title'), text: translate(input.lang, `otp.noAccount.${input.purpose}`) }
          : { channel, to: address, title: translate(input.lang, 'otp.title'), text: translate(input.lang, `otp.text.${input.purpose}`, { ...input.textParams, code, minutes }), code },
      );
      return { otpId, expiresAt, maskedAddress: maskContact(channel, address), resendAfterSeconds: OTP_RESEND_AFTER_SECONDS };
    },

    async verify(input) {
      if (typeof input.otpId !== 'string' || input.otpId.length > 64) return 'NOT_FOUND';
      const [row] = await db.select().from(otpCodes).where(eq(otpCodes.id, input.otpId));
      // A code for another purpose, user or thing does not exist as far as this caller is concerned.
      if (
        !row ||
        row.purpose !== input.purpose ||
        row.userId !== (input.userId ?? null) ||
        row.subject !== (input.subject ?? null)
      ) {
        return 'NOT_FOUND';
      }
      const at = now();
      if (row.consumedAt) return 'USED';
      if (row.tries >= OTP_MAX_TRIES) return 'TOO_MANY_TRIES';
      if (row.expiresAt.getTime() <= at.getTime()) return 'EXPIRED';

      const given = hashOf(row.id, typeof input.code === 'string' ? input.code.trim() : '');
      const stored = Buffer.from(row.codeHash, 'base64url');
      const matches = CODE_PATTERN.test(String(input.code).trim()) && timingSafeEqual(given, stored);
      if (!matches) {
        // Counted in one statement, so parallel guesses cannot exceed the limit.
        const [counted] = await db
          .update(otpCodes)
          .set({ tries: sql`${otpCodes.tries} + 1` })
          .where(eq(otpCodes.id, row.id))
          .returning({ tries: otpCodes.tries });
        return counted.tries >= OTP_MAX_TRIES ? 'TOO_MANY_TRIES' : 'WRONG';
      }
      // Consumed only if still usable: two parallel correct submissions cannot both succeed.
      const consumed = await db
        .update(otpCodes)
        .set({ consumedAt: at })
        .where(
          and(
            eq(otpCodes.id, row.id),
            isNull(otpCodes.consumedAt),
            lt(otpCodes.tries, OTP_MAX_TRIES),
            gt(otpCodes.expiresAt, at),
          ),
        )
        .returning({ id: otpCodes.id });
      return consumed.length === 1 ? 'OK' : 'USED';
    },

    async giveBack(otpId) {
      await db
        .update(otpCodes)
        .set({ consumedAt: null, tries: sql`${otpCodes.tries} + 1` })
        .where(and(eq(otpCodes.id, otpId), isNotNull(otpCodes.consumedAt)));
    },
  };
}

export { normaliseAddress } from './address';
