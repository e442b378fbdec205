/**
 * Reviews of a page (spec §2 content-management/{id}/reviews): list with a star filter and the
 * unanswered ones first, average and distribution, one public reply per review (written once, then
 * edited), and reporting an abusive review to the provider's operators (flag, reason, who) with their
 * decision once made (hidden from the public page or report dismissed, with the reason).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ApiStatus, ContentApiPaths as Paths } from '@/domain/api';
import { averageStars, pageMediaUrl, reviewListQuerySchema, reviewReplySchema, reviewReportSchema, type ReviewRow, type ReviewSummary } from '@/domain/pageContent';
import type { ModerationOutcome } from '@/domain/reviewModeration';
import type { Db } from '../../db/client';
import { customers, pageReviewModerations, pageReviews } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { offsetOf, pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf } from '../../plugins/auth';
import { apiQuery, langOnlyQuery } from '../../validation';
import { CONTENT_READERS, CONTENT_WRITERS, contentAccess, iso, pageParams, reviewParams, reviewSchema, reviewSummarySchema, tags } from './schemas';

type Review = typeof pageReviews.$inferSelect;

type Moderation = typeof pageReviewModerations.$inferSelect;

export function reviewOut(r: Review, customerName: string | null, moderation: Moderation | null = null): ReviewRow {
  return {
    id: r.id,
    stars: r.stars,
    body: r.body,
    photoUrl: r.photo ? pageMediaUrl(r.photo) : null,
    customerName: customerName ?? '',
    reply: r.replyBody !== null && r.repliedAt ? { body: r.replyBody, repliedAt: r.repliedAt.toISOString(), updatedAt: iso(r.replyUpdatedAt) } : null,
    reported: r.reportedAt ? { at: r.reportedAt.toISOString(), reason: r.reportReason ?? '' } : null,
    moderation: moderation ? { outcome: moderation.outcome as ModerationOutcome, reason: moderation.reason, decidedAt: moderation.decidedAt.toISOString() } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Average, distribution and unanswered count of each page's reviews. */
export async function reviewSummaries(db: Db, pageIds: number[]): Promise<Map<number, ReviewSummary>> {
  const out = new Map<number, ReviewSummary>();
  for (const id of pageIds) out.set(id, { count: 0, average: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, unanswered: 0 });
  if (!pageIds.length) return out;
  const rows = await db
    .select({
      pageId: pageReviews.pageId,
      stars: pageReviews.stars,
      n: count(),
      unanswered: sql<number>`count(*) filter (where ${pageReviews.replyBody} is null)::int`,
    })
    .from(pageReviews)
    .where(sql`${pageReviews.pageId} in ${pageIds}`)
    .groupBy(pageReviews.pageId, pageReviews.stars);
  for (const r of rows) {
    const s = out.get(r.pageId)!;
    s.distribution[String(r.stars) as keyof ReviewSummary['distribution']] = r.n;
    s.count += r.n;
    s.unanswered += r.unanswered;
  }
  for (const s of out.values()) s.average = averageStars(s.distribution);
  return out;
}

