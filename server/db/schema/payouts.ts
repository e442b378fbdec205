/**
 * Payout settings, their audit trail and the stores' all-in-one QR codes (migration 0005_payouts.sql).
 * The receive-money destination and the period stay on `merchants` (payout_wallet, payout_period), where
 * the merchant payload already reads them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, stores, users } from './core';

export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    reconciliationTime: text('reconciliation_time').notNull().default('23:00'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    bankBrand: text('bank_brand'),
    bankCityId: text('bank_city_id'),
    bankNameId: text('bank_name_id'),
    /** Optimistic lock: every update bumps it; an update sent with an older version is refused. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('payout_accounts_reconciliation_time_ck', sql`${t.reconciliationTime} ~ '^([01][0-9]|2[0-3]):00$'`)],
);

/** Who changed the payout settings, when, from where, what (masked), and whether a one-time code confirmed it. */
export const payoutAuditEntries = pgTable(
  'payout_audit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // No foreign key: the trail outlives a removed user.
    actorUserId: integer('actor_user_id').notNull(),
    action: text('action').notNull(),
    changes: text('changes').array().notNull().default(sql`'{}'::text[]`),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    otpVerified: boolean('otp_verified').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_audit_entries_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);

/** A store's all-in-one QR (VietQR/EMVCo payload); generated on demand, one per store. */
export const storeQrCodes = pgTable(
  'store_qr_codes',
  {
    storeId: integer('store_id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    payload: text('payload').notNull(),
    bankBin: text('bank_bin').notNull(),
    accountNumber: text('account_number').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_qr_codes_merchant_store_uq').on(t.merchantId, t.storeId),
    foreignKey({
      name: 'store_qr_codes_store_fk',
      columns: [t.merchantId, t.storeId],
      foreignColumns: [stores.merchantId, stores.id],
    }).onDelete('cascade'),
  ],
);
