/** The public payer page's calls: /payment-link/v1/pay/:code (no sign-in, rate-limited, demo payments). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paymentLinkPayments, paymentLinks, transactions, webhookDeliveries, webhookSettings } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { chargedFee } from '../../src/domain/figures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const links = `/api/payment-link/v1/merchants/${SME}/payment-links`;
const pay = (code: string) => `/api/payment-link/v1/pay/${code}`;
const payment = (code: string) => `${pay(code)}/payments`;

describe('payment link payer page API', () => {
  let t: TestApp;
  let owner: string;
  const create = async (body: Record<string, unknown>) => {
    const res = await t.call(owner, { method: 'POST', url: links, payload: { title: 'Tiền cọc', amountType: 'FIXED', amount: 120_000, singleUse: true, ...body } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; code: string };
  };
  const paymentsOf = async (linkId: number) =>
    t.database.db.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.linkId, linkId));

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    owner = await t.login('owner_demo');
    // The merchant's production webhook takes payment and link events.
    await t.database.db
      .insert(webhookSettings)
      .values({ merchantId: SME, environment: 'PRODUCTION', url: 'https://hooks.example.vn/ipn', eventTypes: ['payment.succeeded', 'link.paid'] })
      .onConflictDoUpdate({
        target: [webhookSettings.merchantId, webhookSettings.environment],
        set: { url: 'https://hooks.example.vn/ipn', eventTypes: ['payment.succeeded', 'link.paid'] },
      });
  });
  afterAll(() => t.close());

  it('shows a link without sign-in: brand, title, amount, status, and nothing else of the merchant', async () => {
    const link = await create({ description: 'Lớp vẽ thiếu nhi', reference: 'REF-1' });
    const res = await t.call(null, { method: 'GET', url: pay(link.code) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      code: link.code,
      merchantBrand: DemoMerchants.sme.brandName,
      title: 'Tiền cọc',
      description: 'Lớp vẽ thiếu nhi',
      amountType: 'FIXED',
      amount: 120_000,
      minAmount: 120_000,
      maxAmount: 120_000,
      status: 'ACTIVE',
      expiresAt: null,
      canPay: true,
    });
    // Unknown and malformed codes read the same.
    expect((await t.call(null, { method: 'GET', url: pay('zzzzzzzzzz') })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: pay('bad') })).statusCode).toBe(400);
  });

  it('a payment becomes a transactions row (fee from chargedFee) and a payment of the link, queues the webhooks, and the link is PAID', async () => {
    const link = await create({ reference: 'INV-77' });
    const res = await t.call(null, { method: 'POST', url: payment(link.code), payload: {} });
    expect(res.statusCode).toBe(200);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ amount: 120_000, status: 'PAID' });
    expect(receipt.transactionId).toMatch(/^\d{13}$/);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, receipt.transactionId));
    expect(tx).toMatchObject({
      merchantId: SME,
      status: 'SUCCESS',
      paymentMethod: 'WALLET',
      amount: 120_000,
      fee: chargedFee({ status: 'SUCCESS', amount: 120_000, refundedAmount: 0 }),
      orderId: 'INV-77',
    });
    expect((await paymentsOf(link.id)).map((p) => p.transactionId)).toEqual([receipt.transactionId]);
    // In the transaction report and on the link.
    const report = await t.call(owner, { method: 'GET', url: `/api/transaction/v3/merchants/${SME}/transaction-report/${receipt.transactionId}` });
    expect(report.statusCode).toBe(200);
    const detail = (await t.call(owner, { method: 'GET', url: `${links}/${link.id}` })).json().data;
    expect(detail).toMatchObject({ status: 'PAID', paymentCount: 1, collectedAmount: 120_000 });
    const events = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.merchantId, SME));
    const mine = events.filter((e) => (e.data as { transactionId?: string }).transactionId === receipt.transactionId);
    expect(mine.map((e) => e.eventType).sort()).toEqual(['link.paid', 'payment.succeeded']);
    expect(new Set(mine.map((e) => e.eventId)).size).toBe(2);

    // Paid now: the page says so, a second payment is refused in plain words, nothing is added.
    expect((await t.call(null, { method: 'GET', url: pay(link.code) })).json().data).toMatchObject({ status: 'PAID', canPay: false });
    const again = await t.call(null, { method: 'POST', url: `${payment(link.code)}?lang=en`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This link has been paid');
    expect(await paymentsOf(link.id)).toHaveLength(1);
  });

  it('concurrent payments of a single-use link: exactly one succeeds', async () => {
    const link = await create({});
    const results = await Promise.all(Array.from({ length: 12 }, () => t.call(null, { method: 'POST', url: payment(link.code), payload: {} })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect(await paymentsOf(link.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(row).toMatchObject({ paymentCount: 1, collectedAmount: 120_000 });
    const txs = await t.database.db.select().from(transactions).where(and(eq(transactions.merchantId, SME), eq(transactions.orderId, link.code)));
    expect(txs).toHaveLength(1);
  });

  it('a reusable open link takes several payments within its range and refuses amounts outside it', async () => {
    const link = await create({ amountType: 'OPEN', amount: undefined, minAmount: 10_000, maxAmount: 500_000, singleUse: false });
    expect((await t.call(null, { method: 'POST', url: payment(link.code), payload: {} })).statusCode).toBe(400);
    const low = await t.call(null, { method: 'POST', url: payment(link.code), payload: { amount: 9_000 } });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Số tiền phải từ 10000 đ đến 500000 đ');
    expect((await t.call(null, { method: 'POST', url: payment(link.code), payload: { amount: 10_000.5 } })).statusCode).toBe(400);
    for (const amount of [10_000, 250_000]) {
      const res = await t.call(null, { method: 'POST', url: payment(link.code), payload: { amount } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('ACTIVE');
    }
    const detail = (await t.call(owner, { method: 'GET', url: `${links}/${link.id}` })).json().data;
    expect(detail).toMatchObject({ status: 'ACTIVE', paymentCount: 2, collectedAmount: 260_000 });
    // A fixed link refuses another amount.
    const fixed = await create({});
    expect((await t.call(null, { method: 'POST', url: payment(fixed.code), payload: { amount: 1_000 } })).statusCode).toBe(400);
    expect(await paymentsOf(fixed.id)).toHaveLength(0);
  });

  it('a deactivated or expired link refuses payment in plain words', async () => {
    const off = await create({});
    await t.call(owner, { method: 'POST', url: `${links}/${off.id}/deactivate` });
    const res = await t.call(null, { method: 'POST', url: payment(off.code), payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Liên kết này đã bị vô hiệu hoá');
    const expiring = await create({});
    await t.database.db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentLinks.id, expiring.id));
    expect((await t.call(null, { method: 'GET', url: pay(expiring.code) })).json().data.status).toBe('EXPIRED');
    const late = await t.call(null, { method: 'POST', url: payment(expiring.code), payload: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Liên kết này đã hết hạn');
    expect(await paymentsOf(expiring.id)).toHaveLength(0);
  });
});

describe('payer page API outside demo mode and under load', () => {
  it('outside demo mode the page shows the link but payments happen in the wallet app only', async () => {
    const t = await makeApp({ demoMode: false });
    try {
      const owner = await t.login('owner_demo');
      const link = (await t.call(owner, { method: 'POST', url: links, payload: { title: 'x', amountType: 'FIXED', amount: 5_000, singleUse: true } })).json().data;
      expect((await t.call(null, { method: 'GET', url: pay(link.code) })).json().data.canPay).toBe(false);
      expect((await t.call(null, { method: 'POST', url: payment(link.code), payload: {} })).statusCode).toBe(403);
      expect(await t.database.db.select().from(paymentLinkPayments).where(eq(paymentLinkPayments.linkId, link.id))).toHaveLength(0);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('is rate-limited per client (429 with Retry-After)', async () => {
    const t = await makeApp({ demoMode: true, rateLimit: { apiPerMinute: 10_000, loginPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await t.call(null, { method: 'GET', url: pay('zzzzzzzzzz') })).statusCode);
      expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
      expect(statuses[4]).toBe(429);
    } finally {
      await t.close();
    }
  }, 120_000);
});
