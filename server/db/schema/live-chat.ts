/**
 * Live chat between a business page and its customers (issue 18, BUSINESS_PAGE_USER_CHAT_MANAGEMENT):
 * one conversation per page and customer, and its messages both ways. The conversation carries what
 * the inbox shows (status, assignee, last message, unread count of each side) so the inbox is one
 * indexed read; messages are paged by id (keyset). Receipts: `delivered_at` / `read_at` on each
 * message, set for the other side's messages up to a cursor. `search_text` is the body folded with the
 * same VI_ACCENTED → VI_PLAIN map as the help centre, so "cam on" finds "Cảm ơn".
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { businessPages, customers } from './business-pages';
import { VI_ACCENTED, VI_PLAIN } from './help-center';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** OPEN | PENDING | RESOLVED (docs/decisions.md: a customer's message reopens a resolved one). */
    status: text('status').notNull().default('OPEN'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: ts('last_message_at'),
    /** The last message shown in the inbox (private notes never become it). */
    lastMessagePreview: text('last_message_preview'),
    lastMessageKind: text('last_message_kind'),
    lastMessageSender: text('last_message_sender'),
    /** Customer messages the staff have not read / staff messages the customer has not read. */
    staffUnread: integer('staff_unread').notNull().default(0),
    customerUnread: integer('customer_unread').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_page_customer_uq').on(t.pageId, t.customerId),
    // The inbox: a page's conversations newest first, optionally by status or assignee.
    index('chat_conversations_inbox_idx').on(t.pageId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    index('chat_conversations_status_idx').on(t.pageId, t.status, t.lastMessageAt.desc().nullsLast()),
    index('chat_conversations_assignee_idx').on(t.pageId, t.assigneeUserId, t.lastMessageAt.desc().nullsLast()),
    index('chat_conversations_customer_idx').on(t.customerId),
    index('chat_conversations_merchant_idx').on(t.merchantId),
    check('chat_conversations_status_ck', sql`${t.status} in ('OPEN','PENDING','RESOLVED')`),
    check('chat_conversations_unread_ck', sql`${t.staffUnread} >= 0 and ${t.customerUnread} >= 0`),
  ],
);

export interface ChatAttachmentColumn {
  name: string;
  url: string;
  mimeType: string;
  size: number;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    /** CUSTOMER | STAFF | SYSTEM. */
    sender: text('sender').notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** TEXT | IMAGE | FILE | PAYMENT_LINK | NOTE (NOTE: staff only, never sent to the customer). */
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    attachment: jsonb('attachment').$type<ChatAttachmentColumn>(),
    paymentLinkId: integer('payment_link_id'),
    /** The sender's own id for the message (a retry after a lost answer is not a second message). */
    clientMessageId: text('client_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    searchText: text('search_text').generatedAlwaysAs(sql.raw(`lower(translate(body, '${VI_ACCENTED}', '${VI_PLAIN}'))`)),
  },
  (t) => [
    // History (keyset on id) and catch-up after a reconnect.
    index('chat_messages_conversation_idx').on(t.conversationId, t.id.desc()),
    index('chat_messages_page_id_idx').on(t.pageId, t.id),
    uniqueIndex('chat_messages_client_uq').on(t.conversationId, t.sender, t.clientMessageId),
    index('chat_messages_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('chat_messages_sender_ck', sql`${t.sender} in ('CUSTOMER','STAFF','SYSTEM')`),
    check('chat_messages_kind_ck', sql`${t.kind} in ('TEXT','IMAGE','FILE','PAYMENT_LINK','NOTE')`),
    check('chat_messages_note_ck', sql`${t.kind} <> 'NOTE' or ${t.sender} = 'STAFF'`),
  ],
);
