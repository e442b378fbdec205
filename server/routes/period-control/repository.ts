/**
 * Settlement periods: closing whole Vietnam days into periods (with their due payout), reading a
 * period's figures, confirming and disputing. Figures are never stored: they are the transaction
 * report's own totals of the period's window (transactionsRepository.totals → figuresOf), so they
 * always equal the sum of the report's rows for the same days, store scope included.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { SUCCESSFUL_STATUSES } from '@/domain/figures';
import { maskAccountNumber } from '@/domain/masking';
import type { PayoutInfo, PayoutStatus, PeriodDetail, PeriodRow, PeriodStatus, SettlementFigures } from '@/domain/settlement';
import { addDays, formatDay, vietnamTime, vietnamToday } from '@/domain/time';
import type { Db } from '../../db/client';
import { merchants, payoutAccounts, payouts, settlementAuditEntries, settlementPeriods, transactionDailyTotalsAll } from '../../db/schema';
import { nextWorkingDay, NEXT_DAY_PAYOUT } from '../dashboard';
import { notify } from '../../lib/notifications';
import { transactionsRepository, type Scope } from '../transaction-report/repository';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
export type PeriodRecord = typeof settlementPeriods.$inferSelect;
export type PayoutRecord = typeof payouts.$inferSelect;

/** How far back a day is still closed into a period when nobody looked for a while. */
export const CLOSE_LOOKBACK_DAYS = 62;

/** Where a period's payout goes, from the merchant's payout settings: `channel` is WALLET, GOLDEN_POCKET or BANK. */
export function payoutChannelOf(wallet: string | null): string {
  if (wallet === 'BANK' || wallet === 'GOLDEN_POCKET') return wallet;
  return 'WALLET';
}

/** The day the money of `day` is due: the same day in real time (SRP.0000), the next working day for T+1. */
export const payoutDateOf = (day: string, periodCode: string) => (periodCode === NEXT_DAY_PAYOUT ? nextWorkingDay(day) : day);

/** When a due payout is planned: 09:00 of its payout day (Vietnam time). */
export const plannedPayoutAt = (payoutDate: string) => vietnamTime(payoutDate, 9);

export const payoutIdOf = (merchantId: number, day: string) => `PO${day.replaceAll('-', '')}${String(merchantId).padStart(6, '0')}`;

