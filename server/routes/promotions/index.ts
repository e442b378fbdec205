/**
 * Promotion campaigns of a merchant (the PROMOTION service's area): list, detail with gifts, gift
 * detail with redemption counts, and creation with date and budget rules shared with the form. Like the
 * service list (§6), this area is for MERCHANT_OWNER; another merchant's ids answer 404 (403 for a
 * merchant the caller does not belong to).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { canLoadServiceList } from '@/domain/permissions';
import { CAMPAIGN_STATUSES, campaignCreateSchema, idempotencyKeySchema, PromotionApiPaths } from '@/domain/promotions';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { promotionsRepository } from './repository';

const giftSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  code: z.string(),
  name: z.string(),
  discountAmount: z.number().int(),
  minOrderAmount: z.number().int(),
  quantity: z.number().int(),
  issuedCount: z.number().int(),
  redeemedCount: z.number().int(),
  remainingCount: z.number().int(),
  redeemedAmount: z.number().int(),
});
const campaignSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  budget: z.number().int(),
  spentAmount: z.number().int(),
  giftCount: z.number().int(),
  createdAt: z.string(),
  gifts: z.array(giftSchema).optional(),
});
const giftDetailSchema = giftSchema.extend({
  campaign: campaignSchema.pick({ id: true, code: true, name: true, status: true, startDate: true, endDate: true }),
});

const campaignsQuery = apiQuery({
  ...pageQueryShape,
  keyword: z.string().trim().max(100).optional().meta({ description: 'Part of the campaign name or code' }),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});
const merchantParams = z.strictObject({ merchantId: idParam });
const campaignParams = z.strictObject({ merchantId: idParam, campaignId: idParam });
const giftParams = z.strictObject({ merchantId: idParam, campaignId: idParam, giftId: idParam });
const createHeaders = z.object({
  'idempotency-key': idempotencyKeySchema.optional().meta({ description: 'A retry with the same key returns the first campaign' }),
});

function requireOwner(request: FastifyRequest) {
  const membership = membershipOf(request);
  if (!canLoadServiceList(membership.roles)) throw ApiError.forbidden();
  return membership.merchant;
}

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = promotionsRepository(app.database.db);

  async function detail(merchantId: number, campaignId: number, now: Date) {
    const campaign = await repo.findCampaign(merchantId, campaignId, now);
    if (!campaign) throw ApiError.notFound();
    return { ...campaign, gifts: await repo.gifts(merchantId, campaignId) };
  }

  app.get(
    PromotionApiPaths.campaigns,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['promotions'],
        summary: 'Promotion campaigns of the merchant, latest start first, paged (MERCHANT_OWNER only)',
        params: merchantParams,
        querystring: campaignsQuery,
        response: { 200: envelopeSchema(pageSchema(campaignSchema)) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const { keyword, status } = request.query;
      const { rows, total } = await repo.page(merchant.id, { keyword, status }, request.query, new Date());
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    PromotionApiPaths.campaigns,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['promotions'],
        summary: 'Create a campaign with its gifts; dates are Vietnam days, money whole đồng, the budget must cover every gift',
        params: merchantParams,
        querystring: langOnlyQuery,
        headers: createHeaders,
        body: campaignCreateSchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      if (!(await repo.promotionActive(merchant.id))) {
        throw new ApiError(409, ApiStatus.CONFLICT, 'promotions.serviceNotActive');
      }
      const key = request.headers['idempotency-key'] ?? null;
      const body = request.body;
      const id = await repo.create(merchant.id, body, callerOf(request).userId, key);
      const created = await detail(merchant.id, id, new Date());
      // A key reused for a different campaign is a client bug: say so rather than answer with the wrong one.
      const same =
        created.name === body.name.trim() &&
        created.startDate === body.startDate &&
        created.endDate === body.endDate &&
        created.budget === body.budget;
      if (!same) throw new ApiError(409, ApiStatus.CONFLICT, 'promotions.idempotencyReused');
      request.log.info({ merchantId: merchant.id, campaignId: id }, 'campaign created');
      return ok(request, created);
    },
  );

  app.get(
    PromotionApiPaths.campaign,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['promotions'],
        summary: 'One campaign with its gifts (vouchers)',
        params: campaignParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      return ok(request, await detail(merchant.id, request.params.campaignId, new Date()));
    },
  );

  app.get(
    PromotionApiPaths.gift,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['promotions'],
        summary: 'One gift of a campaign with its issue and redemption counts',
        params: giftParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(giftDetailSchema) },
      },
    },
    async (request) => {
      const merchant = requireOwner(request);
      const { campaignId, giftId } = request.params;
      const campaign = await repo.findCampaign(merchant.id, campaignId, new Date());
      const gift = campaign && (await repo.gift(merchant.id, campaignId, giftId));
      if (!campaign || !gift) throw ApiError.notFound();
      const { id, code, name, status, startDate, endDate } = campaign;
      return ok(request, { ...gift, campaign: { id, code, name, status, startDate, endDate } });
    },
  );
};
