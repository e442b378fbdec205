import { lazy } from 'react';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/transaction-report/tracing: a payment's steps by its id (the transaction report's route code). */
export const transactionTracing: ResourceConfig = {
  name: 'transaction-tracing',
  routeCodes: ['MERCHANT_TRANS_REPORT'],
  paths: { page: 'report-center/transaction-report/tracing' },
  page: lazy(() => import('./TransactionTracing')),
  icon: RouteOutlined,
};
