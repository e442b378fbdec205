/**
 * Operator review of marketing campaigns (/api/ops/marketing-campaigns, behind requireInternalUser):
 * campaigns by status across merchants (IN_REVIEW by default, oldest submission first), approve
 * (IN_REVIEW → SCHEDULED, reserving the budget in the same transaction: too little balance refuses it)
 * and reject with a reason the merchant reads (IN_REVIEW → REJECTED). Moves go through
 * server/lib/marketing/campaigns.ts: conditional, audited, 409 when the campaign is no longer in review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audienceSchema } from '@/domain/audience';
import { BUDGET_KINDS, CAMPAIGN_STATUSES, campaignRejectSchema, CTAS, MarketingCampaignApiPaths as Paths, OBJECTIVES } from '@/domain/marketingCampaigns';
import { businessPages, marketingCampaigns, merchants } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { countAudience } from '../../../lib/audience';
import { moveCampaign, toCampaignDto, type ActorRef } from '../../../lib/marketing/campaigns';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { operatorOf } from '../guard';

const tags = ['ops'];
const int = z.number().int();
const params = z.strictObject({ campaignId: idParam });
const reviewSchema = z.object({
  id: int,
  merchantName: z.string(),
  pageName: z.string(),
  name: z.string(),
  objective: z.enum(OBJECTIVES),
  audience: audienceSchema,
  audienceSize: int,
  startsAt: z.string(),
  endsAt: z.string(),
  budgetKind: z.enum(BUDGET_KINDS),
  budgetAmount: int,
  reserveAmount: int,
  status: z.enum(CAMPAIGN_STATUSES),
  rejectReason: z.string().nullable(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  cta: z.enum(CTAS),
  submittedAt: z.string().nullable(),
  version: int,
});

export const opsMarketingCampaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    Paths.opsCampaigns,
    {
      schema: {
        tags,
        summary: 'Marketing campaigns by status (default IN_REVIEW), oldest submission first, at most 200',
        querystring: apiQuery({ status: z.enum(CAMPAIGN_STATUSES).default('IN_REVIEW') }),
        response: { 200: envelopeSchema(z.array(reviewSchema)) },
      },
    },
    async (request) => {
      operatorOf(request);
      const rows = await db
        .select({ campaign: marketingCampaigns, merchantName: merchants.name, pageName: businessPages.name })
        .from(marketingCampaigns)
        .innerJoin(merchants, eq(merchants.id, marketingCampaigns.merchantId))
        .innerJoin(businessPages, eq(businessPages.id, marketingCampaigns.pageId))
        .where(eq(marketingCampaigns.status, request.query.status))
        .orderBy(sql`${marketingCampaigns.submittedAt} asc nulls last`, asc(marketingCampaigns.id))
        .limit(200);
      const out = [];
      for (const r of rows) {
        const dto = toCampaignDto(r.campaign);
        const audienceSize = await countAudience(db, dto.audience, { merchantId: r.campaign.merchantId, pageId: r.campaign.pageId, population: 'WALLET' });
        out.push({
          id: dto.id,
          merchantName: r.merchantName,
          pageName: r.pageName,
          name: dto.name,
          objective: dto.objective,
          audience: dto.audience,
          audienceSize,
          startsAt: dto.startsAt,
          endsAt: dto.endsAt,
          budgetKind: dto.budgetKind,
          budgetAmount: dto.budgetAmount,
          reserveAmount: dto.reserveAmount,
          status: dto.status,
          rejectReason: dto.rejectReason,
          text: dto.text,
          imageUrl: dto.imageUrl,
          cta: dto.cta,
          submittedAt: dto.submittedAt,
          version: dto.version,
        });
      }
      return ok(request, out);
    },
  );

  const operator = (request: Parameters<typeof operatorOf>[0]): ActorRef => {
    const caller = operatorOf(request);
    return { kind: 'OPERATOR', userId: caller.userId, name: caller.username };
  };
  const answer = z.object({ id: int, status: z.enum(CAMPAIGN_STATUSES), version: int });

  app.post(
    Paths.opsCampaignApprove,
    {
      schema: {
        tags,
        summary: 'Approve a campaign: IN_REVIEW → SCHEDULED, reserving its budget (409 with the available balance when it is too small)',
        params,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(answer) },
      },
    },
    async (request) => {
      const row = await moveCampaign(db, request.params.campaignId, 'APPROVE', operator(request), { lang: request.lang });
      return ok(request, { id: row.id, status: row.status as (typeof CAMPAIGN_STATUSES)[number], version: row.version });
    },
  );

  app.post(
    Paths.opsCampaignReject,
    {
      schema: { tags, summary: 'Reject a campaign with a reason: IN_REVIEW → REJECTED', params, querystring: langOnlyQuery, body: campaignRejectSchema, response: { 200: envelopeSchema(answer) } },
    },
    async (request) => {
      const row = await moveCampaign(db, request.params.campaignId, 'REJECT', operator(request), { lang: request.lang, reason: request.body.reason.trim() });
      return ok(request, { id: row.id, status: row.status as (typeof CAMPAIGN_STATUSES)[number], version: row.version });
    },
  );
};
