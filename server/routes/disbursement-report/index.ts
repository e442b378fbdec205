/** Disbursement report (spec §2 disbursement-report and /{tranId}; MERCHANT_DISBURSEMENT_REPORT). */
import { REPORTS } from '@/domain/reportCenter';
import { disbursements } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = disbursements;
export const disbursementTable: ReportTable = {
  definition: REPORTS['disbursement-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  columns: {
    tranId: t.tranId,
    createdAt: t.createdAt,
    batchCode: t.batchCode,
    receiverName: t.receiverName,
    receiverAccount: t.receiverAccount,
    channel: t.channel,
    receiverBank: t.receiverBank,
    amount: t.amount,
    fee: t.fee,
    description: t.description,
    status: t.status,
    failureReason: t.failureReason,
  },
  // FAILED rows say why in words (ACCOUNT_LOCKED → "Tài khoản nhận đang bị khoá").
  wordColumns: { failureReason: 'disbursements.failure' },
};

export const disbursementReportRoutes = reportRoutes(disbursementTable);
