/**
 * What a scheduled report of each type writes: exactly the manual export of its report (the same export
 * definition: columns, order, headers with units, values in words, file naming), for the period of the
 * run and the setting's stores. TRANSACTION_REPORT is the transaction report's export; the others are
 * the report center's.
 */
import type { ReportFileFormat, ReportSettingType } from '@/domain/reportCenter';
import type { TransactionColumn } from '@/domain/transactionReport';
import type { Db } from '../../db/client';
import { cardPaymentTable } from '../../routes/card-payment-report';
import { disbursementTable } from '../../routes/disbursement-report';
import { nonpaidTable } from '../../routes/nonpaid-report';
import { transactionsRepository } from '../../routes/transaction-report/repository';
import { transactionExportRequest } from '../../routes/transaction-report/export';
import type { Lang } from '../../i18n';
import type { ReportExportRequest } from '../export-jobs';
import { reportRepository, type ReportTable } from '../report-family/repository';
import { reportExportRequest } from '../report-family/routes';

const REPORT_TABLES: Readonly<Record<Exclude<ReportSettingType, 'TRANSACTION_REPORT'>, ReportTable>> = {
  DISBURSEMENT_REPORT: disbursementTable,
  NONPAID_REPORT: nonpaidTable,
  CARD_PAYMENT_REPORT: cardPaymentTable,
};

export interface ScheduledExport {
  type: ReportSettingType;
  merchantId: number;
  partnerCode: string;
  fromDate: string;
  toDate: string;
  /** stores.id; empty: every store. */
  storeIds: readonly number[];
  columns: readonly string[];
  format: ReportFileFormat;
  lang: Lang;
  now?: Date;
}

/** The export request a scheduled run writes: the one its report's manual export makes for the same filter. */
export function scheduledExportRequest(db: Db, run: ScheduledExport): ReportExportRequest {
  const storeId = run.storeIds.length ? [...run.storeIds] : undefined;
  const common = { partnerCode: run.partnerCode, format: run.format, lang: run.lang, now: run.now };
  if (run.type === 'TRANSACTION_REPORT') {
    return transactionExportRequest(transactionsRepository(db), {
      ...common,
      scope: { merchantId: run.merchantId, storeIds: null },
      filter: { from: run.fromDate, to: run.toDate, storeId },
      keys: run.columns as TransactionColumn[],
    });
  }
  const table = REPORT_TABLES[run.type];
  return reportExportRequest(table, reportRepository(db, table), {
    ...common,
    merchantId: run.merchantId,
    filter: { fromDate: run.fromDate, toDate: run.toDate, storeId, scopeStoreIds: null },
    keys: run.columns,
  });
}
