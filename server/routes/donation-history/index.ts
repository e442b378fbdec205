/**
 * Donation history (spec §2 transaction-history; MERCHANT_DONATION_TRANS_HISTORY, the route code §2 pairs
 * with that path): the donations a donation merchant received, under the §7 donation-merchants base path.
 * List, totals and export are the report-center ones.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORTS, ReportCenterPaths } from '@/domain/reportCenter';
import { donations } from '../../db/schema';
import type { ReportTable } from '../../lib/report-family/repository';
import { reportRoutes } from '../../lib/report-family/routes';

const t = donations;
export const donationTable: ReportTable = {
  definition: REPORTS['donation-history'],
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  columns: {
    transId: t.transId,
    createdAt: t.createdAt,
    donorName: t.donorName,
    donorPhone: t.donorPhone,
    campaign: t.campaign,
    message: t.message,
    amount: t.amount,
    status: t.status,
  },
};

export const donationHistoryRoutes: FastifyPluginAsyncZod = reportRoutes(donationTable, {
  list: ReportCenterPaths.donations,
  totals: ReportCenterPaths.donationTotals,
  export: ReportCenterPaths.donationExport,
});
