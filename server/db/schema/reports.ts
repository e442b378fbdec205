/**
 * Transactions, refunds, per-day totals, saved report views and export jobs (migration
 * 0006_transactions.sql, hand-written: the daily-totals triggers are not expressible in Drizzle).
 *
 * Money is bigint đồng read as a JS number (PGlite and our node-postgres parser give a number while it
 * is a safe integer). Report days are calendar days in Asia/Ho_Chi_Minh (UTC+7, no DST).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants, stores, users } from './core';

import { PAYMENT_METHODS, TRANSACTION_STATUSES } from '@/domain/transactionReport';

export const transactions = pgTable(
  'transactions',
  {
    /** The core transaction id (13 digits, text so search by part of it works with trigrams). */
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** stores.id (not the store code); null for payments not taken at a store. */
    storeId: integer('store_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the wallet debited the customer (the AUTHORIZED tracing step); null when it never did. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    /** When the payment reached its final state (SUCCESS or FAILED); null while PENDING. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    customerPhone: text('customer_phone'),
    customerName: text('customer_name'),
    /** The merchant's own order reference. */
    orderId: text('order_id'),
    description: text('description'),
    /** Masked card number for card payments (first 6, last 4). */
    cardMasked: text('card_masked'),
    failureReason: text('failure_reason'),
  },
  (t) => [
    foreignKey({ name: 'transactions_store_fk', columns: [t.merchantId, t.storeId], foreignColumns: [stores.merchantId, stores.id] }),
    // Plain DESC as 0006 wrote them (nulls first, Postgres's default), the order `desc()` queries read.
    index('transactions_merchant_created_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_merchant_store_created_idx').on(t.merchantId, t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_merchant_method_created_idx').on(t.merchantId, t.paymentMethod, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_id_trgm_idx').using('gin', t.id.op('gin_trgm_ops')),
    index('transactions_customer_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')),
    check('transactions_amount_ck', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check('transactions_refunded_ck', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
    check('transactions_status_ck', sql.raw(`"status" in (${TRANSACTION_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('transactions_method_ck', sql.raw(`"payment_method" in (${PAYMENT_METHODS.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason'),
    /** The caller's Idempotency-Key; a repeat with the same key returns this row. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_merchant_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    index('refunds_transaction_idx').on(t.transactionId, t.createdAt),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Pre-aggregated totals per Vietnamese calendar day, kept exact by statement-level triggers on
 * transactions (insert, update, delete). Totals and dashboards read this instead of scanning rows.
 * `store_id` 0 stands for "no store" so it can sit in the primary key.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    txCount: bigint('tx_count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'transaction_daily_totals_pk', columns: [t.merchantId, t.day, t.storeId, t.status, t.paymentMethod] }),
    index('transaction_daily_totals_store_idx').on(t.merchantId, t.storeId, t.day),
  ],
);

/** The same totals without the store: what lists without a store filter sum (few rows per day). */
export const transactionDailyTotalsAll = pgTable(
  'transaction_daily_totals_all',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    txCount: bigint('tx_count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_daily_totals_all_pk', columns: [t.merchantId, t.day, t.status, t.paymentMethod] })],
);

/** Named filter + column sets of a report list; `shared` ones are visible to the whole merchant team. */
export const reportViews = pgTable(
  'report_views',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The report key, e.g. 'transaction-report'. */
    report: text('report').notNull(),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull().default(sql`'{}'::jsonb`),
    columns: text('columns').array().notNull().default(sql`'{}'::text[]`),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_views_owner_name_uq').on(t.merchantId, t.ownerId, t.report, sql`lower(${t.name})`),
    index('report_views_merchant_report_idx').on(t.merchantId, t.report),
  ],
);

export const EXPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

/** A server-side export of a report list (large sets); its file is in the shared blob storage (server/lib/files/blobs.ts: the database, or S3), so any process can serve it. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    /** Random UUID: it appears in download URLs, so it must not be guessable. */
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    format: text('format').notNull(),
    /** The validated filter and column choice the file was made from (for display and re-runs). */
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('QUEUED'),
    totalRows: bigint('total_rows', { mode: 'number' }),
    processedRows: bigint('processed_rows', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('export_jobs_merchant_user_created_idx').on(t.merchantId, t.userId, t.createdAt.desc().nullsFirst()),
    check('export_jobs_status_ck', sql`${t.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
    check('export_jobs_format_ck', sql`${t.format} in ('csv', 'xlsx')`),
  ],
);
