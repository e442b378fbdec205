/**
 * Dashboard (spec §2 dashboard): MERCHANT_DASHBOARD answers the owner's first question, how much money
 * comes to me and when: the period's figures (src/domain/figures.ts: successful payments, gross, refunds,
 * fees, net) beside the previous period of the same length, the next payout from the payout settings, and
 * successful payments by day, store and payment method. Everything is read from the per-day totals the
 * transaction module keeps (transaction_daily_totals), so a 90-day dashboard of a million-row merchant is a
 * few hundred rows of aggregates. MERCHANT_DASHBOARD_DONATION: the same figures of a donation merchant's
 * donations, by day and campaign. Store-scoped roles see their stores only, and no fees, net or payout.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, between, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { figuresOf, SUCCESSFUL_STATUSES, type StatusTotals } from '@/domain/figures';
import { maskAccountNumber } from '@/domain/masking';
import { canViewPayout } from '@/domain/permissions';
import {
  checkDateRange,
  dateRangeShape,
  ReportCenterPaths,
  type Dashboard,
  type DashboardFigures,
  type DashboardPoint,
  type NextPayout,
} from '@/domain/reportCenter';
import type { TransactionStatus } from '@/domain/transactionReport';
import { addDays, dayBounds, dayCount, isoWeekday, vietnamToday, VN_TIME_ZONE } from '@/domain/time';
import type { Db } from '../../db/client';
import { donations, stores, transactionDailyTotals as totals, transactionDailyTotalsAll as totalsAll } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { repeated, requireRouteCode } from '../../lib/report-family/access';
import { payoutsRepository } from '../payouts/repository';

/** The chart shows the stores with the most revenue; the rest are summed in one bar. */
export const TOP_STORES = 10;
/** Payout period codes (spec §3). */
export const REAL_TIME_PAYOUT = 'SRP.0000';
export const NEXT_DAY_PAYOUT = 'SRP.0001';

const pointSchema = z.object({ key: z.string(), label: z.string(), count: z.number(), amount: z.number() });
const figuresSchema = z.object({
  successfulCount: z.number().int(),
  refundedCount: z.number().int(),
  grossAmount: z.number().int(),
  refundedAmount: z.number().int(),
  feeAmount: z.number().int().nullable(),
  netAmount: z.number().int().nullable(),
});
const dashboardSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  previousFromDate: z.string(),
  previousToDate: z.string(),
  figures: figuresSchema,
  previous: figuresSchema,
  byDay: z.array(pointSchema),
  byStore: z.array(pointSchema),
  byMethod: z.array(pointSchema),
  payout: z
    .object({
      period: z.string(),
      date: z.string().nullable(),
      amount: z.number().int().nullable(),
      destination: z.string(),
      bankNameId: z.string().nullable(),
      accountMasked: z.string().nullable(),
    })
    .nullable(),
});

/** Every day of the range, zero where nothing happened, so a chart's axis has no gaps. */
function fillDays(fromDate: string, toDate: string, found: Map<string, { count: number; amount: number }>): DashboardPoint[] {
  const points: DashboardPoint[] = [];
  for (let day = fromDate; day <= toDate; day = addDays(day, 1)) {
    const value = found.get(day) ?? { count: 0, amount: 0 };
    points.push({ key: day, label: day, ...value });
  }
  return points;
}

/** The period of the same length that ends the day before `fromDate`. */
export function previousPeriod(fromDate: string, toDate: string): { fromDate: string; toDate: string } {
  return { fromDate: addDays(fromDate, -dayCount(fromDate, toDate)), toDate: addDays(fromDate, -1) };
}

/** T+1 pays on the next working day (Saturday and Sunday are not). */
export function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (isoWeekday(next) > 5) next = addDays(next, 1);
  return next;
}

const num = (v: unknown) => Number(v ?? 0);

/** The figures of per-status sums; fees and net only for those who may see fees. */
function dashboardFigures(rows: readonly StatusTotals[], showFees: boolean): DashboardFigures {
  const f = figuresOf(rows);
  return {
    successfulCount: f.successfulCount,
    refundedCount: f.refundedCount,
    grossAmount: f.grossAmount,
    refundedAmount: f.refundedAmount,
    feeAmount: showFees ? f.feeAmount : null,
    netAmount: showFees ? f.netAmount : null,
  };
}

