import { lazy } from 'react';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 transaction-history, the donation history of donation merchants (MERCHANT_DONATION_TRANS_HISTORY,
 * the route code §2 pairs with that path): donations received, filtered, totalled and exported.
 */
export const donationHistory: ResourceConfig = {
  name: 'donation-history',
  routeCodes: ['MERCHANT_DONATION_TRANS_HISTORY'],
  paths: { list: 'transaction-history' },
  endpoints: reportEndpoints(ReportCenterPaths.donations),
  list: lazy(() => import('./DonationHistoryList')),
  icon: VolunteerActivismOutlined,
};