/** The figures of a window as the transaction report totals them; fee and net null for store-scoped callers. */
export async function figuresOfWindow(db: Db, scope: Scope, from: string, to: string): Promise<SettlementFigures> {
  const t = await transactionsRepository(db).totals(scope, { from, to });
  return {
    successfulCount: t.successfulCount,
    grossAmount: t.grossAmount,
    refundedAmount: t.refundedAmount,
    feeAmount: t.fee,
    netAmount: t.netAmount,
  };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function payoutInfoOf(p: PayoutRecord): PayoutInfo {
  return {
    payoutId: p.payoutId,
    status: p.status as PayoutStatus,
    amount: p.amount,
    payoutAt: p.payoutAt.toISOString(),
    destination: p.destination,
    accountMasked: p.accountMasked,
    bankNameId: p.bankNameId,
    bankReference: p.bankReference,
    failureReason: p.failureReason,
    settledAt: iso(p.settledAt),
  };
}

/**
 * Closes every whole day (before today, within CLOSE_LOOKBACK_DAYS) that has successful payments and no
 * period yet into a READY period with its PENDING payout (amount: the day's net), telling the merchant
 * (PERIOD_READY) in the same transaction. Idempotent: a day already closed is skipped (unique merchant+day).
 * `merchantId` null closes for every merchant (the operator's list).
 */
export async function closeDays(db: Db, merchantId: number | null, today: string = vietnamToday()): Promise<number> {
  const d = transactionDailyTotalsAll;
  const conditions: SQL[] = [
    sql`${d.day} < ${today}`,
    sql`${d.day} >= ${addDays(today, -CLOSE_LOOKBACK_DAYS)}`,
    inArray(d.status, [...SUCCESSFUL_STATUSES]),
    sql`not exists (select 1 from ${settlementPeriods} p where p.merchant_id = ${d.merchantId} and p.day = ${d.day})`,
  ];
  if (merchantId !== null) conditions.push(eq(d.merchantId, merchantId));
  const open = await db
    .select({ merchantId: d.merchantId, day: d.day })
    .from(d)
    .innerJoin(merchants, eq(merchants.id, d.merchantId))
    .where(and(...conditions, sql`${merchants.payoutPeriod} is not null`))
    .groupBy(d.merchantId, d.day)
    .having(sql`sum(${d.txCount}) > 0`)
    .orderBy(asc(d.merchantId), asc(d.day));
  let created = 0;
  for (const { merchantId: mid, day } of open) {
    if (await closeDay(db, mid, day)) created += 1;
  }
  return created;
}

/** A merchant's payout settings as a period records them. */
export interface PayoutTarget {
  period: string | null;
  wallet: string | null;
  accountNumber: string | null;
  bankNameId: string | null;
}

export async function payoutTargetOf(ex: Executor, merchantId: number): Promise<PayoutTarget | null> {
  const [settings] = await ex
    .select({ period: merchants.payoutPeriod, wallet: merchants.payoutWallet, accountNumber: payoutAccounts.accountNumber, bankNameId: payoutAccounts.bankNameId })
    .from(merchants)
    .leftJoin(payoutAccounts, eq(payoutAccounts.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  return settings ?? null;
}

/** The PENDING payout row of a period: `amount` (the day's net) going where the merchant's settings say, account masked. */
export function payoutValuesOf(merchantId: number, periodId: number, day: string, target: PayoutTarget & { period: string }, amount: number) {
  const payoutDate = payoutDateOf(day, target.period);
  const channel = payoutChannelOf(target.wallet);
  return {
    payoutId: payoutIdOf(merchantId, day),
    merchantId,
    periodId,
    periodDay: day,
    payoutAt: plannedPayoutAt(payoutDate),
    amount: Math.max(0, amount),
    destination: channel,
    accountMasked: channel === 'BANK' ? maskAccountNumber(target.accountNumber) : null,
    bankNameId: channel === 'BANK' ? target.bankNameId : null,
  } satisfies typeof payouts.$inferInsert;
}

/** Inserts the READY period of `day` and its PENDING payout; null when the day already has its period. */
export async function openPeriod(ex: Executor, merchantId: number, day: string, target: PayoutTarget & { period: string }, amount: number) {
  const [period] = await ex
    .insert(settlementPeriods)
    .values({ merchantId, day, periodCode: target.period, payoutDate: payoutDateOf(day, target.period) })
    .onConflictDoNothing()
    .returning({ id: settlementPeriods.id });
  if (!period) return null;
  await ex.insert(payouts).values(payoutValuesOf(merchantId, period.id, day, target, amount));
  return { periodId: period.id };
}

/** Closes one day of one merchant (see closeDays) and tells the merchant (PERIOD_READY); false when it was already closed. */
export async function closeDay(db: Db, merchantId: number, day: string): Promise<boolean> {
  const target = await payoutTargetOf(db, merchantId);
  if (!target?.period) return false;
  const figures = await figuresOfWindow(db, { merchantId, storeIds: null }, day, day);
  const withPeriod = { ...target, period: target.period };
  return db.transaction(async (tx) => {
    const opened = await openPeriod(tx, merchantId, day, withPeriod, figures.netAmount ?? 0);
    if (!opened) return false;
    await notify(tx, { merchantId, kind: 'PERIOD_READY', params: { period: formatDay(day) }, link: `/portal/app/period-control/${opened.periodId}` });
    return true;
  });
}

export interface PeriodFilter {
  fromDate: string;
  toDate: string;
  status?: PeriodStatus[];
}

const periodWhere = (merchantId: number, f: PeriodFilter) =>
  and(
    eq(settlementPeriods.merchantId, merchantId),
    gte(settlementPeriods.day, f.fromDate),
    lte(settlementPeriods.day, f.toDate),
    f.status?.length ? inArray(settlementPeriods.status, f.status) : undefined,
  );

const periodSelection = { period: settlementPeriods, payout: payouts };

export function periodsRepository(db: Db) {
  async function rowOf(scope: Scope, period: PeriodRecord, payout: PayoutRecord | null): Promise<PeriodRow> {
    const figures = await figuresOfWindow(db, scope, period.day, period.day);
    return {
      id: period.id,
      day: period.day,
      periodCode: period.periodCode,
      payoutDate: period.payoutDate,
      status: period.status as PeriodStatus,
      ...figures,
      paidOutAmount: payout?.status === 'PAID' ? payout.amount : 0,
      payoutStatus: (payout?.status as PayoutStatus | undefined) ?? null,
      bankReference: payout?.bankReference ?? null,
    };
  }

  return {
    async page(scope: Scope, filter: PeriodFilter, page: { pageNumber: number; pageSize: number }) {
      const where = periodWhere(scope.merchantId, filter);
      const [found, [{ total }]] = await Promise.all([
        db
          .select(periodSelection)
          .from(settlementPeriods)
          .leftJoin(payouts, eq(payouts.periodId, settlementPeriods.id))
          .where(where)
          .orderBy(desc(settlementPeriods.day))
          .limit(page.pageSize)
          .offset(page.pageNumber * page.pageSize),
        db.select({ total: count() }).from(settlementPeriods).where(where),
      ]);
      const rows: PeriodRow[] = [];
      for (const r of found) rows.push(await rowOf(scope, r.period, r.payout));
      return { rows, total };
    },

    /** The merchant's period `id`, or null (another merchant's id reads as unknown). */
    async find(merchantId: number, id: number): Promise<{ period: PeriodRecord; payout: PayoutRecord | null } | null> {
      const [found] = await db
        .select(periodSelection)
        .from(settlementPeriods)
        .leftJoin(payouts, eq(payouts.periodId, settlementPeriods.id))
        .where(and(eq(settlementPeriods.merchantId, merchantId), eq(settlementPeriods.id, id)));
      return found ?? null;
    },

    async detail(scope: Scope, id: number, canConfirm: boolean): Promise<PeriodDetail | null> {
      const found = await this.find(scope.merchantId, id);
      if (!found) return null;
      const { period, payout } = found;
      return {
        ...(await rowOf(scope, period, payout)),
        payout: payout ? payoutInfoOf(payout) : null,
        confirmedByName: period.confirmedByName,
        confirmedAt: iso(period.confirmedAt),
        disputedByName: period.disputedByName,
        disputedAt: iso(period.disputedAt),
        disputeReason: period.disputeReason,
        ticketId: period.ticketId,
        canConfirm: canConfirm && period.status === 'READY',
      };
    },

    /** Moves a READY period to `status` (once: the row is locked and checked in the transaction). */
    async decide(
      merchantId: number,
      id: number,
      change: (tx: Tx, period: PeriodRecord) => Promise<Partial<PeriodRecord>>,
      audit: { actorUserId: number; action: string; detail?: string; ip?: string | null },
    ): Promise<'DONE' | 'NOT_FOUND' | 'LOCKED'> {
      return db.transaction(async (tx) => {
        const [period] = await tx
          .select()
          .from(settlementPeriods)
          .where(and(eq(settlementPeriods.merchantId, merchantId), eq(settlementPeriods.id, id)))
          .for('update');
        if (!period) return 'NOT_FOUND';
        if (period.status !== 'READY') return 'LOCKED';
        const values = await change(tx, period);
        await tx.update(settlementPeriods).set(values).where(eq(settlementPeriods.id, id));
        await tx.insert(settlementAuditEntries).values({ merchantId, periodId: id, ...audit });
        return 'DONE';
      });
    },
  };
}
