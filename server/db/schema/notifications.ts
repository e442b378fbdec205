/**
 * In-portal notifications (issue 15): one row per recipient, written in the transaction of the change
 * it is about (server/lib/notifications `notify`). The text is not stored: kind + params are rendered in
 * the viewer's language. Preferences say which kinds also go by e-mail or SMS (no row: bell only).
 */
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchants, users } from './core';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** An app path (`/portal/app/…`), checked before insert; null when there is nothing to open. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** EMAIL / SMS copies still to send (the recipient's preferences at insert); emptied once sent. */
    pendingChannels: text('pending_channels').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    // The bell: a user's unread count and newest-first page.
    index('notifications_user_read_created_idx').on(t.userId, t.readAt, t.createdAt.desc()),
    index('notifications_user_merchant_created_idx').on(t.userId, t.merchantId, t.createdAt.desc()),
    index('notifications_pending_idx').on(t.id).where(sql`${t.pendingChannels} <> '{}'::text[]`),
    check('notifications_link_ck', sql`${t.link} is null or ${t.link} like '/portal/%'`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
