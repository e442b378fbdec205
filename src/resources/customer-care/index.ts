import { lazy } from 'react';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 customer-care-management; {id}/customer-demographic; {id}/broadcast; {id}/broadcast/create;
 * {id}/broadcast/{broadcastId} (BUSINESS_PAGE_CUSTOMER_CARE): the pages the caller cares for, a page's
 * customers by demographics, and its broadcasts. Several configs, one code: the first claims the sidebar
 * entry. The server checks the page role on every call (page admins, chat agents; analysts read).
 */
const routeCodes = ['BUSINESS_PAGE_CUSTOMER_CARE'] as const;
const icon = SupportAgentOutlined;

export const customerCareManagement: ResourceConfig = {
  name: 'customer-care-management',
  routeCodes,
  paths: { page: 'customer-care-management' },
  page: lazy(() => import('./CarePages')),
  icon,
};

export const careDemographic: ResourceConfig = {
  name: 'care-demographic',
  routeCodes,
  paths: { page: 'customer-care-management/:id/customer-demographic' },
  page: lazy(() => import('./Demographics')),
  icon,
};

export const careBroadcasts: ResourceConfig = {
  name: 'care-broadcasts',
  routeCodes,
  paths: { page: 'customer-care-management/:id/broadcast' },
  page: lazy(() => import('./BroadcastList')),
  icon,
};

export const careBroadcastCreate: ResourceConfig = {
  name: 'care-broadcast-create',
  routeCodes,
  paths: { page: 'customer-care-management/:id/broadcast/create' },
  page: lazy(() => import('./BroadcastCreate')),
  icon,
};

export const careBroadcast: ResourceConfig = {
  name: 'care-broadcast',
  routeCodes,
  paths: { page: 'customer-care-management/:id/broadcast/:broadcastId' },
  page: lazy(() => import('./BroadcastDetail')),
  icon,
};

export const customerCareResources: readonly ResourceConfig[] = [customerCareManagement, careDemographic, careBroadcasts, careBroadcastCreate, careBroadcast];
