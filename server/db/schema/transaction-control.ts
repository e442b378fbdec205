/**
 * Transaction control (spec §2 transaction-control, MERCHANT_TRANSACTION_CONTROL): each upload of the
 * merchant's own record of orders is a control run, matched in SQL against the provider's transactions of
 * its window; the run keeps who, when, the window, the file name and the per-class totals, and its rows one
 * per file row (MATCHED, AMOUNT_MISMATCH, ONLY_MERCHANT, DUPLICATE) plus one per provider transaction the
 * file did not name (ONLY_PROVIDER), stored in chunks (transaction_control_chunks). Money is bigint đồng.
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

/** How many seqs one chunk spans: chunk k holds a class's rows whose seq is in [k × CONTROL_CHUNK_ROWS + 1, (k + 1) × CONTROL_CHUNK_ROWS]. */
export const CONTROL_CHUNK_ROWS = 1_000;

/**
 * A run's rows, those of one class within CONTROL_CHUNK_ROWS consecutive seqs per database row, one array per
 * column (element i of every array is one row; readers sort by seq). Writing 200,000 rows one database row each took seconds on PGlite (heap,
 * WAL and two indexes per row); a few hundred rows of arrays, stored uncompressed (STORAGE EXTERNAL, set by
 * the migration), take a fraction of that, and a page reads one or two chunks.
 */
export const transactionControlChunks = pgTable(
  'transaction_control_chunks',
  {
    /** transaction_control_runs.id; no foreign key, written only by the run's own transaction (as before). */
    runId: integer('run_id').notNull(),
    class: text('class').notNull(),
    /** (seq − 1) / CONTROL_CHUNK_ROWS of its rows: a window of seqs reads only its chunks. */
    chunk: integer('chunk').notNull(),
    /** How many rows the chunk holds (a class's page finds its chunks by adding these up). */
    rowCount: integer('row_count').notNull(),
    /** Order within the run: file rows by row number first, then the provider-only transactions. */
    seqs: integer('seqs').array().notNull(),
    /** The row of the merchant's file (null for ONLY_PROVIDER). */
    rowNos: integer('row_nos').array().notNull(),
    /** The provider's id when a transaction was found, else the id the file gave. */
    transactionIds: text('transaction_ids').array().notNull(),
    orderIds: text('order_ids').array().notNull(),
    merchantAmounts: bigint('merchant_amounts', { mode: 'number' }).array().notNull(),
    providerAmounts: bigint('provider_amounts', { mode: 'number' }).array().notNull(),
    providerStatuses: text('provider_statuses').array().notNull(),
    providerCreatedAts: timestamp('provider_created_ats', { withTimezone: true }).array().notNull(),
    /** TRANSACTION_ID or ORDER_ID for matched pairs. */
    matchedBy: text('matched_by').array().notNull(),
    /** DUPLICATE: the earlier file row it repeats. */
    duplicateOf: integer('duplicate_of').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'transaction_control_chunks_pk', columns: [t.runId, t.class, t.chunk] }),
    check('transaction_control_chunks_class_ck', sql`${t.class} in ('MATCHED', 'AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER', 'DUPLICATE')`),
  ],
);
