/**
 * Promotion campaigns and their gifts (vouchers), shared by the portal's forms and the API. Money is
 * whole đồng (integers); campaign days are Vietnam calendar days.
 */
import { z } from 'zod';
import { dayCount, isDayKey, vietnamToday } from './time';
import { optionalField, requiredString, ValidationKeys } from './validation';

export const CAMPAIGN_STATUSES = ['UPCOMING', 'RUNNING', 'ENDED', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Limits of a campaign (đồng): low enough to stay exact as JS numbers, high enough for a top brand. */
export const CAMPAIGN_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  minBudget: 100_000,
  maxBudget: 100_000_000_000,
  maxDays: 366,
  maxGifts: 10,
  minDiscount: 1_000,
  maxDiscount: 10_000_000,
  maxQuantity: 1_000_000,
} as const;

/** Status of a campaign at `now`: dates decide, a cancellation overrides them. */
export function campaignStatus(
  campaign: { startAt: string | Date; endAt: string | Date; cancelledAt?: string | Date | null },
  now: Date,
): CampaignStatus {
  if (campaign.cancelledAt) return 'CANCELLED';
  const t = now.getTime();
  if (t < new Date(campaign.startAt).getTime()) return 'UPCOMING';
  if (t < new Date(campaign.endAt).getTime()) return 'RUNNING';
  return 'ENDED';
}

const daySchema = requiredString.refine(isDayKey, ValidationKeys.invalid);

/** Missing → required; present but not a number (e.g. "1000" as text) → invalid. */
const numberSchema = () =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? ValidationKeys.required : ValidationKeys.invalid) });

/** Whole đồng within [min, max]: a fraction, a string or a float is refused, never rounded. */
function moneySchema(min: number, max: number) {
  return numberSchema().check((ctx) => {
    if (!Number.isInteger(ctx.value)) {
      ctx.issues.push({ code: 'custom', message: 'validation.campaign.wholeDong', input: ctx.value });
    } else if (ctx.value < min || ctx.value > max) {
      ctx.issues.push({ code: 'custom', message: 'validation.campaign.amountRange', input: ctx.value, params: { min, max } });
    }
  });
}

export const giftInputSchema = z
  .strictObject({
    name: requiredString.max(CAMPAIGN_LIMITS.nameMaxLength, ValidationKeys.invalid),
    discountAmount: moneySchema(CAMPAIGN_LIMITS.minDiscount, CAMPAIGN_LIMITS.maxDiscount),
    minOrderAmount: moneySchema(0, CAMPAIGN_LIMITS.maxBudget).optional(),
    quantity: numberSchema()
      .int(ValidationKeys.invalid)
      .min(1, ValidationKeys.invalid)
      .max(CAMPAIGN_LIMITS.maxQuantity, ValidationKeys.invalid),
  })
  .refine((g) => !g.minOrderAmount || g.discountAmount <= g.minOrderAmount, {
    message: 'validation.campaign.discountAboveOrder',
    path: ['discountAmount'],
  });
export type GiftInput = z.infer<typeof giftInputSchema>;

/** The most the gifts can cost: every voucher of every gift redeemed. */
export function giftsCost(gifts: ReadonlyArray<Pick<GiftInput, 'discountAmount' | 'quantity'>>): number {
  return gifts.reduce((sum, g) => sum + g.discountAmount * g.quantity, 0);
}

/**
 * Create-campaign body. Dates are Vietnam days: the start not before today, the end not before the
 * start, at most a year long. The budget must cover every voucher being redeemed (no overspend).
 * `now` is injectable for tests; the API and the form use the clock.
 */
export function makeCampaignCreateSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      name: requiredString.max(CAMPAIGN_LIMITS.nameMaxLength, ValidationKeys.invalid),
      description: optionalField(z.string().max(CAMPAIGN_LIMITS.descriptionMaxLength, ValidationKeys.invalid)),
      startDate: daySchema,
      endDate: daySchema,
      budget: moneySchema(CAMPAIGN_LIMITS.minBudget, CAMPAIGN_LIMITS.maxBudget),
      gifts: z
        .array(giftInputSchema, ValidationKeys.required)
        .min(1, ValidationKeys.required)
        .max(CAMPAIGN_LIMITS.maxGifts, ValidationKeys.invalid),
    })
    .superRefine((value, ctx) => {
      const { startDate, endDate } = value;
      if (isDayKey(startDate) && startDate < vietnamToday(now())) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'validation.campaign.startInPast' });
      }
      if (isDayKey(startDate) && isDayKey(endDate)) {
        if (endDate < startDate) {
          ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.campaign.endBeforeStart' });
        } else if (dayCount(startDate, endDate) > CAMPAIGN_LIMITS.maxDays) {
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'validation.campaign.tooLong',
            params: { days: CAMPAIGN_LIMITS.maxDays },
          });
        }
      }
      const cost = giftsCost(value.gifts);
      if (cost > value.budget) {
        ctx.addIssue({ code: 'custom', path: ['budget'], message: 'validation.campaign.overBudget', params: { cost } });
      }
    });
}
export const campaignCreateSchema = makeCampaignCreateSchema();
export type CampaignCreateInput = z.infer<typeof campaignCreateSchema>;

export interface PromotionGift {
  id: number;
  campaignId: number;
  code: string;
  name: string;
  discountAmount: number;
  minOrderAmount: number;
  quantity: number;
  issuedCount: number;
  redeemedCount: number;
  /** quantity - issuedCount: vouchers customers can still collect. */
  remainingCount: number;
  /** Money given away so far: redeemedCount × discountAmount (đồng). */
  redeemedAmount: number;
}

export interface PromotionCampaign {
  id: number;
  code: string;
  name: string;
  description: string | null;
  /** First Vietnam day and last Vietnam day (inclusive), YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  status: CampaignStatus;
  budget: number;
  /** Money given away so far across gifts (đồng). */
  spentAmount: number;
  giftCount: number;
  createdAt: string;
  /** Detail only. */
  gifts?: PromotionGift[];
}

/** Redemption rate in whole per-mille (‰) of issued vouchers, integer arithmetic only. */
export function redemptionPerMille(gift: Pick<PromotionGift, 'issuedCount' | 'redeemedCount'>): number {
  return gift.issuedCount === 0 ? 0 : Math.floor((gift.redeemedCount * 1000) / gift.issuedCount);
}

export { PromotionApiPaths, IDEMPOTENCY_HEADER } from './api';
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, ValidationKeys.invalid);
