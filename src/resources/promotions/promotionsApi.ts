import { getChosenMerchantId } from '@/authProvider/session';
import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import { IDEMPOTENCY_HEADER, PromotionApiPaths, type CampaignCreateInput, type PromotionCampaign, type PromotionGift } from '@/domain/promotions';

const url = (template: string, params: Record<string, string | number> = {}) => {
  let path = template.replace(':merchantId', encodeURIComponent(String(getChosenMerchantId() ?? '')));
  for (const [key, value] of Object.entries(params)) path = path.replace(`:${key}`, encodeURIComponent(String(value)));
  return `${API_BASE_URL}${path}`;
};

/**
 * Creates a campaign. `idempotencyKey` is made once per form: a double click or a retry after a lost
 * answer returns the same campaign instead of committing the budget twice.
 */
export async function createCampaign(body: CampaignCreateInput, idempotencyKey: string): Promise<PromotionCampaign> {
  const response = await httpClient<PromotionCampaign>(url(PromotionApiPaths.campaigns), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    merchantScoped: true,
    showSuccess: true,
  });
  return response.data;
}

export type GiftDetail = PromotionGift & { campaign: Pick<PromotionCampaign, 'id' | 'code' | 'name' | 'status' | 'startDate' | 'endDate'> };

export async function getGift(campaignId: string, giftId: string): Promise<GiftDetail> {
  return (await httpClient<GiftDetail>(url(PromotionApiPaths.gift, { campaignId, giftId }), { merchantScoped: true })).data;
}
