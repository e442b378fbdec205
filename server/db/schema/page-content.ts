/**
 * What a business page publishes and what customers say on it (spec §2 content-management, §7
 * /user-generated-content/v1): posts (sanitised HTML, up to 10 images, DRAFT / SCHEDULED / PUBLISHED /
 * HIDDEN, one pinned post per page), their comments (a customer's, or a staff reply as the page) and
 * reactions, reviews (1–5 stars, one public reply), 24-hour stories and their views, and the images all of
 * them use (bytes in stored_files under a generated name, like the KYB documents).
 *
 * References business_pages and customers (the pages feature's tables) besides core.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './core';
import { businessPages, customers } from './business-pages';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const pageId = () =>
  integer('page_id')
    .notNull()
    .references(() => businessPages.id, { onDelete: 'cascade' });

/**
 * An image uploaded for a page's content (post or story image by staff, review photo by a customer).
 * Served publicly by its generated name; a post or story may only use its own page's images.
 */
export const pageMedia = pgTable(
  'page_media',
  {
    /** Generated name of the bytes in stored_files; never derived from user input. */
    storageName: text('storage_name').primaryKey(),
    pageId: pageId(),
    /** Found by reading the content (magic bytes), not the declared type. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_media_page_idx').on(t.pageId, t.createdAt)],
);

export const pagePosts = pgTable(
  'page_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: pageId(),
    /** Always the output of sanitizePostHtml (server/lib/html): never stored as received. */
    bodyHtml: text('body_html').notNull(),
    /** Storage names of page_media rows of the same page, in display order (≤ 10). */
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('DRAFT'),
    /** When a SCHEDULED post goes out; the scheduler publishes it once (guarded UPDATE). */
    scheduledAt: ts('scheduled_at'),
    publishedAt: ts('published_at'),
    pinned: boolean('pinned').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('page_posts_page_idx').on(t.pageId, t.createdAt.desc(), t.id.desc()),
    index('page_posts_page_published_idx').on(t.pageId, t.status, t.publishedAt.desc()),
    index('page_posts_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'SCHEDULED'`),
    uniqueIndex('page_posts_one_pinned_uq').on(t.pageId).where(sql`${t.pinned}`),
    check('page_posts_status_ck', sql`${t.status} in ('DRAFT', 'SCHEDULED', 'PUBLISHED', 'HIDDEN')`),
    check('page_posts_images_ck', sql`jsonb_array_length(${t.images}) <= 10`),
    check('page_posts_scheduled_ck', sql`${t.status} <> 'SCHEDULED' or ${t.scheduledAt} is not null`),
  ],
);

/** A customer's comment, or a staff member's reply as the page (staff_user_id set, customer_id null). */
export const pagePostComments = pgTable(
  'page_post_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => pagePosts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => pagePostComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_post_comments_post_idx').on(t.postId, t.createdAt, t.id), index('page_post_comments_parent_idx').on(t.parentId)],
);

/** One reaction per customer and post (kinds: REACTION_KINDS in src/domain/pageContent.ts). */
export const pagePostReactions = pgTable(
  'page_post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => pagePosts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.customerId] }),
    check('page_post_reactions_kind_ck', sql`${t.kind} in ('LIKE', 'LOVE', 'HAHA', 'WOW', 'SAD', 'ANGRY')`),
  ],
);

/** A customer's review of a page (one per customer and page) and the page's one public reply. */
export const pageReviews = pgTable(
  'page_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: pageId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    body: text('body').notNull().default(''),
    /** Storage name of a page_media row of the same page. */
    photo: text('photo'),
    replyBody: text('reply_body'),
    replyUserId: integer('reply_user_id').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: ts('replied_at'),
    replyUpdatedAt: ts('reply_updated_at'),
    /** Reported to the provider's operators as abusive. */
    reportedAt: ts('reported_at'),
    reportReason: text('report_reason'),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_reviews_page_customer_uq').on(t.pageId, t.customerId),
    index('page_reviews_page_created_idx').on(t.pageId, t.createdAt.desc(), t.id.desc()),
    index('page_reviews_reported_idx').on(t.reportedAt).where(sql`${t.reportedAt} is not null`),
    check('page_reviews_stars_ck', sql`${t.stars} between 1 and 5`),
  ],
);

/** A story: an image or a short text with an optional link, visible until expires_at (24 h) or deleted. */
export const pageStories = pgTable(
  'page_stories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: pageId(),
    kind: text('kind').notNull(),
    text: text('text'),
    /** Storage name of a page_media row of the same page (kind IMAGE). */
    image: text('image'),
    link: text('link'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('page_stories_page_idx').on(t.pageId, t.expiresAt.desc()),
    check('page_stories_kind_ck', sql`${t.kind} in ('IMAGE', 'TEXT')`),
    check('page_stories_content_ck', sql`(${t.kind} = 'IMAGE' and ${t.image} is not null) or (${t.kind} = 'TEXT' and ${t.text} is not null)`),
  ],
);

export const pageStoryViews = pgTable(
  'page_story_views',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => pageStories.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.customerId] })],
);
