/** Dashboard (MERCHANT_DASHBOARD) and donation dashboard (MERCHANT_DASHBOARD_DONATION). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { donations, membershipStores, transactions, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { dayBounds, dayKeyOf } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const PAGODA = DemoMerchants.pagoda.id;
const today = dayKeyOf(new Date());
const daysAgo = (n: number) => dayKeyOf(new Date(Date.now() - n * 86_400_000));
const EARNING = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'];

describe('dashboard', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier, otherOwner] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.cashier.username),
      t.login(DemoUsers.otherOwner.username),
    ]);
  });
  afterAll(() => t.close());

  /** Net revenue and count straight from the transactions of the range (what the dashboard must equal). */
  const expected = async (merchantId: number, fromDate: string, toDate: string, storeIds?: number[]) => {
    const { start, end } = dayBounds({ from: fromDate, to: toDate });
    const [row] = await t.database.db
      .select({
        count: sql<string>`count(*)`,
        amount: sql<string>`coalesce(sum(${transactions.amount} - ${transactions.refundedAmount}), 0)`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, merchantId),
          gte(transactions.createdAt, start),
          lt(transactions.createdAt, end),
          inArray(transactions.status, EARNING),
          storeIds ? inArray(transactions.storeId, storeIds) : undefined,
        ),
      );
    return { count: Number(row.count), amount: Number(row.amount) };
  };

  it('sums net revenue and count by day, store and method; each breakdown adds up to the total', async () => {
    const fromDate = daysAgo(29);
    const res = await t.call(owner, { method: 'GET', url: `/api/transaction/v2/merchants/${SME}/dashboard?fromDate=${fromDate}&toDate=${today}` });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.byDay).toHaveLength(30);
    expect(d.byDay[0].key).toBe(fromDate);
    expect(d.byDay[29].key).toBe(today);
    const truth = await expected(SME, fromDate, today);
    expect(truth.count).toBeGreaterThan(0);
    expect({ count: d.totalCount, amount: d.totalAmount }).toEqual(truth);
    const sum = (points: Array<{ count: number; amount: number }>) =>
      points.reduce((acc, p) => ({ count: acc.count + p.count, amount: acc.amount + p.amount }), { count: 0, amount: 0 });
    expect(sum(d.byStore)).toEqual(truth);
    expect(sum(d.byMethod)).toEqual(truth);
    expect(d.byStore.length).toBeLessThanOrEqual(11);
  });

  it('shows a store cashier only their store', async () => {
    const [cashierUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DemoUsers.cashier.username));
    const assigned = await t.database.db.select({ id: membershipStores.storeId }).from(membershipStores).where(eq(membershipStores.userId, cashierUser.id));
    const storeIds = assigned.map((a) => a.id);
    const fromDate = daysAgo(89);
    const res = await t.call(cashier, { method: 'GET', url: `/api/transaction/v2/merchants/${SME}/dashboard?fromDate=${fromDate}&toDate=${today}` });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const truth = await expected(SME, fromDate, today, storeIds);
    expect({ count: d.totalCount, amount: d.totalAmount }).toEqual(truth);
    expect(d.totalCount).toBeLessThan((await expected(SME, fromDate, today)).count);
    expect(d.byStore.map((s: { key: string }) => Number(s.key)).every((id: number) => storeIds.includes(id))).toBe(true);
  });

  it('refuses another merchant and validates the range', async () => {
    const url = (m: number, q: string) => `/api/transaction/v2/merchants/${m}/dashboard?${q}`;
    expect((await t.call(owner, { method: 'GET', url: url(OTHER, `fromDate=${today}&toDate=${today}`) })).statusCode).toBe(403);
    const bad = await t.call(otherOwner, { method: 'GET', url: url(OTHER, `fromDate=${today}&toDate=${daysAgo(1)}&lang=en`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('To: The end date must be on or after the start date');
    // The donation merchant's owner has the donation dashboard, not this one.
    expect((await t.call(owner, { method: 'GET', url: url(PAGODA, `fromDate=${today}&toDate=${today}`) })).statusCode).toBe(403);
  });

  it('gives the donation merchant donations by day and by campaign', async () => {
    const fromDate = daysAgo(59);
    const url = (m: number) => `/api/transaction/v3/donation-merchants/${m}/dashboard?fromDate=${fromDate}&toDate=${today}`;
    const res = await t.call(owner, { method: 'GET', url: url(PAGODA) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const { start, end } = dayBounds({ from: fromDate, to: today });
    const [truth] = await t.database.db
      .select({ count: sql<string>`count(*)`, amount: sql<string>`sum(${donations.amount})` })
      .from(donations)
      .where(and(eq(donations.merchantId, PAGODA), eq(donations.status, 'SUCCESS'), gte(donations.createdAt, start), lt(donations.createdAt, end)));
    expect(d.totalCount).toBe(Number(truth.count));
    expect(d.totalAmount).toBe(Number(truth.amount));
    expect(d.byStore.reduce((s: number, c: { amount: number }) => s + c.amount, 0)).toBe(d.totalAmount);
    expect((await t.call(owner, { method: 'GET', url: url(SME) })).statusCode).toBe(403);
  });
});
