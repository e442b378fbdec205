/**
 * Support tickets between a merchant and the provider's operators (spec §3, §7 /ticket/v1/accountants):
 * tickets, their comment thread, attachments (bytes in stored_files like the KYB documents), the
 * closing rating and the audit trail of every change. periodId is a plain integer (no FK) so the
 * settlement period tables can land independently.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    status: text('status').notNull().default('OPEN'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    periodId: integer('period_id'),
    /** Where the ticket was opened from (e.g. TRANSACTION_CONTROL, PERIOD_CONTROL); null for the form. */
    source: text('source'),
    /** Stores of the linked transactions: store-scoped roles see a ticket when one of them is theirs. */
    storeIds: integer('store_ids').array().notNull().default(sql`'{}'::integer[]`),
    slaDueAt: ts('sla_due_at').notNull(),
    resolvedAt: ts('resolved_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tickets_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('tickets_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('tickets_merchant_creator_idx').on(t.merchantId, t.createdByUserId, t.createdAt.desc()),
    index('tickets_status_sla_idx').on(t.status, t.slaDueAt),
    index('tickets_store_ids_idx').using('gin', t.storeIds),
    check('tickets_category_ck', sql`${t.category} in ('TRANSACTION', 'PAYOUT', 'PERIOD', 'QUESTION')`),
    check('tickets_status_ck', sql`${t.status} in ('OPEN', 'IN_PROGRESS', 'WAITING_MERCHANT', 'RESOLVED', 'CLOSED')`),
  ],
);

export const ticketTransactions = pgTable(
  'ticket_transactions',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.transactionId] }), index('ticket_transactions_tx_idx').on(t.transactionId)],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_comments_ticket_idx').on(t.ticketId, t.id),
    check('ticket_comments_side_ck', sql`${t.side} in ('MERCHANT', 'OPERATOR')`),
  ],
);

/**
 * Uploaded first (spec §7 …/tickets/attachments), then linked to a ticket or a comment by the same
 * uploader. An unlinked upload has ticket_id null. merchant_id is the uploader's merchant (null for an
 * operator's upload).
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => ticketComments.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Generated name of the bytes in stored_files; never derived from user input. */
    storageName: text('storage_name').notNull().unique(),
    fileName: text('file_name').notNull(),
    /** Found by reading the content (magic bytes), not the declared type. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId, t.id),
    index('ticket_attachments_uploader_idx').on(t.uploadedBy, t.ticketId),
    check('ticket_attachments_size_ck', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880`),
    check('ticket_attachments_side_ck', sql`${t.side} in ('MERCHANT', 'OPERATOR')`),
  ],
);

/** The rating given when the merchant closes (spec §7 /ratings, /closes); one per close. */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_ratings_ticket_idx').on(t.ticketId, t.id), check('ticket_ratings_rating_ck', sql`${t.rating} between 1 and 5`)],
);

/** Every change of a ticket: created, commented, status moves, closes, reopens, with who and from where. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.id)],
);
