/**
 * Dashboard (spec §2 dashboard): MERCHANT_DASHBOARD — revenue and count by day, by store and by payment
 * method, read from the per-day totals the transaction module keeps (transaction_daily_totals), so a
 * 90-day dashboard of a million-row merchant is a few hundred rows of aggregates; MERCHANT_DASHBOARD_DONATION
 * — donations by day and by campaign for donation merchants. Store-scoped roles see their stores only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, between, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { checkDateRange, dateRangeShape, ReportCenterPaths, type Dashboard, type DashboardPoint } from '@/domain/reportCenter';
import { addDays, dayBounds, VN_TIME_ZONE } from '@/domain/time';
import { donations, stores, transactionDailyTotals as totals } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { repeated, requireRouteCode } from '../../lib/report-family/access';

/** Payments that earned money: refunds are taken off the amount (net revenue). */
const EARNING_STATUSES = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'];
/** The chart shows the stores with the most revenue; the rest are summed in one bar. */
export const TOP_STORES = 10;

const pointSchema = z.object({ key: z.string(), label: z.string(), count: z.number(), amount: z.number() });
const dashboardSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  totalCount: z.number(),
  totalAmount: z.number(),
  byDay: z.array(pointSchema),
  byStore: z.array(pointSchema),
  byMethod: z.array(pointSchema),
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

const num = (v: unknown) => Number(v ?? 0);

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
        summary: 'Net revenue and payment count of whole Vietnam days, by day, store and payment method',
        params,
        querystring: query,
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_DASHBOARD');
      const { fromDate, toDate, storeId } = request.query;
      const conditions: SQL[] = [
        eq(totals.merchantId, membership.merchant.id),
        between(totals.day, fromDate, toDate),
        inArray(totals.status, EARNING_STATUSES),
      ];
      if (membership.storeIds !== null) conditions.push(inArray(totals.storeId, membership.storeIds.length ? membership.storeIds : [-1]));
      if (storeId?.length) conditions.push(inArray(totals.storeId, storeId));
      const where = and(...conditions);
      const count = sql<string>`coalesce(sum(${totals.txCount}), 0)`;
      const amount = sql<string>`coalesce(sum(${totals.amount} - ${totals.refundedAmount}), 0)`;
      const [byDay, byStore, byMethod] = await Promise.all([
        db.select({ key: totals.day, count, amount }).from(totals).where(where).groupBy(totals.day),
        db
          .select({ key: totals.storeId, label: stores.storeName, count, amount })
          .from(totals)
          .leftJoin(stores, eq(stores.id, totals.storeId))
          .where(where)
          .groupBy(totals.storeId, stores.storeName)
          .orderBy(desc(amount)),
        db.select({ key: totals.paymentMethod, count, amount }).from(totals).where(where).groupBy(totals.paymentMethod).orderBy(desc(amount)),
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
      const byDayPoints = fillDays(fromDate, toDate, days);
      const dashboard: Dashboard = {
        fromDate,
        toDate,
        totalCount: byDayPoints.reduce((sum, d) => sum + d.count, 0),
        totalAmount: byDayPoints.reduce((sum, d) => sum + d.amount, 0),
        byDay: byDayPoints,
        byStore: storePoints,
        byMethod: byMethod.map((m) => ({ key: m.key, label: m.key, count: num(m.count), amount: num(m.amount) })),
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
        summary: 'Donations received (refunded ones left out) by day and by campaign',
        params,
        querystring: apiQuery(dateRangeShape).check(checkDateRange),
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const membership = membershipOf(request);
      requireRouteCode(membership, 'MERCHANT_DASHBOARD_DONATION');
      const { fromDate, toDate } = request.query;
      const { start, end } = dayBounds({ from: fromDate, to: toDate });
      const where = and(
        eq(donations.merchantId, membership.merchant.id),
        gte(donations.createdAt, start),
        lt(donations.createdAt, end),
        eq(donations.status, 'SUCCESS'),
      );
      const count = sql<string>`count(*)`;
      const amount = sql<string>`coalesce(sum(${donations.amount}), 0)`;
      const day = sql<string>`to_char(${donations.createdAt} at time zone ${sql.raw(`'${VN_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
      const [byDay, byCampaign] = await Promise.all([
        db.select({ key: day, count, amount }).from(donations).where(where).groupBy(day),
        db.select({ key: donations.campaign, count, amount }).from(donations).where(where).groupBy(donations.campaign).orderBy(desc(amount)),
      ]);
      const byDayPoints = fillDays(fromDate, toDate, new Map(byDay.map((d) => [d.key, { count: num(d.count), amount: num(d.amount) }])));
      const dashboard: Dashboard = {
        fromDate,
        toDate,
        totalCount: byDayPoints.reduce((sum, d) => sum + d.count, 0),
        totalAmount: byDayPoints.reduce((sum, d) => sum + d.amount, 0),
        byDay: byDayPoints,
        // For a donation merchant the "store" breakdown is the campaign.
        byStore: byCampaign.map((c) => ({ key: c.key, label: c.key, count: num(c.count), amount: num(c.amount) })),
        byMethod: [],
      };
      return ok(request, dashboard);
    },
  );
};
