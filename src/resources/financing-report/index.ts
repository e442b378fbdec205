import { lazy } from 'react';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/financing-report (MERCHANT_NEWTON_REPORT: users with the NEWTON_REPORT role). */
export const financingReport: ResourceConfig = {
  name: 'financing-report',
  routeCodes: ['MERCHANT_NEWTON_REPORT'],
  paths: { list: 'report-center/financing-report' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'financing-report')),
  list: lazy(() => import('./FinancingList')),
  icon: AccountBalanceOutlined,
};
