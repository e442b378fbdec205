import { lazy } from 'react';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ResourceConfig } from '../types';

/** Spec §2 merchant-info (route code MERCHANT_KYB): merchant fields, KYB state, documents, payout, links. */
export const merchantInfo: ResourceConfig = {
  name: 'merchant-info',
  routeCodes: ['MERCHANT_KYB'],
  paths: { page: 'merchant-info' },
  page: lazy(() => import('./MerchantInfoPage')),
  icon: StorefrontOutlined,
};
