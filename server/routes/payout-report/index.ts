/**
 * Payout report (MERCHANT_REPORT_PAYOUT; spec §2 names no path: `payout-report`, docs/decisions.md):
 * the payouts of the merchant's settlement periods with date, period, amount, where the money went
 * (account masked when stored), status and bank reference; the report family's filters (date presets,
 * status, search), SQL paging, export without row cap and the detail (which links to its period).
 */
import { REPORTS } from '@/domain/reportCenter';
import { payouts } from '../../db/schema';
import { reportRoutes } from '../../lib/report-family/routes';
import type { ReportTable } from '../../lib/report-family/repository';

const t = payouts;
export const payoutTable: ReportTable = {
  definition: REPORTS['payout-report'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  columns: {
    payoutId: t.payoutId,
    payoutAt: t.payoutAt,
    periodDay: t.periodDay,
    periodId: t.periodId,
    amount: t.amount,
    channel: t.destination,
    accountMasked: t.accountMasked,
    bankReference: t.bankReference,
    failureReason: t.failureReason,
    status: t.status,
  },
};

export const payoutReportRoutes = reportRoutes(payoutTable);
