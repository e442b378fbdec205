import { lazy } from 'react';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 marketing-management, {id}, {id}/campaign/create (optional `from` = template:<id> | campaign:<id>),
 * {id}/campaign/{campaignId}, {id}/marketing-template (BUSINESS_PAGE_MARKETING_MANAGEMENT, issue 17): the
 * merchant's pages with their campaigns, a page's campaigns, the create form, a campaign's detail and the
 * page's templates. Behind the ADS gate (src/features/marketing-gate). The first config claims the sidebar
 * entry of the shared route code (the budget screens come after it in the resource list).
 */
const routeCodes = ['BUSINESS_PAGE_MARKETING_MANAGEMENT'] as const;
const icon = CampaignOutlined;

export const marketingManagement: ResourceConfig = {
  name: 'marketing-management',
  routeCodes,
  paths: { page: 'marketing-management' },
  page: lazy(() => import('./MarketingPages')),
  icon,
};

export const marketingManagementResources: readonly ResourceConfig[] = [
  marketingManagement,
  { name: 'marketing-campaigns', routeCodes, paths: { page: 'marketing-management/:id' }, page: lazy(() => import('./PageCampaigns')), icon },
  { name: 'marketing-campaign-create', routeCodes, paths: { page: 'marketing-management/:id/campaign/create' }, page: lazy(() => import('./CampaignCreate')), icon },
  { name: 'marketing-campaign', routeCodes, paths: { page: 'marketing-management/:id/campaign/:campaignId' }, page: lazy(() => import('./CampaignDetail')), icon },
  { name: 'marketing-template', routeCodes, paths: { page: 'marketing-management/:id/marketing-template' }, page: lazy(() => import('./Templates')), icon },
];
