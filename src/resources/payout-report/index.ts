import { lazy } from 'react';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '../types';

/** MERCHANT_REPORT_PAYOUT (spec §2 names no path: `payout-report`, docs/decisions.md): list and detail {payoutId}. */
export const payoutReport: ResourceConfig = {
  name: 'payout-report',
  routeCodes: ['MERCHANT_REPORT_PAYOUT'],
  paths: { list: 'payout-report', show: 'payout-report/:id' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'payout-report'), { detail: true }),
  list: lazy(() => import('./PayoutList')),
  show: lazy(() => import('./PayoutShow')),
  icon: AccountBalanceOutlined,
};
