import { lazy } from 'react';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/nonpaid-report (MERCHANT_NONPAID_REPORT). */
export const nonpaidReport: ResourceConfig = {
  name: 'nonpaid-report',
  routeCodes: ['MERCHANT_NONPAID_REPORT'],
  paths: { list: 'report-center/nonpaid-report' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'nonpaid-report')),
  list: lazy(() => import('./NonpaidList')),
  icon: RemoveShoppingCartOutlined,
};
