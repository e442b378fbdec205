/**
 * Settlement periods and payouts of the demo merchants, from their seeded transactions: every whole day
 * of the closing window (period-control CLOSE_LOOKBACK_DAYS) with successful payments is a period whose
 * payout is the day's net by the figure definitions. Older periods are confirmed by the owner and paid
 * (bank references), one payout failed (its period waits), the last week's periods are ready to confirm
 * and yesterday's payout is still due. The month before last is signed off by the SME's accountant.
 * Runs after the transactions and payment links (their payments are transactions too).
 */
import { and, eq, sql } from 'drizzle-orm';
import { figuresOf, SUCCESSFUL_STATUSES, type StatusTotals } from '@/domain/figures';
import type { TransactionStatus } from '@/domain/transactionReport';
import { monthDays } from '@/domain/settlement';
import { addDays, dayCount, vietnamTime, vietnamToday } from '@/domain/time';
import { CLOSE_LOOKBACK_DAYS, payoutDateOf, payoutTargetOf, payoutValuesOf } from '../routes/period-control/repository';
import { monthlySignoffs, payouts, settlementPeriods, transactionDailyTotalsAll } from './schema';
import { DemoMerchants, DemoUsers } from './seed-fixtures';
import type { DomainSeed } from './seed-types';

const toStatusTotals = (r: { status: string; count: string; amount: string; fee: string; refunded: string }): StatusTotals => ({
  status: r.status as TransactionStatus,
  count: Number(r.count),
  amount: Number(r.amount),
  fee: Number(r.fee),
  refundedAmount: Number(r.refunded),
});

/** Days before today whose payout failed (the bank refused the transfer). */
const FAILED_DAY_OFFSET = 9;
/** Periods of the last days stay READY for the merchant to confirm. */
const READY_DAYS = 7;

export const seedSettlement: DomainSeed = async (tx, ctx) => {
  const today = vietnamToday();
  const owner = ctx.userIdByUsername.get(DemoUsers.owner.username) ?? 0;
  const accountant = ctx.userIdByUsername.get(DemoUsers.accountant.username) ?? 0;
  const merchantsToSeed = [DemoMerchants.sme, DemoMerchants.topBrand, DemoMerchants.other, DemoMerchants.bpu, DemoMerchants.nfc];
  for (const m of merchantsToSeed) {
    const target = await payoutTargetOf(tx, m.id);
    if (!target?.period) continue;
    const d = transactionDailyTotalsAll;
    const sums = await tx
      .select({
        day: d.day,
        status: d.status,
        count: sql<string>`sum(${d.txCount})`,
        amount: sql<string>`sum(${d.amount})`,
        fee: sql<string>`sum(${d.fee})`,
        refunded: sql<string>`sum(${d.refundedAmount})`,
      })
      .from(d)
      .where(and(eq(d.merchantId, m.id), sql`${d.day} >= ${addDays(today, -CLOSE_LOOKBACK_DAYS)}`, sql`${d.day} < ${today}`))
      .groupBy(d.day, d.status);
    const byDay = new Map<string, StatusTotals[]>();
    for (const r of sums) {
      const list = byDay.get(r.day) ?? [];
      list.push(toStatusTotals(r));
      byDay.set(r.day, list);
    }
    const days = [...byDay.entries()]
      .filter(([, totals]) => totals.some((t) => SUCCESSFUL_STATUSES.includes(t.status) && t.count > 0))
      .sort(([a], [b]) => a.localeCompare(b));
    if (days.length === 0) continue;
    const withPeriod = { ...target, period: target.period };
    const nets = new Map(days.map(([day, totals]) => [day, figuresOf(totals).netAmount]));
    const ageOf = (day: string) => dayCount(day, today) - 1;
    // Older periods were confirmed by the owner two days after their day.
    const periodRows = await tx
      .insert(settlementPeriods)
      .values(
        days.map(([day]) => {
          const confirmed = ageOf(day) > READY_DAYS;
          return {
            merchantId: m.id,
            day,
            periodCode: target.period!,
            payoutDate: payoutDateOf(day, target.period!),
            ...(confirmed
              ? { status: 'CONFIRMED', confirmedBy: owner, confirmedByName: DemoUsers.owner.username, confirmedAt: vietnamTime(addDays(day, 2), 8, 30), confirmedNetAmount: nets.get(day)! }
              : {}),
          };
        }),
      )
      .returning({ id: settlementPeriods.id, day: settlementPeriods.day, payoutDate: settlementPeriods.payoutDate });
    await tx.insert(payouts).values(
      periodRows.map(({ id, day, payoutDate }) => {
        const base = payoutValuesOf(m.id, id, day, withPeriod, nets.get(day)!);
        const age = ageOf(day);
        if (age === FAILED_DAY_OFFSET && m.id === DemoMerchants.sme.id) {
          return { ...base, status: 'FAILED', failureReason: 'Tài khoản nhận bị phong toả tạm thời', settledAt: vietnamTime(payoutDate, 10) };
        }
        // Due payouts were paid on their day, except the last day's (still due for the operator to settle).
        if (payoutDate < today || (payoutDate === today && age > 1)) {
          const reference = `FT${day.replaceAll('-', '').slice(2)}${String(m.id).padStart(2, '0')}${String(age).padStart(3, '0')}`;
          return { ...base, status: 'PAID', bankReference: reference, settledAt: base.payoutAt };
        }
        return base;
      }),
    );
  }
  // The month before last, signed off by the SME's accountant.
  const [y, mo] = today.split('-').map(Number);
  const back = new Date(Date.UTC(y, mo - 3, 1));
  const month = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`;
  const { from, to } = monthDays(month);
  const d = transactionDailyTotalsAll;
  const monthSums = await tx
    .select({ status: d.status, count: sql<string>`sum(${d.txCount})`, amount: sql<string>`sum(${d.amount})`, fee: sql<string>`sum(${d.fee})`, refunded: sql<string>`sum(${d.refundedAmount})` })
    .from(d)
    .where(and(eq(d.merchantId, DemoMerchants.sme.id), sql`${d.day} between ${from} and ${to}`))
    .groupBy(d.status);
  await tx.insert(monthlySignoffs).values({
    merchantId: DemoMerchants.sme.id,
    month,
    signedBy: accountant,
    signedByName: DemoUsers.accountant.username,
    signedRole: 'MERCHANT_ACCOUNTANT',
    netAmount: figuresOf(monthSums.map(toStatusTotals)).netAmount,
    signedAt: vietnamTime(`${month}-01`, 9),
  });
};
