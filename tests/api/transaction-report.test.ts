/** Transaction report: filters, paging (offset and keyset agree), totals, isolation, store scope, validation. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresOfPayments } from '@/domain/figures';
import type { TransactionRow } from '@/domain/transactionReport';
import { addDays, presetRange, vietnamToday } from '@/domain/time';
import { rows } from '../../server/db/client';
import { CASHIER_STORE_CODE, DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (m: number | string) => `/api/transaction/v3/merchants/${m}/transaction-report`;

interface PageBody {
  content: TransactionRow[];
  totalElements: number;
  nextCursor: string | null;
}

describe('transaction report', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let otherOwner: string;
  const today = vietnamToday();
  const last90 = presetRange('last90Days', today);
  const range = `from=${last90.from}&to=${last90.to}`;

  async function page(token: string, query: string): Promise<PageBody> {
    const res = await t.call(token, { method: 'GET', url: `${base(SME)}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PageBody;
  }

  /** Every row of a filter, walking keyset pages of 100. */
  async function all(token: string, query: string): Promise<TransactionRow[]> {
    const out: TransactionRow[] = [];
    let cursor: string | null = null;
    for (;;) {
      const p: PageBody = await page(token, `${query}&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`);
      out.push(...p.content);
      if (!p.nextCursor) return out;
      cursor = p.nextCursor;
    }
  }

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('cashier_demo'), t.login('other_owner_demo')]);
  });
  afterAll(() => t.close());

  it('lists the last 90 days newest first, in pages of 20, with the total', async () => {
    const p = await page(owner, range);
    expect(p.content).toHaveLength(20);
    expect(p.totalElements).toBeGreaterThan(400);
    const times = p.content.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const { start } = { start: Date.parse(`${last90.from}T00:00:00+07:00`) };
    expect(times.every((x) => x >= start)).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from transactions where merchant_id = ${SME}
        and created_at >= ${`${last90.from}T00:00:00+07:00`}::timestamptz and created_at < ${`${addDays(last90.to, 1)}T00:00:00+07:00`}::timestamptz`,
    );
    expect(p.totalElements).toBe(n);
  });

  it('offset pages and keyset pages return the same rows', async () => {
    const byOffset: string[] = [];
    for (let i = 0; i < 5; i++) byOffset.push(...(await page(owner, `${range}&pageSize=50&pageNumber=${i}`)).content.map((r) => r.id));
    const byKeyset: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const p: PageBody = await page(owner, `${range}&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`);
      byKeyset.push(...p.content.map((r) => r.id));
      cursor = p.nextCursor;
    }
    expect(byKeyset).toHaveLength(250);
    expect(new Set(byKeyset).size).toBe(250);
    expect(byKeyset).toEqual(byOffset);
  });

  it('filters by status, payment method and store; every row matches', async () => {
    const [{ id: storeId }] = await rows<{ id: number }>(t.database.db, sql`select id from stores where store_id = ${CASHIER_STORE_CODE}`);
    const list = await all(owner, `${range}&status=FAILED&status=PENDING&paymentMethod=WALLET&paymentMethod=QR_CODE`);
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      expect(['FAILED', 'PENDING']).toContain(r.status);
      expect(['WALLET', 'QR_CODE']).toContain(r.paymentMethod);
    }
    const [{ n }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from transactions where merchant_id = ${SME} and status in ('FAILED', 'PENDING')
        and payment_method in ('WALLET', 'QR_CODE') and created_at >= ${`${last90.from}T00:00:00+07:00`}::timestamptz`,
    );
    expect(list).toHaveLength(n);
    const byStore = await all(owner, `${range}&storeId=${storeId}`);
    expect(byStore.length).toBeGreaterThan(0);
    expect(byStore.every((r) => r.storeId === storeId)).toBe(true);
    const [{ m }] = await rows<{ m: number }>(
      t.database.db,
      sql`select count(*)::int as m from transactions where merchant_id = ${SME} and store_id = ${storeId}
        and created_at >= ${`${last90.from}T00:00:00+07:00`}::timestamptz`,
    );
    expect(byStore).toHaveLength(m);
  });

  it('searches by part of the transaction id or the customer phone', async () => {
    const first = (await page(owner, range)).content[0]!;
    const byId = await page(owner, `${range}&q=${first.id.slice(-7)}`);
    expect(byId.content.map((r) => r.id)).toContain(first.id);
    expect(byId.content.every((r) => r.id.includes(first.id.slice(-7)) || r.customerPhone?.includes(first.id.slice(-7)))).toBe(true);
    const byPhone = await page(owner, `${range}&q=${first.customerPhone}`);
    expect(byPhone.content.length).toBeGreaterThan(0);
    expect(byPhone.content.every((r) => r.customerPhone === first.customerPhone || r.id.includes(first.customerPhone!))).toBe(true);
  });

  it('totals equal the sum of the rows, by status (daily totals and search path)', async () => {
    const month = presetRange('lastMonth', today);
    const query = `from=${month.from}&to=${month.to}`;
    const list = await all(owner, query);
    const res = await t.call(owner, { method: 'GET', url: `${base(SME)}/totals?${query}` });
    expect(res.statusCode).toBe(200);
    const totals = res.json().data;
    expect(totals.count).toBe(list.length);
    const f = figuresOfPayments(list as Array<TransactionRow & { fee: number }>);
    expect(totals).toMatchObject({
      successfulCount: f.successfulCount,
      refundedCount: f.refundedCount,
      grossAmount: f.grossAmount,
      refundedAmount: f.refundedAmount,
      fee: f.feeAmount,
      netAmount: f.netAmount,
    });
    for (const s of totals.byStatus) {
      const of = list.filter((r) => r.status === s.status);
      expect(s.count).toBe(of.length);
      expect(s.amount).toBe(of.reduce((x, r) => x + r.amount, 0));
    }
    // With a search, the totals come from the rows themselves.
    const q = list[0]!.customerPhone!.slice(0, 6);
    const searched = await all(owner, `${query}&q=${q}`);
    const withQ = (await t.call(owner, { method: 'GET', url: `${base(SME)}/totals?${query}&q=${q}` })).json().data;
    expect(withQ.count).toBe(searched.length);
    expect(withQ.grossAmount).toBe(figuresOfPayments(searched as Array<TransactionRow & { fee: number }>).grossAmount);
  });

  it('a store cashier sees only the rows of their store', async () => {
    const [{ id: storeId }] = await rows<{ id: number }>(t.database.db, sql`select id from stores where store_id = ${CASHIER_STORE_CODE}`);
    const p = await page(cashier, `${range}&pageSize=100`);
    expect(p.content.length).toBeGreaterThan(0);
    expect(p.content.every((r) => r.storeId === storeId)).toBe(true);
    // Asking for another store gives nothing rather than its rows.
    const [{ id: otherStore }] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from stores where merchant_id = ${SME} and id <> ${storeId} order by id limit 1`,
    );
    expect((await page(cashier, `${range}&storeId=${otherStore}`)).content).toEqual([]);
    const foreignRow = (await page(owner, `${range}&storeId=${otherStore}`)).content[0]!;
    expect((await t.call(cashier, { method: 'GET', url: `${base(SME)}/${foreignRow.id}` })).statusCode).toBe(404);
  });

  it('never shows another merchant’s rows', async () => {
    expect((await t.call(otherOwner, { method: 'GET', url: `${base(SME)}?${range}` })).statusCode).toBe(403);
    const theirs = (await t.call(otherOwner, { method: 'GET', url: `${base(OTHER)}?${range}` })).json().data as PageBody;
    expect(theirs.content.length).toBeGreaterThan(0);
    const foreignId = theirs.content[0]!.id;
    const res = await t.call(owner, { method: 'GET', url: `${base(SME)}/${foreignId}` });
    expect(res.statusCode).toBe(404);
    const search = await page(owner, `${range}&q=${foreignId}`);
    expect(search.content).toEqual([]);
  });

  it('roles without the report are refused', async () => {
    const [legal] = await rows<{ username: string }>(
      t.database.db,
      sql`select u.username from users u join memberships m on m.user_id = u.id where m.merchant_id = ${SME}
        and m.roles = '{LEGAL}' and m.status = 'ACTIVE' and m.invitation_status = 'ACCEPT' limit 1`,
    );
    expect(legal).toBeDefined();
    const token = await t.login(legal!.username);
    const res = await t.call(token, { method: 'GET', url: `${base(SME)}?${range}&lang=en` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this merchant');
  });

  it('detail and tracing of a refunded transaction', async () => {
    const refunded = (await page(owner, `${range}&status=REFUNDED`)).content[0]!;
    const detail = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${refunded.id}` })).json().data;
    expect(detail.id).toBe(refunded.id);
    expect(detail.refundable).toBe(0);
    expect(detail.refunds.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(detail.amount);
    const trace = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${refunded.id}/tracing` })).json().data;
    expect(trace.steps.map((s: { step: string }) => s.step)).toEqual(['CREATED', 'AUTHORIZED', 'COMPLETED', 'REFUNDED']);
    expect((await t.call(owner, { method: 'GET', url: `${base(SME)}/9999999999999/tracing` })).statusCode).toBe(404);
  });

  it('rejects bad filters with field messages', async () => {
    const cases = [
      ['from=2025-13-01&to=2025-12-31', 'from'],
      [`from=${today}&to=${addDays(today, -1)}`, 'to'],
      [`from=${addDays(today, -400)}&to=${today}`, 'to'],
      [`${range}&q=abc`, 'q'],
      [`${range}&status=DONE`, 'status'],
      [`${range}&pageSize=7`, 'pageSize'],
      [`to=${today}`, 'from'],
      [`${range}&cursor=xyz`, null],
    ] as const;
    for (const [query, field] of cases) {
      const res = await t.call(owner, { method: 'GET', url: `${base(SME)}?${query}` });
      expect(res.statusCode, query).toBe(400);
      if (field) expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const en = await t.call(owner, { method: 'GET', url: `${base(SME)}?from=${today}&to=${addDays(today, -1)}&lang=en` });
    expect(en.json().data.errors[0].message).toBe('To: The period must be 1 to 366 days, and the end date cannot be before the start date');
  });
});
