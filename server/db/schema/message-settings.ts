/**
 * Message management of a business page (issue 18; src/domain/messageSettings.ts):
 * - page_chat_settings: one row per page (none yet: the defaults) for the chat channel (on/off, who may
 *   start a chat, blocked words) and the message configuration (greeting, outside-hours reply, away
 *   message, auto-resolve after N hours of silence);
 * - chat_templates: the page's saved replies (quick replies in the inbox), with a shortcut;
 * - page_faq_entries and page_quick_menu_items: what a customer sees when the chat opens;
 * - chat_automation_sends: which automatic message a conversation already got (greeting once, the
 *   outside-hours reply once per closed period, the away message once per away period): the unique key
 *   makes it once even with several processes.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { businessPages } from './business-pages';
import { chatConversations } from './live-chat';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const pageChatSettings = pgTable(
  'page_chat_settings',
  {
    pageId: integer('page_id')
      .primaryKey()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    /** EVERYONE | FOLLOWERS (who may start a conversation). */
    whoCanStart: text('who_can_start').notNull().default('EVERYONE'),
    blockedWords: jsonb('blocked_words').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    greetingEnabled: boolean('greeting_enabled').notNull().default(false),
    greetingText: text('greeting_text'),
    outsideHoursEnabled: boolean('outside_hours_enabled').notNull().default(false),
    outsideHoursText: text('outside_hours_text'),
    awayEnabled: boolean('away_enabled').notNull().default(false),
    awayText: text('away_text'),
    /** When the away message was last switched on: one away message per conversation per away period. */
    awaySince: ts('away_since'),
    /** Conversations silent this many hours are resolved (null: never). */
    autoResolveHours: integer('auto_resolve_hours'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('page_chat_settings_merchant_idx').on(t.merchantId),
    // The auto-resolve pass reads only the pages that use it.
    index('page_chat_settings_auto_resolve_idx').on(t.pageId).where(sql`${t.autoResolveHours} is not null`),
    check('page_chat_settings_who_ck', sql`${t.whoCanStart} in ('EVERYONE','FOLLOWERS')`),
    check('page_chat_settings_resolve_ck', sql`${t.autoResolveHours} is null or ${t.autoResolveHours} between 1 and 720`),
  ],
);

export const chatTemplates = pgTable(
  'chat_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    shortcut: text('shortcut').notNull(),
    /** Customer text with ${name} / ${page} only. */
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_templates_page_shortcut_uq').on(t.pageId, sql`lower(${t.shortcut})`),
    index('chat_templates_page_idx').on(t.pageId, t.id),
    index('chat_templates_merchant_idx').on(t.merchantId),
  ],
);

export const pageFaqEntries = pgTable(
  'page_faq_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('page_faq_entries_page_idx').on(t.pageId, t.position, t.id), index('page_faq_entries_merchant_idx').on(t.merchantId)],
);

export const pageQuickMenuItems = pgTable(
  'page_quick_menu_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** With an FAQ entry, its answer follows the customer's pick. */
    faqId: integer('faq_id').references(() => pageFaqEntries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('page_quick_menu_items_page_idx').on(t.pageId, t.position, t.id), index('page_quick_menu_items_faq_idx').on(t.faqId)],
);

export const chatAutomationSends = pgTable(
  'chat_automation_sends',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** GREETING | OUTSIDE_HOURS | AWAY. */
    kind: text('kind').notNull(),
    /** '' for the greeting; the next opening (outside hours) or the away period's start (away). */
    periodKey: text('period_key').notNull().default(''),
    messageId: integer('message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chat_automation_sends_pk', columns: [t.conversationId, t.kind, t.periodKey] }),
    check('chat_automation_sends_kind_ck', sql`${t.kind} in ('GREETING','OUTSIDE_HOURS','AWAY')`),
  ],
);