const conflict = (key: string) => new ApiError(409, ApiStatus.CONFLICT, key);

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const reviewOf = async (pageId: number, reviewId: number) => {
    const [row] = await db
      .select({ r: pageReviews, name: customers.fullName, moderation: pageReviewModerations })
      .from(pageReviews)
      .leftJoin(customers, eq(customers.id, pageReviews.customerId))
      .leftJoin(pageReviewModerations, eq(pageReviewModerations.reviewId, pageReviews.id))
      .where(and(eq(pageReviews.pageId, pageId), eq(pageReviews.id, reviewId)));
    if (!row) throw ApiError.notFound();
    return row;
  };

  app.get(
    Paths.reviews,
    {
      schema: {
        tags,
        summary: 'Reviews of a page: unanswered first, then newest; optional star filter; paged',
        params: pageParams,
        querystring: apiQuery({ ...pageQueryShape, ...reviewListQuerySchema.shape }),
        response: { 200: envelopeSchema(pageSchema(reviewSchema)) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      const where = and(eq(pageReviews.pageId, pageId), request.query.stars ? eq(pageReviews.stars, request.query.stars) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ r: pageReviews, name: customers.fullName, moderation: pageReviewModerations })
          .from(pageReviews)
          .leftJoin(customers, eq(customers.id, pageReviews.customerId))
          .leftJoin(pageReviewModerations, eq(pageReviewModerations.reviewId, pageReviews.id))
          .where(where)
          .orderBy(desc(isNull(pageReviews.replyBody)), desc(pageReviews.createdAt), asc(pageReviews.id))
          .limit(request.query.pageSize)
          .offset(offsetOf(request.query)),
        db.select({ n: count() }).from(pageReviews).where(where),
      ]);
      return ok(request, toPage(rows.map(({ r, name, moderation }) => reviewOut(r, name, moderation)), total!.n, request.query));
    },
  );

  app.get(
    Paths.reviewSummary,
    {
      schema: { tags, summary: 'Average rating, reviews per star and unanswered count', params: pageParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(reviewSummarySchema) } },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_READERS);
      return ok(request, (await reviewSummaries(db, [pageId])).get(pageId)!);
    },
  );

  /**
   * Writes the page's reply: the first time (POST, only while there is none: a second one is 409) or an
   * edit (PUT, only once there is one; the first reply time stays). One guarded UPDATE each.
   */
  const replyRoute = (edit: boolean) => ({
    schema: {
      tags,
      summary: edit
        ? "Edit the page's reply to a review (PAGE_ADMIN, EDITOR); 409 when there is none yet"
        : "The page's public reply to a review (PAGE_ADMIN, EDITOR); one per review: a second one is refused (409), edit it with PUT",
      params: reviewParams,
      querystring: langOnlyQuery,
      body: reviewReplySchema,
      response: { 200: envelopeSchema(reviewSchema) },
    },
  });
  const writeReply = (edit: boolean) => async (request: FastifyRequest<{ Params: z.infer<typeof reviewParams>; Body: z.infer<typeof reviewReplySchema> }>) => {
    const { pageId, reviewId } = request.params;
    await contentAccess(request, pageId, CONTENT_WRITERS);
    await reviewOf(pageId, reviewId);
    const now = new Date();
    const done = await db
      .update(pageReviews)
      .set({ replyBody: request.body.body.trim(), replyUserId: callerOf(request).userId, ...(edit ? { replyUpdatedAt: now } : { repliedAt: now }) })
      .where(and(eq(pageReviews.id, reviewId), edit ? isNotNull(pageReviews.replyBody) : isNull(pageReviews.replyBody)))
      .returning({ id: pageReviews.id });
    if (!done.length) throw conflict(edit ? 'content.noReplyYet' : 'content.alreadyReplied');
    const { r, name, moderation } = await reviewOf(pageId, reviewId);
    return ok(request, reviewOut(r, name, moderation));
  };
  app.post(Paths.reviewReply, replyRoute(false), writeReply(false));
  app.put(Paths.reviewReply, replyRoute(true), writeReply(true));

  app.post(
    Paths.reviewReport,
    {
      schema: {
        tags,
        summary: 'Report an abusive review to the provider\'s operators with a reason (PAGE_ADMIN, EDITOR); once per review',
        params: reviewParams,
        querystring: langOnlyQuery,
        body: reviewReportSchema,
        response: { 200: envelopeSchema(reviewSchema) },
      },
    },
    async (request) => {
      const { pageId, reviewId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      await reviewOf(pageId, reviewId);
      const done = await db
        .update(pageReviews)
        .set({ reportedAt: new Date(), reportReason: request.body.reason.trim(), reportedBy: callerOf(request).userId })
        .where(and(eq(pageReviews.id, reviewId), isNull(pageReviews.reportedAt)))
        .returning({ id: pageReviews.id });
      if (!done.length) throw conflict('content.alreadyReported');
      request.log.info({ pageId, reviewId }, 'review reported to operators');
      const { r, name, moderation } = await reviewOf(pageId, reviewId);
      return ok(request, reviewOut(r, name, moderation));
    },
  );
};
