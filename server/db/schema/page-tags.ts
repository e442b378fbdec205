/**
 * Tags of a business page (issue 18 tag-management): named, coloured labels the page's staff put on its
 * customers from the chat. A conversation is one per page and customer, so a conversation's tags are its
 * customer's tags on that page (docs/decisions.md). Audiences of broadcasts (customer care) and of
 * marketing campaigns select customers by these tags (server/lib/audience).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { businessPages, customers } from './business-pages';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const pageTags = pgTable(
  'page_tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** #rrggbb from the palette of src/domain/audience.ts. */
    color: text('color').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One tag of a name per page, whatever the case.
    uniqueIndex('page_tags_page_name_uq').on(t.pageId, sql`lower(${t.name})`),
    index('page_tags_merchant_idx').on(t.merchantId),
    check('page_tags_color_ck', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** A tag on a customer of the page (the customer's conversation shows it). */
export const pageCustomerTags = pgTable(
  'page_customer_tags',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => pageTags.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Denormalised from the tag so a page's tagged customers are one index read. */
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    taggedBy: integer('tagged_by').references(() => users.id, { onDelete: 'set null' }),
    taggedAt: ts('tagged_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'page_customer_tags_pk', columns: [t.tagId, t.customerId] }),
    index('page_customer_tags_page_customer_idx').on(t.pageId, t.customerId),
    index('page_customer_tags_customer_idx').on(t.customerId),
  ],
);
