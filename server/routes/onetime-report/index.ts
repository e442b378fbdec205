/** On-time (settlement) report (spec §2 onetime-report; MERCHANT_SETTLEMENT_REPORT, the BAMBOO_REPORT role of §6). */
import { REPORTS } from '@/domain/reportCenter';
import { settlements } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = settlements;
export const settlementTable: ReportTable = {
  definition: REPORTS['onetime-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  storeId: t.storeId,
  columns: {
    settlementCode: t.settlementCode,
    settledAt: t.settledAt,
    transactionCount: t.transactionCount,
    grossAmount: t.grossAmount,
    feeAmount: t.feeAmount,
    netAmount: t.netAmount,
    bankAccount: t.bankAccount,
    status: t.status,
  },
};

export const onetimeReportRoutes = reportRoutes(settlementTable);
