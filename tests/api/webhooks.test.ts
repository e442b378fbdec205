/**
 * Webhook deliveries against a real receiving HTTP server on loopback: queued in the caller's
 * transaction, signed (HMAC-SHA256 over "<t>.<body>", every key valid now), retried with exponential
 * backoff until a 2xx for at least 24 hours, one process per delivery, resend, and the SSRF guard
 * (private and loopback addresses refused unless demo mode allows them).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookSettings } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { secretBox } from '../../server/lib/merchant-api/crypto';
import { enqueueWebhookEvent } from '../../server/lib/webhooks';
import { isPrivateAddress } from '../../server/lib/webhooks/address';
import { claimDueDeliveries, CLAIM_TIMEOUT_MS, runDueWebhooks, type WorkerOptions } from '../../server/lib/webhooks/worker';
import type { IssuedCredential } from '../../src/domain/paymentIntegration';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const HOUR = 3_600_000;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

describe('webhook deliveries', () => {
  let t: TestApp;
  let owner: string;
  let server: Server;
  let url: string;
  let received: Received[] = [];
  /** Status codes the receiver answers with, in turn (200 once the list is used up). */
  let answers: number[] = [];
  let key: IssuedCredential;
  let demo: WorkerOptions;
  let production: WorkerOptions;

  const deliveryOf = async (id: number) => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
  const setWebhook = (environment: string, body: Record<string, unknown>) =>
    t.call(owner, { method: 'PUT', url: `/api/payment/v2/merchants/${SME}/webhooks/${environment}`, payload: body });
  const enqueue = (type: 'payment.succeeded' | 'refund.succeeded' | 'link.paid', data: Record<string, unknown>, environment: 'SANDBOX' | 'PRODUCTION' = 'SANDBOX') =>
    t.database.db.transaction((tx) => enqueueWebhookEvent(tx, { merchantId: SME, type, data, environment }));

  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`;
    const box = secretBox(t.config.tokenPepper);
    demo = { box, allowPrivate: true, timeoutMs: 5_000 };
    production = { box, allowPrivate: false, timeoutMs: 5_000 };
    key = (await t.call(owner, { method: 'POST', url: `/api/payment/v2/merchants/${SME}/credentials`, payload: { environment: 'SANDBOX' } })).json().data;
    const saved = await setWebhook('SANDBOX', { url, redirectUrl: '', eventTypes: ['payment.succeeded', 'refund.succeeded'] });
    expect(saved.statusCode).toBe(200);
  });
  afterEach(() => {
    received = [];
    answers = [];
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('queues only subscribed events of an environment with a URL, in the caller’s transaction', async () => {
    expect(await enqueue('link.paid', { code: 'X' })).toBeNull();
    expect(await enqueue('payment.succeeded', { transactionId: '1' }, 'PRODUCTION')).toBeNull();
    expect(await t.database.db.transaction((tx) => enqueueWebhookEvent(tx, { merchantId: OTHER, type: 'payment.succeeded', data: {} }))).toBeNull();
    // A transaction that rolls back announces nothing.
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, { merchantId: SME, type: 'payment.succeeded', data: { transactionId: 'rolled-back' }, environment: 'SANDBOX' });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await t.database.db.$count(webhookDeliveries, sql`${webhookDeliveries.data}->>'transactionId' = 'rolled-back'`)).toBe(0);
  });

  it('delivers a signed event with a unique id to the receiver on loopback (demo mode)', async () => {
    const queued = (await enqueue('payment.succeeded', { transactionId: '1000000000001', amount: 150_000 }))!;
    const other = (await enqueue('payment.succeeded', { transactionId: '1000000000002', amount: 1 }))!;
    expect(queued.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(other.eventId).not.toBe(queued.eventId);
    expect(await runDueWebhooks(t.database.db, demo)).toBe(2);
    expect(received).toHaveLength(2);
    const hit = received.find((r) => JSON.parse(r.body).id === queued.eventId)!;
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ id: queued.eventId, type: 'payment.succeeded', environment: 'SANDBOX', data: { transactionId: '1000000000001', amount: 150_000 } });
    expect(hit.headers['x-webhook-event-id']).toBe(queued.eventId);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers['x-webhook-signature']));
    expect(match).not.toBeNull();
    const expected = createHmac('sha256', key.secretKey).update(`${match![1]}.${hit.body}`).digest('hex');
    expect(match![2]).toBe(expected);
    expect(Math.abs(Number(match![1]) - Date.now() / 1000)).toBeLessThan(30);

    const row = await deliveryOf(queued.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 1, lastHttpStatus: 200 });
    expect(row.lastLatencyMs).toBeGreaterThanOrEqual(0);
    // Nothing is due any more.
    expect(await runDueWebhooks(t.database.db, demo)).toBe(0);

    // The log shows it (time, event, HTTP status, latency, attempts).
    const log = await t.call(owner, { method: 'GET', url: `/api/payment/v2/merchants/${SME}/webhook-deliveries` });
    const entry = log.json().data.content.find((d: { id: number }) => d.id === queued.id);
    expect(entry).toMatchObject({ eventType: 'payment.succeeded', status: 'DELIVERED', attempts: 1, lastHttpStatus: 200, nextAttemptAt: null });
  });

  it('retries with exponential backoff until a 2xx, and gives up only after 24 hours', async () => {
    const queued = (await enqueue('refund.succeeded', { refundId: 7 }))!;
    answers = [500, 503];
    const start = Date.now();
    let clock = start;
    const now = () => new Date(clock);

    await runDueWebhooks(t.database.db, demo, now);
    let row = await deliveryOf(queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastHttpStatus: 500 });
    expect(row.nextAttemptAt.getTime() - start).toBeGreaterThanOrEqual(30_000);
    expect(row.nextAttemptAt.getTime() - start).toBeLessThan(32_000);
    // Not due yet: nothing is sent.
    clock = start + 20_000;
    expect(await runDueWebhooks(t.database.db, demo, now)).toBe(0);

    clock = start + 31_000;
    await runDueWebhooks(t.database.db, demo, now);
    row = await deliveryOf(queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2, lastHttpStatus: 503 });
    // The second wait is twice the first.
    expect(row.nextAttemptAt.getTime() - clock).toBeGreaterThanOrEqual(60_000);
    expect(row.nextAttemptAt.getTime() - clock).toBeLessThan(62_000);

    clock = row.nextAttemptAt.getTime();
    await runDueWebhooks(t.database.db, demo, now);
    row = await deliveryOf(queued.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 3, lastHttpStatus: 200 });
    const attempts = await t.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, queued.id)).orderBy(webhookAttempts.id);
    expect(attempts.map((a) => a.httpStatus)).toEqual([500, 503, 200]);
    // Every attempt carried the same event id.
    expect(new Set(received.map((r) => r.headers['x-webhook-event-id']))).toEqual(new Set([queued.eventId]));

    // A receiver that keeps failing: still retried 23 hours later, given up after the window.
    const failing = (await enqueue('refund.succeeded', { refundId: 8 }))!;
    answers = Array(10).fill(500);
    clock = Date.now() + 23 * HOUR;
    await runDueWebhooks(t.database.db, demo, now);
    row = await deliveryOf(failing.id);
    expect(row.status).toBe('PENDING');
    expect(row.nextAttemptAt.getTime() - clock).toBeLessThanOrEqual(2 * HOUR);
    clock = Date.now() + 25 * HOUR + 1;
    await runDueWebhooks(t.database.db, demo, now);
    row = await deliveryOf(failing.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });

    // Resend queues it again (same event id) and it is delivered.
    answers = [];
    const resend = await t.call(owner, { method: 'POST', url: `/api/payment/v2/merchants/${SME}/webhook-deliveries/${failing.id}/resend` });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data).toMatchObject({ status: 'PENDING', eventId: failing.eventId });
    received = [];
    await runDueWebhooks(t.database.db, demo);
    expect(await deliveryOf(failing.id)).toMatchObject({ status: 'DELIVERED', attempts: 3 });
    expect(received.map((r) => JSON.parse(r.body).id)).toEqual([failing.eventId]);
  });

  it('each delivery is claimed by one process; a claim abandoned by a dead process is taken again', async () => {
    const queued = (await enqueue('payment.succeeded', { transactionId: 'claim' }))!;
    const [a, b] = await Promise.all([claimDueDeliveries(t.database.db, new Date()), claimDueDeliveries(t.database.db, new Date())]);
    expect([...a, ...b].filter((id) => id === queued.id)).toHaveLength(1);
    expect((await deliveryOf(queued.id)).status).toBe('SENDING');
    // The claiming process "died": nothing is sent until the claim is stale, then it is sent once.
    expect(await runDueWebhooks(t.database.db, demo)).toBe(0);
    const later = () => new Date(Date.now() + CLAIM_TIMEOUT_MS + 1_000);
    expect(await runDueWebhooks(t.database.db, demo, later)).toBe(1);
    expect(await deliveryOf(queued.id)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
    expect(received).toHaveLength(1);
  });

  it('signs with both keys during a rotation overlap', async () => {
    const rotated: IssuedCredential = (
      await t.call(owner, { method: 'POST', url: `/api/payment/v2/merchants/${SME}/credentials/${key.credential.id}/rotate`, payload: { overlapHours: 1 } })
    ).json().data;
    await enqueue('payment.succeeded', { transactionId: 'rotation' });
    await runDueWebhooks(t.database.db, demo);
    const [hit] = received;
    const header = String(hit.headers['x-webhook-signature']);
    const [, timestamp] = /^t=(\d+)/.exec(header)!;
    const sig = (secret: string) => createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex');
    expect(header).toBe(`t=${timestamp},v1=${sig(rotated.secretKey)},v1=${sig(key.secretKey)}`);
    key = rotated;
  });

  it('production mode refuses loopback and private addresses (SSRF); demo mode allows them', async () => {
    const queued = (await enqueue('payment.succeeded', { transactionId: 'ssrf' }))!;
    await runDueWebhooks(t.database.db, production);
    expect(received).toHaveLength(0);
    const row = await deliveryOf(queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastHttpStatus: null });
    expect(row.lastError).toContain('refused: 127.0.0.1 is a private or loopback address');

    // A name that resolves to loopback is refused too (checked on the address connected to).
    await t.database.db
      .update(webhookSettings)
      .set({ url: url.replace('127.0.0.1', 'localhost') })
      .where(and(eq(webhookSettings.merchantId, SME), eq(webhookSettings.environment, 'SANDBOX')));
    const byName = (await enqueue('payment.succeeded', { transactionId: 'ssrf-name' }))!;
    await runDueWebhooks(t.database.db, production, () => new Date(Date.now() + HOUR));
    expect(received).toHaveLength(0);
    expect((await deliveryOf(byName.id)).lastError).toMatch(/refused: (127\.0\.0\.1|::1) is a private or loopback address/);

    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fd00::1', 'fe80::1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '203.113.1.1', '2001:4860:4860::8888']) expect(isPrivateAddress(address), address).toBe(false);

    // The same queue in demo mode reaches the receiver.
    await runDueWebhooks(t.database.db, demo, () => new Date(Date.now() + 2 * HOUR));
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect((await deliveryOf(byName.id)).status).toBe('DELIVERED');
  });
});
