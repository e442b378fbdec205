/**
 * Promotion campaigns and gifts of one merchant. Every query takes the merchant id first; status is
 * derived from the dates at query time (never stored, so it cannot go stale), and filtered in SQL.
 */
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  campaignStatus,
  type CampaignCreateInput,
  type CampaignStatus,
  type PromotionCampaign,
  type PromotionGift,
} from '@/domain/promotions';
import { addDays, dayKeyOf, dayStart } from '@/domain/time';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { merchantServices, promotionCampaigns, promotionGifts, services } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../pagination';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CampaignFilter {
  keyword?: string;
  status?: CampaignStatus;
}

type CampaignRecord = typeof promotionCampaigns.$inferSelect;
type GiftRecord = typeof promotionGifts.$inferSelect;

function statusCondition(status: CampaignStatus, now: Date): SQL | undefined {
  const c = promotionCampaigns;
  switch (status) {
    case 'CANCELLED':
      return isNotNull(c.cancelledAt);
    case 'UPCOMING':
      return and(isNull(c.cancelledAt), gt(c.startAt, now));
    case 'RUNNING':
      return and(isNull(c.cancelledAt), lte(c.startAt, now), gt(c.endAt, now));
    case 'ENDED':
      return and(isNull(c.cancelledAt), lte(c.endAt, now));
  }
}

/**
 * Money given away per campaign: Σ redeemed × discount, in bigint SQL (never a float). Column names are
 * written out qualified: Drizzle leaves them unqualified in a one-table select, which inside the
 * subquery would silently mean the gift's own id.
 */
const spentSql = sql<string>`(select coalesce(sum(g.redeemed_count::bigint * g.discount_amount), 0) from promotion_gifts g where g.campaign_id = "promotion_campaigns"."id")`;
const giftCountSql = sql<number>`(select count(*)::int from promotion_gifts g where g.campaign_id = "promotion_campaigns"."id")`;

