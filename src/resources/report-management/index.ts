import { lazy } from 'react';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 report-management/{id}/overview, /post, /customer-message, /reconciliation
 * (BUSINESS_PAGE_REPORT_MANAGEMENT): one page's reports, one tab each, and the merchant's pages to choose
 * from (the sidebar entry). Several configs, one code: the first claims the sidebar entry. The server
 * checks the page role on every call (page admins and analysts).
 */
const routeCodes = ['BUSINESS_PAGE_REPORT_MANAGEMENT'] as const;
const report = lazy(() => import('./PageReport'));
const tab = (name: string, path: string): ResourceConfig => ({ name, routeCodes, paths: { page: path }, page: report, icon: InsightsOutlined });

export const reportManagement: ResourceConfig = {
  name: 'report-management',
  routeCodes,
  paths: { page: 'report-management' },
  page: lazy(() => import('./ReportPages')),
  icon: InsightsOutlined,
};

export const reportManagementResources: readonly ResourceConfig[] = [
  reportManagement,
  tab('report-overview', 'report-management/:id/overview'),
  tab('report-post', 'report-management/:id/post'),
  tab('report-customer-message', 'report-management/:id/customer-message'),
  tab('report-reconciliation', 'report-management/:id/reconciliation'),
];
