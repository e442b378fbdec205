/**
 * Privacy by role (Decree 13/2023: show each role only what it needs), enforced by the server: a
 * store-scoped role (the cashier) sees customers' phones masked (`0963•••411`), names masked and no
 * fees in the transaction report's rows, detail, tracing and totals; owners and accountants see
 * everything; another merchant's or another store's transaction is not found.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPersonName, maskPhone } from '@/domain/masking';
import type { TransactionDetail, TransactionRow, TransactionTotals } from '@/domain/transactionReport';
import { presetRange, vietnamToday } from '@/domain/time';
import { rows } from '../../server/db/client';
import { CASHIER_STORE_CODE, DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (m: number) => `/api/transaction/v3/merchants/${m}/transaction-report`;
const MASKED_PHONE = /^\d{4}•••\d{3}$/;

describe('privacy by role in the transaction report', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  const range = (() => {
    const r = presetRange('last90Days', vietnamToday());
    return `from=${r.from}&to=${r.to}`;
  })();
  /** A transaction of the cashier's store with a customer phone and name and a fee, and one of another store. */
  let mine: { id: string; phone: string; name: string; fee: number };
  let otherStoreId: string;
  let otherMerchantId: string;

  const get = async (token: string, url: string) => {
    const res = await t.call(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier] = await Promise.all(['owner_demo', 'accountant_demo', 'cashier_demo'].map((u) => t.login(u)));
    const [row] = await rows<{ id: string; customer_phone: string; customer_name: string; fee: string | number }>(
      t.database.db,
      sql`select t.id, t.customer_phone, t.customer_name, t.fee from transactions t join stores s on s.id = t.store_id
        where t.merchant_id = ${SME} and s.store_id = ${CASHIER_STORE_CODE} and t.customer_phone is not null
        and t.customer_name like '% %' and t.fee > 0 and t.created_at > now() - interval '80 days'
        order by t.created_at desc limit 1`,
    );
    mine = { id: row.id, phone: row.customer_phone, name: row.customer_name, fee: Number(row.fee) };
    const [other] = await rows<{ id: string }>(
      t.database.db,
      sql`select t.id from transactions t join stores s on s.id = t.store_id where t.merchant_id = ${SME} and s.store_id <> ${CASHIER_STORE_CODE} limit 1`,
    );
    otherStoreId = other.id;
    const [foreign] = await rows<{ id: string }>(t.database.db, sql`select id from transactions where merchant_id = ${OTHER} limit 1`);
    otherMerchantId = foreign.id;
  });
  afterAll(() => t.close());

  it('the cashier’s rows: phones masked the one way, names masked, no fee', async () => {
    const page = (await get(cashier, `${base(SME)}?${range}&pageSize=100`)) as { content: TransactionRow[] };
    expect(page.content.length).toBeGreaterThan(0);
    for (const row of page.content) {
      expect(row.fee).toBeNull();
      if (row.customerPhone !== null) expect(row.customerPhone).toMatch(MASKED_PHONE);
      if (row.customerName !== null) expect(row.customerName).toContain('•••');
    }
    expect(JSON.stringify(page)).not.toMatch(/"customerPhone":"\d{10,11}"/);
    // The masked row is still the customer's: searched by id, it carries the masked phone and name.
    const found = (await get(cashier, `${base(SME)}?${range}&q=${mine.id}`)) as { content: TransactionRow[] };
    expect(found.content.map((r) => [r.id, r.customerPhone, r.customerName, r.fee])).toEqual([[mine.id, maskPhone(mine.phone), maskPersonName(mine.name), null]]);
  });

  it('owners and accountants see the same row whole', async () => {
    for (const token of [owner, accountant]) {
      const found = (await get(token, `${base(SME)}?${range}&q=${mine.id}`)) as { content: TransactionRow[] };
      expect(found.content).toHaveLength(1);
      expect(found.content[0]).toMatchObject({ id: mine.id, customerPhone: mine.phone, customerName: mine.name, fee: mine.fee });
      const detail = (await get(token, `${base(SME)}/${mine.id}`)) as TransactionDetail;
      expect(detail).toMatchObject({ customerPhone: mine.phone, customerName: mine.name, fee: mine.fee });
    }
  });

  it('the cashier’s detail and tracing: masked, no fee', async () => {
    const detail = (await get(cashier, `${base(SME)}/${mine.id}`)) as TransactionDetail;
    expect(detail).toMatchObject({ id: mine.id, customerPhone: maskPhone(mine.phone), customerName: maskPersonName(mine.name), fee: null });
    const tracing = (await get(cashier, `${base(SME)}/${mine.id}/tracing`)) as { transaction: TransactionDetail; steps: unknown[] };
    expect(tracing.transaction).toMatchObject({ customerPhone: maskPhone(mine.phone), fee: null });
    expect(tracing.steps.length).toBeGreaterThan(0);
    expect(JSON.stringify([detail, tracing])).not.toContain(mine.phone);
  });

  it('the cashier’s totals carry no fee and no net, by status either; the owner’s do', async () => {
    const mineTotals = (await get(cashier, `${base(SME)}/totals?${range}`)) as TransactionTotals;
    expect(mineTotals.count).toBeGreaterThan(0);
    expect(mineTotals.fee).toBeNull();
    expect(mineTotals.netAmount).toBeNull();
    expect(mineTotals.byStatus.length).toBeGreaterThan(0);
    for (const s of mineTotals.byStatus) expect(s.fee).toBeNull();
    const all = (await get(owner, `${base(SME)}/totals?${range}`)) as TransactionTotals;
    expect(all.fee).toBeGreaterThan(0);
    expect(typeof all.netAmount).toBe('number');
    expect(all.byStatus.some((s) => (s.fee ?? 0) > 0)).toBe(true);
    // Searching is masked the same way (the totals of a search are computed from rows).
    const searched = (await get(cashier, `${base(SME)}/totals?${range}&q=${mine.id}`)) as TransactionTotals;
    expect(searched).toMatchObject({ count: 1, fee: null, netAmount: null });
  });

  it('another store’s and another merchant’s transactions: 404 for the cashier, 403 on another merchant’s path', async () => {
    for (const id of [otherStoreId, otherMerchantId]) {
      for (const suffix of ['', '/tracing']) {
        const res = await t.call(cashier, { method: 'GET', url: `${base(SME)}/${id}${suffix}` });
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
      }
    }
    expect((await t.call(owner, { method: 'GET', url: `${base(SME)}/${otherMerchantId}` })).statusCode).toBe(404);
    for (const url of [`${base(OTHER)}?${range}`, `${base(OTHER)}/totals?${range}`, `${base(OTHER)}/${otherMerchantId}`]) {
      const res = await t.call(cashier, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(3);
    }
  });
});
