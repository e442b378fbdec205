import { lazy } from 'react';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/disbursement-report and /{tranId} (MERCHANT_DISBURSEMENT_REPORT). */
export const disbursementReport: ResourceConfig = {
  name: 'disbursement-report',
  routeCodes: ['MERCHANT_DISBURSEMENT_REPORT'],
  paths: { list: 'report-center/disbursement-report', show: 'report-center/disbursement-report/:id' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'disbursement-report'), { detail: true }),
  list: lazy(() => import('./DisbursementList')),
  show: lazy(() => import('./DisbursementShow')),
  icon: SendOutlined,
};
