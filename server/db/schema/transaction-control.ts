/**
 * Transaction control (spec §2 transaction-control, MERCHANT_TRANSACTION_CONTROL): each upload of the
 * merchant's own record of orders is a control run, matched in SQL against the provider's transactions of
 * its window; the run keeps who, when, the window, the file name and the per-class totals, and its rows one
 * per file row (MATCHED, AMOUNT_MISMATCH, ONLY_MERCHANT, DUPLICATE) plus one per provider transaction the
 * file did not name (ONLY_PROVIDER). Money is bigint đồng.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

export const transactionControlRuns = pgTable(
  'transaction_control_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text too, so the list still says who after the user is removed. */
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    /** The stores the provider's side was limited to (a store-scoped uploader); null: the whole merchant. */
    storeIds: integer('store_ids').array(),
    fileRowCount: integer('file_row_count').notNull(),
    /** `{ [class]: { count, merchantAmount, providerAmount } }` (src/domain/transactionControl.ts ControlTotals). */
    totals: jsonb('totals').notNull(),
  },
  (t) => [index('transaction_control_runs_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);

export const transactionControlRows = pgTable(
  'transaction_control_rows',
  {
    /**
     * transaction_control_runs.id. No foreign key: its per-row check was most of the time of writing a
     * 200,000-row run; rows are only ever written by the run's own transaction, right after the run.
     */
    runId: integer('run_id').notNull(),
    /** Order within the run: file rows by row number first, then the provider-only transactions. */
    seq: integer('seq').notNull(),
    class: text('class').notNull(),
    /** The row of the merchant's file (null for ONLY_PROVIDER). */
    rowNo: integer('row_no'),
    /** The provider's id when a transaction was found, else the id the file gave. */
    transactionId: text('transaction_id'),
    orderId: text('order_id'),
    merchantAmount: bigint('merchant_amount', { mode: 'number' }),
    providerAmount: bigint('provider_amount', { mode: 'number' }),
    providerStatus: text('provider_status'),
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }),
    /** TRANSACTION_ID or ORDER_ID for matched pairs. */
    matchedBy: text('matched_by'),
    /** DUPLICATE: the earlier file row it repeats. */
    duplicateOf: integer('duplicate_of'),
  },
  (t) => [
    primaryKey({ name: 'transaction_control_rows_pk', columns: [t.runId, t.seq] }),
    index('transaction_control_rows_class_idx').on(t.runId, t.class, t.seq),
    check('transaction_control_rows_class_ck', sql`${t.class} in ('MATCHED', 'AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER', 'DUPLICATE')`),
  ],
);
