/**
 * The customer simulator of the public page, demo mode only (403 otherwise): a demo customer signs in
 * (a customer session, not a merchant one) and follows, reacts, comments, reviews (one review per
 * customer and page, editable; the page's reply stays) with an optional photo, and views stories. Every
 * action writes the pages' and content tables the merchant's screens read. Bad input writes nothing:
 * the body is validated before the handler runs, and every check is made before the first write.
 */
import multipart from '@fastify/multipart';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, PublicPageApiPaths as Paths } from '@/domain/api';
import { maskPersonName } from '@/domain/masking';
import { CONTENT_LIMITS, pageMediaUrl } from '@/domain/pageContent';
import { customerCommentSchema, customerReviewSchema, customerSignInSchema, reactionSchema } from '@/domain/publicPage';
import { businessPageFollows, pageMedia, pagePostComments, pagePostReactions, pageReviews, pageStoryViews } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { checkFile, fileStore, generatedStorageName, type FileProblem } from '../../lib/files';
import { readOneFile, type UploadProblem } from '../../lib/files/upload';
import { customerSessionStore, requireCustomer, requireDemoMode, type Customer } from '../../lib/customer-session';
import { recordPageActivity } from '../../lib/page-activity';
import { bearerToken } from '../../plugins/auth';
import { awardReviewBadges } from '../../lib/page-badges';
import { langOnlyQuery } from '../../validation';
import { publicPagesRepository, type PageRow } from './repository';
import { commentSchema, postParams, slugParams, storyParams, tags } from './schemas';

/** Customers' photos: pictures only (no SVG from the public), at most the content images' size. */
const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

const badFile = (problem: FileProblem | UploadProblem, http = problem === 'fileTooLarge' ? 413 : 400) =>
  new ApiError(http, ApiStatus.VALIDATION, `publicPages.files.${problem}`);

