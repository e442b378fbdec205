/**
 * Page badges (business-page/{id}/badge-gamification, /businesspage/v3/…/badges): rules validated by the
 * shared zod schema (400 with the field's message, nothing written), PAGE_ADMIN writes, ANALYST reads,
 * EDITOR refused, another merchant's page 404; badges awarded from the merchant's transactions (customer
 * phone) and from a first review, exactly once however often the evaluator runs, shown on the public page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { businessPages, customers, memberships, pageBadgeAwards, pageBadgeRules, transactions, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { awardBadges, awardPaymentBadges } from '../../server/lib/page-badges';
import { maskPersonName } from '../../src/domain/masking';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const SLUG = 'api_badge_page';
const PASSWORD = 'Demo@1234';
const vi = viValidation.validation;
const en = enValidation.validation;
const badgesUrl = (m: number, page: number) => `/api/businesspage/v3/merchants/${m}/pages/${page}/badges`;
const DAY = 86_400_000;

describe('page badges', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  let editor: string;
  let analyst: string;
  let page: number;
  let otherPage: number;
  let loyal: number;
  let occasional: number;
  let reviewer: number;
  let txSeq = 0;
  const db = () => t.database.db;
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const ruleCount = async () => (await db().select({ n: count() }).from(pageBadgeRules).where(eq(pageBadgeRules.pageId, page)))[0]!.n;
  const awardsOf = async (ruleId: number) =>
    (await db().select({ customerId: pageBadgeAwards.customerId, source: pageBadgeAwards.source }).from(pageBadgeAwards).where(eq(pageBadgeAwards.ruleId, ruleId))).sort(
      (a, b) => a.customerId - b.customerId,
    );

  async function staff(username: string, pageRole: 'EDITOR' | 'ANALYST') {
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username, name: username, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['MARKETING'] });
    const res = await call(owner, 'POST', `/api/businesspage/v3/merchants/${SME}/pages/${page}/members`, { userId: user!.id, pageRole });
    expect(res.statusCode, res.body).toBe(200);
    return t.login(username);
  }

  /** A successful (or other status) payment at `merchantId` by `phone`, `daysAgo` days ago. */
  async function pay(merchantId: number, phone: string, daysAgo: number, status = 'SUCCESS') {
    txSeq += 1;
    await db()
      .insert(transactions)
      .values({
        id: String(9_100_000_000_000 + txSeq),
        merchantId,
        createdAt: new Date(Date.now() - daysAgo * DAY),
        status,
        paymentMethod: 'WALLET',
        amount: 50_000,
        customerPhone: phone,
      });
  }

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    [owner, otherOwner] = await Promise.all(['owner_demo', 'other_owner_demo'].map((u) => t.login(u)));
    const [p] = await db()
      .insert(businessPages)
      .values({ merchantId: SME, name: 'Trang huy hiệu', slug: SLUG, status: 'ACTIVE', description: 'Cà phê', category: 'FOOD_BEVERAGE' })
      .returning({ id: businessPages.id });
    page = p!.id;
    const [o] = await db().select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, OTHER));
    otherPage = o!.id;
    editor = await staff('badge_editor', 'EDITOR');
    analyst = await staff('badge_analyst', 'ANALYST');
    const passwordHash = await hash(PASSWORD);
    const made = await db()
      .insert(customers)
      .values([
        { username: 'badge_loyal', fullName: 'Nguyễn Văn Trung', phone: '0911000001' },
        { username: 'badge_occasional', fullName: 'Trần Thị Thỉnh', phone: '0911000002' },
        { username: 'badge_reviewer', fullName: 'Lê Thị Review', phone: '0911000003', passwordHash },
      ])
      .returning({ id: customers.id });
    [loyal, occasional, reviewer] = made.map((c) => c.id) as [number, number, number];
    // loyal: 3 successful payments in the last 30 days at the SME; occasional: 2 (plus a failed, a refunded,
    // one 40 days ago and 3 at another merchant, none of which count).
    for (const d of [1, 5, 20]) await pay(SME, '0911000001', d);
    for (const d of [2, 3]) await pay(SME, '0911000002', d);
    await pay(SME, '0911000002', 4, 'FAILED');
    await pay(SME, '0911000002', 4, 'REFUNDED');
    await pay(SME, '0911000002', 40);
    for (const d of [1, 2, 3]) await pay(OTHER, '0911000002', d);
  });
  afterAll(() => t.close());

  it('refuses bad rules with the field and message, in the caller language, and writes nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ name: '', kind: 'FIRST_REVIEW' }, 'Tên', vi.required],
      [{ name: 'x'.repeat(61), kind: 'FIRST_REVIEW' }, 'Tên', vi.badges.nameLength],
      [{ name: 'Khách quen', kind: 'PAYMENTS', windowDays: 30 }, 'Số lần thanh toán', vi.required],
      [{ name: 'Khách quen', kind: 'PAYMENTS', minPayments: 0, windowDays: 30 }, 'Số lần thanh toán', vi.badges.minPayments],
      [{ name: 'Khách quen', kind: 'PAYMENTS', minPayments: 2.5, windowDays: 30 }, 'Số lần thanh toán', vi.badges.minPayments],
      [{ name: 'Khách quen', kind: 'PAYMENTS', minPayments: 3, windowDays: 366 }, 'Số ngày', vi.badges.windowDays],
      [{ name: 'Khách quen', kind: 'PAYMENTS', minPayments: 3 }, 'Số ngày', vi.required],
    ];
    for (const [body, label, message] of cases) {
      const res = await call(owner, 'POST', badgesUrl(SME, page), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(`${label}: ${message}`);
    }
    const english = await call(owner, 'POST', `${badgesUrl(SME, page)}?lang=en`, { name: 'Regular', kind: 'PAYMENTS', minPayments: 3, windowDays: 0 });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe(`Number of days: ${en.badges.windowDays}`);
    const unknownKind = await call(owner, 'POST', badgesUrl(SME, page), { name: 'Khách quen', kind: 'VIP' });
    expect(unknownKind.statusCode).toBe(400);
    const extra = await call(owner, 'POST', badgesUrl(SME, page), { name: 'Khách quen', kind: 'FIRST_REVIEW', stars: 5 });
    expect(extra.statusCode).toBe(400);
    expect(await ruleCount()).toBe(0);
  });

  it('awards "3 payments in 30 days" from the merchant\'s successful payments by the customer\'s phone, exactly once', async () => {
    const res = await call(owner, 'POST', badgesUrl(SME, page), { name: 'Khách quen', kind: 'PAYMENTS', minPayments: 3, windowDays: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const rule = res.json().data;
    expect(rule).toMatchObject({ name: 'Khách quen', kind: 'PAYMENTS', minPayments: 3, windowDays: 30, active: true, awarded: 1 });
    expect(await awardsOf(rule.id)).toEqual([{ customerId: loyal, source: 'PAYMENT' }]);
    // Passes again, and two at once (as two processes would): nothing more. (The pass covers every page; the
    // seeded demo page's own payment badges may go to these customers too, so count this page's.)
    await awardBadges(db());
    expect(await awardBadges(db(), { pageId: page })).toBe(0);
    const [a, b] = await Promise.all([awardPaymentBadges(db(), { ruleId: rule.id }), awardPaymentBadges(db(), { ruleId: rule.id })]);
    expect(a + b).toBe(0);
    // A third payment makes occasional a regular on the next pass, once.
    await pay(SME, '0911000002', 0);
    const passes = await Promise.all([awardBadges(db(), { pageId: page }), awardBadges(db(), { pageId: page })]);
    expect(passes[0] + passes[1]).toBe(1);
    expect(await awardsOf(rule.id)).toEqual([
      { customerId: loyal, source: 'PAYMENT' },
      { customerId: occasional, source: 'PAYMENT' },
    ]);
    const list = await call(analyst, 'GET', badgesUrl(SME, page));
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: rule.id, awarded: 2 })]);
    const holders = await call(owner, 'GET', `${badgesUrl(SME, page)}/${rule.id}/holders`);
    expect(holders.json().data.map((h: { customerName: string }) => h.customerName).sort()).toEqual([maskPersonName('Nguyễn Văn Trung'), maskPersonName('Trần Thị Thỉnh')].sort());
  });

  it('awards the first-review badge when the customer reviews, once, and shows badges on the public page', async () => {
    const created = await call(owner, 'POST', badgesUrl(SME, page), { name: 'Người đánh giá đầu tiên', kind: 'FIRST_REVIEW', minPayments: 5, windowDays: 7 });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json().data;
    // Thresholds belong to payment rules only.
    expect(rule).toMatchObject({ kind: 'FIRST_REVIEW', minPayments: null, windowDays: null, awarded: 0 });
    const session = await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username: 'badge_reviewer', password: PASSWORD } });
    const token = session.json().data.token as string;
    for (const stars of [4, 5]) {
      const review = await t.call(token, { method: 'PUT', url: `/api/public/pages/${SLUG}/review`, payload: { stars, body: 'Ngon', photo: null } });
      expect(review.statusCode, review.body).toBe(200);
    }
    expect(await awardsOf(rule.id)).toEqual([{ customerId: reviewer, source: 'REVIEW' }]);
    expect(await awardBadges(db(), { pageId: page })).toBe(0);
    const reviews = await t.call(null, { method: 'GET', url: `/api/public/pages/${SLUG}/reviews` });
    expect(reviews.json().data.items).toEqual([expect.objectContaining({ stars: 5, badges: ['Người đánh giá đầu tiên'] })]);
    const mine = await t.call(token, { method: 'GET', url: `/api/public/pages/${SLUG}` });
    expect(mine.json().data.viewer.badges).toEqual(['Người đánh giá đầu tiên']);
  });

  it('edits and disables a rule: a disabled badge awards nothing and is not shown', async () => {
    const [rule] = await db().select().from(pageBadgeRules).where(and(eq(pageBadgeRules.pageId, page), eq(pageBadgeRules.kind, 'FIRST_REVIEW')));
    const url = `${badgesUrl(SME, page)}/${rule!.id}`;
    const edited = await call(owner, 'PUT', url, { name: 'Đánh giá đầu tiên', kind: 'FIRST_REVIEW' });
    expect(edited.json().data).toMatchObject({ name: 'Đánh giá đầu tiên', awarded: 1 });
    const badEdit = await call(owner, 'PUT', url, { name: ' ', kind: 'FIRST_REVIEW' });
    expect(badEdit.statusCode).toBe(400);
    const off = await call(owner, 'PUT', `${url}/status`, { active: false });
    expect(off.json().data).toMatchObject({ active: false });
    const reviews = await t.call(null, { method: 'GET', url: `/api/public/pages/${SLUG}/reviews` });
    expect(reviews.json().data.items[0].badges).toEqual([]);
    const on = await call(owner, 'PUT', `${url}/status`, { active: true });
    expect(on.json().data).toMatchObject({ active: true, name: 'Đánh giá đầu tiên' });
    const again = await t.call(null, { method: 'GET', url: `/api/public/pages/${SLUG}/reviews` });
    expect(again.json().data.items[0].badges).toEqual(['Đánh giá đầu tiên']);
  });

  it('refuses editors and analysts writes, editors reads, and another merchant\'s page', async () => {
    const before = await ruleCount();
    const body = { name: 'Khách VIP', kind: 'PAYMENTS', minPayments: 10, windowDays: 30 };
    expect((await call(editor, 'POST', badgesUrl(SME, page), body)).statusCode).toBe(403);
    expect((await call(analyst, 'POST', badgesUrl(SME, page), body)).statusCode).toBe(403);
    const [rule] = await db().select().from(pageBadgeRules).where(eq(pageBadgeRules.pageId, page)).limit(1);
    expect((await call(analyst, 'PUT', `${badgesUrl(SME, page)}/${rule!.id}`, body)).statusCode).toBe(403);
    expect((await call(analyst, 'PUT', `${badgesUrl(SME, page)}/${rule!.id}/status`, { active: false })).statusCode).toBe(403);
    expect((await call(editor, 'GET', badgesUrl(SME, page))).statusCode).toBe(403);
    expect((await call(analyst, 'GET', badgesUrl(SME, page))).statusCode).toBe(200);
    // Another merchant's page, through our merchant or theirs.
    expect((await call(owner, 'POST', badgesUrl(SME, otherPage), body)).statusCode).toBe(404);
    expect((await call(owner, 'GET', badgesUrl(SME, otherPage))).statusCode).toBe(404);
    expect((await call(owner, 'POST', badgesUrl(OTHER, otherPage), body)).statusCode).toBe(403);
    expect((await call(otherOwner, 'PUT', `${badgesUrl(OTHER, otherPage)}/${rule!.id}`, body)).statusCode).toBe(404);
    expect((await call(otherOwner, 'GET', `${badgesUrl(OTHER, page)}`)).statusCode).toBe(404);
    expect(await ruleCount()).toBe(before);
    expect((await db().select().from(pageBadgeRules).where(eq(pageBadgeRules.id, rule!.id)))[0]!.name).toBe(rule!.name);
  });
});
