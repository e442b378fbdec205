/**
 * Posts of a page (spec §2 business-page/{id}/create-post, business-page/{id}/post/{postId},
 * content-management/{id}/posts): list, create, edit, hide / show again, pin (one per page), comments
 * with moderation (hide, reply as the page) and the reactions count. The body is stored only as
 * sanitizePostHtml's output; the images are this page's own uploads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, ContentApiPaths as Paths } from '@/domain/api';
import {
  commentReplySchema,
  commentVisibilitySchema,
  CONTENT_LIMITS,
  pageMediaUrl,
  POST_STATUSES,
  postPinSchema,
  postSaveSchema,
  postVisibilitySchema,
  type PostComment,
  type PostSaveInput,
  type PostStatus,
  type PostSummary,
  type ReactionKind,
} from '@/domain/pageContent';
import { vietnamLocalInstant } from '@/domain/paymentLinks';
import type { Db } from '../../db/client';
import { customers, pageMedia, pagePostComments, pagePostReactions, pagePosts, users } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { imagesInHtml, sanitizePostHtml, textOfHtml } from '../../lib/html/sanitize';
import { offsetOf, pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf } from '../../plugins/auth';
import { apiQuery, langOnlyQuery } from '../../validation';
import {
  commentParams,
  commentSchema,
  CONTENT_READERS,
  CONTENT_WRITERS,
  contentAccess,
  iso,
  pageParams,
  postParams,
  postSchema,
  tags,
} from './schemas';

type PostRow = typeof pagePosts.$inferSelect;

const invalid = (key: string, field?: string) =>
  new ApiError(400, ApiStatus.VALIDATION, key, field ? { field } : {});
const wrongState = () => new ApiError(409, ApiStatus.CONFLICT, 'content.wrongState');

/** The stored form of a body and its images, or the reason it is refused (nothing is written then). */
export async function preparePost(db: Db, pageId: number, input: PostSaveInput) {
  const bodyHtml = sanitizePostHtml(input.bodyHtml);
  const text = textOfHtml(bodyHtml);
  const images = [...new Set([...input.images, ...imagesInHtml(bodyHtml)])];
  if (!text && images.length === 0) throw invalid('content.emptyPost', 'bodyHtml');
  if (text.length > CONTENT_LIMITS.maxPostTextLength) throw invalid('content.postTooLong', 'bodyHtml');
  if (images.length > CONTENT_LIMITS.maxPostImages) throw invalid('content.tooManyImages', 'images');
  if (images.length) {
    const found = await db
      .select({ name: pageMedia.storageName })
      .from(pageMedia)
      .where(and(eq(pageMedia.pageId, pageId), inArray(pageMedia.storageName, images)));
    if (found.length !== images.length) throw invalid('content.unknownImage', 'images');
  }
  return { bodyHtml, images };
}

/** Status columns for a save: a draft has no times; a published post keeps its first publication time. */
function statusColumns(input: PostSaveInput, existing: PostRow | null, now: Date) {
  if (input.status === 'SCHEDULED') return { status: 'SCHEDULED', scheduledAt: vietnamLocalInstant(input.scheduledAt)!, publishedAt: null, pinned: false };
  if (input.status === 'PUBLISHED') return { status: 'PUBLISHED', scheduledAt: existing?.scheduledAt ?? null, publishedAt: existing?.publishedAt ?? now };
  return { status: 'DRAFT', scheduledAt: null, publishedAt: null, pinned: false };
}

