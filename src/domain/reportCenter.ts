/**
 * Report center (spec §2 report-center, §6, §9): the card payment, disbursement, financing, settlement
 * (on-time) and non-paid reports, the donation history, report settings with schedules, and the
 * dashboard. Pure code shared by the portal (forms, columns) and the server (validation, scheduling).
 */
import { z } from 'zod';
import type { RouteCode } from './roles';
import { dbIdSchema, emailSchema, ValidationKeys } from './validation';
import { dayCount, isDayKey, MAX_RANGE_DAYS, type RunSchedule } from './time';
import { DEFAULT_TRANSACTION_COLUMNS } from './transactionReport';

// ---------------------------------------------------------------------------------------------
// API paths (under /api; spec §7 provider base paths)
// ---------------------------------------------------------------------------------------------

import { ReportCenterPaths } from './api';

export { ReportCenterPaths };

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

export type ColumnType = 'text' | 'money' | 'number' | 'date' | 'status';

export interface ReportColumn {
  key: string;
  type: ColumnType;
}

/**
 * The report-center lists, keyed by their resource names (the client folder, the resource, the server
 * route folder, the i18n key `resources.<name>.*`, the API path segment and the export jobs' `report`).
 */
export const REPORT_KEYS = [
  'card-payment-report',
  'disbursement-report',
  'financing-report',
  'onetime-report',
  'nonpaid-report',
  'donation-history',
  'payout-report',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export interface ReportDefinition {
  key: ReportKey;
  /** The route code (spec §2) that opens the report; the server refuses callers without it. */
  routeCode: RouteCode;
  /** The row's public id (what the detail path carries). */
  idColumn: string;
  /** The time column the date range and the order apply to. */
  dateColumn: string;
  /** Money columns summed by the totals. */
  moneyColumns: readonly string[];
  statuses: readonly string[];
  /**
   * Statuses whose money the totals add (./figures: money counts once it came in or went out, never
   * failed or in-flight rows); every status when absent. The per-status chips keep each status's own sums.
   */
  countedStatuses?: readonly string[];
  /** Rows belong to a store: store-scoped roles see only theirs. */
  hasStore: boolean;
  columns: readonly ReportColumn[];
  /** Columns shown by default (the user may choose others). */
  defaultColumns: readonly string[];
  /** What the keyword searches (also by trigram index on the server). */
  searchColumns: readonly string[];
  /** The report-settings type of this report, when it can be scheduled. */
  settingType?: ReportSettingType;
  hasDetail: boolean;
}

const col = (key: string, type: ColumnType = 'text'): ReportColumn => ({ key, type });

export const REPORTS: Readonly<Record<ReportKey, ReportDefinition>> = {
  'card-payment-report': {
    key: 'card-payment-report',
    routeCode: 'MERCHANT_CARD_PAYMENT_REPORT',
    idColumn: 'transId',
    dateColumn: 'createdAt',
    moneyColumns: ['amount', 'fee'],
    statuses: ['SUCCESS', 'PENDING', 'FAILED', 'REFUNDED'],
    // Card refunds are whole, so the money of SUCCESS rows is gross − refunds (./figures).
    countedStatuses: ['SUCCESS'],
    hasStore: true,
    columns: [
      col('transId'),
      col('createdAt', 'date'),
      col('storeName'),
      col('orderId'),
      col('cardBrand'),
      col('cardNumber'),
      col('issuerBank'),
      col('amount', 'money'),
      col('fee', 'money'),
      col('status', 'status'),
    ],
    defaultColumns: ['transId', 'createdAt', 'storeName', 'cardBrand', 'cardNumber', 'amount', 'fee', 'status'],
    searchColumns: ['transId', 'orderId'],
    settingType: 'CARD_PAYMENT_REPORT',
    hasDetail: true,
  },
  'disbursement-report': {
    key: 'disbursement-report',
    routeCode: 'MERCHANT_DISBURSEMENT_REPORT',
    idColumn: 'tranId',
    dateColumn: 'createdAt',
    moneyColumns: ['amount', 'fee'],
    statuses: ['SUCCESS', 'PROCESSING', 'FAILED'],
    countedStatuses: ['SUCCESS'],
    hasStore: false,
    columns: [
      col('tranId'),
      col('createdAt', 'date'),
      col('batchCode'),
      col('receiverName'),
      col('receiverAccount'),
      col('channel'),
      col('receiverBank'),
      col('amount', 'money'),
      col('fee', 'money'),
      col('description'),
      col('status', 'status'),
      col('failureReason'),
    ],
    defaultColumns: ['tranId', 'createdAt', 'batchCode', 'receiverName', 'receiverAccount', 'channel', 'amount', 'status', 'failureReason'],
    searchColumns: ['tranId', 'receiverAccount'],
    settingType: 'DISBURSEMENT_REPORT',
    hasDetail: true,
  },
  'financing-report': {
    key: 'financing-report',
    routeCode: 'MERCHANT_NEWTON_REPORT',
    idColumn: 'contractCode',
    dateColumn: 'disbursedAt',
    moneyColumns: ['principalAmount', 'repaidAmount', 'outstandingAmount'],
    statuses: ['ACTIVE', 'OVERDUE', 'SETTLED'],
    hasStore: false,
    columns: [
      col('contractCode'),
      col('disbursedAt', 'date'),
      col('dueDate', 'date'),
      col('productName'),
      col('principalAmount', 'money'),
      col('repaidAmount', 'money'),
      col('outstandingAmount', 'money'),
      col('status', 'status'),
    ],
    defaultColumns: ['contractCode', 'disbursedAt', 'dueDate', 'productName', 'principalAmount', 'repaidAmount', 'outstandingAmount', 'status'],
    searchColumns: ['contractCode'],
    hasDetail: false,
  },
  'onetime-report': {
    key: 'onetime-report',
    routeCode: 'MERCHANT_SETTLEMENT_REPORT',
    idColumn: 'settlementCode',
    dateColumn: 'settledAt',
    moneyColumns: ['grossAmount', 'feeAmount', 'netAmount'],
    statuses: ['SETTLED', 'PENDING', 'FAILED'],
    countedStatuses: ['SETTLED'],
    hasStore: true,
    columns: [
      col('settlementCode'),
      col('settledAt', 'date'),
      col('storeName'),
      col('transactionCount', 'number'),
      col('grossAmount', 'money'),
      col('feeAmount', 'money'),
      col('netAmount', 'money'),
      col('bankAccount'),
      col('status', 'status'),
    ],
    defaultColumns: ['settlementCode', 'settledAt', 'storeName', 'transactionCount', 'grossAmount', 'feeAmount', 'netAmount', 'status'],
    searchColumns: ['settlementCode'],
    hasDetail: false,
  },
  'nonpaid-report': {
    key: 'nonpaid-report',
    routeCode: 'MERCHANT_NONPAID_REPORT',
    idColumn: 'orderId',
    dateColumn: 'createdAt',
    moneyColumns: ['amount'],
    statuses: ['UNPAID', 'EXPIRED', 'CANCELLED'],
    hasStore: true,
    columns: [
      col('orderId'),
      col('createdAt', 'date'),
      col('expiredAt', 'date'),
      col('storeName'),
      col('customerPhone'),
      col('description'),
      col('amount', 'money'),
      col('status', 'status'),
    ],
    defaultColumns: ['orderId', 'createdAt', 'expiredAt', 'storeName', 'customerPhone', 'amount', 'status'],
    searchColumns: ['orderId', 'customerPhone'],
    settingType: 'NONPAID_REPORT',
    hasDetail: false,
  },
  'donation-history': {
    key: 'donation-history',
    routeCode: 'MERCHANT_DONATION_TRANS_HISTORY',
    idColumn: 'transId',
    dateColumn: 'createdAt',
    moneyColumns: ['amount'],
    statuses: ['SUCCESS', 'REFUNDED'],
    countedStatuses: ['SUCCESS'],
    hasStore: false,
    columns: [
      col('transId'),
      col('createdAt', 'date'),
      col('donorName'),
      col('donorPhone'),
      col('campaign'),
      col('message'),
      col('amount', 'money'),
      col('status', 'status'),
    ],
    defaultColumns: ['transId', 'createdAt', 'donorName', 'donorPhone', 'campaign', 'message', 'amount', 'status'],
    searchColumns: ['transId', 'donorPhone'],
    hasDetail: false,
  },
  // Payouts of settlement periods (src/domain/settlement.ts); `channel` is where the money went.
  'payout-report': {
    key: 'payout-report',
    routeCode: 'MERCHANT_REPORT_PAYOUT',
    idColumn: 'payoutId',
    dateColumn: 'payoutAt',
    moneyColumns: ['amount'],
    statuses: ['PENDING', 'PAID', 'FAILED'],
    countedStatuses: ['PAID'],
    hasStore: false,
    columns: [
      col('payoutId'),
      col('payoutAt', 'date'),
      col('periodDay'),
      col('amount', 'money'),
      col('channel'),
      col('accountMasked'),
      col('bankReference'),
      col('failureReason'),
      col('status', 'status'),
    ],
    defaultColumns: ['payoutId', 'payoutAt', 'periodDay', 'amount', 'channel', 'accountMasked', 'bankReference', 'status'],
    searchColumns: ['payoutId', 'bankReference'],
    hasDetail: true,
  },
};

/** The API path of a report's list (its totals and export are `/totals` and `/export` below it). */
export function reportListPath(key: ReportKey): string {
  return key === 'donation-history' ? ReportCenterPaths.donations : ReportCenterPaths.report.replace(':report', key);
}

export function isReportKey(value: string): value is ReportKey {
  return (REPORT_KEYS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Report filters (query of the list, totals and export)
// ---------------------------------------------------------------------------------------------

export const KEYWORD_MAX_LENGTH = 50;

const isoDaySchema = z.string({ error: ValidationKeys.required }).refine(isDayKey, ValidationKeys.invalid);

/** The date range every report requires: whole Vietnam days, `from` ≤ `to`, at most MAX_RANGE_DAYS. */
export const dateRangeShape = {
  fromDate: isoDaySchema,
  toDate: isoDaySchema,
};

export function checkDateRange(ctx: { value: { fromDate: string; toDate: string }; issues: z.core.$ZodRawIssue[] }): void {
  const { value } = ctx;
  if (!isDayKey(value.fromDate) || !isDayKey(value.toDate)) return;
  const days = dayCount(value.fromDate, value.toDate);
  if (days < 1) {
    ctx.issues.push({ code: 'custom', message: 'rules.dateOrder', path: ['toDate'], input: value.toDate });
  } else if (days > MAX_RANGE_DAYS) {
    ctx.issues.push({ code: 'custom', message: 'rules.dateRangeTooLong', path: ['toDate'], input: value.toDate });
  }
}

// ---------------------------------------------------------------------------------------------
// Report settings (scheduled reports)
// ---------------------------------------------------------------------------------------------

/** Spec §2: the generic report list takes these report types. */
export const REPORT_SETTING_TYPES = ['TRANSACTION_REPORT', 'DISBURSEMENT_REPORT', 'NONPAID_REPORT', 'CARD_PAYMENT_REPORT'] as const;
export type ReportSettingType = (typeof REPORT_SETTING_TYPES)[number];

/** The route code a user needs to schedule (and download) a report of each type. */
export const SETTING_TYPE_ROUTE_CODES: Readonly<Record<ReportSettingType, RouteCode>> = {
  TRANSACTION_REPORT: 'MERCHANT_TRANS_REPORT',
  DISBURSEMENT_REPORT: 'MERCHANT_DISBURSEMENT_REPORT',
  NONPAID_REPORT: 'MERCHANT_NONPAID_REPORT',
  CARD_PAYMENT_REPORT: 'MERCHANT_CARD_PAYMENT_REPORT',
};

/**
 * Columns a scheduled report may hold, per type. Transaction columns follow the transaction report's
 * row (owned by the transaction report module); the others are the report definitions' columns.
 */
export const SETTING_TYPE_COLUMNS: Readonly<Record<ReportSettingType, readonly string[]>> = {
  // In the transaction report's column order (TRANSACTION_COLUMNS), so a schedule and a manual export
  // of the same columns write them in the same order.
  TRANSACTION_REPORT: ['id', 'createdAt', 'storeName', 'customerPhone', 'paymentMethod', 'status', 'amount', 'fee', 'description'],
  DISBURSEMENT_REPORT: REPORTS['disbursement-report'].columns.map((c) => c.key),
  NONPAID_REPORT: REPORTS['nonpaid-report'].columns.map((c) => c.key),
  CARD_PAYMENT_REPORT: REPORTS['card-payment-report'].columns.map((c) => c.key),
};

/** The report (export_jobs.report, file naming, export definition) a schedule of each type writes. */
export const SETTING_TYPE_REPORTS: Readonly<Record<ReportSettingType, string>> = {
  TRANSACTION_REPORT: 'transaction-report',
  DISBURSEMENT_REPORT: 'disbursement-report',
  NONPAID_REPORT: 'nonpaid-report',
  CARD_PAYMENT_REPORT: 'card-payment-report',
};

/**
 * The columns a new schedule starts with ticked: the columns the report's list (and so its manual
 * export) shows by default.
 */
export const SETTING_TYPE_DEFAULT_COLUMNS: Readonly<Record<ReportSettingType, readonly string[]>> = {
  TRANSACTION_REPORT: DEFAULT_TRANSACTION_COLUMNS,
  DISBURSEMENT_REPORT: REPORTS['disbursement-report'].defaultColumns,
  NONPAID_REPORT: REPORTS['nonpaid-report'].defaultColumns,
  CARD_PAYMENT_REPORT: REPORTS['card-payment-report'].defaultColumns,
};

/**
 * Columns a store-scoped role (cashier and the like: limited to some stores) never exports, manually or
 * by schedule: customers' personal data and fees (Decree 13/2023: show each role only what it needs).
 * The server leaves them out of the file; the portal says so beside the export menu.
 */
export const STORE_ROLE_HIDDEN_EXPORT_COLUMNS: readonly string[] = ['customerPhone', 'customerName', 'donorName', 'donorPhone', 'fee', 'feeAmount'];

/** `columns` without the ones the caller's role may not export (`storeScoped`: membership.storeIds !== null). */
export function exportableColumns<C extends string>(columns: readonly C[], storeScoped: boolean): C[] {
  return storeScoped ? columns.filter((c) => !STORE_ROLE_HIDDEN_EXPORT_COLUMNS.includes(c)) : [...columns];
}

export const SCHEDULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const REPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export const REPORT_SETTING_NAME_MAX = 100;
export const MAX_RECIPIENTS = 10;
/** Monthly runs stop at the 28th so every month has the day. */
export const MAX_DAY_OF_MONTH = 28;

const RUN_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A setting's schedule, in Vietnam wall-clock time (next run and period: ./time). */
export type ReportSchedule = RunSchedule;

/** The report-setting form and the API body (create and update). */
export const reportSettingSchema = z
  .object({
    name: z
      .string({ error: ValidationKeys.required })
      .refine((v) => v.trim().length > 0, ValidationKeys.required)
      .refine((v) => v.length <= REPORT_SETTING_NAME_MAX, ValidationKeys.invalid),
    reportType: z.enum(REPORT_SETTING_TYPES, { error: ValidationKeys.required }),
    columns: z.array(z.string(), { error: ValidationKeys.required }).min(1, ValidationKeys.required),
    /** Empty: every store the author may see. */
    storeIds: z.array(dbIdSchema).max(500, ValidationKeys.invalid).default([]),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: ValidationKeys.required }),
    runTime: z.string({ error: ValidationKeys.required }).refine((v) => RUN_TIME.test(v), ValidationKeys.invalid),
    dayOfWeek: z.number().int().min(1, ValidationKeys.invalid).max(7, ValidationKeys.invalid).nullable().optional(),
    dayOfMonth: z.number().int().min(1, ValidationKeys.invalid).max(MAX_DAY_OF_MONTH, ValidationKeys.invalid).nullable().optional(),
    recipients: z.array(emailSchema).min(1, ValidationKeys.required).max(MAX_RECIPIENTS, ValidationKeys.invalid),
    format: z.enum(REPORT_FILE_FORMATS, { error: ValidationKeys.required }).default('xlsx'),
    isActive: z.boolean().default(true),
  })
  .strict()
  .check((ctx) => {
    const v = ctx.value;
    const allowed = SETTING_TYPE_COLUMNS[v.reportType];
    if (allowed) {
      v.columns.forEach((c, i) => {
        if (!allowed.includes(c)) ctx.issues.push({ code: 'custom', message: ValidationKeys.invalid, path: ['columns', i], input: c });
      });
      if (new Set(v.columns).size !== v.columns.length) {
        ctx.issues.push({ code: 'custom', message: ValidationKeys.invalid, path: ['columns'], input: v.columns });
      }
    }
    if (v.frequency === 'WEEKLY' && !v.dayOfWeek) {
      ctx.issues.push({ code: 'custom', message: ValidationKeys.required, path: ['dayOfWeek'], input: v.dayOfWeek });
    }
    if (v.frequency === 'MONTHLY' && !v.dayOfMonth) {
      ctx.issues.push({ code: 'custom', message: ValidationKeys.required, path: ['dayOfMonth'], input: v.dayOfMonth });
    }
  });

export type ReportSettingInput = z.input<typeof reportSettingSchema>;
export type ReportSettingBody = z.output<typeof reportSettingSchema>;

export interface ReportSetting extends ReportSettingBody {
  id: number;
  nextRunAt: string | null;
  lastRunAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReportFile {
  id: number;
  settingId: number | null;
  settingName: string | null;
  reportType: ReportSettingType;
  periodFrom: string;
  periodTo: string;
  format: ReportFileFormat;
  fileName: string;
  rowCount: number;
  sizeBytes: number;
  status: 'PENDING' | 'READY' | 'FAILED';
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export interface DashboardPoint {
  key: string;
  label: string;
  count: number;
  amount: number;
}

/**
 * A period's money figures (./figures: successful payments with refunded ones, gross, refunds, fees,
 * net). Fees and net are null for store-scoped roles, who see no fees.
 */
export interface DashboardFigures {
  successfulCount: number;
  refundedCount: number;
  grossAmount: number;
  refundedAmount: number;
  feeAmount: number | null;
  netAmount: number | null;
}

/** When and where the merchant is paid next (payout settings: period SRP.0000 real time, SRP.0001 T+1). */
export interface NextPayout {
  period: string;
  /** T+1: the day today's money is paid (the next working day); null in real time (paid after each payment). */
  date: string | null;
  /** T+1: today's net so far; null in real time. */
  amount: number | null;
  /** The receive-money destination ({product}_WALLET, GOLDEN_POCKET, BANK). */
  destination: string;
  bankNameId: string | null;
  /** The bank account, masked (`maskAccountNumber`). */
  accountMasked: string | null;
}

export interface Dashboard {
  fromDate: string;
  toDate: string;
  /** The period of the same length just before, for comparison. */
  previousFromDate: string;
  previousToDate: string;
  figures: DashboardFigures;
  previous: DashboardFigures;
  /** Successful payments and their gross amount, per day, store (or campaign) and payment method. */
  byDay: DashboardPoint[];
  byStore: DashboardPoint[];
  byMethod: DashboardPoint[];
  /** null for store-scoped roles and donation dashboards. */
  payout: NextPayout | null;
}
