/** Non-paid orders report (spec §2 nonpaid-report; MERCHANT_NONPAID_REPORT). */
import { REPORTS } from '@/domain/reportCenter';
import { nonpaidOrders } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = nonpaidOrders;
export const nonpaidTable: ReportTable = {
  definition: REPORTS['nonpaid-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  storeId: t.storeId,
  columns: {
    orderId: t.orderId,
    createdAt: t.createdAt,
    expiredAt: t.expiredAt,
    customerPhone: t.customerPhone,
    description: t.description,
    amount: t.amount,
    status: t.status,
  },
};

export const nonpaidReportRoutes = reportRoutes(nonpaidTable);
