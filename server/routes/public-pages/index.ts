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
import { EXTENSIONS_BY_TYPE, fileStore, type SniffedType } from '../../lib/files';
import { optionalCustomer } from '../../lib/customer-session';
import { apiQuery, langOnlyQuery } from '../../validation';
import { customerRoutes } from './customer';
import { publicPagesRepository } from './repository';
import { commentSchema, listOf, listQuery, pageSchema, postParams, postSchema, reviewSchema, slugParams, storySchema, tags } from './schemas';

/** The picture type of a generated storage name (its extension was set from the checked content). */
function imageTypeOf(name: string): SniffedType | null {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const found = Object.entries(EXTENSIONS_BY_TYPE).find(([type, extensions]) => type.startsWith('image/') && extensions.includes(extension));
  return found ? (found[0] as SniffedType) : null;
}

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

  app.get(
    Paths.image,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: the avatar or cover picture of an ACTIVE page (404 when it has none)',
        params: slugParams.extend({ kind: z.enum(['avatar', 'cover']) }),
        querystring: apiQuery({ v: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const page = await repo.activePage(request.params.slug);
      const name = request.params.kind === 'avatar' ? page.avatarFile : page.coverFile;
      const content = name ? await fileStore(app.database.db).get(name) : null;
      const type = name ? imageTypeOf(name) : null;
      if (!content || !type) throw ApiError.notFound();
      return reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(content);
    },
  );

  await app.register(customerRoutes);
};
