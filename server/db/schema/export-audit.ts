/**
 * Who exported what (issue 20, Decree 13/2023): one row per export file made, whatever made it (a file
 * sent at once, a background export job, a scheduled report's run). No foreign key to users: the trail
 * must outlive a removed user; the username is kept as it was.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './core';

export const exportAudit = pgTable(
  'export_audit',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null for a scheduled run whose setting's author is gone. */
    userId: integer('user_id'),
    username: text('username'),
    /** MANUAL (sent at once), JOB (background export job) or SCHEDULED (a report setting's run). */
    kind: text('kind').notNull(),
    /** The report key ('transaction-report', 'card-payment-report', …). */
    report: text('report').notNull(),
    format: text('format').notNull(),
    /** The validated filter the file was made from. */
    filter: jsonb('filter').notNull(),
    /** The column keys written, in file order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    /** The export job id or the report file id the row is about. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_audit_merchant_time_idx').on(t.merchantId, t.createdAt.desc()),
    index('export_audit_user_time_idx').on(t.userId, t.createdAt.desc()),
  ],
);
