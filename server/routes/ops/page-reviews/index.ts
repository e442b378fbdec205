/**
 * Operator review of business pages (/api/ops/page-reviews, behind requireInternalUser): the queue of
 * pages (PENDING_REVIEW first, oldest submission first), approve (PENDING_REVIEW → ACTIVE), reject with
 * a reason (PENDING_REVIEW → DRAFT, the reason shown to the merchant) and suspend (ACTIVE → SUSPENDED).
 * Each move is one guarded UPDATE (the status it leaves is in its WHERE), so two operators cannot both move
 * a page; who and when are kept on the page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, BusinessPageApiPaths as Paths } from '@/domain/api';
import { PAGE_STATUSES, pageRejectSchema, type PageStatus } from '@/domain/businessPages';
import { businessPages, merchants } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { pageFigures, pageSchema, toPageDto } from '../../business-page/repository';
import { operatorOf } from '../guard';

const tags = ['ops'];
const params = z.strictObject({ pageId: idParam });
const reviewSchema = pageSchema.extend({ merchantName: z.string() });

export const opsPageReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    Paths.opsReviews,
    {
      schema: {
        tags,
        summary: 'Business pages by status (default PENDING_REVIEW), oldest submission first',
        querystring: apiQuery({ status: z.enum(PAGE_STATUSES).default('PENDING_REVIEW') }),
        response: { 200: envelopeSchema(z.array(reviewSchema)) },
      },
    },
    async (request) => {
      operatorOf(request);
      const rows = await db
        .select({ page: businessPages, merchantName: merchants.name })
        .from(businessPages)
        .innerJoin(merchants, eq(merchants.id, businessPages.merchantId))
        .where(eq(businessPages.status, request.query.status))
        .orderBy(sql`${businessPages.submittedAt} asc nulls last`, asc(businessPages.id))
        .limit(200);
      const figures = await pageFigures(db, rows.map((r) => r.page.id));
      return ok(
        request,
        rows.map((r) => {
          const f = figures.get(r.page.id)!;
          return { ...toPageDto(r.page, f.followers, f.stores), merchantName: r.merchantName };
        }),
      );
    },
  );

  /** One guarded move `from` → `to`; 404 for no page, 409 when it is not in `from` any more. */
  async function move(pageId: number, operatorId: number, from: PageStatus, to: PageStatus, rejectReason: string | null, refusal: string) {
    const [row] = await db
      .update(businessPages)
      .set({ status: to, rejectReason, reviewedAt: new Date(), reviewedBy: operatorId, updatedAt: new Date() })
      .where(and(eq(businessPages.id, pageId), eq(businessPages.status, from)))
      .returning();
    if (row) return row;
    const [exists] = await db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.id, pageId));
    if (!exists) throw ApiError.notFound();
    throw new ApiError(409, ApiStatus.CONFLICT, `validation.businessPage.${refusal}`);
  }
  const answer = async (row: typeof businessPages.$inferSelect) => {
    const f = (await pageFigures(db, [row.id])).get(row.id)!;
    return toPageDto(row, f.followers, f.stores);
  };

  app.post(
    Paths.opsReviewApprove,
    { schema: { tags, summary: 'Approve a page: PENDING_REVIEW → ACTIVE', params, querystring: langOnlyQuery, response: { 200: envelopeSchema(pageSchema) } } },
    async (request) => ok(request, await answer(await move(request.params.pageId, operatorOf(request).userId, 'PENDING_REVIEW', 'ACTIVE', null, 'notPending'))),
  );

  app.post(
    Paths.opsReviewReject,
    {
      schema: { tags, summary: 'Reject a page with a reason: PENDING_REVIEW → DRAFT', params, querystring: langOnlyQuery, body: pageRejectSchema, response: { 200: envelopeSchema(pageSchema) } },
    },
    async (request) =>
      ok(request, await answer(await move(request.params.pageId, operatorOf(request).userId, 'PENDING_REVIEW', 'DRAFT', request.body.reason.trim(), 'notPending'))),
  );

  app.post(
    Paths.opsReviewSuspend,
    {
      schema: { tags, summary: 'Suspend an active page (with a reason): ACTIVE → SUSPENDED', params, querystring: langOnlyQuery, body: pageRejectSchema, response: { 200: envelopeSchema(pageSchema) } },
    },
    async (request) =>
      ok(request, await answer(await move(request.params.pageId, operatorOf(request).userId, 'ACTIVE', 'SUSPENDED', request.body.reason.trim(), 'notActive'))),
  );
};
