/**
 * Stories of a page (spec §2 content-management/{id}/stories): an image or a short text with an
 * optional link, visible for 24 hours, with the number of customers who viewed it; deleting ends it early.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ApiStatus, ContentApiPaths as Paths } from '@/domain/api';
import { CONTENT_LIMITS, pageMediaUrl, storyCreateSchema, storyState, type StoryKind, type StoryRow } from '@/domain/pageContent';
import type { Db } from '../../db/client';
import { pageMedia, pageStories, pageStoryViews } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { offsetOf, pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf } from '../../plugins/auth';
import { apiQuery, langOnlyQuery } from '../../validation';
import { CONTENT_READERS, CONTENT_WRITERS, contentAccess, pageParams, storyParams, storySchema, tags } from './schemas';

type Story = typeof pageStories.$inferSelect;

function storyOut(s: Story, views: number, now: Date): StoryRow {
  return {
    id: s.id,
    kind: s.kind as StoryKind,
    text: s.text,
    imageUrl: s.image ? pageMediaUrl(s.image) : null,
    link: s.link,
    views,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    state: storyState(s, now),
  };
}

/** Stories still visible on each page at `now`. */
export async function activeStoryCounts(db: Db, pageIds: number[], now: Date): Promise<Map<number, number>> {
  if (!pageIds.length) return new Map();
  const rows = await db
    .select({ pageId: pageStories.pageId, n: count() })
    .from(pageStories)
    .where(and(inArray(pageStories.pageId, pageIds), isNull(pageStories.deletedAt), gt(pageStories.expiresAt, now)))
    .groupBy(pageStories.pageId);
  return new Map(rows.map((r) => [r.pageId, r.n]));
}

export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  async function withViews(stories: Story[], now: Date) {
    const ids = stories.map((s) => s.id);
    const views = ids.length
      ? await db.select({ storyId: pageStoryViews.storyId, n: count() }).from(pageStoryViews).where(inArray(pageStoryViews.storyId, ids)).groupBy(pageStoryViews.storyId)
      : [];
    const byStory = new Map(views.map((v) => [v.storyId, v.n]));
    return stories.map((s) => storyOut(s, byStory.get(s.id) ?? 0, now));
  }

  app.get(
    Paths.stories,
    {
      schema: {
        tags,
        summary: 'Stories of a page, newest first, with their state (ACTIVE for 24 hours, EXPIRED, DELETED) and view counts; paged',
        params: pageParams,
        querystring: apiQuery(pageQueryShape),
        response: { 200: envelopeSchema(pageSchema(storySchema)) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      const where = eq(pageStories.pageId, pageId);
      const [rows, [total]] = await Promise.all([
        db.select().from(pageStories).where(where).orderBy(desc(pageStories.createdAt), desc(pageStories.id)).limit(request.query.pageSize).offset(offsetOf(request.query)),
        db.select({ n: count() }).from(pageStories).where(where),
      ]);
      return ok(request, toPage(await withViews(rows, new Date()), total!.n, request.query));
    },
  );

  app.post(
    Paths.stories,
    {
      schema: {
        tags,
        summary: 'Post a story (PAGE_ADMIN, EDITOR): an image of this page\'s uploads or a text up to 200 characters, optional http(s) link; visible 24 hours',
        params: pageParams,
        querystring: langOnlyQuery,
        body: storyCreateSchema,
        response: { 200: envelopeSchema(storySchema) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const body = request.body;
      const image = body.kind === 'IMAGE' && body.image ? body.image : null;
      if (image) {
        const [media] = await db.select().from(pageMedia).where(and(eq(pageMedia.pageId, pageId), eq(pageMedia.storageName, image)));
        if (!media) throw new ApiError(400, ApiStatus.VALIDATION, 'content.unknownImage', { field: 'image' });
      }
      const now = new Date();
      const [story] = await db
        .insert(pageStories)
        .values({
          pageId,
          kind: body.kind,
          text: body.text ? body.text.trim() : null,
          image,
          link: body.link || null,
          createdBy: callerOf(request).userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CONTENT_LIMITS.storyLifetimeMs),
        })
        .returning();
      return ok(request, storyOut(story!, 0, now));
    },
  );

  app.delete(
    Paths.story,
    {
      schema: {
        tags,
        summary: 'End a story before its 24 hours (PAGE_ADMIN, EDITOR); an expired or deleted story answers 409',
        params: storyParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(storySchema) },
      },
    },
    async (request) => {
      const { pageId, storyId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const now = new Date();
      const [done] = await db
        .update(pageStories)
        .set({ deletedAt: now })
        .where(and(eq(pageStories.pageId, pageId), eq(pageStories.id, storyId), isNull(pageStories.deletedAt), gt(pageStories.expiresAt, now)))
        .returning();
      if (!done) {
        const [exists] = await db.select({ id: pageStories.id }).from(pageStories).where(and(eq(pageStories.pageId, pageId), eq(pageStories.id, storyId)));
        if (!exists) throw ApiError.notFound();
        throw new ApiError(409, ApiStatus.CONFLICT, 'content.storyEnded');
      }
      return ok(request, (await withViews([done], now))[0]!);
    },
  );
};
