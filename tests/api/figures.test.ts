/**
 * One definition of every figure (src/domain/figures.ts): over the same merchant and days, the dashboard,
 * the transaction report's totals and status chips, and the CSV export's rows all equal `figuresOfPayments`
 * over the raw transactions read from the database; the seed charges fees only where money was kept;
 * another merchant's rows never count; a store-scoped role gets its stores' figures, without fees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { chargedFee, figuresOf, figuresOfPayments, type Figures } from '@/domain/figures';
import { addDays, dayBounds, vietnamToday } from '@/domain/time';
import type { TransactionStatus, TransactionTotals } from '@/domain/transactionReport';
import { rows } from '../../server/db/client';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { exportLimits } from '../../server/lib/export-jobs';
import { transactionCsvLabels } from '../../server/routes/transaction-report/export';
import { parseRfc4180 } from './csv';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const today = vietnamToday();
const range = { from: addDays(today, -29), to: today };
const report = (m: number) => `/api/transaction/v3/merchants/${m}/transaction-report`;
const dashboard = (m: number, q = '') => `/api/transaction/v2/merchants/${m}/dashboard?fromDate=${range.from}&toDate=${range.to}${q}`;

interface RawPayment {
  status: TransactionStatus;
  amount: number;
  fee: number;
  refundedAmount: number;
}

/** The dashboard's and the totals' shape of the same figures. */
const asDashboard = (f: Figures, fees: boolean) => ({
  successfulCount: f.successfulCount,
  refundedCount: f.refundedCount,
  grossAmount: f.grossAmount,
  refundedAmount: f.refundedAmount,
  feeAmount: fees ? f.feeAmount : null,
  netAmount: fees ? f.netAmount : null,
});
const asTotals = (f: Figures, count: number, fees: boolean) => ({
  count,
  successfulCount: f.successfulCount,
  refundedCount: f.refundedCount,
  grossAmount: f.grossAmount,
  refundedAmount: f.refundedAmount,
  fee: fees ? f.feeAmount : null,
  netAmount: fees ? f.netAmount : null,
});

