/**
 * Marketing budget (issue 17; spec §2 marketing-budget, marketing-payment-history,
 * marketing-transaction-history): the merchant's advertising money and its ledger. Money is bigint đồng.
 *
 * - `marketing_accounts`: one row per merchant. `balance` is what is available for new campaigns,
 *   `reserved` what running or scheduled campaigns hold (reserved at their start, debited as they deliver,
 *   the unspent rest released when they end). Both have a `>= 0` check and are only ever changed by
 *   conditional updates (server/lib/marketing/ledger.ts), so no debit can take them below zero.
 * - `marketing_ledger`: every movement, append only. TOPUP (from WALLET or SETTLEMENT) credits the
 *   balance; RESERVE moves balance → reserved; DEBIT spends from reserved (one campaign, one
 *   Asia/Ho_Chi_Minh `day`); RELEASE returns unspent reserve to the balance (shown as a refund).
 *   `amount` is always positive, the kind says the direction. `available_after`/`reserved_after` are the
 *   account right after the movement. One idempotency key per merchant: a retried call writes nothing.
 *   `campaign_id` has no foreign key: the campaigns are another module's table, and the ledger outlives them.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

export const marketingAccounts = pgTable(
  'marketing_accounts',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Available for new campaigns (đồng). */
    balance: money('balance').notNull().default(0),
    /** Held by campaigns that run or will run (đồng). */
    reserved: money('reserved').notNull().default(0),
    /** A notification when balance + reserved falls below this after a debit; 0 = no alert. */
    lowBalanceThreshold: money('low_balance_threshold').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('marketing_accounts_balance_ck', sql`${t.balance} >= 0`),
    check('marketing_accounts_reserved_ck', sql`${t.reserved} >= 0`),
    check('marketing_accounts_threshold_ck', sql`${t.lowBalanceThreshold} >= 0`),
  ],
);

export const marketingLedger = pgTable(
  'marketing_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** TOPUP | RESERVE | DEBIT | RELEASE */
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    campaignId: integer('campaign_id'),
    /** The campaign's name when the movement was made (kept if the campaign is renamed or removed). */
    campaignName: text('campaign_name'),
    /** The Asia/Ho_Chi_Minh day a DEBIT paid for. */
    day: date('day', { mode: 'string' }),
    /** WALLET | SETTLEMENT, for top-ups. */
    source: text('source'),
    /** The payment transaction's reference, for top-ups. */
    transactionRef: text('transaction_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    availableAfter: money('available_after').notNull(),
    reservedAfter: money('reserved_after').notNull(),
    // No foreign key: the trail outlives a removed user.
    createdByUserId: integer('created_by_user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_ledger_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    index('marketing_ledger_merchant_kind_time_idx').on(t.merchantId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('marketing_ledger_merchant_campaign_day_idx').on(t.merchantId, t.campaignId, t.day),
    index('marketing_ledger_debit_day_idx').on(t.merchantId, t.day.desc(), t.campaignId).where(sql`${t.kind} = 'DEBIT'`),
    check('marketing_ledger_kind_ck', sql`${t.kind} in ('TOPUP', 'RESERVE', 'DEBIT', 'RELEASE')`),
    check('marketing_ledger_amount_ck', sql`${t.amount} > 0`),
    check('marketing_ledger_after_ck', sql`${t.availableAfter} >= 0 AND ${t.reservedAfter} >= 0`),
    check(
      'marketing_ledger_shape_ck',
      sql`(${t.kind} = 'TOPUP' AND ${t.source} in ('WALLET', 'SETTLEMENT') AND ${t.transactionRef} is not null AND ${t.campaignId} is null)
        OR (${t.kind} <> 'TOPUP' AND ${t.source} is null AND ${t.campaignId} is not null)`,
    ),
    check('marketing_ledger_day_ck', sql`(${t.kind} = 'DEBIT') = (${t.day} is not null)`),
  ],
);
