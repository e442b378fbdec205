/**
 * The public page's beacons (no sign-in; a demo customer's session makes the viewer that customer): a
 * view of the page with the published posts it showed, and a click on a link (a post's, or the page's
 * website / Facebook / hotline). A link to the payer page of a payment link of the page's merchant is a
 * payment-link click, the attribution the reconciliation report reads. Only ACTIVE pages, only their own
 * published posts and their merchant's links count; anything else is left out, never an error a script
 * could probe with.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { PublicPageApiPaths as Paths } from '@/domain/api';
import { pageClickSchema, pageViewSchema, paymentLinkCodeOf } from '@/domain/pageReports';
import { pagePosts, paymentLinks } from '../../db/schema';
import { emptyEnvelopeSchema, okEmpty } from '../../envelope';
import { optionalCustomer } from '../../lib/customer-session';
import { recordPageActivity, viewerKeyOf } from '../../lib/page-activity';
import { langOnlyQuery } from '../../validation';
import { publicPagesRepository } from './repository';
import { slugParams, tags } from './schemas';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = publicPagesRepository(db);
  const open = { public: true };

  const publishedOf = async (pageId: number, ids: number[]) =>
    ids.length
      ? (
          await db
            .select({ id: pagePosts.id })
            .from(pagePosts)
            .where(and(eq(pagePosts.pageId, pageId), eq(pagePosts.status, 'PUBLISHED'), isNotNull(pagePosts.publishedAt), inArray(pagePosts.id, ids)))
        ).map((p) => p.id)
      : [];

  app.post(
    Paths.views,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: the page was viewed, with the published posts it showed (reach and views of the page reports)',
        params: slugParams,
        querystring: langOnlyQuery,
        body: pageViewSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      const customer = await optionalCustomer(request);
      const viewerKey = viewerKeyOf(customer?.id, request.body.visitorId);
      const posts = await publishedOf(page.id, [...new Set(request.body.postIds)]);
      await recordPageActivity(db, [
        { pageId: page.id, kind: 'PAGE_VIEW', customerId: customer?.id ?? null, viewerKey },
        ...posts.map((postId) => ({ pageId: page.id, kind: 'POST_VIEW' as const, postId, customerId: customer?.id ?? null, viewerKey })),
      ]);
      return okEmpty(request);
    },
  );

  app.post(
    Paths.clicks,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: a link on the page was followed (a payment link of the page’s merchant counts as a payment-link click)',
        params: slugParams,
        querystring: langOnlyQuery,
        body: pageClickSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const page = await repo.activePage(request.params.slug);
      const customer = await optionalCustomer(request);
      const { postId, href } = request.body;
      const [post] = postId ? await publishedOf(page.id, [postId]) : [];
      const code = paymentLinkCodeOf(href);
      const [link] = code
        ? await db.select({ id: paymentLinks.id }).from(paymentLinks).where(and(eq(paymentLinks.code, code), eq(paymentLinks.merchantId, page.merchantId)))
        : [];
      await recordPageActivity(db, [
        { pageId: page.id, kind: link ? 'PAYMENT_LINK_CLICK' : 'LINK_CLICK', postId: post ?? null, paymentLinkId: link?.id ?? null, customerId: customer?.id ?? null },
      ]);
      return okEmpty(request);
    },
  );
};