describe('every screen gives the figures of the one definition', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  const smallMax = exportLimits.smallMaxRows;

  /** The payments of a merchant over the range, straight from the table (no daily totals, no route). */
  const raw = async (merchantId: number, storeIds?: number[]) => {
    const { start, end } = dayBounds(range);
    return rows<RawPayment>(
      t.database.db,
      sql`select status, amount::float8 as amount, fee::float8 as fee, refunded_amount::float8 as "refundedAmount" from transactions
        where merchant_id = ${merchantId} and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
        ${storeIds ? sql`and store_id = any(${`{${storeIds.join(',')}}`}::int[])` : sql``}`,
    );
  };

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier] = await Promise.all([t.login(DemoUsers.owner.username), t.login(DemoUsers.cashier.username)]);
  });
  afterAll(async () => {
    exportLimits.smallMaxRows = smallMax;
    await t.close();
  });

  it('the seed charges a fee only on money kept: failed and pending carry none, every row its chargedFee', async () => {
    const wrong = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from transactions where status in ('FAILED', 'PENDING', 'REFUNDED') and fee <> 0`,
    );
    expect(wrong[0]!.n).toBe(0);
    const sample = await rows<RawPayment & { id: string }>(
      t.database.db,
      sql`select id, status, amount::float8 as amount, fee::float8 as fee, refunded_amount::float8 as "refundedAmount" from transactions
        where merchant_id = ${SME} order by id limit 2000`,
    );
    expect(new Set(sample.map((r) => r.status)).size).toBe(5);
    expect(sample.filter((r) => r.fee !== chargedFee(r))).toEqual([]);
    // The other money tables: a card payment or a transfer that did not go through carries no fee.
    const others = await rows<{ cards: number; transfers: number }>(
      t.database.db,
      sql`select (select count(*)::int from card_payments where status <> 'SUCCESS' and fee <> 0) as cards,
        (select count(*)::int from disbursements where status <> 'SUCCESS' and fee <> 0) as transfers`,
    );
    expect(others[0]).toEqual({ cards: 0, transfers: 0 });
  });

  it('dashboard, report totals, status chips and the CSV export equal the figures of the raw rows', async () => {
    const payments = await raw(SME);
    const truth = figuresOfPayments(payments);
    // Something of each kind, or the equalities below prove little.
    expect(truth.successfulCount).toBeGreaterThan(0);
    expect(truth.refundedCount).toBeGreaterThan(0);
    expect(truth.failedCount + truth.pendingCount).toBeGreaterThan(0);
    expect(truth.feeAmount).toBeGreaterThan(0);

    const dash = await t.call(owner, { method: 'GET', url: dashboard(SME) });
    expect(dash.statusCode, dash.body).toBe(200);
    const d = dash.json().data;
    expect(d.figures).toEqual(asDashboard(truth, true));
    // The charts count the same payments and money.
    const sum = (points: Array<{ count: number; amount: number }>) =>
      points.reduce((acc, p) => ({ count: acc.count + p.count, amount: acc.amount + p.amount }), { count: 0, amount: 0 });
    const charted = { count: truth.successfulCount, amount: truth.grossAmount };
    expect(sum(d.byDay)).toEqual(charted);
    expect(sum(d.byStore)).toEqual(charted);
    expect(sum(d.byMethod)).toEqual(charted);

    const totalsRes = await t.call(owner, { method: 'GET', url: `${report(SME)}/totals?from=${range.from}&to=${range.to}` });
    expect(totalsRes.statusCode).toBe(200);
    const totals: TransactionTotals = totalsRes.json().data;
    expect(totals).toMatchObject(asTotals(truth, payments.length, true));
    // The status chips are the same sums, status by status.
    expect(figuresOf(totals.byStatus.map((s) => ({ ...s, fee: s.fee ?? 0 })))).toEqual(truth);
    for (const s of totals.byStatus) {
      const of = payments.filter((p) => p.status === s.status);
      expect(s).toEqual({
        status: s.status,
        count: of.length,
        amount: of.reduce((x, p) => x + p.amount, 0),
        fee: of.reduce((x, p) => x + p.fee, 0),
        refundedAmount: of.reduce((x, p) => x + p.refundedAmount, 0),
      });
    }

    // The CSV file of the same filter: its rows give the same figures.
    exportLimits.smallMaxRows = 100_000;
    const csv = await t.call(owner, {
      method: 'POST',
      url: `${report(SME)}/exports?from=${range.from}&to=${range.to}&format=csv&columns=id&columns=status&columns=amount&columns=fee&columns=refundedAmount&lang=en`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const codeOf = new Map(Object.entries(transactionCsvLabels('en').status).map(([code, word]) => [word, code as TransactionStatus]));
    const records = parseRfc4180(csv.rawPayload.subarray(3).toString('utf8'))
      .slice(1)
      .filter((r) => r.length > 1)
      .map((r) => r.map((c) => c.value));
    expect(records).toHaveLength(payments.length);
    const fromFile = records.map(([, status, amount, fee, refunded]) => ({
      status: codeOf.get(status!)!,
      amount: Number(amount),
      fee: Number(fee),
      refundedAmount: Number(refunded),
    }));
    expect(fromFile.every((r) => r.status !== undefined)).toBe(true);
    expect(figuresOfPayments(fromFile)).toEqual(truth);
  });

  it('the previous period is the same length just before, by the same definition', async () => {
    const d = (await t.call(owner, { method: 'GET', url: dashboard(SME) })).json().data;
    expect([d.previousFromDate, d.previousToDate]).toEqual([addDays(range.from, -30), addDays(range.from, -1)]);
    const { start, end } = dayBounds({ from: d.previousFromDate, to: d.previousToDate });
    const before = await rows<RawPayment>(
      t.database.db,
      sql`select status, amount::float8 as amount, fee::float8 as fee, refunded_amount::float8 as "refundedAmount" from transactions
        where merchant_id = ${SME} and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(d.previous).toEqual(asDashboard(figuresOfPayments(before), true));
  });

  it('another merchant’s payments never count, and its figures are refused', async () => {
    const theirs = figuresOfPayments(await raw(OTHER));
    expect(theirs.grossAmount).toBeGreaterThan(0);
    const ours = figuresOfPayments(await raw(SME));
    const d = (await t.call(owner, { method: 'GET', url: dashboard(SME) })).json().data;
    expect(d.figures.grossAmount).toBe(ours.grossAmount);
    expect(d.figures.grossAmount).not.toBe(ours.grossAmount + theirs.grossAmount);
    expect((await t.call(owner, { method: 'GET', url: dashboard(OTHER) })).statusCode).toBe(403);
    expect((await t.call(owner, { method: 'GET', url: `${report(OTHER)}/totals?from=${range.from}&to=${range.to}` })).statusCode).toBe(403);
  });

  it('a store-scoped role gets the figures of its stores only, without fees or net', async () => {
    const storeIds = await rows<{ id: number }>(
      t.database.db,
      sql`select ms.store_id as id from membership_stores ms join users u on u.id = ms.user_id where u.username = ${DemoUsers.cashier.username} and ms.merchant_id = ${SME}`,
    );
    const mine = await raw(SME, storeIds.map((s) => s.id));
    const truth = figuresOfPayments(mine);
    expect(truth.successfulCount).toBeGreaterThan(0);
    expect(truth.successfulCount).toBeLessThan(figuresOfPayments(await raw(SME)).successfulCount);

    const d = (await t.call(cashier, { method: 'GET', url: dashboard(SME) })).json().data;
    expect(d.figures).toEqual(asDashboard(truth, false));
    expect(d.payout).toBeNull();
    const totals: TransactionTotals = (
      await t.call(cashier, { method: 'GET', url: `${report(SME)}/totals?from=${range.from}&to=${range.to}` })
    ).json().data;
    expect(totals).toMatchObject(asTotals(truth, mine.length, false));
    expect(totals.byStatus.every((s) => s.fee === null)).toBe(true);
  });
});
