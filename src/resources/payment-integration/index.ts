import { lazy } from 'react';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 payment-integration-center (MERCHANT_PAYMENT_INTEGRATION: owners, administrators, DEVELOPER,
 * MIG_DEV): API credentials per environment, webhooks with their delivery log, the signed merchant API's
 * signing guide and the selling (fee) plans.
 */
export const paymentIntegration: ResourceConfig = {
  name: 'payment-integration',
  routeCodes: ['MERCHANT_PAYMENT_INTEGRATION'],
  paths: { page: 'payment-integration-center' },
  page: lazy(() => import('./PaymentIntegrationPage')),
  icon: IntegrationInstructionsOutlined,
};
