/**
 * Monthly control: one row per month with the figures of its days (the transaction report's totals of
 * the month's window, like a period), the payouts paid for its periods, and the month's sign-off.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { monthDays, type MonthRow, type PayoutStatus, type PeriodStatus } from '@/domain/settlement';
import { vietnamToday } from '@/domain/time';
import type { Db } from '../../db/client';
import { monthlySignoffs, payouts, settlementAuditEntries, settlementPeriods } from '../../db/schema';
import { figuresOfWindow, iso } from '../period-control/repository';
import type { Scope } from '../transaction-report/repository';

/** Months listed at most (the newest first). */
export const MAX_MONTHS = 24;

export const monthOf = (day: string) => day.slice(0, 7);

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** A month is over (may be signed off) once today is in a later month. */
export const isMonthOver = (month: string, today = vietnamToday()) => month < monthOf(today);

export interface StatementLine {
  day: string;
  status: PeriodStatus;
  grossAmount: number;
  refundedAmount: number;
  feeAmount: number | null;
  netAmount: number | null;
  paidOutAmount: number;
  payoutStatus: PayoutStatus | null;
  bankReference: string | null;
}

export function monthsRepository(db: Db) {
  return {
    /** Months from the merchant's first period to this month, newest first (at most MAX_MONTHS). */
    async months(merchantId: number): Promise<string[]> {
      const [first] = await db
        .select({ day: sql<string | null>`min(${settlementPeriods.day})::text` })
        .from(settlementPeriods)
        .where(eq(settlementPeriods.merchantId, merchantId));
      const current = monthOf(vietnamToday());
      const oldest = first?.day ? monthOf(first.day) : current;
      const list: string[] = [];
      for (let m = current; m >= oldest && list.length < MAX_MONTHS; m = previousMonth(m)) list.push(m);
      return list;
    },

    async row(scope: Scope, month: string, canSignOff: boolean): Promise<MonthRow> {
      const { from, to } = monthDays(month);
      const [figures, [agg], [signed]] = await Promise.all([
        figuresOfWindow(db, scope, from, to),
        db
          .select({
            periods: sql<string>`count(*)`,
            paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'PAID'), 0)`,
          })
          .from(settlementPeriods)
          .leftJoin(payouts, eq(payouts.periodId, settlementPeriods.id))
          .where(and(eq(settlementPeriods.merchantId, scope.merchantId), gte(settlementPeriods.day, from), lte(settlementPeriods.day, to))),
        db.select().from(monthlySignoffs).where(and(eq(monthlySignoffs.merchantId, scope.merchantId), eq(monthlySignoffs.month, month))),
      ]);
      return {
        id: month,
        fromDate: from,
        toDate: to,
        periodCount: Number(agg?.periods ?? 0),
        ...figures,
        paidOutAmount: Number(agg?.paid ?? 0),
        signedByName: signed?.signedByName ?? null,
        signedRole: signed?.signedRole ?? null,
        signedAt: iso(signed?.signedAt ?? null),
        canSignOff: canSignOff && !signed && isMonthOver(month),
      };
    },

    /** The month's periods with their figures (the statement's lines), oldest first. */
    async lines(scope: Scope, month: string): Promise<StatementLine[]> {
      const { from, to } = monthDays(month);
      const found = await db
        .select({ period: settlementPeriods, payout: payouts })
        .from(settlementPeriods)
        .leftJoin(payouts, eq(payouts.periodId, settlementPeriods.id))
        .where(and(eq(settlementPeriods.merchantId, scope.merchantId), gte(settlementPeriods.day, from), lte(settlementPeriods.day, to)))
        .orderBy(asc(settlementPeriods.day));
      const lines: StatementLine[] = [];
      for (const { period, payout } of found) {
        const f = await figuresOfWindow(db, scope, period.day, period.day);
        lines.push({
          day: period.day,
          status: period.status as PeriodStatus,
          grossAmount: f.grossAmount,
          refundedAmount: f.refundedAmount,
          feeAmount: f.feeAmount,
          netAmount: f.netAmount,
          paidOutAmount: payout?.status === 'PAID' ? payout.amount : 0,
          payoutStatus: (payout?.status as PayoutStatus | undefined) ?? null,
          bankReference: payout?.bankReference ?? null,
        });
      }
      return lines;
    },

    /** Signs the month off once; false when it already was (unique merchant+month). */
    async signOff(values: typeof monthlySignoffs.$inferInsert, audit: { ip: string | null }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(monthlySignoffs).values(values).onConflictDoNothing().returning({ id: monthlySignoffs.id });
        if (!row) return false;
        await tx.insert(settlementAuditEntries).values({ merchantId: values.merchantId, month: values.month, actorUserId: values.signedBy, action: 'SIGN_OFF', ip: audit.ip });
        return true;
      });
    },
  };
}
