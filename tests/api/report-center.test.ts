/**
 * Report center lists (card payments, disbursements, financing, settlements, non-paid, donations):
 * filters, paging, totals, detail, export, role gating, store scoping and merchant isolation.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cardPayments } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { dayKeyOf } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';
import { parseRfc4180 } from './csv';
import { exportLimits } from '../../server/lib/export-jobs';
import { reportRepository } from '../../server/lib/report-family/repository';
import { cardPaymentTable } from '../../server/routes/card-payment-report';

const SME = DemoMerchants.sme.id;
const TOP = DemoMerchants.topBrand.id;
const OTHER = DemoMerchants.other.id;
const PAGODA = DemoMerchants.pagoda.id;

const today = dayKeyOf(new Date());
const daysAgo = (n: number) => dayKeyOf(new Date(Date.now() - n * 86_400_000));
const RANGE = `fromDate=${daysAgo(130)}&toDate=${today}`;

const base = (merchantId: number, report: string) => `/api/transaction/v2/merchants/${merchantId}/reports/${report}`;

describe('report center lists', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, otherOwner] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.cashier.username),
      t.login(DemoUsers.otherOwner.username),
    ]);
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const post = (token: string, url: string) => t.call(token, { method: 'POST', url });

  it('lists card payments newest first, paged, with several pages for the demo merchant', async () => {
    const res = await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&pageSize=20`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.totalElements).toBeGreaterThan(40);
    expect(body.data.content).toHaveLength(20);
    const times = body.data.content.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = body.data.content[0];
    expect(first.id).toBe(first.transId);
    expect(typeof first.amount).toBe('number');
    expect(first.storeName).toEqual(expect.any(String));
  });

  it('filters by status, store and keyword; pages do not overlap', async () => {
    const success = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&status=SUCCESS&pageSize=100`)).json().data;
    expect(success.content.every((r: { status: string }) => r.status === 'SUCCESS')).toBe(true);
    const two = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&status=FAILED&status=REFUNDED&pageSize=100`)).json().data;
    expect(new Set(two.content.map((r: { status: string }) => r.status))).toEqual(new Set(['FAILED', 'REFUNDED']));

    const target = success.content[3];
    const byKeyword = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&keyword=${target.transId.slice(-6)}`)).json().data;
    expect(byKeyword.content.map((r: { transId: string }) => r.transId)).toContain(target.transId);
    expect(byKeyword.content.every((r: { transId: string; orderId: string }) => (r.transId + r.orderId).includes(target.transId.slice(-6)))).toBe(true);

    const byStore = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&storeId=${target.storeId}&pageSize=100`)).json().data;
    expect(byStore.totalElements).toBeGreaterThan(0);
    expect(byStore.content.every((r: { storeId: number }) => r.storeId === target.storeId)).toBe(true);

    const p0 = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&pageSize=10&pageNumber=0`)).json().data.content;
    const p1 = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&pageSize=10&pageNumber=1`)).json().data.content;
    const ids0 = new Set(p0.map((r: { id: string }) => r.id));
    expect(p1.some((r: { id: string }) => ids0.has(r.id))).toBe(false);
  });

  it('totals count every row of the filtered set and add the money of successful payments only (figures)', async () => {
    const filter = `${RANGE}&status=SUCCESS&status=PENDING`;
    const totals = (await get(owner, `${base(SME, 'card-payment-report')}/totals?${filter}`)).json().data;
    const byStatus: Record<string, { amount: number; fee: number; rows: number }> = {};
    let rows = 0;
    for (let page = 0; ; page++) {
      const data = (await get(owner, `${base(SME, 'card-payment-report')}?${filter}&pageSize=100&pageNumber=${page}`)).json().data;
      for (const r of data.content) {
        const s = (byStatus[r.status] ??= { amount: 0, fee: 0, rows: 0 });
        s.amount += r.amount;
        s.fee += r.fee;
        s.rows++;
        rows++;
      }
      if (data.content.length < 100) break;
    }
    expect(byStatus.PENDING.rows).toBeGreaterThan(0);
    expect(byStatus.PENDING.amount).toBeGreaterThan(0);
    expect(byStatus.PENDING.fee).toBe(0);
    expect(totals.count).toBe(rows);
    // A pending payment's money is not (yet) the merchant's: the totals hold the SUCCESS rows' money only.
    expect(totals.sums).toEqual({ amount: byStatus.SUCCESS.amount, fee: byStatus.SUCCESS.fee });
    expect(totals.byStatus).toEqual([
      { status: 'PENDING', count: byStatus.PENDING.rows, sums: { amount: byStatus.PENDING.amount, fee: 0 } },
      { status: 'SUCCESS', count: byStatus.SUCCESS.rows, sums: { amount: byStatus.SUCCESS.amount, fee: byStatus.SUCCESS.fee } },
    ]);
  });

  it('shows one card payment by its transaction id; another merchant’s id is a 404', async () => {
    const [row] = (await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&pageSize=10`)).json().data.content;
    const detail = await get(owner, `${base(SME, 'card-payment-report')}/${row.transId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ transId: row.transId, amount: row.amount, cardNumber: row.cardNumber });

    const [foreign] = await t.database.db.select().from(cardPayments).where(eq(cardPayments.merchantId, OTHER)).limit(1);
    const cross = await get(owner, `${base(SME, 'card-payment-report')}/${foreign.transId}`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().status).toBe(4);
  });

  it('refuses another merchant’s reports (403) and never mixes its rows in', async () => {
    const res = await get(owner, `${base(OTHER, 'card-payment-report')}?${RANGE}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(3);
    const mine = (await get(otherOwner, `${base(OTHER, 'card-payment-report')}?${RANGE}&pageSize=100`)).json().data;
    expect(mine.totalElements).toBe(30);
    expect(mine.content.every((r: { transId: string }) => r.transId.startsWith('CP006'))).toBe(true);
  });

  it('hides and refuses every report-center list from a store cashier (none is in their sidebar)', async () => {
    for (const report of ['card-payment-report', 'disbursement-report', 'nonpaid-report', 'financing-report', 'onetime-report']) {
      const res = await get(cashier, `${base(SME, report)}?${RANGE}`);
      expect(res.statusCode, report).toBe(403);
      expect(res.json().status).toBe(3);
    }
  });

  it('makes a large export an export job whose file holds every filtered row', async () => {
    const saved = exportLimits.smallMaxRows;
    exportLimits.smallMaxRows = 10;
    try {
      const total = (await get(owner, `${base(SME, 'nonpaid-report')}/totals?${RANGE}`)).json().data.count;
      expect(total).toBeGreaterThan(10);
      const res = await t.call(owner, { method: 'POST', url: `${base(SME, 'nonpaid-report')}/export?${RANGE}&format=csv` });
      expect(res.statusCode).toBe(202);
      const job = res.json().data;
      expect(job).toMatchObject({ report: 'nonpaid-report', totalRows: total });
      const jobUrl = `/api/report-job/v1/merchants/${SME}/exports/${job.id}`;
      // The job runs beside the request: wait for its state, not for a fixed time.
      await vi.waitFor(async () => expect((await get(owner, jobUrl)).json().data.status).toBe('DONE'), { timeout: 10_000, interval: 50 });
      const file = await get(owner, `${jobUrl}/file`);
      const rows = parseRfc4180(file.body.slice(1));
      expect(rows.length - 1).toBe(total);
    } finally {
      exportLimits.smallMaxRows = saved;
    }
  });

  it('gates the financing and on-time reports on the NEWTON_REPORT and BAMBOO_REPORT roles', async () => {
    expect((await get(owner, `${base(SME, 'financing-report')}?${RANGE}`)).statusCode).toBe(403);
    expect((await get(owner, `${base(SME, 'onetime-report')}?${RANGE}`)).statusCode).toBe(403);
    expect((await get(accountant, `${base(SME, 'financing-report')}?${RANGE}`)).statusCode).toBe(403);
    const financing = await get(owner, `${base(TOP, 'financing-report')}?${RANGE}`);
    expect(financing.statusCode).toBe(200);
    expect(financing.json().data.totalElements).toBeGreaterThan(20);
    const row = financing.json().data.content[0];
    expect(row.outstandingAmount).toBe(row.principalAmount - row.repaidAmount);
    const settlements = await get(owner, `${base(TOP, 'onetime-report')}?${RANGE}`);
    expect(settlements.statusCode).toBe(200);
    const s = settlements.json().data.content[0];
    expect(s.netAmount).toBe(s.grossAmount - s.feeAmount);
  });

  it('lists disbursements with a detail, and non-paid orders, for the accountant', async () => {
    const list = await get(accountant, `${base(SME, 'disbursement-report')}?${RANGE}&pageSize=10`);
    expect(list.statusCode).toBe(200);
    const row = list.json().data.content[0];
    const detail = await get(accountant, `${base(SME, 'disbursement-report')}/${row.tranId}`);
    expect(detail.json().data).toMatchObject({ tranId: row.tranId, receiverName: row.receiverName });
    const nonpaid = await get(accountant, `${base(SME, 'nonpaid-report')}?${RANGE}&status=UNPAID`);
    expect(nonpaid.statusCode).toBe(200);
    expect(nonpaid.json().data.content.every((r: { status: string }) => r.status === 'UNPAID')).toBe(true);
  });

  it('validates the filter in the caller’s language and names the field', async () => {
    const missing = await get(owner, base(SME, 'card-payment-report'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().status).toBe(2);
    expect(missing.json().message).toContain('Từ ngày');

    const reversed = await get(owner, `${base(SME, 'card-payment-report')}?fromDate=${today}&toDate=${daysAgo(3)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Đến ngày: Ngày kết thúc phải sau hoặc bằng ngày bắt đầu');
    const reversedEn = await get(owner, `${base(SME, 'card-payment-report')}?fromDate=${today}&toDate=${daysAgo(3)}&lang=en`);
    expect(reversedEn.json().message).toBe('To: The end date must be on or after the start date');

    const tooLong = await get(owner, `${base(SME, 'card-payment-report')}?fromDate=2024-01-01&toDate=2025-06-30`);
    expect(tooLong.json().message).toBe('Đến ngày: Khoảng thời gian tối đa 366 ngày');
    expect((await get(owner, `${base(SME, 'card-payment-report')}?fromDate=2025-02-30&toDate=2025-03-01`)).statusCode).toBe(400);
    expect((await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&status=PAID`)).statusCode).toBe(400);
    expect((await get(owner, `${base(SME, 'card-payment-report')}?${RANGE}&sort=amount,asc`)).statusCode).toBe(400);
    expect((await get(owner, `${base(SME, 'disbursement-report')}?${RANGE}&storeId=1`)).statusCode).toBe(400);
  });

  it('exports exactly the filtered list, in the chosen columns, with headers in the caller’s language', async () => {
    const filter = `${RANGE}&status=SUCCESS`;
    const list = (await get(owner, `${base(SME, 'card-payment-report')}?${filter}&pageSize=100`)).json().data;
    const res = await post(owner, `${base(SME, 'card-payment-report')}/export?${filter}&format=csv&columns=transId&columns=amount&columns=status`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows = parseRfc4180(res.body.slice(1)).map((r) => r.map((c) => c.value));
    expect(rows[0]).toEqual(['Mã giao dịch', 'Số tiền (đ)', 'Trạng thái']);
    expect(rows.length - 1).toBe(list.totalElements);
    expect(rows.slice(1, 101).map((r) => r[0])).toEqual(list.content.map((r: { transId: string }) => r.transId));
    expect(rows[1][2]).toBe('Thành công');
    expect(Number(rows[1][1])).toBe(list.content[0].amount);

    const en = await post(owner, `${base(SME, 'card-payment-report')}/export?${filter}&format=xlsx&lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(en.rawPayload.subarray(0, 2).toString()).toBe('PK');

    expect((await post(accountant, `${base(SME, 'financing-report')}/export?${RANGE}&format=csv`)).statusCode).toBe(403);
    expect((await post(owner, `${base(SME, 'card-payment-report')}/export?${filter}&format=pdf`)).statusCode).toBe(400);
  });

  it('lists donations for the donation merchant only', async () => {
    const url = (m: number) => `/api/transaction/v3/donation-merchants/${m}/donations?${RANGE}`;
    const res = await get(owner, url(PAGODA));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalElements).toBeGreaterThan(60);
    expect(res.json().data.content[0]).toMatchObject({ donorName: expect.any(String), campaign: expect.any(String) });
    expect((await get(owner, url(SME))).statusCode).toBe(403);
    expect((await get(otherOwner, url(PAGODA))).statusCode).toBe(403);
  });
});

describe('report export batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('reads every row once when rows share a millisecond (PostgreSQL keeps microseconds; a Date cursor skipped them)', async () => {
    const rows = await t.database.db.select({ id: cardPayments.id }).from(cardPayments).where(eq(cardPayments.merchantId, SME)).limit(5);
    expect(rows).toHaveLength(5);
    // Five rows within one millisecond of a day nothing else falls on, one microsecond apart.
    for (const [i, row] of rows.entries()) {
      await t.database.db.update(cardPayments).set({ createdAt: sql`${`2020-01-15 10:00:00.12300${i}+07`}::timestamptz` }).where(eq(cardPayments.id, row.id));
    }
    const repository = reportRepository(t.database.db, cardPaymentTable);
    const seen: string[] = [];
    // Batches of 2: each batch's cursor falls inside the shared millisecond.
    for await (const row of repository.stream(SME, { fromDate: '2020-01-15', toDate: '2020-01-15', scopeStoreIds: null }, 2)) seen.push(row.id);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
