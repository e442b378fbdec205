/**
 * Reads of the public page: only ACTIVE pages, only PUBLISHED posts, only visible comments, only live
 * stories; customers' names masked (maskPersonName). Lists are keyset pages (time, id) of
 * PUBLIC_PAGE_SIZE rows: the query asks for one more row to know whether a next page exists.
 */
import { and, asc, avg, count, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BusinessPageApiPaths, fillPath } from '@/domain/api';
import { normaliseSlug } from '@/domain/businessPages';
import { maskPersonName } from '@/domain/masking';
import { pageMediaUrl, type ReactionKind, type StoryKind } from '@/domain/pageContent';
import {
  decodeCursor,
  encodeCursor,
  PUBLIC_PAGE_SIZE,
  type PublicComment,
  type PublicList,
  type PublicPage,
  type PublicPost,
  type PublicReview,
  type PublicStory,
} from '@/domain/publicPage';
import type { Db } from '../../db/client';
import { atEpochMicros, epochMicros } from '../../db/keyset';
import {
  businessPageFollows,
  businessPages,
  businessPageStores,
  customers,
  pagePostComments,
  pagePostReactions,
  pagePosts,
  pageReviewModerations,
  pageReviews,
  pageStories,
  pageStoryViews,
  stores,
} from '../../db/schema';
import { ApiError } from '../../errors';
import type { Customer } from '../../lib/customer-session';
import { badgesOfCustomers } from '../../lib/page-badges';

export type PageRow = typeof businessPages.$inferSelect;
type OpeningHoursColumn = PageRow['openingHours'];

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Monday to Sunday with their hours (a missing or null day is closed); none at all when nothing is set. */
export function openingDaysOf(hours: OpeningHoursColumn | null): PublicPage['openingHours'] {
  if (!hours || !WEEKDAY_KEYS.some((day) => hours[day])) return [];
  return WEEKDAY_KEYS.map((day, i) => {
    const h = hours[day];
    return { weekday: i + 1, ranges: h ? [{ open: h.open, close: h.close }] : [] };
  });
}

/** Public address of the page's avatar or cover (the pages feature serves them by generated name). */
const pageImageUrl = (file: string | null) => (file ? `/api${fillPath(BusinessPageApiPaths.imageFile, { name: file })}` : null);

/** Reviews the provider's operators hid after a merchant's report (ops reported-reviews) are not public. */
const notHiddenByOperator = sql`not exists (select 1 from ${pageReviewModerations} where ${pageReviewModerations.reviewId} = ${pageReviews.id} and ${pageReviewModerations.outcome} = 'HIDDEN')`;

const iso = (d: Date) => d.toISOString();
const mediaUrl = (name: string | null | undefined) => (name ? pageMediaUrl(name) : null);

/** Rows strictly after the cursor in (time desc, id desc) order. */
function before(time: AnyPgColumn, id: AnyPgColumn, cursor: string | undefined): SQL | undefined {
  const c = decodeCursor(cursor);
  if (!c) return undefined;
  const at = atEpochMicros(c.atMicros);
  return or(lt(time, at), and(eq(time, at), lt(id, c.id)));
}

/** Rows select `cursorAt: epochMicros(time)` beside their time: the cursor keeps the database's microseconds. */
function paged<R extends { cursorAt: number }, T>(rows: R[], toItem: (row: R) => T, idOf: (row: R) => number): PublicList<T> {
  const more = rows.length > PUBLIC_PAGE_SIZE;
  const shown = rows.slice(0, PUBLIC_PAGE_SIZE);
  const last = shown[shown.length - 1];
  return { items: shown.map(toItem), next: more && last ? encodeCursor(last.cursorAt, idOf(last)) : null };
}

