import { IDEMPOTENCY_HEADER, PromotionApiPaths } from '@/domain/api';
import type { CampaignCreateInput, PromotionCampaign, PromotionGift } from '@/domain/promotions';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

export type GiftDetail = PromotionGift & { campaign: Pick<PromotionCampaign, 'id' | 'code' | 'name' | 'status' | 'startDate' | 'endDate'> };

/** Promotion calls beyond the campaigns CRUD (server/routes/promotions). */
export function promotionsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    /**
     * Creates a campaign. `idempotencyKey` is made once per form: a double click or a retry after a lost
     * answer returns the same campaign instead of committing the budget twice.
     */
    async createCampaign(body: CampaignCreateInput, idempotencyKey: string): Promise<PromotionCampaign> {
      return (
        await call<PromotionCampaign>(PromotionApiPaths.campaigns, {
          method: 'POST',
          body,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          showSuccess: true,
        })
      ).data;
    },
    async getGift(campaignId: string, giftId: string): Promise<GiftDetail> {
      return (await call<GiftDetail>(PromotionApiPaths.gift, { params: { campaignId, giftId } })).data;
    },
  };
}
