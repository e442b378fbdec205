/**
 * What a scheduled report of each type reads: the report tables of the report center, and the
 * transactions table (owned by the transaction report) for TRANSACTION_REPORT.
 */
import type { ReportDefinition, ReportSettingType } from '@/domain/reportCenter';
import { SETTING_TYPE_COLUMNS } from '@/domain/reportCenter';
import { TRANSACTION_STATUSES } from '@/domain/transactionReport';
import { transactions } from '../../db/schema';
import { cardPaymentTable } from '../../routes/card-payment-report';
import { disbursementTable } from '../../routes/disbursement-report';
import { nonpaidTable } from '../../routes/nonpaid-report';
import type { ReportTable } from '../report-family/repository';

const t = transactions;

/** The transaction report seen as a report-center table: enough for scheduled files. */
export const transactionTable: ReportTable = {
  definition: {
    key: 'transactions' as ReportDefinition['key'],
    routeCode: 'MERCHANT_TRANS_REPORT',
    idColumn: 'id',
    dateColumn: 'createdAt',
    moneyColumns: ['amount', 'fee'],
    statuses: TRANSACTION_STATUSES,
    hasStore: true,
    columns: SETTING_TYPE_COLUMNS.TRANSACTION_REPORT.map((key) => ({
      key,
      type: key === 'amount' || key === 'fee' ? 'money' : key === 'createdAt' ? 'date' : key === 'status' ? 'status' : 'text',
    })),
    defaultColumns: SETTING_TYPE_COLUMNS.TRANSACTION_REPORT,
    searchColumns: ['id', 'customerPhone'],
    settingType: 'TRANSACTION_REPORT',
    hasDetail: false,
  },
  table: t,
  rowId: t.id,
  merchantId: t.merchantId,
  storeId: t.storeId,
  columns: {
    id: t.id,
    createdAt: t.createdAt,
    paymentMethod: t.paymentMethod,
    customerPhone: t.customerPhone,
    amount: t.amount,
    fee: t.fee,
    status: t.status,
    description: t.description,
  },
};

export const SETTING_SOURCES: Readonly<Record<ReportSettingType, ReportTable>> = {
  TRANSACTION_REPORT: transactionTable,
  DISBURSEMENT_REPORT: disbursementTable,
  NONPAID_REPORT: nonpaidTable,
  CARD_PAYMENT_REPORT: cardPaymentTable,
};
