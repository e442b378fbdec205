import { lazy } from 'react';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 dashboard: revenue and payment count by day, store and method (MERCHANT_DASHBOARD), or
 * donations by day and campaign for donation merchants (MERCHANT_DASHBOARD_DONATION). Charts are drawn
 * in SVG by the page itself: no chart library in any chunk.
 */
export const dashboard: ResourceConfig = {
  name: 'dashboard',
  routeCodes: ['MERCHANT_DASHBOARD', 'MERCHANT_DASHBOARD_DONATION'],
  paths: { page: 'dashboard' },
  page: lazy(() => import('./DashboardPage')),
  icon: DashboardOutlined,
};