/** Per-status sums of rows with a `current` flag (the chosen period, else the previous one). */
type PeriodSums = Array<{ current: boolean; status: string; count: unknown; amount: unknown; fee: unknown; refunded: unknown }>;
const statusTotals = (rows: PeriodSums, current: boolean): StatusTotals[] =>
  rows
    .filter((r) => r.current === current)
    .map((r) => ({ status: r.status as TransactionStatus, count: num(r.count), amount: num(r.amount), fee: num(r.fee), refundedAmount: num(r.refunded) }));

/** The next payout of the merchant: T+1 pays today's net so far on the next working day; real time after each payment. */
async function nextPayout(db: Db, merchantId: number): Promise<NextPayout | null> {
  const settings = await payoutsRepository(db).get(merchantId);
  if (!settings?.period || !settings.wallet) return null;
  const base = {
    period: settings.period,
    destination: settings.wallet,
    bankNameId: settings.bankNameId,
    accountMasked: maskAccountNumber(settings.accountNumber),
  };
  if (settings.period !== NEXT_DAY_PAYOUT) return { ...base, date: null, amount: null };
  const today = vietnamToday();
  const rows = await db
    .select({
      status: totalsAll.status,
      count: sql<string>`sum(${totalsAll.txCount})`,
      amount: sql<string>`sum(${totalsAll.amount})`,
      fee: sql<string>`sum(${totalsAll.fee})`,
      refunded: sql<string>`sum(${totalsAll.refundedAmount})`,
    })
    .from(totalsAll)
    .where(and(eq(totalsAll.merchantId, merchantId), eq(totalsAll.day, today)))
    .groupBy(totalsAll.status);
  const f = figuresOf(statusTotals(rows.map((r) => ({ ...r, current: true })), true));
  return { ...base, date: nextWorkingDay(today), amount: f.netAmount };
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const params = z.strictObject({ merchantId: idParam });
  const query = apiQuery({ ...dateRangeShape, storeId: repeated(idParam, 100) }).check(checkDateRange);

  app.get(
    ReportCenterPaths.dashboard,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['dashboard'],
        summary:
          'Figures of whole Vietnam days (successful payments, gross, refunds, fees, net) beside the previous period of the same length, the next payout, and successful payments by day, store and payment method',
        params,
        querystring: query,
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_DASHBOARD');
      const { fromDate, toDate, storeId } = request.query;
      const previous = previousPeriod(fromDate, toDate);
      const showFees = membership.storeIds === null;
      const scope: SQL[] = [eq(totals.merchantId, membership.merchant.id)];
      if (membership.storeIds !== null) scope.push(inArray(totals.storeId, membership.storeIds.length ? membership.storeIds : [-1]));
      if (storeId?.length) scope.push(inArray(totals.storeId, storeId));
      const where = and(...scope, between(totals.day, fromDate, toDate), inArray(totals.status, [...SUCCESSFUL_STATUSES]));
      const count = sql<string>`coalesce(sum(${totals.txCount}), 0)`;
      const amount = sql<string>`coalesce(sum(${totals.amount}), 0)`;
      const [sums, byDay, byStore, byMethod, payout] = await Promise.all([
        db
          .select({
            current: sql<boolean>`${totals.day} >= ${fromDate}::date`,
            status: totals.status,
            count,
            amount,
            fee: sql<string>`coalesce(sum(${totals.fee}), 0)`,
            refunded: sql<string>`coalesce(sum(${totals.refundedAmount}), 0)`,
          })
          .from(totals)
          .where(and(...scope, between(totals.day, previous.fromDate, toDate)))
          .groupBy(sql`1`, totals.status),
        db.select({ key: totals.day, count, amount }).from(totals).where(where).groupBy(totals.day),
        db
          .select({ key: totals.storeId, label: stores.storeName, count, amount })
          .from(totals)
          .leftJoin(stores, eq(stores.id, totals.storeId))
          .where(where)
          .groupBy(totals.storeId, stores.storeName)
          .orderBy(desc(amount)),
        db.select({ key: totals.paymentMethod, count, amount }).from(totals).where(where).groupBy(totals.paymentMethod).orderBy(desc(amount)),
        // Where the money goes is for those who may see the payout settings (and fees).
        showFees && canViewPayout(membership.roles) ? nextPayout(db, membership.merchant.id) : null,
      ]);
      const days = new Map(byDay.map((d) => [String(d.key), { count: num(d.count), amount: num(d.amount) }]));
      const storePoints: DashboardPoint[] = byStore.slice(0, TOP_STORES).map((s) => ({
        key: String(s.key),
        // store_id 0 is "no store" (online payments); the portal names it.
        label: s.label ?? '',
        count: num(s.count),
        amount: num(s.amount),
      }));
      const rest = byStore.slice(TOP_STORES);
      if (rest.length) {
        storePoints.push({
          key: 'others',
          label: '',
          count: rest.reduce((sum, s) => sum + num(s.count), 0),
          amount: rest.reduce((sum, s) => sum + num(s.amount), 0),
        });
      }
      const dashboard: Dashboard = {
        fromDate,
        toDate,
        previousFromDate: previous.fromDate,
        previousToDate: previous.toDate,
        figures: dashboardFigures(statusTotals(sums, true), showFees),
        previous: dashboardFigures(statusTotals(sums, false), showFees),
        byDay: fillDays(fromDate, toDate, days),
        byStore: storePoints,
        byMethod: byMethod.map((m) => ({ key: m.key, label: m.key, count: num(m.count), amount: num(m.amount) })),
        payout,
      };
      return ok(request, dashboard);
    },
  );

  app.get(
    ReportCenterPaths.donationDashboard,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['dashboard'],
        summary: 'Figures of the donations received (refunds taken off) beside the previous period, by day and by campaign',
        params,
        querystring: apiQuery(dateRangeShape).check(checkDateRange),
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_DASHBOARD_DONATION');
      const { fromDate, toDate } = request.query;
      const previous = previousPeriod(fromDate, toDate);
      const { start, end } = dayBounds({ from: fromDate, to: toDate });
      const merchant = eq(donations.merchantId, membership.merchant.id);
      const where = and(merchant, gte(donations.createdAt, start), lt(donations.createdAt, end), inArray(donations.status, [...SUCCESSFUL_STATUSES]));
      const count = sql<string>`count(*)`;
      const amount = sql<string>`coalesce(sum(${donations.amount}), 0)`;
      const day = sql<string>`to_char(${donations.createdAt} at time zone ${sql.raw(`'${VN_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
      // A refunded donation is given back whole; donations carry no fee.
      const refunded = sql<string>`coalesce(sum(case when ${donations.status} = 'REFUNDED' then ${donations.amount} else 0 end), 0)`;
      const [sums, byDay, byCampaign] = await Promise.all([
        db
          .select({ current: sql<boolean>`${donations.createdAt} >= ${start.toISOString()}::timestamptz`, status: donations.status, count, amount, fee: sql<string>`0`, refunded })
          .from(donations)
          .where(and(merchant, gte(donations.createdAt, dayBounds({ from: previous.fromDate, to: previous.toDate }).start), lt(donations.createdAt, end)))
          .groupBy(sql`1`, donations.status),
        db.select({ key: day, count, amount }).from(donations).where(where).groupBy(day),
        db.select({ key: donations.campaign, count, amount }).from(donations).where(where).groupBy(donations.campaign).orderBy(desc(amount)),
      ]);
      const dashboard: Dashboard = {
        fromDate,
        toDate,
        previousFromDate: previous.fromDate,
        previousToDate: previous.toDate,
        figures: dashboardFigures(statusTotals(sums, true), true),
        previous: dashboardFigures(statusTotals(sums, false), true),
        byDay: fillDays(fromDate, toDate, new Map(byDay.map((d) => [d.key, { count: num(d.count), amount: num(d.amount) }]))),
        // For a donation merchant the "store" breakdown is the campaign.
        byStore: byCampaign.map((c) => ({ key: c.key, label: c.key, count: num(c.count), amount: num(c.amount) })),
        byMethod: [],
        payout: null,
      };
      return ok(request, dashboard);
    },
  );
};
