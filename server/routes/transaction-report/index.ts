/**
 * Transaction report (spec §2 report-center/transaction-report, MERCHANT_TRANS_REPORT), one file per
 * responsibility: list and totals, detail and tracing, export, refunds. Saved views are their own route
 * module (server/routes/report-views), export jobs too (server/routes/report-jobs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionDetailRoutes } from './detail';
import { transactionExportRoutes } from './export';
import { transactionListRoutes } from './list';
import { transactionRefundRoutes } from './refunds';

export const transactionReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(transactionListRoutes);
  await app.register(transactionExportRoutes);
  await app.register(transactionDetailRoutes);
  await app.register(transactionRefundRoutes);
};
