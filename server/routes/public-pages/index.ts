/**
 * The public business page's API (/api/public/pages/<slug>…): no merchant sign-in, only ACTIVE pages
 * (any other page and an unknown slug answer the same 404), no personal data (customers' names masked).
 * Reads go through the API's per-IP limit; sign-in and every customer action through the stricter
 * login limit. The customer simulator (./customer.ts) exists in demo mode only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicPageApiPaths as Paths } from '@/domain/api';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { optionalCustomer } from '../../lib/customer-session';
import { langOnlyQuery } from '../../validation';
import { activityRoutes } from './activity';
import { chatMenuRoutes } from './chat-menu';
import { broadcastUnsubscribeRoutes } from './broadcasts';
import { customerRoutes } from './customer';
import { publicPagesRepository } from './repository';
import { commentSchema, listOf, listQuery, pageSchema, postParams, postSchema, reviewSchema, slugParams, storySchema, tags } from './schemas';

export const publicPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = publicPagesRepository(app.database.db);
  const open = { public: true };

  app.get(
    Paths.page,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: an ACTIVE business page as customers see it (followers, rating, stores, opening hours; the customer’s own state with a customer session)',
        params: slugParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(pageSchema) },
      },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      return ok(request, await repo.page(page, await optionalCustomer(request), app.config.demoMode));
    },
  );

  app.get(
    Paths.posts,
    {
      config: open,
      schema: { tags, summary: 'Public: published posts, the pinned one first, then newest first (keyset pages)', params: slugParams, querystring: listQuery, response: { 200: envelopeSchema(listOf(postSchema)) } },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      return ok(request, await repo.posts(page.id, request.query.cursor, await optionalCustomer(request)));
    },
  );

  app.get(
    Paths.comments,
    {
      config: open,
      schema: { tags, summary: 'Public: visible comments of a published post, oldest first (keyset pages)', params: postParams, querystring: listQuery, response: { 200: envelopeSchema(listOf(commentSchema)) } },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      if (!(await repo.publishedPostExists(page.id, request.params.postId))) throw ApiError.notFound();
      return ok(request, await repo.comments(request.params.postId, request.query.cursor));
    },
  );

  app.get(
    Paths.stories,
    {
      config: open,
      schema: { tags, summary: 'Public: the page’s live stories (not expired, not deleted), newest first', params: slugParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(z.array(storySchema)) } },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      return ok(request, await repo.stories(page.id, await optionalCustomer(request)));
    },
  );

  app.get(
    Paths.reviews,
    {
      config: open,
      schema: { tags, summary: 'Public: reviews newest first with the page’s reply; reviewers’ names masked (keyset pages)', params: slugParams, querystring: listQuery, response: { 200: envelopeSchema(listOf(reviewSchema)) } },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      return ok(request, await repo.reviews(page.id, request.query.cursor));
    },
  );

  await app.register(customerRoutes);
  await app.register(activityRoutes);
  await app.register(chatMenuRoutes);
  await app.register(broadcastUnsubscribeRoutes);
};
