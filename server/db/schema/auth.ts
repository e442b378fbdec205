/**
 * Auth area tables: one-time codes (stored as an HMAC, never in clear), the demo outbox, sign-in
 * challenges of the two-factor step, and merchant leads.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const otpCodes = pgTable(
  'otp_codes',
  {
    /** Random, unguessable id handed to the client (base64url). */
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    /** Normalised address (phone 0…, e-mail lower-case): the throttling key. */
    address: text('address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    /** HMAC-SHA256(pepper, id + code): a 6-digit code alone would be brute-forced from a plain hash. */
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_address_created_idx').on(t.address, t.createdAt),
    index('otp_codes_ip_created_idx').on(t.ip, t.createdAt),
    index('otp_codes_expires_idx').on(t.expiresAt),
    check('otp_codes_channel_ck', sql`${t.channel} in ('SMS', 'EMAIL')`),
  ],
);

/** Every message sent while DEMO_MODE is on (codes included, which is why it exists only in demo mode). */
export const demoOutbox = pgTable(
  'demo_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('demo_outbox_address_idx').on(t.address, t.id)],
);

/**
 * The state between a first factor and the second: opens nothing but the confirm call. After a
 * password (or SSO) the second factor is a code sent to the phone (SMS_CODE, `otpId`); after an SMS
 * code on a two-factor account it is the password (PASSWORD, no `otpId`).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** HMAC of the challenge token, like session tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factor: text('factor').notNull().default('SMS_CODE'),
    otpId: text('otp_id'),
    isSso: integer('is_sso').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    check('login_challenges_factor_ck', sql`${t.factor} in ('SMS_CODE', 'PASSWORD')`),
  ],
);

/** Businesses that asked to be contacted (POST /merchant-leads, no auth). */
export const merchantLeads = pgTable('merchant_leads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  businessName: text('business_name').notNull(),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  note: text('note'),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** Per-user security settings beyond the users table: Smart OTP registration, last password change. */
export const accountSecurity = pgTable('account_security', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** NONE, or PENDING once registration was asked and awaits confirmation in the wallet app. */
  smartOtp: text('smart_otp').notNull().default('NONE'),
  smartOtpRequestedAt: timestamp('smart_otp_requested_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
