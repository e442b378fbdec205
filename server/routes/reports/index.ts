/**
 * The report center's API: one line per report sub-module (transaction report, the other reports,
 * report settings, dashboard), plus the export jobs every report list shares.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportJobsRoutes } from '../report-jobs';
import { transactionReportRoutes } from './transactions';
import { cardPaymentReportRoutes } from './card';
import { disbursementReportRoutes } from './disbursement';
import { financingReportRoutes } from './financing';
import { settlementReportRoutes } from './settlement';
import { nonpaidReportRoutes } from './nonpaid';
import { reportSettingsRoutes } from '../report-settings';
import { dashboardRoutes } from '../dashboard';
import { transactionHistoryRoutes } from '../transaction-history';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(reportJobsRoutes);
  await app.register(transactionReportRoutes);
  await app.register(cardPaymentReportRoutes);
  await app.register(disbursementReportRoutes);
  await app.register(financingReportRoutes);
  await app.register(settlementReportRoutes);
  await app.register(nonpaidReportRoutes);
  await app.register(reportSettingsRoutes);
  await app.register(dashboardRoutes);
  await app.register(transactionHistoryRoutes);
};