export function postsRepository(db: Db) {
  const reactionCounts = async (ids: number[]) => {
    const rows = ids.length
      ? await db
          .select({ postId: pagePostReactions.postId, kind: pagePostReactions.kind, n: count() })
          .from(pagePostReactions)
          .where(inArray(pagePostReactions.postId, ids))
          .groupBy(pagePostReactions.postId, pagePostReactions.kind)
      : [];
    const byPost = new Map<number, Partial<Record<ReactionKind, number>>>();
    for (const r of rows) byPost.set(r.postId, { ...byPost.get(r.postId), [r.kind]: r.n });
    return byPost;
  };
  const commentCounts = async (ids: number[]) => {
    const rows = ids.length
      ? await db
          .select({ postId: pagePostComments.postId, n: count() })
          .from(pagePostComments)
          .where(and(inArray(pagePostComments.postId, ids), eq(pagePostComments.hidden, false)))
          .groupBy(pagePostComments.postId)
      : [];
    return new Map(rows.map((r) => [r.postId, r.n]));
  };

  async function summaries(rows: { post: PostRow; author: string | null }[]): Promise<PostSummary[]> {
    const ids = rows.map((r) => r.post.id);
    const [reactions, comments] = await Promise.all([reactionCounts(ids), commentCounts(ids)]);
    return rows.map(({ post, author }) => {
      const byKind = reactions.get(post.id) ?? {};
      return {
        id: post.id,
        pageId: post.pageId,
        bodyHtml: post.bodyHtml,
        excerpt: textOfHtml(post.bodyHtml).slice(0, 160),
        images: post.images.map((name) => ({ name, url: pageMediaUrl(name) })),
        status: post.status as PostStatus,
        scheduledAt: iso(post.scheduledAt),
        publishedAt: iso(post.publishedAt),
        pinned: post.pinned,
        reactions: Object.values(byKind).reduce((a, b) => a + (b ?? 0), 0),
        reactionsByKind: byKind,
        comments: comments.get(post.id) ?? 0,
        createdBy: author,
        createdAt: post.createdAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
      };
    });
  }

  const select = () => db.select({ post: pagePosts, author: users.name }).from(pagePosts).leftJoin(users, eq(users.id, pagePosts.createdBy));

  return {
    async page(pageId: number, status: PostStatus | undefined, page: { pageNumber: number; pageSize: number }) {
      const where = and(eq(pagePosts.pageId, pageId), status ? eq(pagePosts.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(pagePosts.pinned), desc(sql`coalesce(${pagePosts.publishedAt}, ${pagePosts.scheduledAt}, ${pagePosts.createdAt})`), desc(pagePosts.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(pagePosts).where(where),
      ]);
      return { rows: await summaries(rows), total: total!.n };
    },
    async row(pageId: number, postId: number): Promise<PostRow> {
      const [row] = await db.select().from(pagePosts).where(and(eq(pagePosts.pageId, pageId), eq(pagePosts.id, postId)));
      if (!row) throw ApiError.notFound();
      return row;
    },
    async one(pageId: number, postId: number): Promise<PostSummary> {
      const rows = await select().where(and(eq(pagePosts.pageId, pageId), eq(pagePosts.id, postId)));
      if (!rows.length) throw ApiError.notFound();
      return (await summaries(rows))[0]!;
    },
    async comments(postId: number): Promise<PostComment[]> {
      const rows = await db
        .select({ c: pagePostComments, customerName: customers.fullName })
        .from(pagePostComments)
        .leftJoin(customers, eq(customers.id, pagePostComments.customerId))
        .where(eq(pagePostComments.postId, postId))
        .orderBy(asc(pagePostComments.createdAt), asc(pagePostComments.id));
      return rows.map(({ c, customerName }) => ({
        id: c.id,
        parentId: c.parentId,
        body: c.body,
        hidden: c.hidden,
        customerName: c.staffUserId !== null || c.customerId === null ? null : customerName,
        asPage: c.customerId === null,
        createdAt: c.createdAt.toISOString(),
      }));
    },
  };
}

const listQuery = apiQuery({ ...pageQueryShape, status: z.enum(POST_STATUSES).optional() });

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = postsRepository(db);

  app.get(
    Paths.posts,
    {
      schema: {
        tags,
        summary: 'Posts of a page: pinned first, then newest (published, scheduled or created), paged; optional status filter',
        params: pageParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(postSchema)) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      const { rows, total } = await repo.page(pageId, request.query.status, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    Paths.posts,
    {
      schema: {
        tags,
        summary: 'Create a post (PAGE_ADMIN, EDITOR): draft, scheduled (Vietnam time, in the future) or published now; the HTML is sanitised',
        params: pageParams,
        querystring: langOnlyQuery,
        body: postSaveSchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const prepared = await preparePost(db, pageId, request.body);
      const now = new Date();
      const [row] = await db
        .insert(pagePosts)
        .values({ pageId, ...prepared, ...statusColumns(request.body, null, now), createdBy: callerOf(request).userId, createdAt: now, updatedAt: now })
        .returning({ id: pagePosts.id });
      request.log.info({ pageId, postId: row!.id, status: request.body.status }, 'page post created');
      return ok(request, await repo.one(pageId, row!.id));
    },
  );

  app.get(
    Paths.post,
    {
      schema: { tags, summary: 'One post with its reactions and comments counts', params: postParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(postSchema) } },
    },
    async (request) => {
      const { pageId, postId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      return ok(request, await repo.one(pageId, postId));
    },
  );

  app.put(
    Paths.post,
    {
      schema: {
        tags,
        summary: 'Edit a post (PAGE_ADMIN, EDITOR): body, images and status (a published post cannot go back to draft or scheduled)',
        params: postParams,
        querystring: langOnlyQuery,
        body: postSaveSchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request) => {
      const { pageId, postId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const existing = await repo.row(pageId, postId);
      const wasOut = existing.status === 'PUBLISHED' || existing.status === 'HIDDEN';
      if (wasOut && request.body.status !== 'PUBLISHED') throw wrongState();
      const prepared = await preparePost(db, pageId, request.body);
      const columns = existing.status === 'HIDDEN' ? { status: 'HIDDEN' } : statusColumns(request.body, existing, new Date());
      // Guarded on the status read above: a post the scheduler published meanwhile is not turned back into a draft.
      const updated = await db
        .update(pagePosts)
        .set({ ...prepared, ...columns, updatedAt: new Date() })
        .where(and(eq(pagePosts.id, postId), eq(pagePosts.status, existing.status)))
        .returning({ id: pagePosts.id });
      if (!updated.length) throw wrongState();
      return ok(request, await repo.one(pageId, postId));
    },
  );

  app.post(
    Paths.postVisibility,
    {
      schema: {
        tags,
        summary: 'Hide a published post from customers, or show a hidden one again (PAGE_ADMIN, EDITOR); hiding unpins it',
        params: postParams,
        querystring: langOnlyQuery,
        body: postVisibilitySchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request) => {
      const { pageId, postId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const { hidden } = request.body;
      const updated = await db
        .update(pagePosts)
        .set(hidden ? { status: 'HIDDEN', pinned: false, updatedAt: new Date() } : { status: 'PUBLISHED', updatedAt: new Date() })
        .where(and(eq(pagePosts.pageId, pageId), eq(pagePosts.id, postId), eq(pagePosts.status, hidden ? 'PUBLISHED' : 'HIDDEN')))
        .returning({ id: pagePosts.id });
      if (!updated.length) {
        await repo.row(pageId, postId);
        throw wrongState();
      }
      return ok(request, await repo.one(pageId, postId));
    },
  );

  app.post(
    Paths.postPin,
    {
      schema: {
        tags,
        summary: 'Pin a published post (the page\'s previous pin is released: one pinned post per page) or unpin it (PAGE_ADMIN, EDITOR)',
        params: postParams,
        querystring: langOnlyQuery,
        body: postPinSchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request) => {
      const { pageId, postId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const post = await repo.row(pageId, postId);
      if (request.body.pinned && post.status !== 'PUBLISHED') throw wrongState();
      await db.transaction(async (tx) => {
        if (request.body.pinned) {
          await tx.update(pagePosts).set({ pinned: false }).where(and(eq(pagePosts.pageId, pageId), eq(pagePosts.pinned, true), ne(pagePosts.id, postId)));
        }
        await tx.update(pagePosts).set({ pinned: request.body.pinned, updatedAt: new Date() }).where(eq(pagePosts.id, postId));
      });
      return ok(request, await repo.one(pageId, postId));
    },
  );

  app.get(
    Paths.postComments,
    {
      schema: {
        tags,
        summary: 'Comments of a post, oldest first, hidden ones included (marked), with the replies written as the page',
        params: postParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(commentSchema)) },
      },
    },
    async (request) => {
      const { pageId, postId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      await repo.row(pageId, postId);
      return ok(request, await repo.comments(postId));
    },
  );

  const commentOf = async (postId: number, commentId: number) => {
    const [comment] = await db
      .select()
      .from(pagePostComments)
      .where(and(eq(pagePostComments.postId, postId), eq(pagePostComments.id, commentId)));
    if (!comment) throw ApiError.notFound();
    return comment;
  };

  app.post(
    Paths.commentVisibility,
    {
      schema: {
        tags,
        summary: 'Hide a comment from customers or show it again (PAGE_ADMIN, EDITOR)',
        params: commentParams,
        querystring: langOnlyQuery,
        body: commentVisibilitySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) => {
      const { pageId, postId, commentId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      await repo.row(pageId, postId);
      await commentOf(postId, commentId);
      await db.update(pagePostComments).set({ hidden: request.body.hidden }).where(eq(pagePostComments.id, commentId));
      return ok(request, (await repo.comments(postId)).find((c) => c.id === commentId)!);
    },
  );

  app.post(
    Paths.commentReplies,
    {
      schema: {
        tags,
        summary: 'Reply to a comment as the page (PAGE_ADMIN, EDITOR); a reply to a reply joins the same thread',
        params: commentParams,
        querystring: langOnlyQuery,
        body: commentReplySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) => {
      const { pageId, postId, commentId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const post = await repo.row(pageId, postId);
      if (post.status !== 'PUBLISHED') throw wrongState();
      const parent = await commentOf(postId, commentId);
      const [row] = await db
        .insert(pagePostComments)
        .values({ postId, staffUserId: callerOf(request).userId, parentId: parent.parentId ?? parent.id, body: request.body.body.trim() })
        .returning({ id: pagePostComments.id });
      return ok(request, (await repo.comments(postId)).find((c) => c.id === row!.id)!);
    },
  );
};

/** Counts per page for the content overview: posts (published), scheduled. */
export async function postCounts(db: Db, pageIds: number[]) {
  if (!pageIds.length) return new Map<number, { posts: number; scheduled: number }>();
  const rows = await db
    .select({
      pageId: pagePosts.pageId,
      posts: sql<number>`count(*) filter (where ${pagePosts.status} = 'PUBLISHED')::int`,
      scheduled: sql<number>`count(*) filter (where ${pagePosts.status} = 'SCHEDULED')::int`,
    })
    .from(pagePosts)
    .where(inArray(pagePosts.pageId, pageIds))
    .groupBy(pagePosts.pageId);
  return new Map(rows.map((r) => [r.pageId, { posts: r.posts, scheduled: r.scheduled }]));
}
