/**
 * Payment integration centre: credentials (secret shown once, rotation with overlap, revoke, audit),
 * webhook settings (https only in production), test events, the delivery log, selling plans, roles and
 * another merchant's ids; and the signed merchant API (signature, timestamp, replay, idempotent refund).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { apiCredentials, integrationAuditEntries, paymentLinks, refunds, transactions, webhookDeliveries } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { signRequest } from '../../server/lib/merchant-api';
import { SIGNING_EXAMPLE, type ApiCredential, type IssuedCredential } from '../../src/domain/paymentIntegration';
import { webhookSignature } from '../../server/lib/webhooks/worker';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (merchantId: number) => `/api/payment/v2/merchants/${merchantId}`;

describe('payment integration centre', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  let cashier: string;
  let accountant: string;
  let developer: string;

  const createCredential = (token: string, merchantId: number, environment: string) =>
    t.call(token, { method: 'POST', url: `${base(merchantId)}/credentials`, payload: { environment } });
  const overview = async (token: string, merchantId = SME) => (await t.call(token, { method: 'GET', url: `${base(merchantId)}/integration` })).json().data;

  /** A signed merchant API call; `at` overrides the timestamp (unix seconds). */
  const signed = (
    key: { accessKey: string; secretKey: string },
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    options: { at?: number; headers?: Record<string, string>; signature?: string } = {},
  ) => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    // Milliseconds: the tests call the same path with the same key within one second (not a replay).
    const timestamp = String(options.at ?? Date.now());
    return t.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : raw,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-access-key': key.accessKey,
        'x-timestamp': timestamp,
        'x-signature': options.signature ?? signRequest(key.secretKey, method, url, timestamp, raw),
        ...options.headers,
      },
    });
  };

  const usernameWithRole = async (merchantId: number, role: string) => {
    const result = await t.database.db.execute(
      sql`select u.username from users u join memberships m on m.user_id = u.id
          where m.merchant_id = ${merchantId} and ${role} = any(m.roles) and m.status = 'ACTIVE' order by u.id limit 1`,
    );
    return (result as unknown as { rows: Array<{ username: string }> }).rows[0]?.username;
  };

  beforeAll(async () => {
    t = await makeApp();
    [owner, otherOwner, cashier, accountant] = await Promise.all([
      t.login('owner_demo'),
      t.login('other_owner_demo'),
      t.login('cashier_demo'),
      t.login('accountant_demo'),
    ]);
    const dev = (await usernameWithRole(SME, 'DEVELOPER')) ?? (await usernameWithRole(OTHER, 'DEVELOPER'));
    expect(dev, 'the seed has a DEVELOPER').toBeTruthy();
    developer = await t.login(dev!);
  });
  afterAll(() => t.close());

  it('the signing guide’s worked example is what the server computes', () => {
    const E = SIGNING_EXAMPLE;
    expect(signRequest(E.secretKey, E.method, E.path, E.timestamp, E.body)).toBe(E.signature);
    expect(webhookSignature(Number(E.timestamp), E.webhookBody, [E.secretKey])).toBe(`t=${E.timestamp},v1=${E.webhookSignature}`);
  });

  it('refuses roles without MERCHANT_PAYMENT_INTEGRATION and merchants the caller does not belong to', async () => {
    for (const token of [cashier, accountant]) {
      const res = await t.call(token, { method: 'GET', url: `${base(SME)}/integration` });
      expect(res.statusCode).toBe(403);
      expect((await createCredential(token, SME, 'SANDBOX')).statusCode).toBe(403);
    }
    expect((await t.call(otherOwner, { method: 'GET', url: `${base(SME)}/integration` })).statusCode).toBe(403);
    expect(await t.database.db.$count(apiCredentials, eq(apiCredentials.merchantId, SME))).toBe(0);
    // A DEVELOPER opens the centre of their merchant.
    const devMerchant = (await usernameWithRole(SME, 'DEVELOPER')) ? SME : OTHER;
    expect((await t.call(developer, { method: 'GET', url: `${base(devMerchant)}/integration` })).statusCode).toBe(200);
  });

  let sandbox: IssuedCredential;

  it('creates credentials with the secret key shown once, stored encrypted, never logged, audited', async () => {
    const res = await createCredential(owner, SME, 'SANDBOX');
    expect(res.statusCode).toBe(200);
    sandbox = res.json().data;
    expect(sandbox.secretKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(sandbox.credential).toMatchObject({
      environment: 'SANDBOX',
      partnerCode: DemoMerchants.sme.partnerCode,
      status: 'ACTIVE',
      secretLast4: sandbox.secretKey.slice(-4),
    });
    expect(sandbox.credential.accessKey).toMatch(/^ak_[0-9a-f]{24}$/);

    const listed = await overview(owner);
    expect(JSON.stringify(listed)).not.toContain(sandbox.secretKey);
    expect(listed.credentials).toHaveLength(1);
    expect(listed.credentials[0]).toMatchObject({ id: sandbox.credential.id, secretLast4: sandbox.secretKey.slice(-4) });

    const [row] = await t.database.db.select().from(apiCredentials).where(eq(apiCredentials.id, sandbox.credential.id));
    expect(row.secretEncrypted).not.toContain(sandbox.secretKey);
    expect(row.secretEncrypted).not.toContain(sandbox.secretKey.slice(3));
    expect(t.logs.join('\n')).not.toContain(sandbox.secretKey);

    const audit = await t.database.db.select().from(integrationAuditEntries).where(eq(integrationAuditEntries.merchantId, SME));
    expect(audit.map((a) => a.action)).toEqual(['CREDENTIAL_CREATED']);
    expect(JSON.stringify(audit)).not.toContain(sandbox.secretKey);

    // One active key per environment; production is separate.
    const again = await createCredential(owner, SME, 'SANDBOX');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Môi trường này đã có khóa đang hoạt động. Hãy xoay vòng hoặc thu hồi khóa hiện tại.');
    expect((await createCredential(owner, SME, 'PRODUCTION')).statusCode).toBe(200);
    expect((await createCredential(owner, SME, 'STAGING')).statusCode).toBe(400);
  });

  it('another merchant cannot rotate, revoke or resend with this merchant’s ids', async () => {
    const id = sandbox.credential.id;
    for (const action of ['rotate', 'revoke']) {
      const res = await t.call(otherOwner, {
        method: 'POST',
        url: `${base(OTHER)}/credentials/${id}/${action}`,
        payload: action === 'rotate' ? { overlapHours: 24 } : undefined,
      });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(apiCredentials).where(eq(apiCredentials.id, id));
    expect(row.status).toBe('ACTIVE');
  });

  const txUrl = (id: string) => `/api/payment/v2/open/transactions/${id}`;
  let smeTx: { id: string; amount: number; refundedAmount: number };
  let otherTxId: string;

  it('signed API: a valid signature reads a transaction; bad, stale, replayed and foreign requests are refused', async () => {
    [smeTx] = await t.database.db
      .select({ id: transactions.id, amount: transactions.amount, refundedAmount: transactions.refundedAmount })
      .from(transactions)
      .where(and(eq(transactions.merchantId, SME), eq(transactions.status, 'SUCCESS'), eq(transactions.refundedAmount, 0)))
      .limit(1);
    [{ id: otherTxId }] = await t.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.merchantId, OTHER)).limit(1);
    const key = { accessKey: sandbox.credential.accessKey, secretKey: sandbox.secretKey };

    const good = await signed(key, 'GET', txUrl(smeTx.id));
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ id: smeTx.id, amount: smeTx.amount, status: 'SUCCESS' });

    // The same request again is a replay.
    const at = Math.floor(Date.now() / 1000) - 30;
    expect((await signed(key, 'GET', txUrl(smeTx.id), undefined, { at })).statusCode).toBe(200);
    const replay = await signed(key, 'GET', txUrl(smeTx.id), undefined, { at });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Yêu cầu này đã được xử lý trước đó (chữ ký đã được dùng).');

    const stale = await signed(key, 'GET', txUrl(smeTx.id), undefined, { at: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Yêu cầu đã quá hạn: thời điểm ký lệch quá 5 phút.');
    const future = await signed(key, 'GET', txUrl(smeTx.id), undefined, { at: Math.floor(Date.now() / 1000) + 400 });
    expect(future.statusCode).toBe(401);

    const wrongKey = await signed({ ...key, secretKey: 'sk_not_the_key' }, 'GET', txUrl(smeTx.id));
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().message).toBe('Chữ ký yêu cầu không hợp lệ.');
    // Signed for another path: the signature covers method and path.
    const ts = String(Math.floor(Date.now() / 1000));
    const otherPath = await signed(key, 'GET', txUrl(smeTx.id), undefined, { signature: signRequest(key.secretKey, 'GET', txUrl(otherTxId), ts, ''), at: Number(ts) });
    expect(otherPath.statusCode).toBe(401);
    const unknown = await signed({ accessKey: 'ak_000000000000000000000000', secretKey: sandbox.secretKey }, 'GET', txUrl(smeTx.id));
    expect(unknown.statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'GET', url: txUrl(smeTx.id) });
    expect(bare.statusCode).toBe(401);

    // Another merchant's transaction is not found with these keys.
    expect((await signed(key, 'GET', txUrl(otherTxId))).statusCode).toBe(404);
    const en = await signed(key, 'GET', `${txUrl(smeTx.id)}?lang=en`, undefined, { at: 1 });
    expect(en.json().message).toBe('The request has expired: its timestamp is more than 5 minutes off.');
  });

  it('signed API refunds: sandbox keys only simulate; production keys refund once per idempotency key; a tampered body is refused', async () => {
    const sandboxKey = { accessKey: sandbox.credential.accessKey, secretKey: sandbox.secretKey };
    const url = `${txUrl(smeTx.id)}/refunds`;
    const body = { amount: 1_000, reason: 'Khách trả hàng' };

    const simulated = await signed(sandboxKey, 'POST', url, body, { headers: { 'idempotency-key': 'sandbox-refund-1' } });
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json().data).toMatchObject({ simulated: true, amount: 1_000, id: null });
    expect(await t.database.db.$count(refunds, eq(refunds.transactionId, smeTx.id))).toBe(0);

    const rotatedProd = await createCredentialOrRotate('PRODUCTION');
    const prodKey = { accessKey: rotatedProd.credential.accessKey, secretKey: rotatedProd.secretKey };
    // (The signature covers method, path, timestamp and body: each request below is signed at its own second.)
    const noKey = await signed(prodKey, 'POST', url, body, { at: Math.floor(Date.now() / 1000) - 40 });
    expect(noKey.statusCode).toBe(400);

    // The body is signed: changing the amount after signing is refused.
    const ts = String(Math.floor(Date.now() / 1000) - 50);
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify({ ...body, amount: 999_999 }),
      headers: {
        'content-type': 'application/json',
        'x-access-key': prodKey.accessKey,
        'x-timestamp': ts,
        'x-signature': signRequest(prodKey.secretKey, 'POST', url, ts, JSON.stringify(body)),
        'idempotency-key': 'prod-refund-1',
      },
    });
    expect(tampered.statusCode).toBe(401);

    const first = await signed(prodKey, 'POST', url, body, { headers: { 'idempotency-key': 'prod-refund-1' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ simulated: false, replayed: false, amount: 1_000 });
    // A retry (new timestamp, so a new signature) with the same key returns the first refund.
    const retry = await signed(prodKey, 'POST', url, body, { at: Math.floor(Date.now() / 1000) - 2, headers: { 'idempotency-key': 'prod-refund-1' } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ replayed: true, id: first.json().data.id });
    const [after] = await t.database.db.select().from(transactions).where(eq(transactions.id, smeTx.id));
    expect(after.refundedAmount).toBe(1_000);
    expect(await t.database.db.$count(refunds, eq(refunds.transactionId, smeTx.id))).toBe(1);

    const over = await signed(prodKey, 'POST', url, { amount: smeTx.amount }, { headers: { 'idempotency-key': 'prod-refund-2' } });
    expect(over.statusCode).toBe(422);
    // Another merchant's transaction: not found, nothing changed.
    const foreign = await signed(prodKey, 'POST', `${txUrl(otherTxId)}/refunds`, body, { headers: { 'idempotency-key': 'prod-refund-3' } });
    expect(foreign.statusCode).toBe(404);
    expect(await t.database.db.$count(refunds, eq(refunds.transactionId, otherTxId))).toBe(0);
  });

  /** The PRODUCTION key made in the credentials test. */
  async function createCredentialOrRotate(environment: string): Promise<IssuedCredential> {
    const current = (await overview(owner)).credentials.find((c: ApiCredential) => c.environment === environment && c.status === 'ACTIVE');
    const res = await t.call(owner, { method: 'POST', url: `${base(SME)}/credentials/${current.id}/rotate`, payload: { overlapHours: 0 } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('rotation keeps the old key working during the overlap, then revoke stops it at once', async () => {
    const old = { accessKey: sandbox.credential.accessKey, secretKey: sandbox.secretKey };
    const bad = await t.call(owner, { method: 'POST', url: `${base(SME)}/credentials/${sandbox.credential.id}/rotate`, payload: { overlapHours: 5 } });
    expect(bad.statusCode).toBe(400);
    const res = await t.call(owner, { method: 'POST', url: `${base(SME)}/credentials/${sandbox.credential.id}/rotate`, payload: { overlapHours: 24 } });
    expect(res.statusCode).toBe(200);
    const fresh: IssuedCredential = res.json().data;
    expect(fresh.secretKey).not.toBe(sandbox.secretKey);
    expect(fresh.credential.status).toBe('ACTIVE');

    const listed = (await overview(owner)).credentials as ApiCredential[];
    const previous = listed.find((c) => c.id === sandbox.credential.id)!;
    expect(previous.status).toBe('ROTATED');
    const overlapEnd = new Date(previous.expiresAt!).getTime();
    expect(Math.abs(overlapEnd - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    expect((await signed(old, 'GET', txUrl(smeTx.id))).statusCode).toBe(200);
    expect((await signed({ accessKey: fresh.credential.accessKey, secretKey: fresh.secretKey }, 'GET', txUrl(smeTx.id))).statusCode).toBe(200);
    // Rotating a key that is no longer active is refused.
    expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/credentials/${sandbox.credential.id}/rotate`, payload: { overlapHours: 0 } })).statusCode).toBe(409);

    const revoked = await t.call(owner, { method: 'POST', url: `${base(SME)}/credentials/${sandbox.credential.id}/revoke` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('REVOKED');
    expect((await signed(old, 'GET', txUrl(smeTx.id))).statusCode).toBe(401);

    const actions = (await t.database.db.select().from(integrationAuditEntries).where(eq(integrationAuditEntries.merchantId, SME))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['CREDENTIAL_ROTATED', 'CREDENTIAL_REVOKED']));
  });

  it('webhook settings: https only in production, per-environment, test event queued in the delivery log', async () => {
    const put = (environment: string, payload: unknown, lang = 'vi') =>
      t.call(owner, { method: 'PUT', url: `${base(SME)}/webhooks/${environment}?lang=${lang}`, payload: payload as Record<string, unknown> });
    const httpProd = await put('PRODUCTION', { url: 'http://shop.example.vn/ipn', redirectUrl: '', eventTypes: ['payment.succeeded'] });
    expect(httpProd.statusCode).toBe(400);
    expect(httpProd.json().data.errors).toEqual([{ field: 'url', message: 'URL webhook: Môi trường production chỉ chấp nhận địa chỉ https://' }]);
    const en = await put('PRODUCTION', { url: 'https://shop.example.vn/ipn', redirectUrl: 'http://shop.example.vn/done', eventTypes: [] }, 'en');
    expect(en.json().data.errors).toEqual([{ field: 'redirectUrl', message: 'Redirect URL: Production accepts https:// addresses only' }]);
    expect((await put('SANDBOX', { url: 'ftp://x.example/ipn', redirectUrl: '', eventTypes: [] })).statusCode).toBe(400);
    expect((await put('SANDBOX', { url: 'https://u:p@x.example/ipn', redirectUrl: '', eventTypes: [] })).statusCode).toBe(400);
    expect((await put('SANDBOX', { url: 'https://x.example/ipn', redirectUrl: '', eventTypes: ['payment.maybe'] })).statusCode).toBe(400);
    expect((await overview(owner)).webhooks.every((w: { url: string }) => w.url === '')).toBe(true);

    const ok = await put('SANDBOX', { url: 'http://127.0.0.1:9/ipn', redirectUrl: 'http://127.0.0.1:9/done', eventTypes: ['payment.succeeded', 'refund.succeeded'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ environment: 'SANDBOX', url: 'http://127.0.0.1:9/ipn', eventTypes: ['payment.succeeded', 'refund.succeeded'] });
    expect((await put('PRODUCTION', { url: 'https://shop.example.vn/ipn', redirectUrl: '', eventTypes: ['payment.succeeded'] })).statusCode).toBe(200);

    const test = await t.call(owner, { method: 'POST', url: `${base(SME)}/webhooks/SANDBOX/test` });
    expect(test.statusCode).toBe(200);
    expect(test.json().data).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 0, environment: 'SANDBOX' });
    expect(test.json().data.eventId).toMatch(/^evt_[0-9a-f]{32}$/);

    const log = await t.call(owner, { method: 'GET', url: `${base(SME)}/webhook-deliveries?environment=SANDBOX` });
    expect(log.json().data.content.map((d: { eventId: string }) => d.eventId)).toContain(test.json().data.eventId);
    // Another merchant sees none of it, and cannot resend it.
    const otherLog = await t.call(otherOwner, { method: 'GET', url: `${base(OTHER)}/webhook-deliveries` });
    expect(otherLog.json().data.totalElements).toBe(0);
    const foreignResend = await t.call(otherOwner, { method: 'POST', url: `${base(OTHER)}/webhook-deliveries/${test.json().data.id}/resend` });
    expect(foreignResend.statusCode).toBe(404);
    // Other merchant without URL or keys: refused with the reason.
    const noUrl = await t.call(otherOwner, { method: 'POST', url: `${base(OTHER)}/webhooks/SANDBOX/test` });
    expect(noUrl.statusCode).toBe(409);
    expect(noUrl.json().message).toBe('Chưa cấu hình URL webhook cho môi trường này.');
    expect(await t.database.db.$count(webhookDeliveries, eq(webhookDeliveries.merchantId, OTHER))).toBe(0);
  });

  it('selling plans: the fee plan of each payment service with its rates, read-only, in the caller’s language', async () => {
    const res = await t.call(owner, { method: 'GET', url: `/api/selling-plan/v1/merchants/${SME}/plans?lang=en` });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data;
    expect(plans.map((p: { serviceCode: string }) => p.serviceCode)).toEqual(['DISBURSEMENT', 'PAYMENT_LINK', 'QR_PAYMENT', 'WALLET_PAYMENT']);
    const wallet = plans.find((p: { serviceCode: string }) => p.serviceCode === 'WALLET_PAYMENT');
    expect(wallet.planName).toBe('Wallet payments - Standard plan');
    expect(wallet.rates).toContainEqual({ method: 'WALLET', rateBps: 110, fixedFee: 0 });
    expect((await t.call(cashier, { method: 'GET', url: `/api/selling-plan/v1/merchants/${SME}/plans` })).statusCode).toBe(403);
    expect((await t.call(owner, { method: 'POST', url: `/api/selling-plan/v1/merchants/${SME}/plans` })).statusCode).toBe(404);
  });

  it('signed API payment links: create and get by code; another merchant’s code is not found; bad bodies create nothing', async () => {
    const prod = await createCredentialOrRotate('PRODUCTION');
    const key = { accessKey: prod.credential.accessKey, secretKey: prod.secretKey };
    const before = await t.database.db.$count(paymentLinks, eq(paymentLinks.merchantId, SME));
    const bad = await signed(key, 'POST', '/api/payment/v2/open/payment-links', { title: '', amountType: 'FIXED', amount: 5 });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.$count(paymentLinks, eq(paymentLinks.merchantId, SME))).toBe(before);

    const created = await signed(key, 'POST', '/api/payment/v2/open/payment-links', {
      title: 'Đơn hàng 1001',
      amountType: 'FIXED',
      amount: 250_000,
      singleUse: true,
      reference: 'ORDER-1001',
    });
    expect(created.statusCode).toBe(200);
    const link = created.json().data;
    expect(link).toMatchObject({ title: 'Đơn hàng 1001', amount: 250_000, status: 'ACTIVE' });
    expect(await t.database.db.$count(paymentLinks, eq(paymentLinks.merchantId, SME))).toBe(before + 1);

    const got = await signed(key, 'GET', `/api/payment/v2/open/payment-links/${link.code}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id: link.id, code: link.code, qrPayload: link.qrPayload });

    // The other merchant's keys do not see it.
    const other: IssuedCredential = (await createCredential(otherOwner, OTHER, 'SANDBOX')).json().data;
    const foreign = await signed({ accessKey: other.credential.accessKey, secretKey: other.secretKey }, 'GET', `/api/payment/v2/open/payment-links/${link.code}`);
    expect(foreign.statusCode).toBe(404);
  });
});
