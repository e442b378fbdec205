/**
 * Transaction report (spec §2 report-center/transaction-report, MERCHANT_TRANS_REPORT): filters, date
 * presets, columns, refunds, saved views. Pure code shared by the portal (forms, columns) and the API
 * (validation). Report days are Vietnam calendar days (day keys of ./time, with the date presets).
 */
import { z } from 'zod';
import { DATE_PRESETS, dayCount, isDayKey, MAX_RANGE_DAYS } from './time';
import { dbIdParam, dbIdSchema, optionalField, phoneSchema, ValidationKeys } from './validation';

// The path templates live in ./api (zod-free, shared with the resource configs); re-exported for the server.
export { TransactionReportPaths } from './api';

export const TRANSACTION_STATUSES = ['SUCCESS', 'PENDING', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const PAYMENT_METHODS = ['WALLET', 'QR_CODE', 'ATM_CARD', 'CREDIT_CARD', 'PAY_LATER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Statuses a refund may start from. */
export const REFUNDABLE_STATUSES: readonly TransactionStatus[] = ['SUCCESS', 'PARTIALLY_REFUNDED'];

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

export const TRANSACTION_COLUMNS = [
  'id',
  'createdAt',
  'storeName',
  'customerPhone',
  'customerName',
  'paymentMethod',
  'status',
  'amount',
  'fee',
  'refundedAmount',
  'orderId',
  'description',
  'completedAt',
] as const;
export type TransactionColumn = (typeof TRANSACTION_COLUMNS)[number];
export const DEFAULT_TRANSACTION_COLUMNS: readonly TransactionColumn[] = [
  'id',
  'createdAt',
  'storeName',
  'customerPhone',
  'paymentMethod',
  'status',
  'amount',
  'fee',
];
export const MONEY_COLUMNS: readonly TransactionColumn[] = ['amount', 'fee', 'refundedAmount'];
export const DATE_COLUMNS: readonly TransactionColumn[] = ['createdAt', 'completedAt'];

// ---------------------------------------------------------------------------------------------
// Filter (query string of the list, totals and export; also what a saved view stores)
// ---------------------------------------------------------------------------------------------

/** Repeated query keys arrive as a string or an array. */
const many = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(50)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();

const dayField = z.string({ error: ValidationKeys.required }).refine(isDayKey, ValidationKeys.invalid);

export const SEARCH_MAX_LENGTH = 30;

export const transactionFilterShape = {
  from: dayField.meta({ description: 'First day (YYYY-MM-DD, Vietnam time)' }),
  to: dayField.meta({ description: 'Last day, inclusive' }),
  storeId: many(dbIdParam).meta({ description: 'stores.id, repeated key' }),
  status: many(z.enum(TRANSACTION_STATUSES)),
  paymentMethod: many(z.enum(PAYMENT_METHODS)),
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, ValidationKeys.invalid)
    .regex(/^[0-9]*$/, ValidationKeys.invalid)
    .optional()
    .meta({ description: 'Part of the transaction id or of the customer phone (digits)' }),
};

export function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isDayKey(value.from) || !isDayKey(value.to)) return;
  const days = dayCount(value.from, value.to);
  if (days < 1 || days > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
  }
}

export const transactionFilterSchema = z.object(transactionFilterShape).superRefine(checkRange);
export type TransactionFilter = z.output<typeof transactionFilterSchema>;

export const columnsParam = z
  .union([z.enum(TRANSACTION_COLUMNS), z.array(z.enum(TRANSACTION_COLUMNS)).min(1).max(TRANSACTION_COLUMNS.length)])
  .transform((v) => [...new Set(Array.isArray(v) ? v : [v])]);

// ---------------------------------------------------------------------------------------------
// Refund
// ---------------------------------------------------------------------------------------------

