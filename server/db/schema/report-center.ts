/**
 * Report center tables (migration 0007_report_center.sql): card payments, disbursements, financing
 * contracts, settlements, non-paid orders, donations, report settings and the files they produce.
 * Money is bigint đồng. Every list is served newest first by a (merchant_id, <time> desc, id desc) index;
 * id and phone searches use trigram indexes.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, stores, users } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const storeId = () => integer('store_id').references(() => stores.id, { onDelete: 'set null' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const cardPayments = pgTable(
  'card_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    storeId: storeId(),
    transId: text('trans_id').notNull(),
    orderId: text('order_id').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardNumber: text('card_number').notNull(),
    issuerBank: text('issuer_bank').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: text('status').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_payments_merchant_trans_uq').on(t.merchantId, t.transId),
    index('card_payments_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('card_payments_store_time_idx').on(t.storeId, t.createdAt.desc()),
    index('card_payments_trans_trgm_idx').using('gin', t.transId.op('gin_trgm_ops')),
    check('card_payments_money_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

export const disbursements = pgTable(
  'disbursements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    tranId: text('tran_id').notNull(),
    batchCode: text('batch_code').notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverAccount: text('receiver_account').notNull(),
    channel: text('channel').notNull(),
    receiverBank: text('receiver_bank'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    /** Why a FAILED row failed (a code of src/domain/disbursements.ts FAILURE_REASONS); rows paid from the portal only. */
    failureReason: text('failure_reason'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('disbursements_merchant_tran_uq').on(t.merchantId, t.tranId),
    index('disbursements_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('disbursements_tran_trgm_idx').using('gin', t.tranId.op('gin_trgm_ops')),
    index('disbursements_account_trgm_idx').using('gin', t.receiverAccount.op('gin_trgm_ops')),
    check('disbursements_money_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

export const financingContracts = pgTable(
  'financing_contracts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    contractCode: text('contract_code').notNull(),
    productName: text('product_name').notNull(),
    principalAmount: money('principal_amount').notNull(),
    repaidAmount: money('repaid_amount').notNull(),
    outstandingAmount: money('outstanding_amount').notNull(),
    status: text('status').notNull(),
    disbursedAt: tz('disbursed_at').notNull(),
    dueDate: tz('due_date').notNull(),
  },
  (t) => [
    uniqueIndex('financing_contracts_merchant_code_uq').on(t.merchantId, t.contractCode),
    index('financing_contracts_merchant_time_idx').on(t.merchantId, t.disbursedAt.desc(), t.id.desc()),
    check(
      'financing_contracts_money_ck',
      sql`${t.principalAmount} > 0 AND ${t.repaidAmount} >= 0 AND ${t.outstandingAmount} = ${t.principalAmount} - ${t.repaidAmount}`,
    ),
  ],
);

export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    storeId: storeId(),
    settlementCode: text('settlement_code').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    grossAmount: money('gross_amount').notNull(),
    feeAmount: money('fee_amount').notNull(),
    netAmount: money('net_amount').notNull(),
    bankAccount: text('bank_account').notNull(),
    status: text('status').notNull(),
    settledAt: tz('settled_at').notNull(),
  },
  (t) => [
    uniqueIndex('settlements_merchant_code_uq').on(t.merchantId, t.settlementCode),
    index('settlements_merchant_time_idx').on(t.merchantId, t.settledAt.desc(), t.id.desc()),
    index('settlements_store_time_idx').on(t.storeId, t.settledAt.desc()),
    check('settlements_money_ck', sql`${t.netAmount} = ${t.grossAmount} - ${t.feeAmount} AND ${t.feeAmount} >= 0`),
  ],
);

export const nonpaidOrders = pgTable(
  'nonpaid_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    storeId: storeId(),
    orderId: text('order_id').notNull(),
    customerPhone: text('customer_phone'),
    description: text('description').notNull().default(''),
    amount: money('amount').notNull(),
    status: text('status').notNull(),
    createdAt: tz('created_at').notNull(),
    expiredAt: tz('expired_at').notNull(),
  },
  (t) => [
    uniqueIndex('nonpaid_orders_merchant_order_uq').on(t.merchantId, t.orderId),
    index('nonpaid_orders_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('nonpaid_orders_store_time_idx').on(t.storeId, t.createdAt.desc()),
    index('nonpaid_orders_order_trgm_idx').using('gin', t.orderId.op('gin_trgm_ops')),
    index('nonpaid_orders_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')),
    check('nonpaid_orders_money_ck', sql`${t.amount} > 0`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    transId: text('trans_id').notNull(),
    donorName: text('donor_name').notNull(),
    donorPhone: text('donor_phone').notNull(),
    campaign: text('campaign').notNull(),
    message: text('message').notNull().default(''),
    amount: money('amount').notNull(),
    status: text('status').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('donations_merchant_trans_uq').on(t.merchantId, t.transId),
    index('donations_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('donations_trans_trgm_idx').using('gin', t.transId.op('gin_trgm_ops')),
    check('donations_money_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * A scheduled report. `next_run_at` is the whole scheduler state: any process claims due rows with
 * FOR UPDATE SKIP LOCKED, so a restart resumes where it stopped and two processes never run one twice.
 */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    storeIds: jsonb('store_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    frequency: text('frequency').notNull(),
    runTime: text('run_time').notNull(),
    dayOfWeek: integer('day_of_week'),
    dayOfMonth: integer('day_of_month'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    format: text('format').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: tz('next_run_at'),
    lastRunAt: tz('last_run_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_settings_merchant_idx').on(t.merchantId, t.id.desc()),
    index('report_settings_due_idx').on(t.nextRunAt).where(sql`${t.isActive}`),
    check('report_settings_type_ck', sql`${t.reportType} in ('TRANSACTION_REPORT', 'DISBURSEMENT_REPORT', 'NONPAID_REPORT', 'CARD_PAYMENT_REPORT')`),
    check('report_settings_frequency_ck', sql`${t.frequency} in ('DAILY', 'WEEKLY', 'MONTHLY')`),
    check('report_settings_format_ck', sql`${t.format} in ('csv', 'xlsx')`),
  ],
);

/** A produced report file. One per setting and period: the unique index makes a run at-most-once. */
export const reportFiles = pgTable(
  'report_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    settingId: integer('setting_id').references(() => reportSettings.id, { onDelete: 'set null' }),
    settingName: text('setting_name'),
    reportType: text('report_type').notNull(),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content'),
    rowCount: integer('row_count').notNull().default(0),
    sizeBytes: integer('size_bytes').notNull().default(0),
    status: text('status').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_files_merchant_type_idx').on(t.merchantId, t.reportType, t.id.desc()),
    uniqueIndex('report_files_setting_period_uq').on(t.settingId, t.periodFrom, t.periodTo),
  ],
);
