/**
 * The webhook worker on PostgreSQL with two app instances on one database (each with its own connection
 * pool, as two processes would have): both run delivery passes at the same time and every queued event
 * reaches the receiver exactly once (FOR UPDATE SKIP LOCKED claims), and both run the expiry sweep at the
 * same time and every expired link is announced once. Runs when TEST_DATABASE_URL names a throwaway
 * PostgreSQL, on a database of its own (postgres.test.ts resets TEST_DATABASE_URL's schema in parallel).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ownDatabase, describeOnPostgres } from './processes';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { paymentLinks, webhookAttempts, webhookDeliveries } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { secretBox } from '../../server/lib/merchant-api/crypto';
import { enqueueWebhookEvent } from '../../server/lib/webhooks';
import { sweepExpiredLinks } from '../../server/lib/webhooks/expiry';
import { runDueWebhooks, type WorkerOptions } from '../../server/lib/webhooks/worker';

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = 'portal_test_webhook_workers';
const SME = DemoMerchants.sme.id;
const EVENTS = 60;
const HOUR = 3_600_000;

describeOnPostgres('webhook worker: two app instances on one PostgreSQL', () => {
  let apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];
  let server: Server;
  const received: string[] = [];

  beforeAll(async () => {
    const own = await ownDatabase(url!, OWN_DATABASE);
    // The first instance migrates and seeds; the second opens the same database. One deployment: one
    // pepper, so either instance opens the signing keys. Each instance also runs its own worker timer.
    const config = testConfig({ databaseUrl: own, backgroundJobs: true });
    apps = [await buildApp(config)];
    apps.push(await buildApp({ ...config }));

    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).id);
        // A little latency, so the two instances' passes overlap.
        setTimeout(() => res.end('ok'), 5);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`;

    const login = await apps[0].inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'owner_demo', password: 'Demo@1234' } });
    const token = login.json().data.token as string;
    const call = (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) =>
      apps[0].inject({ method, url: `/api/payment/v2/merchants/${SME}${path}`, payload, headers: { authorization: `Bearer ${token}` } });
    expect((await call('POST', '/credentials', { environment: 'SANDBOX' })).statusCode).toBe(200);
    const saved = await call('PUT', '/webhooks/SANDBOX', { url: receiver, redirectUrl: '', eventTypes: ['payment.succeeded'] });
    expect(saved.statusCode, saved.body).toBe(200);
    // Links are production events; that receiver refuses connections (the events stay queued for retries).
    const production = await call('PUT', '/webhooks/PRODUCTION', { url: 'https://127.0.0.1:1/ipn', redirectUrl: '', eventTypes: ['link.expired'] });
    expect(production.statusCode, production.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await new Promise((resolve) => server?.close(resolve));
  });

  const options = (app: (typeof apps)[number]): WorkerOptions => ({ box: secretBox(app.config.tokenPepper), allowPrivate: true, timeoutMs: 5_000 });

  it(`${EVENTS} queued events are each delivered exactly once while both instances run passes at the same time`, async () => {
    const db = apps[0].database.db;
    const queued: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const event = await db.transaction((tx) =>
        enqueueWebhookEvent(tx, { merchantId: SME, type: 'payment.succeeded', data: { transactionId: String(2_000_000_000_000 + i) }, environment: 'SANDBOX' }),
      );
      queued.push(event!.eventId);
    }
    // Several overlapping passes per instance, next to each instance's own worker timer.
    await Promise.all(apps.flatMap((app) => [0, 1, 2].map(() => runDueWebhooks(app.database.db, options(app)))));
    const deadline = Date.now() + 15_000;
    const rowsOf = () => db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, queued));
    while ((await rowsOf()).some((r) => r.status !== 'DELIVERED') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const rows = await rowsOf();
    expect(rows.every((r) => r.status === 'DELIVERED' && r.attempts === 1)).toBe(true);
    // Each event reached the receiver once: no event twice, none missing.
    expect([...received].sort()).toEqual([...queued].sort());
    const attempts = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)));
    expect(attempts).toHaveLength(EVENTS);
    // Nothing is left to send by either instance.
    expect(await Promise.all(apps.map((app) => runDueWebhooks(app.database.db, options(app))))).toEqual([0, 0]);
  });

  it('expired links are announced once when both instances sweep at the same time', async () => {
    const db = apps[0].database.db;
    await db.update(paymentLinks).set({ expiredEventAt: new Date() });
    // Demo links that had expired before (announced by the instances' own timers) are counted apart.
    const before = await db.$count(webhookDeliveries, eq(webhookDeliveries.eventType, 'link.expired'));
    const soon = new Date(Date.now() + HOUR);
    const created = await db
      .insert(paymentLinks)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          merchantId: SME,
          code: `pgsweep${String(i).padStart(4, '0')}`,
          title: `Sweep ${i}`,
          amountType: 'FIXED',
          amount: 100_000,
          minAmount: 100_000,
          maxAmount: 100_000,
          singleUse: true,
          expiresAt: soon,
        })),
      )
      .returning({ code: paymentLinks.code });
    const later = new Date(Date.now() + 2 * HOUR);
    const claimed = await Promise.all(apps.flatMap((app) => [0, 1].map(() => sweepExpiredLinks(app.database.db, later))));
    const events = await db.select({ data: webhookDeliveries.data }).from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'link.expired'));
    // One event per claimed link (demo links expiring within the two hours are among them), ours each once.
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(events.length - before);
    const codes = events.map((e) => (e.data as { paymentLinkCode: string }).paymentLinkCode);
    expect(codes.filter((c) => c.startsWith('pgsweep')).sort()).toEqual(created.map((c) => c.code).sort());
    expect(new Set(codes).size).toBe(codes.length);
    // Queued once per link: a second round of sweeps claims nothing.
    expect(await Promise.all(apps.map((app) => sweepExpiredLinks(app.database.db, later)))).toEqual([0, 0]);
    expect(await db.$count(webhookDeliveries, eq(webhookDeliveries.eventType, 'link.expired'))).toBe(events.length);
  });
});
