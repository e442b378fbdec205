import { lazy } from 'react';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import { ReportCenterPaths } from '@/domain/api';
import { reportEndpoints } from '@/features/report-list/endpoints';
import type { ResourceConfig } from '@/resources/types';

/** Spec §2 report-center/card-payment-report and /{transId} (MERCHANT_CARD_PAYMENT_REPORT). */
export const cardPaymentReport: ResourceConfig = {
  name: 'card-payment-report',
  routeCodes: ['MERCHANT_CARD_PAYMENT_REPORT'],
  paths: { list: 'report-center/card-payment-report', show: 'report-center/card-payment-report/:id' },
  endpoints: reportEndpoints(ReportCenterPaths.report.replace(':report', 'card-payment-report'), { detail: true }),
  list: lazy(() => import('./CardPaymentList')),
  show: lazy(() => import('./CardPaymentShow')),
  icon: CreditCardOutlined,
};
