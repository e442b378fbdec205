/**
 * Reported reviews (/api/ops/reported-reviews, behind requireInternalUser): reviews that merchants reported
 * as abusive, across merchants, oldest report first; the operator hides one (it leaves the public page and
 * its rating) or dismisses the report, with a reason. One decision per review: the insert is guarded by
 * the unique review index, so two operators cannot both decide (the second gets 409). The decision row
 * (outcome, reason, operator, time) is the audit trail, and what the merchant reads on the review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ApiStatus, ContentApiPaths as Paths } from '@/domain/api';
import { maskPersonName } from '@/domain/masking';
import { pageMediaUrl } from '@/domain/pageContent';
import { MODERATION_OUTCOMES, moderationDecisionSchema, REPORTED_REVIEW_STATES, type ModerationOutcome, type ReportedReview } from '@/domain/reviewModeration';
import { businessPages, customers, merchants, pageReviewModerations, pageReviews, users } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { operatorOf } from '../guard';

const tags = ['ops'];
const params = z.strictObject({ reviewId: idParam });
const reportedReviewSchema = z.object({
  id: z.number().int(),
  merchantName: z.string(),
  pageName: z.string(),
  pageSlug: z.string(),
  stars: z.number().int(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  customerName: z.string(),
  reply: z.string().nullable(),
  reportedAt: z.string(),
  reportReason: z.string(),
  reportedBy: z.string().nullable(),
  decision: z.object({ outcome: z.enum(MODERATION_OUTCOMES), reason: z.string(), decidedAt: z.string(), operator: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});

const reporters = alias(users, 'reporters');
const operators = alias(users, 'operators');

export const opsReportedReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  const select = (where: SQL | undefined) =>
    db
      .select({
        review: pageReviews,
        merchantName: merchants.name,
        pageName: businessPages.name,
        pageSlug: businessPages.slug,
        customerName: customers.fullName,
        reportedBy: reporters.username,
        decision: pageReviewModerations,
        operator: operators.username,
      })
      .from(pageReviews)
      .innerJoin(businessPages, eq(businessPages.id, pageReviews.pageId))
      .innerJoin(merchants, eq(merchants.id, businessPages.merchantId))
      .innerJoin(customers, eq(customers.id, pageReviews.customerId))
      .leftJoin(reporters, eq(reporters.id, pageReviews.reportedBy))
      .leftJoin(pageReviewModerations, eq(pageReviewModerations.reviewId, pageReviews.id))
      .leftJoin(operators, eq(operators.id, pageReviewModerations.operatorId))
      .where(and(isNotNull(pageReviews.reportedAt), where));

  type Row = Awaited<ReturnType<typeof select>>[number];
  const toDto = (r: Row): ReportedReview => ({
    id: r.review.id,
    merchantName: r.merchantName,
    pageName: r.pageName,
    pageSlug: r.pageSlug,
    stars: r.review.stars,
    body: r.review.body,
    photoUrl: r.review.photo ? pageMediaUrl(r.review.photo) : null,
    customerName: maskPersonName(r.customerName) ?? '',
    reply: r.review.replyBody,
    reportedAt: r.review.reportedAt!.toISOString(),
    reportReason: r.review.reportReason ?? '',
    reportedBy: r.reportedBy,
    decision: r.decision
      ? { outcome: r.decision.outcome as ModerationOutcome, reason: r.decision.reason, decidedAt: r.decision.decidedAt.toISOString(), operator: r.operator }
      : null,
    createdAt: r.review.createdAt.toISOString(),
  });

  app.get(
    Paths.opsReportedReviews,
    {
      schema: {
        tags,
        summary: 'Reviews merchants reported as abusive, across merchants: awaiting a decision (OPEN, oldest report first) or decided (HIDDEN, DISMISSED, newest decision first)',
        querystring: apiQuery({ state: z.enum(REPORTED_REVIEW_STATES).default('OPEN') }),
        response: { 200: envelopeSchema(z.array(reportedReviewSchema)) },
      },
    },
    async (request) => {
      operatorOf(request);
      const { state } = request.query;
      const rows =
        state === 'OPEN'
          ? await select(isNull(pageReviewModerations.id)).orderBy(asc(pageReviews.reportedAt), asc(pageReviews.id)).limit(200)
          : await select(eq(pageReviewModerations.outcome, state)).orderBy(desc(pageReviewModerations.decidedAt), desc(pageReviewModerations.id)).limit(200);
      return ok(request, rows.map(toDto));
    },
  );

  app.post(
    Paths.opsReportedReviewDecision,
    {
      schema: {
        tags,
        summary: 'Decide on a reported review with a reason: HIDDEN (off the public page) or DISMISSED (the report is unfounded); once per review (409 after)',
        params,
        querystring: langOnlyQuery,
        body: moderationDecisionSchema,
        response: { 200: envelopeSchema(reportedReviewSchema) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { reviewId } = request.params;
      const [review] = await db
        .select({ id: pageReviews.id, reportedAt: pageReviews.reportedAt, merchantId: businessPages.merchantId })
        .from(pageReviews)
        .innerJoin(businessPages, eq(businessPages.id, pageReviews.pageId))
        .where(eq(pageReviews.id, reviewId));
      if (!review) throw ApiError.notFound();
      if (!review.reportedAt) throw new ApiError(409, ApiStatus.CONFLICT, 'content.notReported');
      const [decided] = await db
        .insert(pageReviewModerations)
        .values({ reviewId, merchantId: review.merchantId, outcome: request.body.outcome, reason: request.body.reason.trim(), operatorId: operator.userId })
        .onConflictDoNothing()
        .returning({ id: pageReviewModerations.id });
      if (!decided) throw new ApiError(409, ApiStatus.CONFLICT, 'content.alreadyModerated');
      request.log.info({ reviewId, merchantId: review.merchantId, outcome: request.body.outcome, operatorId: operator.userId }, 'reported review decided');
      const [row] = await select(eq(pageReviews.id, reviewId));
      return ok(request, toDto(row!));
    },
  );
};
