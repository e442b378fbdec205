/** Card payment report (spec §2 card-payment-report and /{transId}; MERCHANT_CARD_PAYMENT_REPORT). */
import { REPORTS } from '@/domain/reportCenter';
import { cardPayments } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = cardPayments;
export const cardPaymentTable: ReportTable = {
  definition: REPORTS['card-payment-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  storeId: t.storeId,
  columns: {
    transId: t.transId,
    createdAt: t.createdAt,
    orderId: t.orderId,
    cardBrand: t.cardBrand,
    cardNumber: t.cardNumber,
    issuerBank: t.issuerBank,
    amount: t.amount,
    fee: t.fee,
    status: t.status,
  },
};

export const cardPaymentReportRoutes = reportRoutes(cardPaymentTable);
