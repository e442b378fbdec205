/**
 * Service catalogue details and the promotion area (migration 0009_services.sql). Money is bigint đồng
 * read as a JS number: every amount is validated below Number.MAX_SAFE_INTEGER on the way in.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, services, users } from './core';

/** Per-language names, landing-page content and terms of a catalogue service (operator data, not code). */
export const serviceDetails = pgTable(
  'service_details',
  {
    serviceId: integer('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** Whether the provider still offers the service (the list's `status` filter). */
    status: text('status').notNull().default('ACTIVE'),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    summaryVi: text('summary_vi').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    /** `{ vi: LandingContent, en: LandingContent }`. */
    landing: jsonb('landing').notNull().default(sql`'{}'::jsonb`),
    /** Commercial terms shown on the service's page (PAYLATER: instalments, fee, order limits). */
    terms: jsonb('terms').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [check('service_details_status_ck', sql`${t.status} in ('ACTIVE', 'INACTIVE')`)],
);

export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** First instant (00:00 Asia/Ho_Chi_Minh of the start day). */
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Exclusive end (00:00 of the day after the last day). */
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's Idempotency-Key: a retried create returns the first campaign instead of a second one. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Gifts reference (merchant_id, id): a gift can never hang under another merchant's campaign.
    unique('promotion_campaigns_merchant_id_id_uq').on(t.merchantId, t.id),
    uniqueIndex('promotion_campaigns_merchant_code_uq').on(t.merchantId, t.code),
    uniqueIndex('promotion_campaigns_idempotency_uq')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('promotion_campaigns_merchant_start_idx').on(t.merchantId, t.startAt, t.id),
    index('promotion_campaigns_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('promotion_campaigns_dates_ck', sql`${t.endAt} > ${t.startAt}`),
    check('promotion_campaigns_budget_ck', sql`${t.budget} > 0`),
  ],
);

/** A gift (voucher) of a campaign: a fixed discount in đồng, a stock, and its issue/redemption counters. */
export const promotionGifts = pgTable(
  'promotion_gifts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
    minOrderAmount: bigint('min_order_amount', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull(),
    issuedCount: integer('issued_count').notNull().default(0),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'promotion_gifts_campaign_fk',
      columns: [t.merchantId, t.campaignId],
      foreignColumns: [promotionCampaigns.merchantId, promotionCampaigns.id],
    }).onDelete('cascade'),
    index('promotion_gifts_campaign_idx').on(t.campaignId, t.id),
    uniqueIndex('promotion_gifts_campaign_code_uq').on(t.campaignId, t.code),
    check('promotion_gifts_amounts_ck', sql`${t.discountAmount} > 0 AND ${t.minOrderAmount} >= 0`),
    check(
      'promotion_gifts_counts_ck',
      sql`${t.quantity} > 0 AND ${t.issuedCount} >= 0 AND ${t.redeemedCount} >= 0 AND ${t.redeemedCount} <= ${t.issuedCount} AND ${t.issuedCount} <= ${t.quantity}`,
    ),
  ],
);
