import { lazy } from 'react';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/onetime-report, the settlement report (MERCHANT_SETTLEMENT_REPORT: users with the BAMBOO_REPORT role). */
export const onetimeReport: ResourceConfig = {
  name: 'onetime-report',
  routeCodes: ['MERCHANT_SETTLEMENT_REPORT'],
  paths: { list: 'report-center/onetime-report' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'onetime-report')),
  list: lazy(() => import('./SettlementList')),
  icon: EventAvailableOutlined,
};
