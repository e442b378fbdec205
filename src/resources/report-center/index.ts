import { lazy } from 'react';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import type { ResourceConfig } from '@/resources/types';

/**
 * Spec §2 report-center (MERCHANT_REPORTS_CENTER, the sidebar group of the reports): the address opens
 * its default view, the transaction report. Its generated files show under each report list.
 */
export const reportCenter: ResourceConfig = {
  name: 'report-center',
  routeCodes: ['MERCHANT_REPORTS_CENTER'],
  paths: { page: 'report-center' },
  page: lazy(() => import('./ReportCenterPage')),
  icon: AssessmentOutlined,
};
