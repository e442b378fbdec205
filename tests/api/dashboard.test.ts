/** Dashboard (MERCHANT_DASHBOARD) and donation dashboard (MERCHANT_DASHBOARD_DONATION). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chargedFee, figuresOfPayments } from '@/domain/figures';
import type { TransactionStatus } from '@/domain/transactionReport';
import { dayBounds, vietnamToday, addDays } from '@/domain/time';
import { rows } from '../../server/db/client';
import { merchants, membershipStores, transactions, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { nextWorkingDay, previousPeriod } from '../../server/routes/dashboard';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const PAGODA = DemoMerchants.pagoda.id;
const today = vietnamToday();
const daysAgo = (n: number) => addDays(today, -n);
const url = (m: number, fromDate: string, toDate = today, q = '') => `/api/transaction/v2/merchants/${m}/dashboard?fromDate=${fromDate}&toDate=${toDate}${q}`;
type Payment = { status: TransactionStatus; amount: number; fee: number; refundedAmount: number };

describe('dashboard periods', () => {
  it('compares with the period of the same length just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ fromDate: '2026-10-02', toDate: '2026-10-31' });
    expect(previousPeriod('2026-11-23', '2026-11-23')).toEqual({ fromDate: '2026-11-22', toDate: '2026-11-22' });
  });
  it('pays T+1 on the next working day', () => {
    expect(nextWorkingDay('2026-11-23')).toBe('2026-11-24'); // Monday → Tuesday
    expect(nextWorkingDay('2026-11-20')).toBe('2026-11-23'); // Friday → Monday
    expect(nextWorkingDay('2026-11-21')).toBe('2026-11-23'); // Saturday → Monday
  });
});

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

  /** The figures of the transactions themselves over the days (what the dashboard must equal). */
  const expected = async (merchantId: number, fromDate: string, toDate: string, storeIds?: number[]) => {
    const { start, end } = dayBounds({ from: fromDate, to: toDate });
    const payments = await rows<Payment>(
      t.database.db,
      sql`select status, amount::float8 as amount, fee::float8 as fee, refunded_amount::float8 as "refundedAmount" from transactions
        where merchant_id = ${merchantId} and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
        ${storeIds ? sql`and store_id = any(${`{${storeIds.join(',')}}`}::int[])` : sql``}`,
    );
    return figuresOfPayments(payments);
  };
  const sum = (points: Array<{ count: number; amount: number }>) =>
    points.reduce((acc, p) => ({ count: acc.count + p.count, amount: acc.amount + p.amount }), { count: 0, amount: 0 });

  it('gives net, gross, fees, refunds and successful payments, and successful payments by day, store and method', async () => {
    const fromDate = daysAgo(29);
    const res = await t.call(owner, { method: 'GET', url: url(SME, fromDate) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.byDay).toHaveLength(30);
    expect(d.byDay[0].key).toBe(fromDate);
    expect(d.byDay[29].key).toBe(today);
    const f = await expected(SME, fromDate, today);
    expect(f.successfulCount).toBeGreaterThan(0);
    expect(d.figures).toEqual({
      successfulCount: f.successfulCount,
      refundedCount: f.refundedCount,
      grossAmount: f.grossAmount,
      refundedAmount: f.refundedAmount,
      feeAmount: f.feeAmount,
      netAmount: f.grossAmount - f.refundedAmount - f.feeAmount,
    });
    const charted = { count: f.successfulCount, amount: f.grossAmount };
    expect(sum(d.byDay)).toEqual(charted);
    expect(sum(d.byStore)).toEqual(charted);
    expect(sum(d.byMethod)).toEqual(charted);
    expect(d.byStore.length).toBeLessThanOrEqual(11);
    // The previous 30 days, for comparison.
    expect([d.previousFromDate, d.previousToDate]).toEqual([daysAgo(59), daysAgo(30)]);
    expect(d.previous.grossAmount).toBe((await expected(SME, daysAgo(59), daysAgo(30))).grossAmount);
  });

  it('shows a store cashier only their store, with no fees, net or payout', async () => {
    const [cashierUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DemoUsers.cashier.username));
    const assigned = await t.database.db.select({ id: membershipStores.storeId }).from(membershipStores).where(eq(membershipStores.userId, cashierUser.id));
    const storeIds = assigned.map((a) => a.id);
    const fromDate = daysAgo(89);
    const res = await t.call(cashier, { method: 'GET', url: url(SME, fromDate) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const f = await expected(SME, fromDate, today, storeIds);
    expect(d.figures).toEqual({
      successfulCount: f.successfulCount,
      refundedCount: f.refundedCount,
      grossAmount: f.grossAmount,
      refundedAmount: f.refundedAmount,
      feeAmount: null,
      netAmount: null,
    });
    expect(d.previous).toMatchObject({ feeAmount: null, netAmount: null });
    expect(d.payout).toBeNull();
    expect(d.figures.successfulCount).toBeLessThan((await expected(SME, fromDate, today)).successfulCount);
    expect(d.byStore.map((s: { key: string }) => Number(s.key)).every((id: number) => storeIds.includes(id))).toBe(true);
  });

  it('tells when the money comes: T+1 pays today’s net so far on the next working day, to the masked account', async () => {
    const res = await t.call(owner, { method: 'GET', url: url(SME, daysAgo(6)) });
    const { payout } = res.json().data;
    const todays = await expected(SME, today, today);
    // The demo SME is paid T+1 to Vietcombank 0041000123456.
    expect(payout).toEqual({
      period: 'SRP.0001',
      date: nextWorkingDay(today),
      amount: todays.netAmount,
      destination: 'BANK',
      bankNameId: 'VCB',
      accountMasked: '••••3456',
    });
    expect(res.body).not.toContain('0041000123456');
    // The accountant, who may see the payout settings, sees the same payout.
    const accountant = await t.login(DemoUsers.accountant.username);
    expect((await t.call(accountant, { method: 'GET', url: url(SME, daysAgo(6)) })).json().data.payout).toEqual(payout);

    // A payment that succeeds now is in today's payout, less its fee; a store filter does not cut the payout.
    const store = (await rows<{ id: number }>(t.database.db, sql`select id from stores where merchant_id = ${SME} and is_active limit 1`))[0]!.id;
    const paid = { status: 'SUCCESS' as const, amount: 1_250_000, refundedAmount: 0 };
    await t.database.db.insert(transactions).values({
      id: '2999000000001',
      merchantId: SME,
      storeId: store,
      paymentMethod: 'WALLET',
      ...paid,
      fee: chargedFee(paid),
    });
    const after = (await t.call(owner, { method: 'GET', url: url(SME, daysAgo(6), today, `&storeId=${store}`) })).json().data.payout;
    expect(after.amount).toBe(todays.netAmount + paid.amount - chargedFee(paid));

    // Real time: paid after each payment, no date or amount to wait for.
    await t.database.db.update(merchants).set({ payoutPeriod: 'SRP.0000' }).where(eq(merchants.id, SME));
    try {
      const live = (await t.call(owner, { method: 'GET', url: url(SME, daysAgo(6)) })).json().data.payout;
      expect(live).toMatchObject({ period: 'SRP.0000', date: null, amount: null, destination: 'BANK', accountMasked: '••••3456' });
    } finally {
      await t.database.db.update(merchants).set({ payoutPeriod: 'SRP.0001' }).where(eq(merchants.id, SME));
    }
  });

  it('refuses another merchant and validates the range', async () => {
    expect((await t.call(owner, { method: 'GET', url: url(OTHER, today) })).statusCode).toBe(403);
    const bad = await t.call(otherOwner, { method: 'GET', url: url(OTHER, today, daysAgo(1), '&lang=en') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('To: The end date must be on or after the start date');
    // The donation merchant's owner has the donation dashboard, not this one.
    expect((await t.call(owner, { method: 'GET', url: url(PAGODA, today) })).statusCode).toBe(403);
  });

  it('gives the donation merchant the same figures of donations, by day and by campaign', async () => {
    const fromDate = daysAgo(59);
    const donationUrl = (m: number) => `/api/transaction/v3/donation-merchants/${m}/dashboard?fromDate=${fromDate}&toDate=${today}`;
    const res = await t.call(owner, { method: 'GET', url: donationUrl(PAGODA) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const { start, end } = dayBounds({ from: fromDate, to: today });
    // A refunded donation was received, then given back whole; donations carry no fee.
    const gifts = await rows<{ status: TransactionStatus; amount: number }>(
      t.database.db,
      sql`select status, amount::float8 as amount from donations where merchant_id = ${PAGODA}
        and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
    );
    const f = figuresOfPayments(gifts.map((g) => ({ ...g, fee: 0, refundedAmount: g.status === 'REFUNDED' ? g.amount : 0 })));
    expect(f.refundedCount).toBeGreaterThan(0);
    expect(d.figures).toEqual({
      successfulCount: f.successfulCount,
      refundedCount: f.refundedCount,
      grossAmount: f.grossAmount,
      refundedAmount: f.refundedAmount,
      feeAmount: 0,
      netAmount: f.grossAmount - f.refundedAmount,
    });
    expect(sum(d.byStore)).toEqual({ count: f.successfulCount, amount: f.grossAmount });
    expect(sum(d.byDay)).toEqual({ count: f.successfulCount, amount: f.grossAmount });
    expect(d.payout).toBeNull();
    expect((await t.call(owner, { method: 'GET', url: donationUrl(SME) })).statusCode).toBe(403);
  });
});
