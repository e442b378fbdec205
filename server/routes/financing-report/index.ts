/** Financing report (spec §2 financing-report; MERCHANT_NEWTON_REPORT, the NEWTON_REPORT role of §6). */
import { REPORTS } from '@/domain/reportCenter';
import { financingContracts } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = financingContracts;
export const financingTable: ReportTable = {
  definition: REPORTS['financing-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  columns: {
    contractCode: t.contractCode,
    disbursedAt: t.disbursedAt,
    dueDate: t.dueDate,
    productName: t.productName,
    principalAmount: t.principalAmount,
    repaidAmount: t.repaidAmount,
    outstandingAmount: t.outstandingAmount,
    status: t.status,
  },
};

export const financingReportRoutes = reportRoutes(financingTable);
