import { lazy } from 'react';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 business-page (MERCHANT_BUSSINESS_PAGE_LIST, in the MERCHANT_OA_MANAGER group): the merchant's
 * pages, and per page its nested settings (setting-page, stores, permissions, permissions/create,
 * badge-gamification). The
 * create-post and post/{postId} routes belong to content-management. The server checks the page role on
 * every call; the screens only hide what the caller's role cannot do.
 */
const routeCodes = ['MERCHANT_BUSSINESS_PAGE_LIST'] as const;
const detail = lazy(() => import('./PageDetail'));

export const businessPageList: ResourceConfig = {
  name: 'business-page',
  routeCodes,
  paths: { page: 'business-page' },
  page: lazy(() => import('./PageList')),
  icon: StorefrontOutlined,
};

const tab = (name: string, path: string): ResourceConfig => ({ name, routeCodes, paths: { page: path }, page: detail, icon: StorefrontOutlined });

export const businessPageResources: readonly ResourceConfig[] = [
  businessPageList,
  tab('business-page-detail', 'business-page/:id'),
  tab('business-page-settings', 'business-page/:id/setting-page'),
  tab('business-page-stores', 'business-page/:id/stores'),
  tab('business-page-permissions', 'business-page/:id/permissions'),
  tab('business-page-permission-create', 'business-page/:id/permissions/create'),
  tab('business-page-badges', 'business-page/:id/badge-gamification'),
];
