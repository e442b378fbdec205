/**
 * Page reports (/official-account/v2/…/reports/overview, posts, customer-messages, reconciliation and
 * their CSV exports): 12 months of seeded activity, the follow / view / click / comment of a customer on
 * the public page counted today, payments attributed through a payment-link click on the page, ranges
 * validated (order, 366 days) with nothing answered, page roles (analyst yes, editor no), route code, and
 * another merchant's page refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { businessPageFollows, businessPages, customers, memberships, pageActivityEvents, pageBadgeAwards, pageDailyStats, pagePosts, transactions, users } from '../../server/db/schema';
import type { PageReconciliation } from '../../src/domain/pageReports';
import { DemoMerchants, DEMO_PASSWORD } from '../../server/db/seed-fixtures';
import { addDays, dayBounds, vietnamToday } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const SLUG = 'ca_phe_song_han';
const base = (m: number, page: number) => `/api/official-account/v2/merchants/${m}/pages/${page}/reports`;
const VISITOR = 'visitor_report_test_0001';

describe('page reports', () => {
  let t: TestApp;
  let owner: string;
  let otherOwner: string;
  let analyst: string;
  let editor: string;
  let page: number;
  let otherPage: number;
  let customer: string;
  const today = vietnamToday();
  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const q = (from: string, to: string, extra = '') => `?fromDate=${from}&toDate=${to}${extra}`;
  const overviewToday = async () => (await get(owner, `${base(SME, page)}/overview${q(today, today)}`)).json().data;

  async function staff(username: string, pageRole: string) {
    const db = t.database.db;
    const [template] = await db.select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db.insert(users).values({ username, name: username, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db.insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['MARKETING'] });
    const granted = await t.call(owner, { method: 'POST', url: `/api/businesspage/v3/merchants/${SME}/pages/${page}/members`, payload: { userId: user!.id, pageRole } });
    expect(granted.statusCode, granted.body).toBe(200);
    return t.login(username);
  }

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    [owner, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('other_owner_demo')]);
    const db = t.database.db;
    page = (await db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.slug, SLUG)))[0]!.id;
    otherPage = (await db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, OTHER)))[0]!.id;
    analyst = await staff('report_analyst_1', 'ANALYST');
    editor = await staff('report_editor_1', 'EDITOR');
    const signedIn = await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username: 'customer_demo', password: DEMO_PASSWORD } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    customer = signedIn.json().data.token;
  });
  afterAll(() => t.close());

  it('answers 12 months of seeded activity: every day of the range, totals that add up, followers as the follows table says', async () => {
    const from = addDays(today, -364);
    const res = await get(owner, `${base(SME, page)}/overview${q(from, today)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { totals, days } = res.json().data;
    expect(days).toHaveLength(365);
    expect(days[0].day).toBe(from);
    expect(days[364].day).toBe(today);
    const sum = (k: string) => days.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0);
    expect(totals.pageViews).toBe(sum('pageViews'));
    expect(totals.followersGained).toBe(sum('followersGained'));
    expect(totals.followersLost).toBe(sum('followersLost'));
    expect(totals.engagements).toBe(sum('engagements'));
    expect(totals.pageViews).toBeGreaterThan(10_000);
    // Distinct viewers of the year: fewer than the days' reach added up, more than any one day's.
    expect(totals.reach).toBeLessThan(sum('reach'));
    expect(totals.reach).toBeGreaterThan(Math.max(...days.map((d: { reach: number }) => d.reach)));
    const { start, end } = dayBounds({ from, to: today });
    const db = t.database.db;
    const [gained] = await db
      .select({ n: count() })
      .from(businessPageFollows)
      .where(and(eq(businessPageFollows.pageId, page), gte(businessPageFollows.followedAt, start), lt(businessPageFollows.followedAt, end)));
    expect(totals.followersGained).toBe(gained!.n);
    const [current] = await db
      .select({ n: count() })
      .from(businessPageFollows)
      .where(and(eq(businessPageFollows.pageId, page), or(isNull(businessPageFollows.unfollowedAt), gte(businessPageFollows.unfollowedAt, end))));
    expect(totals.followers).toBe(current!.n);
    expect(totals.netFollowers).toBe(totals.followersGained - totals.followersLost);
  });

  it('counts what a customer does on the public page today: a follow, views (reach once per viewer and day), an unfollow', async () => {
    const before = await overviewToday();
    const follow = await t.call(customer, { method: 'PUT', url: `/api/public/pages/${SLUG}/follow` });
    expect(follow.statusCode, follow.body).toBe(200);
    // Following twice is one follow, and one event.
    await t.call(customer, { method: 'PUT', url: `/api/public/pages/${SLUG}/follow` });
    const afterFollow = await overviewToday();
    expect(afterFollow.totals.followersGained).toBe(before.totals.followersGained + 1);
    expect(afterFollow.days[0].followersGained).toBe(before.days[0].followersGained + 1);
    expect(afterFollow.totals.followers).toBe(before.totals.followers + 1);

    const view = () => t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/views`, payload: { visitorId: VISITOR, postIds: [] } });
    expect((await view()).statusCode).toBe(200);
    expect((await view()).statusCode).toBe(200);
    const afterViews = await overviewToday();
    expect(afterViews.totals.pageViews).toBe(before.totals.pageViews + 2);
    expect(afterViews.days[0].reach).toBe(before.days[0].reach + 1);
    expect(afterViews.totals.reach).toBe(before.totals.reach + 1);

    expect((await t.call(customer, { method: 'DELETE', url: `/api/public/pages/${SLUG}/follow` })).statusCode).toBe(200);
    const afterUnfollow = await overviewToday();
    expect(afterUnfollow.totals.followersLost).toBe(before.totals.followersLost + 1);
    expect(afterUnfollow.totals.followers).toBe(before.totals.followers);
  });

  it('reports posts with their reach, views, reactions, comments and clicks, sorted and paged', async () => {
    const db = t.database.db;
    const [post] = await db.select({ id: pagePosts.id }).from(pagePosts).where(and(eq(pagePosts.pageId, page), eq(pagePosts.status, 'PUBLISHED'))).orderBy(pagePosts.id).limit(1);
    const range = q(addDays(today, -6), today);
    const before = (await get(owner, `${base(SME, page)}/posts${range}`)).json().data;
    const row = (data: { content: { postId: number }[] }) => data.content.find((r) => r.postId === post!.id) as Record<string, number>;
    expect(before.totalElements).toBeGreaterThanOrEqual(2);
    await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/views`, payload: { visitorId: 'post_report_visitor_01', postIds: [post!.id, 999_999] } });
    await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/clicks`, payload: { visitorId: 'post_report_visitor_01', postId: post!.id, href: 'https://example.vn/thuc-don' } });
    await t.call(customer, { method: 'POST', url: `/api/public/pages/${SLUG}/posts/${post!.id}/comments`, payload: { body: 'Ngon quá!' } });
    const after = (await get(owner, `${base(SME, page)}/posts${range}`)).json().data;
    expect(row(after)).toMatchObject({
      views: row(before).views! + 1,
      reach: row(before).reach! + 1,
      clicks: row(before).clicks! + 1,
      comments: row(before).comments! + 1,
      reactions: row(before).reactions,
    });
    const byViews = (await get(owner, `${base(SME, page)}/posts${range}&sort=views,asc&pageSize=10`)).json().data.content.map((r: { views: number }) => r.views);
    expect(byViews).toEqual([...byViews].sort((a, b) => a - b));
    const second = (await get(owner, `${base(SME, page)}/posts${range}&pageNumber=5&pageSize=10`)).json().data;
    expect(second).toMatchObject({ content: [], totalElements: before.totalElements, pageNumber: 5, pageSize: 10 });
    expect((await get(owner, `${base(SME, page)}/posts${range}&sort=body_html,asc`)).statusCode).toBe(400);
  });

  it('attributes a payment to the page when its payment link was clicked on the page before; a click on another merchant’s link is a plain click', async () => {
    const created = await t.call(owner, { method: 'POST', url: `/api/payment-link/v1/merchants/${SME}/payment-links`, payload: { title: 'Combo sáng', amountType: 'FIXED', amount: 45_000, singleUse: false } });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json().data as { id: number; code: string };
    const recon = async () => (await get(owner, `${base(SME, page)}/reconciliation${q(today, today)}`)).json().data;
    const before = await recon();
    expect(before).toMatchObject({ windowDays: 7 });
    // Paid before any click from the page: not the page's.
    expect((await t.call(null, { method: 'POST', url: `/api/payment-link/v1/pay/${link.code}/payments`, payload: {} })).statusCode).toBe(200);
    expect((await recon()).links.find((l: { code: string }) => l.code === link.code)).toBeUndefined();
    const click = await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/clicks`, payload: { visitorId: VISITOR, href: `http://localhost/portal/pay/${link.code}` } });
    expect(click.statusCode, click.body).toBe(200);
    expect((await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/clicks`, payload: { visitorId: VISITOR, href: `http://localhost/portal/pay/${link.code}x` } })).statusCode).toBe(200);
    expect((await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/payments`, payload: {} })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'POST', url: `/api/payment-link/v1/pay/${link.code}/payments`, payload: {} })).statusCode).toBe(200);
    const after = await recon();
    expect(after.links.find((l: { code: string }) => l.code === link.code)).toEqual({ paymentLinkId: link.id, code: link.code, title: 'Combo sáng', clicks: 1, payments: 1, amount: 45_000 });
    expect(after.totals.payments).toBe(before.totals.payments + 1);
    expect(after.totals.amount).toBe(before.totals.amount + 45_000);
    const [plain] = await t.database.db
      .select({ n: count() })
      .from(pageActivityEvents)
      .where(and(eq(pageActivityEvents.pageId, page), eq(pageActivityEvents.kind, 'LINK_CLICK'), isNull(pageActivityEvents.paymentLinkId), gte(pageActivityEvents.day, today)));
    expect(plain!.n).toBeGreaterThanOrEqual(1);
  });

  it('counts, per badge of the page, what its holders paid the merchant after earning it', async () => {
    const db = t.database.db;
    const recon = async () => (await get(analyst, `${base(SME, page)}/reconciliation${q(today, today)}`)).json().data as PageReconciliation;
    const before = await recon();
    // The seeded page has badges; one holder with a wallet phone.
    const [holder] = await db
      .select({ ruleId: pageBadgeAwards.ruleId, phone: customers.phone, awardedAt: pageBadgeAwards.awardedAt })
      .from(pageBadgeAwards)
      .innerJoin(customers, eq(customers.id, pageBadgeAwards.customerId))
      .where(and(eq(pageBadgeAwards.pageId, page), isNotNull(customers.phone)))
      .limit(1);
    expect(holder).toBeDefined();
    const badge = (r: PageReconciliation) => r.badges.find((b) => b.badgeId === holder!.ruleId)!;
    expect(badge(before).holders).toBeGreaterThanOrEqual(1);
    const pay = (id: string, merchantId: number, status: string, amount: number) =>
      db.insert(transactions).values({ id, merchantId, createdAt: new Date(), status, paymentMethod: 'WALLET', amount, customerPhone: holder!.phone });
    await pay('9200000000001', SME, 'SUCCESS', 77_000);
    await pay('9200000000002', SME, 'PARTIALLY_REFUNDED', 12_000);
    // Not the page's: a failed payment, and a payment to another merchant from the same phone.
    await pay('9200000000003', SME, 'FAILED', 500_000);
    await pay('9200000000004', OTHER, 'SUCCESS', 900_000);
    const after = await recon();
    expect(badge(after)).toMatchObject({ payments: badge(before).payments + 2, amount: badge(before).amount + 89_000, holders: badge(before).holders });
    // The other merchant's owner never sees this page's badges.
    expect((await get(otherOwner, `${base(SME, page)}/reconciliation${q(today, today)}`)).statusCode).toBe(403);
  });

  it('answers customer messages for every day of the range (exact figures: tests/api/live-chat-report.test.ts)', async () => {
    const res = await get(analyst, `${base(SME, page)}/customer-messages${q(addDays(today, -1), today)}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.available).toBe(true);
    expect(data.days.map((d: { day: string }) => d.day)).toEqual([addDays(today, -1), today]);
  });

  it('exports each report as CSV with its header in the caller’s language', async () => {
    const range = q(addDays(today, -1), today);
    const cases = [
      ['overview', 'vi', 'Ngày,Người theo dõi mới,Bỏ theo dõi,Lượt xem trang,Tiếp cận,Tương tác'],
      ['overview', 'en', 'Day,New followers,Unfollows,Page views,Reach,Engagements'],
      ['posts', 'vi', 'Mã bài viết,Nội dung,Thời gian đăng,Tiếp cận,Lượt xem,Cảm xúc,Bình luận,Lượt nhấp'],
      ['customer-messages', 'en', 'Day,Conversations,Resolved,Messages in,Messages out,Median first response (seconds)'],
      ['reconciliation', 'en', 'Link code,Link title,Clicks from the page,Payments,Amount (VND)'],
    ] as const;
    for (const [report, lang, header] of cases) {
      const res = await get(analyst, `${base(SME, page)}/${report}/export${range}&lang=${lang}`);
      expect(res.statusCode, `${report} ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('attachment');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(header);
      if (report === 'overview') {
        expect(lines.filter(Boolean)).toHaveLength(3);
        const [y, m, d] = today.split('-');
        expect(lines[2]!.startsWith(`${d}/${m}/${y},`)).toBe(true);
      }
      if (report === 'customer-messages') expect(lines.filter(Boolean)).toHaveLength(3);
    }
  });

  it('validates the range (order, at most 366 days) and answers nothing else', async () => {
    const backwards = await get(owner, `${base(SME, page)}/overview${q(today, addDays(today, -1), '&lang=en')}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('To: The end date must be on or after the start date');
    expect(backwards.json().data).toEqual({ errors: [{ field: 'toDate', message: 'To: The end date must be on or after the start date' }] });
    const tooLong = await get(owner, `${base(SME, page)}/overview${q(addDays(today, -366), today, '&lang=en')}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('To: The period may cover at most 366 days');
    expect((await get(owner, `${base(SME, page)}/overview${q(addDays(today, -365), today)}`)).statusCode).toBe(200);
    expect((await get(owner, `${base(SME, page)}/overview?fromDate=2026-02-30&toDate=${today}`)).statusCode).toBe(400);
    expect((await get(owner, `${base(SME, page)}/overview/export${q(today, addDays(today, -1))}`)).statusCode).toBe(400);
  });

  it('opens for page admins and analysts only, on their own merchant’s pages', async () => {
    const range = q(today, today);
    for (const report of ['overview', 'posts', 'customer-messages', 'reconciliation', 'overview/export', 'reconciliation/export']) {
      expect((await get(analyst, `${base(SME, page)}/${report}${range}`)).statusCode, `analyst ${report}`).toBe(200);
      // An editor of the page has no report rights.
      expect((await get(editor, `${base(SME, page)}/${report}${range}`)).statusCode, `editor ${report}`).toBe(403);
      // Another merchant's page through our merchant: not found; our page through theirs: not a member.
      expect((await get(owner, `${base(SME, otherPage)}/${report}${range}`)).statusCode, `other page ${report}`).toBe(404);
      expect((await get(otherOwner, `${base(SME, page)}/${report}${range}`)).statusCode, `other owner ${report}`).toBe(403);
      expect((await get(owner, `${base(OTHER, otherPage)}/${report}${range}`)).statusCode, `owner on other ${report}`).toBe(403);
    }
    // The route code: an accountant's roles do not open page reports at all.
    const accountant = await t.login('accountant_demo');
    expect((await get(accountant, `${base(SME, page)}/overview${range}`)).statusCode).toBe(403);
    const pages = (await get(analyst, `/api/official-account/v2/merchants/${SME}/report-pages`)).json().data;
    expect(pages.map((p: { id: number }) => p.id)).toEqual([page]);
    const ownerPages = (await get(owner, `/api/official-account/v2/merchants/${SME}/report-pages`)).json().data;
    expect(ownerPages.map((p: { slug: string }) => p.slug).sort()).toEqual(['ca_phe_song_han', 'song_han_bakery']);
  });

  it('keeps the rollup equal to the events it sums', async () => {
    const db = t.database.db;
    const [events] = await db.select({ n: count() }).from(pageActivityEvents).where(and(eq(pageActivityEvents.pageId, page), eq(pageActivityEvents.kind, 'PAGE_VIEW')));
    const stats = await db.select({ v: pageDailyStats.pageViews }).from(pageDailyStats).where(eq(pageDailyStats.pageId, page));
    expect(stats.reduce((s, r) => s + r.v, 0)).toBe(events!.n);
  });
});