function toCampaign(c: CampaignRecord, spent: string | number, giftCount: number, now: Date): PromotionCampaign {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    startDate: dayKeyOf(c.startAt),
    // endAt is exclusive: the last day is the one before it.
    endDate: dayKeyOf(new Date(c.endAt.getTime() - 1)),
    status: campaignStatus(c, now),
    budget: c.budget,
    spentAmount: Number(spent),
    giftCount,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toGift(g: GiftRecord): PromotionGift {
  return {
    id: g.id,
    campaignId: g.campaignId,
    code: g.code,
    name: g.name,
    discountAmount: g.discountAmount,
    minOrderAmount: g.minOrderAmount,
    quantity: g.quantity,
    issuedCount: g.issuedCount,
    redeemedCount: g.redeemedCount,
    remainingCount: g.quantity - g.issuedCount,
    redeemedAmount: g.redeemedCount * g.discountAmount,
  };
}


export function promotionsRepository(db: Db) {
  async function findCampaign(merchantId: number, campaignId: number, now: Date): Promise<PromotionCampaign | null> {
    const [row] = await db
      .select({ campaign: promotionCampaigns, spent: spentSql, giftCount: giftCountSql })
      .from(promotionCampaigns)
      .where(and(eq(promotionCampaigns.merchantId, merchantId), eq(promotionCampaigns.id, campaignId)));
    return row ? toCampaign(row.campaign, row.spent, row.giftCount, now) : null;
  }

  async function byIdempotencyKey(merchantId: number, key: string): Promise<number | null> {
    const [row] = await db
      .select({ id: promotionCampaigns.id })
      .from(promotionCampaigns)
      .where(and(eq(promotionCampaigns.merchantId, merchantId), eq(promotionCampaigns.idempotencyKey, key)));
    return row?.id ?? null;
  }

  return {
    findCampaign,

    async page(merchantId: number, filter: CampaignFilter, page: PageRequest, now: Date): Promise<{ rows: PromotionCampaign[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(promotionCampaigns.merchantId, merchantId)];
      if (filter.keyword) {
        const pattern = `%${escapeLike(filter.keyword)}%`;
        conditions.push(or(ilike(promotionCampaigns.name, pattern), ilike(promotionCampaigns.code, pattern)));
      }
      if (filter.status) conditions.push(statusCondition(filter.status, now));
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ campaign: promotionCampaigns, spent: spentSql, giftCount: giftCountSql })
          .from(promotionCampaigns)
          .where(where)
          // Latest start first (merchant_id, start_at, id index, scanned backwards).
          .orderBy(desc(promotionCampaigns.startAt), desc(promotionCampaigns.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ total: count() }).from(promotionCampaigns).where(where),
      ]);
      return { rows: rows.map((r) => toCampaign(r.campaign, r.spent, r.giftCount, now)), total };
    },

    async gifts(merchantId: number, campaignId: number): Promise<PromotionGift[]> {
      const rows = await db
        .select()
        .from(promotionGifts)
        .where(and(eq(promotionGifts.merchantId, merchantId), eq(promotionGifts.campaignId, campaignId)))
        .orderBy(asc(promotionGifts.id));
      return rows.map(toGift);
    },

    async gift(merchantId: number, campaignId: number, giftId: number): Promise<PromotionGift | null> {
      const [row] = await db
        .select()
        .from(promotionGifts)
        .where(and(eq(promotionGifts.merchantId, merchantId), eq(promotionGifts.campaignId, campaignId), eq(promotionGifts.id, giftId)));
      return row ? toGift(row) : null;
    },

    /** Campaigns need an ACTIVE PROMOTION registration of the merchant. */
    async promotionActive(merchantId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: merchantServices.id })
        .from(merchantServices)
        .innerJoin(services, eq(services.id, merchantServices.serviceId))
        .where(and(eq(merchantServices.merchantId, merchantId), eq(services.code, 'PROMOTION'), eq(merchantServices.status, 'ACTIVE')));
      return Boolean(row);
    },

    byIdempotencyKey,

    /**
     * Creates the campaign and its gifts in one transaction (all or nothing). With an idempotency key,
     * a retry returns the first campaign's id; the partial unique index settles a race between two
     * identical requests.
     */
    async create(merchantId: number, input: CampaignCreateInput, userId: number, idempotencyKey: string | null): Promise<number> {
      if (idempotencyKey) {
        const existing = await byIdempotencyKey(merchantId, idempotencyKey);
        if (existing) return existing;
      }
      try {
        return await db.transaction(async (tx) => {
          const startAt = dayStart(input.startDate);
          const endAt = dayStart(addDays(input.endDate, 1));
          const [campaign] = await tx
            .insert(promotionCampaigns)
            .values({
              merchantId,
              // Placeholder until the id is known: codes follow the id so they never collide.
              code: `pending-${idempotencyKey ?? ''}-${Date.now()}-${Math.random()}`,
              name: input.name.trim(),
              description: input.description ? input.description : null,
              startAt,
              endAt,
              budget: input.budget,
              createdBy: userId,
              idempotencyKey,
            })
            .returning({ id: promotionCampaigns.id });
          const code = `KM${String(merchantId).padStart(4, '0')}${String(campaign.id).padStart(6, '0')}`;
          await tx.update(promotionCampaigns).set({ code }).where(eq(promotionCampaigns.id, campaign.id));
          await tx.insert(promotionGifts).values(
            input.gifts.map((g, i) => ({
              merchantId,
              campaignId: campaign.id,
              code: `${code}-${i + 1}`,
              name: g.name.trim(),
              discountAmount: g.discountAmount,
              minOrderAmount: g.minOrderAmount ?? 0,
              quantity: g.quantity,
            })),
          );
          return campaign.id;
        });
      } catch (err) {
        // A concurrent request with the same key won the race: answer with its campaign.
        if (idempotencyKey && isUniqueViolation(err)) {
          const existing = await byIdempotencyKey(merchantId, idempotencyKey);
          if (existing) return existing;
        }
        throw err;
      }
    },
  };
}