export const REFUND_REASON_MAX = 200;
/** Header carrying the caller's idempotency key (a UUID the portal makes per confirmed refund). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export const refundSchema = z.strictObject({
  amount: z
    .number({ error: ValidationKeys.required })
    .int('validation.wholeDong')
    .positive(ValidationKeys.invalid)
    .max(Number.MAX_SAFE_INTEGER, ValidationKeys.invalid),
  reason: optionalField(z.string().max(REFUND_REASON_MAX, ValidationKeys.invalid)),
});
export type RefundInput = z.input<typeof refundSchema>;

// ---------------------------------------------------------------------------------------------
// Saved views
// ---------------------------------------------------------------------------------------------

export const VIEW_NAME_MAX = 60;

export const savedViewFilterSchema = z.strictObject({
  preset: z.enum(DATE_PRESETS),
  from: dayField,
  to: dayField,
  storeId: z.array(dbIdSchema).max(50).default([]),
  status: z.array(z.enum(TRANSACTION_STATUSES)).default([]),
  paymentMethod: z.array(z.enum(PAYMENT_METHODS)).default([]),
  q: z.string().max(SEARCH_MAX_LENGTH).regex(/^[0-9]*$/, ValidationKeys.invalid).default(''),
}).superRefine(checkRange);
export type SavedViewFilter = z.output<typeof savedViewFilterSchema>;

export const savedViewSchema = z.strictObject({
  name: z
    .string({ error: ValidationKeys.required })
    .refine((v) => v.trim().length > 0, ValidationKeys.required)
    .refine((v) => v.length <= VIEW_NAME_MAX, ValidationKeys.invalid),
  filter: savedViewFilterSchema,
  columns: z.array(z.enum(TRANSACTION_COLUMNS)).min(1).max(TRANSACTION_COLUMNS.length),
  shared: z.boolean().default(false),
});
export type SavedViewInput = z.input<typeof savedViewSchema>;

/** Customer phone search accepts what the phone rule accepts, or any run of digits (part of a number). */
export const isFullPhone = (q: string) => phoneSchema.safeParse(q).success;

// ---------------------------------------------------------------------------------------------
// Export jobs (shared by every report list)
// ---------------------------------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

export interface ExportJob {
  id: string;
  report: string;
  format: ExportFormat;
  status: ExportJobStatus;
  totalRows: number | null;
  processedRows: number;
  fileName: string;
  sizeBytes: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

export interface TransactionRow {
  id: string;
  createdAt: string;
  completedAt: string | null;
  storeId: number | null;
  storeName: string | null;
  customerPhone: string | null;
  customerName: string | null;
  paymentMethod: PaymentMethod;
  status: TransactionStatus;
  amount: number;
  /** null for store-scoped roles (cashier and the like): they see no fees. */
  fee: number | null;
  refundedAmount: number;
  orderId: string | null;
  description: string | null;
}

export interface TransactionDetail extends TransactionRow {
  authorizedAt: string | null;
  cardMasked: string | null;
  failureReason: string | null;
  refundable: number;
  refunds: Array<{ id: number; amount: number; reason: string | null; createdAt: string; requestedBy: string | null }>;
}

/** One status's sums; `fee` is null for store-scoped roles (they see no fees). */
export interface TotalsByStatus {
  status: TransactionStatus;
  count: number;
  amount: number;
  fee: number | null;
  refundedAmount: number;
}

/**
 * The filter's totals: `figuresOf` (./figures) over the per-status sums. Fees and net are null for
 * store-scoped roles.
 */
export interface TransactionTotals {
  /** Rows the filter selects, every status. */
  count: number;
  /** Payments whose money came in, refunded ones included. */
  successfulCount: number;
  /** Of those, refunded in full or in part. */
  refundedCount: number;
  grossAmount: number;
  refundedAmount: number;
  fee: number | null;
  /** grossAmount − refundedAmount − fee. */
  netAmount: number | null;
  byStatus: TotalsByStatus[];
}

export const TRACE_STEPS = ['CREATED', 'AUTHORIZED', 'COMPLETED', 'FAILED', 'REFUNDED'] as const;
export type TraceStepName = (typeof TRACE_STEPS)[number];
export interface TraceStep {
  step: TraceStepName;
  at: string;
  amount: number | null;
  detail: string | null;
}
