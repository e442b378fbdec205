import { lazy } from 'react';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { ApiPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

/** Spec §2 offline stores (route code MERCHANT_STORES_OFFLINE), listed from the chosen merchant's stores. */
export const stores: ResourceConfig = {
  name: 'stores',
  routeCodes: ['MERCHANT_STORES_OFFLINE'],
  paths: { list: 'offline-stores' },
  endpoints: { list: `GET ${ApiPaths.merchantStores}` },
  list: lazy(() => import('./StoreList')),
  icon: StorefrontOutlined,
  recordRepresentation: 'storeName',
};
