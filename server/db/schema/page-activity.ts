/**
 * What customers do on a business page, for the page reports (spec §2 report-management/{id}/…):
 * - `page_activity_events`: one row per recorded action on the public page (a view of the page, a post
 *   seen, a link or payment-link click, a follow, an unfollow, a reaction, a comment, a review), with the
 *   Vietnam day it fell on. Written by the public page and the customer simulator (server/lib/page-activity).
 * - `page_daily_viewers`: who was seen on a page on a day (a customer, or an anonymous browser's random
 *   visitor id): a day's reach, and the distinct reach of a range.
 * - `page_daily_stats`: the daily rollup the overview reads (one row per page and day), kept in step with
 *   the events in the same transaction, so a 12-month overview sums at most 366 rows.
 *
 * References business_pages, customers and page_posts (the pages and content features' tables) besides core.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businessPages, customers } from './business-pages';
import { pagePosts } from './page-content';
import { paymentLinks } from './payment-links';

const pageId = () =>
  integer('page_id')
    .notNull()
    .references(() => businessPages.id, { onDelete: 'cascade' });

export const pageActivityEvents = pgTable(
  'page_activity_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    pageId: pageId(),
    /** PAGE_ACTIVITY_KINDS in src/domain/pageReports.ts. */
    kind: text('kind').notNull(),
    /** The Vietnam calendar day of occurred_at (src/domain/time.ts dayKeyOf). */
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    postId: integer('post_id').references(() => pagePosts.id, { onDelete: 'set null' }),
    paymentLinkId: integer('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** 'c:<customer id>' or 'v:<random visitor id of an anonymous browser>' (views only). */
    viewerKey: text('viewer_key'),
  },
  (t) => [
    index('page_activity_events_page_day_idx').on(t.pageId, t.day),
    index('page_activity_events_post_idx').on(t.postId, t.kind).where(sql`${t.postId} is not null`),
    index('page_activity_events_link_idx').on(t.pageId, t.paymentLinkId, t.occurredAt).where(sql`${t.paymentLinkId} is not null`),
    check(
      'page_activity_events_kind_ck',
      sql`${t.kind} in ('PAGE_VIEW','POST_VIEW','LINK_CLICK','PAYMENT_LINK_CLICK','FOLLOW','UNFOLLOW','REACTION','COMMENT','REVIEW')`,
    ),
  ],
);

export const pageDailyViewers = pgTable(
  'page_daily_viewers',
  {
    pageId: pageId(),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.day, t.viewerKey] })],
);

export const pageDailyStats = pgTable(
  'page_daily_stats',
  {
    pageId: pageId(),
    day: date('day', { mode: 'string' }).notNull(),
    pageViews: integer('page_views').notNull().default(0),
    postViews: integer('post_views').notNull().default(0),
    /** Distinct viewers of the day (rows of page_daily_viewers). */
    reach: integer('reach').notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
    paymentLinkClicks: integer('payment_link_clicks').notNull().default(0),
    reactions: integer('reactions').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    followersGained: integer('followers_gained').notNull().default(0),
    followersLost: integer('followers_lost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.day] })],
);
