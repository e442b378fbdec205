import { lazy } from 'react';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 transaction-control and transaction-control/{id} (MERCHANT_TRANSACTION_CONTROL): upload the
 * merchant's order file to match it against the provider's transactions, the past runs, and a run's result
 * by class with exports and tickets. Named API methods (transactionControlApi).
 */
export const transactionControl: ResourceConfig = {
  name: 'transaction-control',
  routeCodes: ['MERCHANT_TRANSACTION_CONTROL'],
  paths: { list: 'transaction-control', show: 'transaction-control/:id' },
  list: lazy(() => import('./ControlRunList')),
  show: lazy(() => import('./ControlRunShow')),
  icon: FactCheckOutlined,
};
