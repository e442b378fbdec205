/**
 * The `link.expired` webhook event: a link's EXPIRED status is derived on read, and the expiry sweep of
 * the webhook worker queues the event afterwards, once per link (a conditional UPDATE of
 * payment_links.expired_event_at in the event's own transaction), however often and however many sweeps
 * run; paid, deactivated, unexpired and unsubscribed links queue nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { paymentLinks, webhookDeliveries } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { sweepExpiredLinks } from '../../server/lib/webhooks/expiry';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const HOUR = 3_600_000;
const base = (merchantId: number) => `/api/payment-link/v1/merchants/${merchantId}/payment-links`;
/** A Vietnam wall-clock minute `hours` from now, 'YYYY-MM-DDTHH:mm'. */
const vnLocal = (hours: number) => new Date(Date.now() + hours * HOUR + 7 * HOUR).toISOString().slice(0, 16);
const link = (title: string, expiresInHours: number | null) => ({
  title,
  amountType: 'FIXED',
  amount: 120_000,
  singleUse: true,
  reference: `REF-${title}`,
  ...(expiresInHours === null ? {} : { expiresAt: vnLocal(expiresInHours) }),
});

describe('link.expired webhook events', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  const codes: Record<string, string> = {};

  const expiredEvents = async () =>
    t.database.db
      .select({ merchantId: webhookDeliveries.merchantId, environment: webhookDeliveries.environment, data: webhookDeliveries.data })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'link.expired'));
  const create = async (token: string, merchantId: number, body: Record<string, unknown>) => {
    const res = await t.call(token, { method: 'POST', url: base(merchantId), payload: body });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; code: string };
  };

  beforeAll(async () => {
    t = await makeApp();
    [owner, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('other_owner_demo')]);
    // Links expired before the test (seeds) are out of its way.
    await t.database.db.update(paymentLinks).set({ expiredEventAt: new Date() });
    const saved = await t.call(owner, {
      method: 'PUT',
      url: `/api/payment/v2/merchants/${SME}/webhooks/PRODUCTION`,
      payload: { url: 'https://hooks.example.com/ipn', redirectUrl: '', eventTypes: ['link.expired', 'link.paid'] },
    });
    expect(saved.statusCode).toBe(200);
    for (const [name, hours] of [['soon', 1], ['later', 5], ['never', null], ['deactivated', 1], ['paid', 1]] as const) {
      codes[name] = (await create(owner, SME, link(name, hours))).code;
    }
    codes.other = (await create(otherOwner, OTHER, link('other', 1))).code;
    const off = await t.call(owner, { method: 'POST', url: `${base(SME)}/${(await byCode(codes.deactivated)).id}/deactivate` });
    expect(off.statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `/api/payment-link/v1/pay/${codes.paid}/payments`, payload: {} });
    expect(paid.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const byCode = async (code: string) => (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.code, code)))[0]!;

  it('queues nothing while no link has expired', async () => {
    expect(await sweepExpiredLinks(t.database.db, new Date())).toBe(0);
    expect(await expiredEvents()).toEqual([]);
  });

  it('queues link.expired once per expired link, for the subscribed merchant only, even with sweeps in parallel and again later', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const claimed = await Promise.all(Array.from({ length: 5 }, () => sweepExpiredLinks(t.database.db, at)));
    // Two links expired (SME's "soon" and OTHER's): each claimed by exactly one sweep.
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sweepExpiredLinks(t.database.db, at)).toBe(0);
    expect(await sweepExpiredLinks(t.database.db, new Date(at.getTime() + 60_000))).toBe(0);
    const events = await expiredEvents();
    // OTHER has no webhook: its link is marked, nothing is queued for it.
    expect(events).toEqual([
      {
        merchantId: SME,
        environment: 'PRODUCTION',
        data: { paymentLinkCode: codes.soon, orderId: 'REF-soon', title: 'soon', expiredAt: (await byCode(codes.soon)).expiresAt!.toISOString() },
      },
    ]);
    expect((await byCode(codes.other)).expiredEventAt).not.toBeNull();
    for (const name of ['later', 'never', 'deactivated', 'paid']) expect((await byCode(codes[name])).expiredEventAt).toBeNull();
  });

  it('queues the later link when its turn comes, and never the paid, deactivated or open-ended ones', async () => {
    expect(await sweepExpiredLinks(t.database.db, new Date(Date.now() + 100 * HOUR))).toBe(1);
    const events = await expiredEvents();
    expect(events.map((e) => (e.data as { paymentLinkCode: string }).paymentLinkCode).sort()).toEqual([codes.soon, codes.later].sort());
    const untouched = await t.database.db
      .select({ code: paymentLinks.code })
      .from(paymentLinks)
      .where(and(inArray(paymentLinks.code, [codes.never, codes.deactivated, codes.paid]), eq(paymentLinks.merchantId, SME)));
    expect(untouched).toHaveLength(3);
    for (const name of ['never', 'deactivated', 'paid']) expect((await byCode(codes[name])).expiredEventAt).toBeNull();
  });
});
