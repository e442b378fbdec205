/**
 * Customer care (issue 18, BUSINESS_PAGE_CUSTOMER_CARE): broadcasts of a business page to its own
 * customers (followers and chatting customers), delivered through the live chat.
 *
 * The rows are the whole state of a send, so it happens once across processes and restarts
 * (server/lib/broadcasts):
 * - `broadcasts`: SCHEDULED until due; one transaction locks a due row (FOR UPDATE SKIP LOCKED), inserts
 *   its recipients from the audience and moves it to SENDING; SENT once no recipient is left to send.
 * - `broadcast_recipients`: one row per broadcast and customer (primary key). Each recipient is sent in
 *   its own transaction that locks the row, inserts the chat message(s) and marks it SENT together; a
 *   crash rolls both back. Quiet hours move a recipient to DEFERRED with a later `due_at`.
 * - `broadcast_unsubscribes`: a customer who no longer wants a page's broadcasts (never sent one again).
 * - `broadcast_images`: pictures uploaded for a broadcast (checked like chat uploads), so a broadcast
 *   can only send a picture its own merchant's page uploaded.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Audience } from '@/domain/audience';
import { merchants, users } from './core';
import { businessPages, customers } from './business-pages';
import { chatConversations } from './live-chat';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const broadcastImages = pgTable(
  'broadcast_images',
  {
    /** The generated storage name in the file store (also the chat attachment's file name). */
    storageName: text('storage_name').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    pageId: integer('page_id').notNull(),
    /** The uploaded file's own name, shown in the chat. */
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.merchantId, t.pageId], foreignColumns: [businessPages.merchantId, businessPages.id] }).onDelete('cascade'),
    index('broadcast_images_page_idx').on(t.pageId),
  ],
);

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').notNull(),
    name: text('name').notNull(),
    /** The audience as chosen (src/domain/audience.ts), over the page's own customers. */
    audience: jsonb('audience').$type<Audience>().notNull(),
    /** The text with ${name} / ${page} placeholders (filled per recipient). */
    message: text('message').notNull(),
    imageStorageName: text('image_storage_name').references(() => broadcastImages.storageName, { onDelete: 'restrict' }),
    /** A payment link of the merchant, sent as a card after the text. */
    paymentLinkId: integer('payment_link_id'),
    /** SCHEDULED | SENDING | SENT | CANCELLED (src/domain/customerCare.ts). */
    status: text('status').notNull().default('SCHEDULED'),
    /** When it goes out (send now: the time of creation). */
    scheduledAt: ts('scheduled_at').notNull(),
    /** Recipients materialised when it started (equals the audience count at that moment). */
    audienceSize: integer('audience_size'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.merchantId, t.pageId], foreignColumns: [businessPages.merchantId, businessPages.id] }).onDelete('cascade'),
    // The page's list, newest first (keyset/offset on an index).
    index('broadcasts_page_idx').on(t.pageId, t.createdAt.desc(), t.id.desc()),
    // The sender's due scan.
    index('broadcasts_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'SCHEDULED'`),
    index('broadcasts_sending_idx').on(t.id).where(sql`${t.status} = 'SENDING'`),
    check('broadcasts_status_ck', sql`${t.status} in ('SCHEDULED','SENDING','SENT','CANCELLED')`),
    check('broadcasts_audience_size_ck', sql`${t.audienceSize} is null or ${t.audienceSize} >= 0`),
  ],
);

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Denormalised from the broadcast: the frequency cap counts a customer's broadcasts per page. */
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    /** PENDING | DEFERRED | SENT | SKIPPED_CAP | SKIPPED_UNSUBSCRIBED. */
    state: text('state').notNull().default('PENDING'),
    /** Not sent before this (quiet hours defer to 08:00 Vietnam time). */
    dueAt: ts('due_at').notNull(),
    conversationId: integer('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    /** The broadcast's text message in the conversation (receipts and replies are read from it). */
    messageId: integer('message_id'),
    sentAt: ts('sent_at'),
    /** When the state last changed (skips, deferrals). */
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ name: 'broadcast_recipients_pk', columns: [t.broadcastId, t.customerId] }),
    index('broadcast_recipients_state_idx').on(t.broadcastId, t.state),
    // The sender's scan of due recipients.
    index('broadcast_recipients_due_idx').on(t.dueAt).where(sql`${t.state} in ('PENDING','DEFERRED')`),
    // The frequency cap: a customer's broadcasts sent by a page lately.
    index('broadcast_recipients_cap_idx').on(t.customerId, t.pageId, t.sentAt).where(sql`${t.state} = 'SENT'`),
    check('broadcast_recipients_state_ck', sql`${t.state} in ('PENDING','DEFERRED','SENT','SKIPPED_CAP','SKIPPED_UNSUBSCRIBED')`),
    check('broadcast_recipients_sent_ck', sql`${t.state} <> 'SENT' or (${t.sentAt} is not null and ${t.messageId} is not null)`),
  ],
);

export const broadcastUnsubscribes = pgTable(
  'broadcast_unsubscribes',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The last broadcast the customer received from the page before leaving (its "unsubscribed" figure). */
    broadcastId: integer('broadcast_id').references(() => broadcasts.id, { onDelete: 'set null' }),
    unsubscribedAt: ts('unsubscribed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'broadcast_unsubscribes_pk', columns: [t.pageId, t.customerId] }),
    index('broadcast_unsubscribes_broadcast_idx').on(t.broadcastId),
  ],
);
