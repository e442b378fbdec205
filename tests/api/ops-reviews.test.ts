/**
 * Reported reviews (/api/ops/reported-reviews): merchants report abusive reviews; the operator sees them
 * across merchants, hides one (gone from the public page and its rating) or dismisses the report, with a
 * reason the merchant reads on the review; once per review; operators only; bad input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { businessPages, customers, pageReviewModerations, pageReviews, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { maskPersonName } from '../../src/domain/masking';
import viValidation from '../../src/i18n/vi/validation.json';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const reviewsUrl = (m: number, page: number) => `/api/user-generated-content/v1/merchants/${m}/pages/${page}/reviews`;
const OPS = '/api/ops/reported-reviews';

describe('ops reported reviews', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  let ops: string;
  let smePage: number;
  let otherPage: number;
  let abusive: number;
  let fair: number;
  let unreported: number;
  const db = () => t.database.db;
  const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const decisions = async () => (await db().select({ n: count() }).from(pageReviewModerations))[0]!.n;
  const publicReviews = async (slug: string) => (await call(null, 'GET', `/api/public/pages/${slug}/reviews`)).json().data.items as Array<{ id: number }>;

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    [owner, otherOwner, ops] = await Promise.all(['owner_demo', 'other_owner_demo', 'ops_demo'].map((u) => t.login(u)));
    const pages = await db()
      .insert(businessPages)
      .values([
        { merchantId: SME, name: 'Trang báo cáo', slug: 'api_ops_reviews_sme', status: 'ACTIVE' },
        { merchantId: OTHER, name: 'Trang khác', slug: 'api_ops_reviews_other', status: 'ACTIVE' },
      ])
      .returning({ id: businessPages.id });
    [smePage, otherPage] = pages.map((p) => p.id) as [number, number];
    const made = await db()
      .insert(customers)
      .values([
        { username: 'ops_rev_a', fullName: 'Nguyễn Văn Xấu' },
        { username: 'ops_rev_b', fullName: 'Trần Thị Thật' },
      ])
      .returning({ id: customers.id });
    const reviews = await db()
      .insert(pageReviews)
      .values([
        { pageId: smePage, customerId: made[0]!.id, stars: 1, body: 'Lời lẽ xúc phạm nhân viên' },
        { pageId: otherPage, customerId: made[1]!.id, stars: 2, body: 'Phục vụ chậm' },
        { pageId: smePage, customerId: made[1]!.id, stars: 5, body: 'Rất ngon' },
      ])
      .returning({ id: pageReviews.id });
    [abusive, fair, unreported] = reviews.map((r) => r.id) as [number, number, number];
    const a = await call(owner, 'POST', `${reviewsUrl(SME, smePage)}/${abusive}/report`, { reason: 'Xúc phạm nhân viên' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await call(otherOwner, 'POST', `${reviewsUrl(OTHER, otherPage)}/${fair}/report`, { reason: 'Không đúng sự thật' });
    expect(b.statusCode, b.body).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the reported reviews of every merchant to operators, and to nobody else', async () => {
    const res = await call(ops, 'GET', OPS);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data.filter((r: { id: number }) => [abusive, fair, unreported].includes(r.id));
    expect(mine.map((r: { id: number }) => r.id)).toEqual([abusive, fair]);
    expect(mine[0]).toMatchObject({ pageName: 'Trang báo cáo', pageSlug: 'api_ops_reviews_sme', stars: 1, reportReason: 'Xúc phạm nhân viên', reportedBy: 'owner_demo', decision: null });
    expect(mine[0].customerName).toBe(maskPersonName('Nguyễn Văn Xấu'));
    const refused = await call(owner, 'GET', OPS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(viApi.messages.opsOnly);
    expect((await call(owner, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'HIDDEN', reason: 'x' })).statusCode).toBe(403);
    expect((await call(null, 'GET', OPS)).statusCode).toBe(401);
    expect(await decisions()).toBe(0);
  });

  it('refuses a decision without a reason, an unknown outcome, an unreported or unknown review, writing nothing', async () => {
    const blank = await call(ops, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'HIDDEN', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(`Lý do: ${viValidation.validation.required}`);
    expect((await call(ops, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'DELETED', reason: 'x' })).statusCode).toBe(400);
    expect((await call(ops, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'HIDDEN', reason: 'x', notify: true })).statusCode).toBe(400);
    const notReported = await call(ops, 'POST', `${OPS}/${unreported}/decision?lang=en`, { outcome: 'HIDDEN', reason: 'x' });
    expect(notReported.statusCode).toBe(409);
    expect(notReported.json().message).toBe(enApi.content.notReported);
    expect((await call(ops, 'POST', `${OPS}/999999/decision`, { outcome: 'HIDDEN', reason: 'x' })).statusCode).toBe(404);
    expect(await decisions()).toBe(0);
  });

  it('hides a review: gone from the public page and its rating, the merchant reads the outcome and reason; decided once', async () => {
    expect((await publicReviews('api_ops_reviews_sme')).map((r) => r.id).sort()).toEqual([abusive, unreported].sort());
    const hidden = await call(ops, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'HIDDEN', reason: 'Ngôn từ xúc phạm' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data.decision).toMatchObject({ outcome: 'HIDDEN', reason: 'Ngôn từ xúc phạm', operator: 'ops_demo' });
    expect((await publicReviews('api_ops_reviews_sme')).map((r) => r.id)).toEqual([unreported]);
    const page = (await call(null, 'GET', '/api/public/pages/api_ops_reviews_sme')).json().data;
    expect(page.rating).toEqual({ average: 5, count: 1 });
    const merchant = await call(owner, 'GET', reviewsUrl(SME, smePage));
    const row = merchant.json().data.content.find((r: { id: number }) => r.id === abusive);
    expect(row.moderation).toMatchObject({ outcome: 'HIDDEN', reason: 'Ngôn từ xúc phạm' });
    const again = await call(ops, 'POST', `${OPS}/${abusive}/decision`, { outcome: 'DISMISSED', reason: 'Đổi ý' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(viApi.content.alreadyModerated);
    // The decision is the audit trail: who, when, why.
    const [audit] = await db().select().from(pageReviewModerations).where(eq(pageReviewModerations.reviewId, abusive));
    const [operator] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'ops_demo'));
    expect(audit).toMatchObject({ outcome: 'HIDDEN', reason: 'Ngôn từ xúc phạm', operatorId: operator!.id, merchantId: SME });
    expect(await decisions()).toBe(1);
  });

  it('dismisses a report: the review stays public, the merchant reads why; the queues move', async () => {
    const res = await call(ops, 'POST', `${OPS}/${fair}/decision`, { outcome: 'DISMISSED', reason: 'Nhận xét về dịch vụ, không vi phạm' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicReviews('api_ops_reviews_other')).map((r) => r.id)).toEqual([fair]);
    const merchant = await call(otherOwner, 'GET', reviewsUrl(OTHER, otherPage));
    expect(merchant.json().data.content[0].moderation).toMatchObject({ outcome: 'DISMISSED', reason: 'Nhận xét về dịch vụ, không vi phạm' });
    const open = (await call(ops, 'GET', OPS)).json().data.map((r: { id: number }) => r.id);
    expect(open).not.toContain(abusive);
    expect(open).not.toContain(fair);
    expect((await call(ops, 'GET', `${OPS}?state=HIDDEN`)).json().data.map((r: { id: number }) => r.id)).toContain(abusive);
    expect((await call(ops, 'GET', `${OPS}?state=DISMISSED`)).json().data.map((r: { id: number }) => r.id)).toEqual([fair]);
    expect((await call(ops, 'GET', `${OPS}?state=ALL`)).statusCode).toBe(400);
    // Another merchant never sees the decision on ours.
    expect((await call(otherOwner, 'GET', reviewsUrl(SME, smePage))).statusCode).toBe(403);
  });
});
