import { lazy } from 'react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { TransactionReportPaths as Paths } from '@/domain/api';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/transaction-report (MERCHANT_TRANS_REPORT, the report center's default view): list, detail {coreTranId}. */
export const transactionReport: ResourceConfig = {
  name: 'transaction-report',
  routeCodes: ['MERCHANT_TRANS_REPORT'],
  paths: { list: 'report-center/transaction-report', show: 'report-center/transaction-report/:id' },
  endpoints: {
    list: `GET ${Paths.list}`,
    totals: `GET ${Paths.totals}`,
    export: `POST ${Paths.exports}`,
    getOne: `GET ${Paths.detail}`,
  },
  list: lazy(() => import('./TransactionReportList')),
  show: lazy(() => import('./TransactionShow')),
  icon: ReceiptLongOutlined,
  recordRepresentation: 'id',
};
