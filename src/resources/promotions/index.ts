import { lazy } from 'react';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { PromotionApiPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

const campaignPath = PromotionApiPaths.campaign.replace(':campaignId', ':id');

/**
 * Spec §2 promotion area (/app/services/promotion/my-campaigns): the PROMOTION service's campaigns.
 * The spec names no route code for it; it belongs to the service information area, so it opens with
 * MERCHANT_SERVICE_INFORMATION (MERCHANT_OWNER, §6) and is reached from the service list, not the sidebar.
 */
export const promotions: ResourceConfig = {
  name: 'promotions',
  routeCodes: ['MERCHANT_SERVICE_INFORMATION'],
  paths: {
    list: 'services/promotion/my-campaigns',
    create: 'services/promotion/my-campaigns/create',
    show: 'services/promotion/my-campaigns/:id',
  },
  endpoints: { list: `GET ${PromotionApiPaths.campaigns}`, getOne: `GET ${campaignPath}` },
  list: lazy(() => import('./CampaignList')),
  create: lazy(() => import('./CampaignCreate')),
  show: lazy(() => import('./CampaignShow')),
  icon: LocalOfferOutlined,
  recordRepresentation: 'name',
};

/** A gift (voucher) of a campaign with its redemption counts. */
export const promotionGifts: ResourceConfig = {
  name: 'promotion-gifts',
  routeCodes: ['MERCHANT_SERVICE_INFORMATION'],
  paths: { page: 'services/promotion/my-campaigns/:id/gift/:giftId' },
  page: lazy(() => import('./GiftPage')),
  icon: LocalOfferOutlined,
};
