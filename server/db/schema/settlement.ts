/**
 * Settlement periods, their payouts and the monthly sign-offs (period-control, monthly-control,
 * payout-report). A period is one whole Vietnam day of a merchant's payments, paid by the merchant's
 * payout period (SRP.0000 real time: the same day; SRP.0001 T+1: the next working day). Its money
 * figures are not stored: they are read from the transactions of the day (src/domain/figures.ts), so
 * they always equal the transaction report of the same window.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core';

export const settlementPeriods = pgTable(
  'settlement_periods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The Vietnam day the period covers. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The payout period code in force when the period closed (SRP.0000, SRP.0001). */
    periodCode: text('period_code').notNull(),
    /** The day the money is due. */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    /** READY (to confirm), CONFIRMED (locked), DISPUTED (a ticket is open about it). */
    status: text('status').notNull().default('READY'),
    // No foreign keys on people: the trail outlives a removed user.
    confirmedBy: integer('confirmed_by'),
    confirmedByName: text('confirmed_by_name'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The net the merchant confirmed (figures may move later with a refund of the day's payments). */
    confirmedNetAmount: bigint('confirmed_net_amount', { mode: 'number' }),
    disputedBy: integer('disputed_by'),
    disputedByName: text('disputed_by_name'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    ticketId: integer('ticket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_periods_merchant_day_uq').on(t.merchantId, t.day),
    check('settlement_periods_status_ck', sql`${t.status} in ('READY', 'CONFIRMED', 'DISPUTED')`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Public id shown in the payout report (PO + day + merchant id). */
    payoutId: text('payout_id').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => settlementPeriods.id, { onDelete: 'cascade' }),
    periodDay: date('period_day', { mode: 'string' }).notNull(),
    /** When it is due (planned) or was settled. */
    payoutAt: timestamp('payout_at', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The receive-money destination code ({product}_WALLET, GOLDEN_POCKET, BANK). */
    destination: text('destination').notNull(),
    /** The account masked with maskAccountNumber (never the full number). */
    accountMasked: text('account_masked'),
    bankNameId: text('bank_name_id'),
    /** PENDING (due, not settled), PAID, FAILED. */
    status: text('status').notNull().default('PENDING'),
    bankReference: text('bank_reference'),
    failureReason: text('failure_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: integer('settled_by'),
  },
  (t) => [
    uniqueIndex('payouts_payout_id_uq').on(t.payoutId),
    uniqueIndex('payouts_period_uq').on(t.periodId),
    index('payouts_merchant_at_idx').on(t.merchantId, t.payoutAt.desc(), t.id.desc()),
    check('payouts_status_ck', sql`${t.status} in ('PENDING', 'PAID', 'FAILED')`),
    check('payouts_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** A month's sign-off (once): who and when. */
export const monthlySignoffs = pgTable(
  'monthly_signoffs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** yyyy-MM */
    month: text('month').notNull(),
    signedBy: integer('signed_by').notNull(),
    signedByName: text('signed_by_name').notNull(),
    signedRole: text('signed_role').notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_signoffs_merchant_month_uq').on(t.merchantId, t.month),
    check('monthly_signoffs_month_ck', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** Who did what to a period or month (confirm, dispute, sign-off, settle), from where. */
export const settlementAuditEntries = pgTable(
  'settlement_audit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    periodId: integer('period_id'),
    month: text('month'),
    actorUserId: integer('actor_user_id').notNull(),
    action: text('action').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settlement_audit_entries_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);
