/**
 * Customer badges of a business page (spec §2 business-page/{id}/badge-gamification): the page's rules
 * ("N payments in D days" at the page's merchant, or "first review" on the page) and the badges customers
 * earned by them. An award is one row per rule and customer (unique): the evaluator inserts with ON
 * CONFLICT DO NOTHING, so a badge is given exactly once however many passes or processes run.
 *
 * A customer's payments are the merchant's transactions whose customer_phone is the customer's phone
 * (the wallet account is the phone number).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { businessPages, customers } from './business-pages';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const pageBadgeRules = pgTable(
  'page_badge_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** PAYMENTS (minPayments within windowDays) or FIRST_REVIEW. */
    kind: text('kind').notNull(),
    minPayments: integer('min_payments'),
    windowDays: integer('window_days'),
    /** Set while the rule is off: it awards nothing and its badges are not shown. */
    disabledAt: ts('disabled_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('page_badge_rules_page_idx').on(t.pageId, t.id),
    check('page_badge_rules_kind_ck', sql`${t.kind} in ('PAYMENTS', 'FIRST_REVIEW')`),
    check(
      'page_badge_rules_thresholds_ck',
      sql`(${t.kind} = 'PAYMENTS' and ${t.minPayments} between 1 and 1000 and ${t.windowDays} between 1 and 365) or (${t.kind} = 'FIRST_REVIEW' and ${t.minPayments} is null and ${t.windowDays} is null)`,
    ),
  ],
);

export const pageBadgeAwards = pgTable(
  'page_badge_awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => pageBadgeRules.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** PAYMENT or REVIEW: what earned it. */
    source: text('source').notNull(),
    awardedAt: ts('awarded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_badge_awards_rule_customer_uq').on(t.ruleId, t.customerId),
    index('page_badge_awards_page_customer_idx').on(t.pageId, t.customerId),
    check('page_badge_awards_source_ck', sql`${t.source} in ('PAYMENT', 'REVIEW')`),
  ],
);
