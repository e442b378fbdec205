/**
 * Disbursement centre (spec §2 disbursement-center/disbursement-management): the merchant's disbursement
 * balance and its ledger, approval rules, disbursement orders (one payee or a batch file) with their rows,
 * approvals and audit trail, and validated batch uploads waiting to be submitted. Money is bigint đồng.
 *
 * Two guards make a double payment impossible whatever the callers do: the balance has a `>= 0` check and
 * is only ever debited by a conditional update, and the ledger holds at most one DISBURSEMENT (and one
 * REVERSAL) entry per order (unique index), so a retried or concurrent approval cannot debit twice.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });

export const disbursementAccounts = pgTable(
  'disbursement_accounts',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    balance: money('balance').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('disbursement_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

export const disbursementOrders = pgTable(
  'disbursement_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name'),
    status: text('status').notNull().default('PENDING_APPROVAL'),
    rowCount: integer('row_count').notNull(),
    totalAmount: money('total_amount').notNull(),
    totalFee: money('total_fee').notNull(),
    /** The rule in force when the order was made: a later rule change does not move pending orders. */
    requiredApprovals: integer('required_approvals').notNull(),
    approverRoles: text('approver_roles').array().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key'),
    uploadId: integer('upload_id'),
    rejectReason: text('reject_reason'),
    createdAt: tz('created_at').notNull().defaultNow(),
    decidedAt: tz('decided_at'),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('disbursement_orders_merchant_code_uq').on(t.merchantId, t.code),
    uniqueIndex('disbursement_orders_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    uniqueIndex('disbursement_orders_upload_uq').on(t.uploadId),
    index('disbursement_orders_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    check('disbursement_orders_kind_ck', sql`${t.kind} in ('SINGLE', 'BATCH')`),
    check('disbursement_orders_status_ck', sql`${t.status} in ('PENDING_APPROVAL', 'REJECTED', 'CANCELLED', 'COMPLETED')`),
    check('disbursement_orders_money_ck', sql`${t.totalAmount} > 0 AND ${t.totalFee} >= 0 AND ${t.rowCount} > 0`),
    check('disbursement_orders_approvals_ck', sql`${t.requiredApprovals} between 1 and 3`),
  ],
);

export const disbursementItems = pgTable(
  'disbursement_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => disbursementOrders.id, { onDelete: 'cascade' }),
    merchantId: merchantId(),
    rowNo: integer('row_no').notNull(),
    tranId: text('tran_id').notNull(),
    channel: text('channel').notNull(),
    account: text('account').notNull(),
    bankId: text('bank_id'),
    /** The holder name as the merchant was shown it (masked): the full name never leaves the lookup. */
    holderName: text('holder_name').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('PENDING'),
    failureReason: text('failure_reason'),
    processedAt: tz('processed_at'),
  },
  (t) => [
    uniqueIndex('disbursement_items_order_row_uq').on(t.orderId, t.rowNo),
    uniqueIndex('disbursement_items_merchant_tran_uq').on(t.merchantId, t.tranId),
    check('disbursement_items_channel_ck', sql`${t.channel} in ('WALLET', 'BANK')`),
    check('disbursement_items_status_ck', sql`${t.status} in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED')`),
    check('disbursement_items_money_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

export const disbursementLedger = pgTable(
  'disbursement_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    type: text('type').notNull(),
    /** Signed: credits positive, debits negative. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    orderId: integer('order_id').references(() => disbursementOrders.id, { onDelete: 'set null' }),
    /** What funded a top-up (the settlement code) or the order code. */
    reference: text('reference').notNull(),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('disbursement_ledger_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    // One debit and at most one reversal per order; one top-up per settlement.
    uniqueIndex('disbursement_ledger_order_type_uq').on(t.orderId, t.type),
    uniqueIndex('disbursement_ledger_topup_uq').on(t.merchantId, t.reference).where(sql`${t.type} = 'TOPUP'`),
    check('disbursement_ledger_type_ck', sql`${t.type} in ('TOPUP', 'DISBURSEMENT', 'REVERSAL')`),
    check(
      'disbursement_ledger_sign_ck',
      sql`(${t.type} = 'DISBURSEMENT' AND ${t.amount} < 0) OR (${t.type} <> 'DISBURSEMENT' AND ${t.amount} > 0)`,
    ),
    check('disbursement_ledger_balance_ck', sql`${t.balanceAfter} >= 0`),
  ],
);

export const disbursementApprovals = pgTable(
  'disbursement_approvals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => disbursementOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('disbursement_approvals_order_user_uq').on(t.orderId, t.userId)],
);

/** Approval tiers set by the owner; a merchant without a row uses the default tiers (src/domain/disbursements.ts). */
export const disbursementRules = pgTable('disbursement_rules', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  tiers: jsonb('tiers').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Every step (create, code sent, approve, reject, cancel, funds reserved, paid, top-up, rules changed). */
export const disbursementAuditEntries = pgTable(
  'disbursement_audit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    orderId: integer('order_id'),
    // No foreign key: the trail outlives a removed user.
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('disbursement_audit_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    index('disbursement_audit_order_idx').on(t.orderId),
  ],
);

/** A validated batch file: its rows with their errors, kept until it is submitted (then it becomes an order). */
export const disbursementUploads = pgTable(
  'disbursement_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    createdBy: integer('created_by').notNull(),
    fileName: text('file_name').notNull(),
    rows: jsonb('rows').notNull(),
    rowCount: integer('row_count').notNull(),
    errorCount: integer('error_count').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('disbursement_uploads_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);
