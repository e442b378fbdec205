/**
 * Business page content (spec §2 content-management, content-management/{id}/posts, /reviews, /stories,
 * business-page/{id}/create-post, business-page/{id}/post/{postId}; route code
 * BUSINESS_PAGE_CONTENT_MANAGEMENT; spec §7 /user-generated-content/v1). Every page-scoped call checks the
 * route code and the caller's page role (requirePageRole: another merchant's page answers 404). The
 * scheduled-post publisher (server/lib/scheduler/page-posts) starts with the app, not under test.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ContentApiPaths as Paths } from '@/domain/api';
import { businessPages } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { requireRouteCode } from '../../lib/report-family/access';
import { startPostPublisher } from '../../lib/scheduler/page-posts';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { mediaRoutes } from './media';
import { postCounts, postRoutes } from './posts';
import { reviewRoutes, reviewSummaries } from './reviews';
import { contentPageSchema, merchantParams, tags } from './schemas';
import { activeStoryCounts, storyRoutes } from './stories';
import { runInBackground } from '../../lib/scheduler/periodic';

export const contentManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  runInBackground(app, () => startPostPublisher(db, app.log));

  // Every route here acts on one merchant (path :merchantId): membership first.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.public) await merchantScope(request);
  });

  app.get(
    Paths.pages,
    {
      schema: {
        tags,
        summary: 'The merchant\'s pages with their content figures: published and scheduled posts, reviews (average, unanswered), live stories',
        params: merchantParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(contentPageSchema)) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'BUSINESS_PAGE_CONTENT_MANAGEMENT');
      const pages = await db
        .select({ id: businessPages.id, name: businessPages.name, slug: businessPages.slug, status: businessPages.status })
        .from(businessPages)
        .where(eq(businessPages.merchantId, membership.merchant.id))
        .orderBy(asc(businessPages.name), asc(businessPages.id));
      const ids = pages.map((p) => p.id);
      const [posts, reviews, stories] = await Promise.all([postCounts(db, ids), reviewSummaries(db, ids), activeStoryCounts(db, ids, new Date())]);
      return ok(
        request,
        pages.map((p) => {
          const r = reviews.get(p.id)!;
          return {
            ...p,
            posts: posts.get(p.id)?.posts ?? 0,
            scheduled: posts.get(p.id)?.scheduled ?? 0,
            reviews: r.count,
            unanswered: r.unanswered,
            averageStars: r.average,
            activeStories: stories.get(p.id) ?? 0,
          };
        }),
      );
    },
  );

  await app.register(postRoutes);
  await app.register(reviewRoutes);
  await app.register(storyRoutes);
  await app.register(mediaRoutes);
};
