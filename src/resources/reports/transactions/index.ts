import { lazy } from 'react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/transaction-report (MERCHANT_TRANS_REPORT): list, detail {coreTranId}. */
export const transactionReport: ResourceConfig = {
  name: 'transaction-report',
  routeCodes: ['MERCHANT_TRANS_REPORT'],
  paths: { list: 'report-center/transaction-report', show: 'report-center/transaction-report/:id' },
  list: lazy(() => import('./TransactionReportList')),
  show: lazy(() => import('./TransactionShow')),
  icon: ReceiptLongOutlined,
  recordRepresentation: 'id',
};

/** Spec §2 report-center/transaction-report/tracing: a payment's steps by its id. */
export const transactionTracing: ResourceConfig = {
  name: 'transaction-tracing',
  routeCodes: ['MERCHANT_TRANS_REPORT'],
  paths: { page: 'report-center/transaction-report/tracing' },
  page: lazy(() => import('./TransactionTracing')),
  icon: ReceiptLongOutlined,
};