export function publicPagesRepository(db: Db) {
  /** A published post of the page (a draft, hidden or scheduled one reads as not found). */
  const publishedPost = (pageId: number, postId: number, now: Date) =>
    and(eq(pagePosts.id, postId), eq(pagePosts.pageId, pageId), eq(pagePosts.status, 'PUBLISHED'), lte(pagePosts.publishedAt, now));

  return {
    /** The ACTIVE page of a slug; any other page, and no page, read the same: 404. */
    async activePage(slug: string): Promise<PageRow> {
      const [page] = await db
        .select()
        .from(businessPages)
        .where(and(eq(businessPages.slug, normaliseSlug(slug)), eq(businessPages.status, 'ACTIVE')));
      if (!page) throw ApiError.notFound();
      return page;
    },

    async page(page: PageRow, customer: Customer | null, demo: boolean): Promise<PublicPage> {
      const [[followers], [rating], storeRows] = await Promise.all([
        db
          .select({ n: count() })
          .from(businessPageFollows)
          .where(and(eq(businessPageFollows.pageId, page.id), isNull(businessPageFollows.unfollowedAt))),
        db.select({ n: count(), average: avg(pageReviews.stars) }).from(pageReviews).where(and(eq(pageReviews.pageId, page.id), notHiddenByOperator)),
        db
          .select({ name: stores.storeName, address: stores.address })
          .from(businessPageStores)
          .innerJoin(stores, eq(stores.id, businessPageStores.storeId))
          .where(eq(businessPageStores.pageId, page.id))
          .orderBy(asc(stores.storeName)),
      ]);
      let viewer: PublicPage['viewer'] = null;
      if (customer) {
        const [[follow], [review], badges] = await Promise.all([
          db
            .select({ n: count() })
            .from(businessPageFollows)
            .where(and(eq(businessPageFollows.pageId, page.id), eq(businessPageFollows.customerId, customer.id), isNull(businessPageFollows.unfollowedAt))),
          db
            .select({ stars: pageReviews.stars, body: pageReviews.body, photo: pageReviews.photo })
            .from(pageReviews)
            .where(and(eq(pageReviews.pageId, page.id), eq(pageReviews.customerId, customer.id))),
          badgesOfCustomers(db, page.id, [customer.id]),
        ]);
        viewer = {
          name: customer.fullName,
          following: follow.n > 0,
          review: review ? { stars: review.stars, body: review.body, photoUrl: mediaUrl(review.photo) } : null,
          badges: badges.get(customer.id) ?? [],
        };
      }
      return {
        slug: page.slug,
        name: page.name,
        description: page.description || null,
        category: page.category ?? null,
        hotline: page.hotline ?? null,
        website: page.website ?? null,
        facebook: page.facebook ?? null,
        avatarUrl: pageImageUrl(page.avatarFile),
        coverUrl: pageImageUrl(page.coverFile),
        openingHours: openingDaysOf(page.openingHours),
        stores: storeRows,
        followers: followers.n,
        rating: { count: rating.n, average: rating.average === null ? null : Math.round(Number(rating.average) * 10) / 10 },
        demo,
        viewer,
      };
    },

    /** Published posts: the pinned one first (first page only), then newest first. */
    async posts(pageId: number, cursor: string | undefined, customer: Customer | null, now = new Date()): Promise<PublicList<PublicPost>> {
      const reactions = db
        .select({ postId: pagePostReactions.postId, n: count().as('reactions') })
        .from(pagePostReactions)
        .groupBy(pagePostReactions.postId)
        .as('r');
      const comments = db
        .select({ postId: pagePostComments.postId, n: count().as('comments') })
        .from(pagePostComments)
        .where(eq(pagePostComments.hidden, false))
        .groupBy(pagePostComments.postId)
        .as('c');
      const mine = db
        .select({ postId: pagePostReactions.postId, kind: pagePostReactions.kind })
        .from(pagePostReactions)
        .where(eq(pagePostReactions.customerId, customer?.id ?? 0))
        .as('m');
      const published = and(eq(pagePosts.pageId, pageId), eq(pagePosts.status, 'PUBLISHED'), lte(pagePosts.publishedAt, now));
      const select = () =>
        db
          .select({
            id: pagePosts.id,
            bodyHtml: pagePosts.bodyHtml,
            images: pagePosts.images,
            publishedAt: pagePosts.publishedAt,
            cursorAt: epochMicros(pagePosts.publishedAt),
            pinned: pagePosts.pinned,
            reactions: sql<number>`coalesce(${reactions.n}, 0)`.mapWith(Number),
            comments: sql<number>`coalesce(${comments.n}, 0)`.mapWith(Number),
            myReaction: mine.kind,
          })
          .from(pagePosts)
          .leftJoin(reactions, eq(reactions.postId, pagePosts.id))
          .leftJoin(comments, eq(comments.postId, pagePosts.id))
          .leftJoin(mine, eq(mine.postId, pagePosts.id));
      const pinned = cursor ? [] : await select().where(and(published, eq(pagePosts.pinned, true)));
      const rows = await select()
        .where(and(published, eq(pagePosts.pinned, false), before(pagePosts.publishedAt, pagePosts.id, cursor)))
        .orderBy(desc(pagePosts.publishedAt), desc(pagePosts.id))
        .limit(PUBLIC_PAGE_SIZE + 1);
      type Row = (typeof rows)[number];
      const toPost = (r: Row): PublicPost => ({
        id: r.id,
        bodyHtml: r.bodyHtml,
        images: r.images.map((name: string) => pageMediaUrl(name)),
        publishedAt: iso(r.publishedAt!),
        pinned: r.pinned,
        reactions: r.reactions,
        comments: r.comments,
        myReaction: (r.myReaction as ReactionKind | null) ?? null,
      });
      const list = paged(rows, toPost, (r) => r.id);
      return { items: [...pinned.map(toPost), ...list.items], next: list.next };
    },

    async publishedPostExists(pageId: number, postId: number, now = new Date()): Promise<boolean> {
      const [row] = await db.select({ id: pagePosts.id }).from(pagePosts).where(publishedPost(pageId, postId, now));
      return !!row;
    },

    /** A post's visible comments, oldest first (a conversation reads top-down). */
    async comments(postId: number, cursor: string | undefined): Promise<PublicList<PublicComment>> {
      const c = decodeCursor(cursor);
      const rows = await db
        .select({
          id: pagePostComments.id,
          body: pagePostComments.body,
          createdAt: pagePostComments.createdAt,
          cursorAt: epochMicros(pagePostComments.createdAt),
          customerName: customers.fullName,
          staff: pagePostComments.staffUserId,
        })
        .from(pagePostComments)
        .leftJoin(customers, eq(customers.id, pagePostComments.customerId))
        .where(
          and(
            eq(pagePostComments.postId, postId),
            eq(pagePostComments.hidden, false),
            c
              ? or(gt(pagePostComments.createdAt, atEpochMicros(c.atMicros)), and(eq(pagePostComments.createdAt, atEpochMicros(c.atMicros)), gt(pagePostComments.id, c.id)))
              : undefined,
          ),
        )
        .orderBy(asc(pagePostComments.createdAt), asc(pagePostComments.id))
        .limit(PUBLIC_PAGE_SIZE + 1);
      return paged(
        rows,
        (r) => ({ id: r.id, body: r.body, author: r.customerName ? maskPersonName(r.customerName) : null, asPage: !r.customerName, createdAt: iso(r.createdAt) }),
        (r) => r.id,
      );
    },

    /** Stories that are neither expired nor deleted, newest first (a day's worth: no paging). */
    async stories(pageId: number, customer: Customer | null, now = new Date()): Promise<PublicStory[]> {
      const seen = db
        .select({ storyId: pageStoryViews.storyId })
        .from(pageStoryViews)
        .where(eq(pageStoryViews.customerId, customer?.id ?? 0))
        .as('v');
      const rows = await db
        .select({ story: pageStories, seen: seen.storyId })
        .from(pageStories)
        .leftJoin(seen, eq(seen.storyId, pageStories.id))
        .where(and(eq(pageStories.pageId, pageId), isNull(pageStories.deletedAt), gt(pageStories.expiresAt, now)))
        .orderBy(desc(pageStories.createdAt), desc(pageStories.id));
      return rows.map(({ story: s, seen: viewed }) => ({
        id: s.id,
        kind: s.kind as StoryKind,
        text: s.text,
        imageUrl: mediaUrl(s.image),
        link: s.link,
        createdAt: iso(s.createdAt),
        expiresAt: iso(s.expiresAt),
        viewed: viewed !== null,
      }));
    },

    async liveStoryExists(pageId: number, storyId: number, now = new Date()): Promise<boolean> {
      const [row] = await db
        .select({ id: pageStories.id })
        .from(pageStories)
        .where(and(eq(pageStories.id, storyId), eq(pageStories.pageId, pageId), isNull(pageStories.deletedAt), gt(pageStories.expiresAt, now)));
      return !!row;
    },

    /** Reviews newest first, with the page's reply; the reviewer's name masked. */
    async reviews(pageId: number, cursor: string | undefined): Promise<PublicList<PublicReview>> {
      const rows = await db
        .select({ review: pageReviews, name: customers.fullName, cursorAt: epochMicros(pageReviews.createdAt) })
        .from(pageReviews)
        .innerJoin(customers, eq(customers.id, pageReviews.customerId))
        .where(and(eq(pageReviews.pageId, pageId), notHiddenByOperator, before(pageReviews.createdAt, pageReviews.id, cursor)))
        .orderBy(desc(pageReviews.createdAt), desc(pageReviews.id))
        .limit(PUBLIC_PAGE_SIZE + 1);
      const badges = await badgesOfCustomers(db, pageId, rows.map((r) => r.review.customerId));
      return paged(
        rows,
        ({ review: r, name }) => ({
          id: r.id,
          stars: r.stars,
          body: r.body,
          photoUrl: mediaUrl(r.photo),
          customerName: maskPersonName(name) ?? '•••',
          reply: r.replyBody && r.repliedAt ? { body: r.replyBody, repliedAt: iso(r.repliedAt) } : null,
          badges: badges.get(r.customerId) ?? [],
          createdAt: iso(r.createdAt),
        }),
        ({ review: r }) => r.id,
      );
    },
  };
}
