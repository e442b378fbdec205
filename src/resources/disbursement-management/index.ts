import { lazy } from 'react';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 disbursement-center/disbursement-management (MERCHANT_DISBURSEMENT_MANAGEMENT: owners and
 * administrators): disbursement orders with maker-checker approval, single and batch disbursements, the
 * balance with its ledger, and the approval rules.
 */
export const disbursementManagement: ResourceConfig = {
  name: 'disbursement-management',
  routeCodes: ['MERCHANT_DISBURSEMENT_MANAGEMENT'],
  paths: { page: 'disbursement-center/disbursement-management' },
  page: lazy(() => import('./DisbursementPage')),
  icon: PaymentsOutlined,
};
