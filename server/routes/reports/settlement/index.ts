/** On-time (settlement) report (spec §2 onetime-report; MERCHANT_SETTLEMENT_REPORT, the BAMBOO_REPORT role of §6). */
import { REPORTS } from '@/domain/reportCenter';
import { settlements } from '../../../db/schema';
import { reportRoutes } from '../generic/routes';
import type { ReportTable } from '../generic/repository';

const t = settlements;
export const settlementTable: ReportTable = {
  definition: REPORTS.settlements,
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

export const settlementReportRoutes = reportRoutes(settlementTable);