const sessionSchema = z.object({ token: z.string(), expiresAt: z.string(), name: z.string() });
const followSchema = z.object({ following: z.boolean(), followers: z.number().int() });
const photoSchema = z.object({ name: z.string(), url: z.string() });

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = publicPagesRepository(db);
  const sessions = customerSessionStore(db, app.config.tokenPepper);
  // Sign-in and actions: the login limit per IP (a simulator, not a flood target).
  const limited = { public: true, rateLimit: { max: app.config.rateLimit.loginPerMinute, timeWindow: 60_000 } };
  await app.register(multipart, { preservePath: true, limits: { fileSize: CONTENT_LIMITS.maxImageBytes, files: 1, fields: 0, parts: 1 } });

  /** Demo mode, a customer session, and the ACTIVE page of the slug. */
  async function actor(request: FastifyRequest, slug: string) {
    const customer = await requireCustomer(request);
    return { customer, page: await repo.activePage(slug) };
  }

  async function followers(page: PageRow, customer: Customer) {
    const shown = await repo.page(page, customer, true);
    return { following: shown.viewer?.following ?? false, followers: shown.followers };
  }

  app.post(
    Paths.customerSessions,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Demo mode only: a demo customer signs in (customer_demo); answers a two-hour customer session token, separate from merchant sessions',
        querystring: langOnlyQuery,
        body: customerSignInSchema,
        response: { 200: envelopeSchema(sessionSchema) },
      },
    },
    async (request) => {
      requireDemoMode(request);
      const signedIn = await sessions.signIn(request.body.username, request.body.password);
      if (!signedIn) throw new ApiError(401, ApiStatus.INVALID_CREDENTIALS, 'publicPages.badCredentials');
      request.log.info({ customerId: signedIn.customer.id }, 'customer signed in (demo)');
      return ok(request, { token: signedIn.token, expiresAt: signedIn.expiresAt.toISOString(), name: signedIn.customer.fullName });
    },
  );

  app.delete(
    Paths.customerSessions,
    { config: limited, schema: { tags, summary: 'Demo mode only: ends the customer session of the bearer token', querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await requireCustomer(request);
      await sessions.signOut(bearerToken(request.headers.authorization)!);
      return okEmpty(request);
    },
  );

  app.put(
    Paths.follow,
    { config: limited, schema: { tags, summary: 'Demo customer: follow the page (following twice counts once)', params: slugParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(followSchema) } } },
    async (request) => {
      const { customer, page } = await actor(request, request.params.slug);
      // The partial unique index (one current follow per customer and page) makes a second follow a no-op.
      const added = await db.insert(businessPageFollows).values({ pageId: page.id, customerId: customer.id }).onConflictDoNothing().returning({ id: businessPageFollows.id });
      if (added.length) await recordPageActivity(db, [{ pageId: page.id, kind: 'FOLLOW', customerId: customer.id }]);
      return ok(request, await followers(page, customer));
    },
  );

  app.delete(
    Paths.follow,
    { config: limited, schema: { tags, summary: 'Demo customer: unfollow the page', params: slugParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(followSchema) } } },
    async (request) => {
      const { customer, page } = await actor(request, request.params.slug);
      const ended = await db
        .update(businessPageFollows)
        .set({ unfollowedAt: new Date() })
        .where(and(eq(businessPageFollows.pageId, page.id), eq(businessPageFollows.customerId, customer.id), isNull(businessPageFollows.unfollowedAt)))
        .returning({ id: businessPageFollows.id });
      if (ended.length) await recordPageActivity(db, [{ pageId: page.id, kind: 'UNFOLLOW', customerId: customer.id }]);
      return ok(request, await followers(page, customer));
    },
  );

  const postOf = async (request: FastifyRequest, { slug, postId }: { slug: string; postId: number }) => {
    const { customer, page } = await actor(request, slug);
    if (!(await repo.publishedPostExists(page.id, postId))) throw ApiError.notFound();
    return { customer, postId, pageId: page.id };
  };

  app.put(
    Paths.reaction,
    {
      config: limited,
      schema: { tags, summary: 'Demo customer: react to a published post (one reaction per customer, the last kind wins)', params: postParams, querystring: langOnlyQuery, body: reactionSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { customer, postId, pageId } = await postOf(request, request.params);
      // A first reaction is engagement; changing its kind is not a new one.
      const added = await db.insert(pagePostReactions).values({ postId, customerId: customer.id, kind: request.body.kind }).onConflictDoNothing().returning({ postId: pagePostReactions.postId });
      if (added.length) await recordPageActivity(db, [{ pageId, kind: 'REACTION', postId, customerId: customer.id }]);
      else await db.update(pagePostReactions).set({ kind: request.body.kind }).where(and(eq(pagePostReactions.postId, postId), eq(pagePostReactions.customerId, customer.id)));
      return okEmpty(request);
    },
  );

  app.delete(
    Paths.reaction,
    { config: limited, schema: { tags, summary: 'Demo customer: take back the reaction to a post', params: postParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const { customer, postId } = await postOf(request, request.params);
      await db.delete(pagePostReactions).where(and(eq(pagePostReactions.postId, postId), eq(pagePostReactions.customerId, customer.id)));
      return okEmpty(request);
    },
  );

  app.post(
    Paths.comments,
    {
      config: limited,
      schema: { tags, summary: 'Demo customer: comment on a published post', params: postParams, querystring: langOnlyQuery, body: customerCommentSchema, response: { 200: envelopeSchema(commentSchema) } },
    },
    async (request) => {
      const { customer, postId, pageId } = await postOf(request, request.params);
      const [row] = await db.insert(pagePostComments).values({ postId, customerId: customer.id, body: request.body.body }).returning();
      await recordPageActivity(db, [{ pageId, kind: 'COMMENT', postId, customerId: customer.id, occurredAt: row!.createdAt }]);
      return ok(request, { id: row.id, body: row.body, author: maskPersonName(customer.fullName), asPage: false, createdAt: row.createdAt.toISOString() });
    },
  );

  app.post(
    Paths.reviewPhotos,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Demo customer: upload a review photo (multipart, one part named `file`, jpg/jpeg/png checked by content, at most 5 MB)',
        params: slugParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(photoSchema) },
      },
    },
    async (request) => {
      const { customer, page } = await actor(request, request.params.slug);
      const upload = await readOneFile(request, CONTENT_LIMITS.maxImageBytes, badFile);
      const checked = checkFile(upload.content, upload.fileName, PHOTO_EXTENSIONS, CONTENT_LIMITS.maxImageBytes);
      if (!checked.ok) throw badFile(checked.problem);
      const name = generatedStorageName(checked.file.extension);
      await db.transaction(async (tx) => {
        await fileStore(tx).put(name, upload.content);
        await tx.insert(pageMedia).values({ storageName: name, pageId: page.id, contentType: checked.file.contentType, sizeBytes: checked.file.sizeBytes, customerId: customer.id });
      });
      return ok(request, { name, url: pageMediaUrl(name) });
    },
  );

  app.put(
    Paths.myReview,
    {
      config: limited,
      schema: {
        tags,
        summary: 'Demo customer: review the page with 1–5 stars, a text and an optional photo of theirs (one review per customer and page; sending again edits it)',
        params: slugParams,
        querystring: langOnlyQuery,
        body: customerReviewSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { customer, page } = await actor(request, request.params.slug);
      const { stars, body, photo } = request.body;
      if (photo) {
        // Only a photo this customer uploaded to this page.
        const [own] = await db
          .select({ name: pageMedia.storageName })
          .from(pageMedia)
          .where(and(eq(pageMedia.storageName, photo), eq(pageMedia.pageId, page.id), eq(pageMedia.customerId, customer.id)));
        if (!own) throw new ApiError(400, ApiStatus.VALIDATION, 'publicPages.unknownPhoto');
      }
      // A first review is engagement; editing it is not a new one.
      const added = await db.insert(pageReviews).values({ pageId: page.id, customerId: customer.id, stars, body, photo }).onConflictDoNothing().returning({ id: pageReviews.id });
      if (added.length) await recordPageActivity(db, [{ pageId: page.id, kind: 'REVIEW', customerId: customer.id }]);
      else await db.update(pageReviews).set({ stars, body, photo }).where(and(eq(pageReviews.pageId, page.id), eq(pageReviews.customerId, customer.id)));
      // The page's first-review badges (given once: the award is unique per rule and customer).
      await awardReviewBadges(db, { pageId: page.id, customerId: customer.id });
      return okEmpty(request);
    },
  );

  app.post(
    Paths.storyViews,
    {
      config: limited,
      schema: { tags, summary: 'Demo customer: view a live story (counted once per customer)', params: storyParams, querystring: langOnlyQuery, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { customer, page } = await actor(request, request.params.slug);
      if (!(await repo.liveStoryExists(page.id, request.params.storyId))) throw ApiError.notFound();
      await db.insert(pageStoryViews).values({ storyId: request.params.storyId, customerId: customer.id }).onConflictDoNothing();
      return okEmpty(request);
    },
  );
};
