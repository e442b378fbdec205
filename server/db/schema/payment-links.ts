/**
 * Payment links (MERCHANT_PAYMENT_LINKS) and the payments received on them. A link's status is derived
 * at query time (deactivated, paid single-use, expired, active), never stored. A payment is a row of
 * `transactions` (the report, dashboard and daily totals see it); `payment_link_payments` ties it to
 * its link. transaction_id has no foreign key here: schema files import only ./core, and a payment row
 * is written in the same database transaction as its transactions row.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, stores, users } from './core';

export const paymentLinks = pgTable(
  'payment_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Short random code of the public payer page (/portal/pay/<code>). */
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    amountType: text('amount_type').notNull(),
    /** FIXED links only. */
    amount: bigint('amount', { mode: 'number' }),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    singleUse: boolean('single_use').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    storeId: integer('store_id'),
    /** The merchant's own reference (order number, invoice). */
    reference: text('reference'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the payment that used up a single-use link (one conditional UPDATE: exactly one wins). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivatedBy: integer('deactivated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the `link.expired` webhook event of this link was queued: set by the expiry sweep in the same
     * conditional UPDATE that claims the link, so the event is queued once per link (server/lib/webhooks/expiry.ts).
     */
    expiredEventAt: timestamp('expired_event_at', { withTimezone: true }),
    paymentCount: integer('payment_count').notNull().default(0),
    collectedAmount: bigint('collected_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_links_code_uq').on(t.code),
    foreignKey({ name: 'payment_links_store_fk', columns: [t.merchantId, t.storeId], foreignColumns: [stores.merchantId, stores.id] }),
    index('payment_links_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('payment_links_merchant_store_created_idx').on(t.merchantId, t.storeId, t.createdAt.desc()),
    index('payment_links_expiry_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiredEventAt} is null and ${t.paidAt} is null and ${t.deactivatedAt} is null and ${t.expiresAt} is not null`),
    check('payment_links_amount_type_ck', sql`${t.amountType} in ('FIXED', 'OPEN')`),
    check(
      'payment_links_amounts_ck',
      sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount} and (${t.amountType} = 'OPEN' or (${t.amount} is not null and ${t.amount} between ${t.minAmount} and ${t.maxAmount}))`,
    ),
    check('payment_links_counts_ck', sql`${t.paymentCount} >= 0 and ${t.collectedAmount} >= 0`),
    check('payment_links_single_use_ck', sql`${t.singleUse} or ${t.paidAt} is null`),
  ],
);

export const paymentLinkPayments = pgTable(
  'payment_link_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    /** transactions.id of the payment. */
    transactionId: text('transaction_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_link_payments_transaction_uq').on(t.transactionId),
    index('payment_link_payments_link_created_idx').on(t.linkId, t.createdAt.desc()),
  ],
);
