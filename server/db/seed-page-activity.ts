/**
 * 12 months of activity on the demo business pages (after the pages and content seeds), as the public page
 * and the customer simulator record it: daily views (seeded customers and returning anonymous browsers,
 * more at weekends, growing over the year), the published posts seen with them, link clicks, payment-link
 * clicks shortly before the SME's seeded payment-link payments (and some that led nowhere), and the events
 * of the follows, reactions, comments and reviews the earlier seeds wrote. The daily rollup is then
 * rebuilt from the events, so the reports read exactly what the events say. Small: ~35,000 events; large:
 * three times the views.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { dayKeyOf } from '@/domain/time';
import type { PageActivityKind } from '@/domain/pageReports';
import { rebuildDailyStats } from '../lib/page-activity';
import {
  businessPageFollows,
  businessPages,
  customers,
  pageActivityEvents,
  pagePostComments,
  pagePostReactions,
  pagePosts,
  pageReviews,
  paymentLinkPayments,
} from './schema';
import { DemoMerchants } from './seed-fixtures';
import type { DomainSeed } from './seed-types';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BATCH = 1000;
const ANONYMOUS_VISITORS = 3000;

type EventRow = typeof pageActivityEvents.$inferInsert;

const event = (pageId: number, kind: PageActivityKind, at: Date, extra: Partial<EventRow> = {}): EventRow => ({
  pageId,
  kind,
  occurredAt: at,
  day: dayKeyOf(at),
  ...extra,
});

export const seedPageActivity: DomainSeed = async (tx, ctx) => {
  const { faker } = ctx;
  const pages = await tx
    .select({ id: businessPages.id, merchantId: businessPages.merchantId })
    .from(businessPages)
    .where(inArray(businessPages.status, ['ACTIVE', 'SUSPENDED']))
    .orderBy(asc(businessPages.id));
  if (!pages.length) return;
  const people = (await tx.select({ id: customers.id }).from(customers).where(isNull(customers.passwordHash)).orderBy(asc(customers.id))).map((c) => c.id);
  if (!people.length) return;
  const now = Date.now();
  const scale = ctx.size.preset === 'large' ? 3 : 1;
  const anonymous = Array.from({ length: ANONYMOUS_VISITORS }, () => faker.string.alphanumeric(24));
  const rows: EventRow[] = [];

  for (const page of pages) {
    const sme = page.merchantId === DemoMerchants.sme.id;
    const posts = await tx
      .select({ id: pagePosts.id, publishedAt: pagePosts.publishedAt })
      .from(pagePosts)
      .where(and(eq(pagePosts.pageId, page.id), eq(pagePosts.status, 'PUBLISHED'), isNotNull(pagePosts.publishedAt)));
    const base = (sme ? 60 : 15) * scale;
    for (let back = 364; back >= 0; back -= 1) {
      const dayStart = now - back * DAY;
      const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
      const growth = 0.6 + (0.6 * (364 - back)) / 364;
      const views = Math.round(base * growth * (weekend ? 1.3 : 1) * faker.number.float({ min: 0.7, max: 1.3 }));
      for (let v = 0; v < views; v += 1) {
        const at = new Date(Math.min(now - MINUTE, dayStart - faker.number.int({ min: 0, max: DAY - 1 })));
        const customerId = faker.datatype.boolean(0.45) ? faker.helpers.arrayElement(people) : null;
        const viewerKey = customerId ? `c:${customerId}` : `v:${faker.helpers.arrayElement(anonymous)}`;
        rows.push(event(page.id, 'PAGE_VIEW', at, { customerId, viewerKey }));
        const seen = posts.filter((p) => p.publishedAt!.getTime() <= at.getTime());
        for (const post of seen) if (faker.datatype.boolean(0.7)) rows.push(event(page.id, 'POST_VIEW', at, { postId: post.id, customerId, viewerKey }));
        if (faker.datatype.boolean(0.04)) {
          const post = seen.length && faker.datatype.boolean(0.6) ? faker.helpers.arrayElement(seen) : null;
          rows.push(event(page.id, 'LINK_CLICK', new Date(at.getTime() + MINUTE), { postId: post?.id ?? null, customerId }));
        }
      }
    }

    const follows = await tx
      .select({ customerId: businessPageFollows.customerId, followedAt: businessPageFollows.followedAt, unfollowedAt: businessPageFollows.unfollowedAt })
      .from(businessPageFollows)
      .where(eq(businessPageFollows.pageId, page.id));
    for (const f of follows) {
      rows.push(event(page.id, 'FOLLOW', f.followedAt, { customerId: f.customerId }));
      if (f.unfollowedAt) rows.push(event(page.id, 'UNFOLLOW', f.unfollowedAt, { customerId: f.customerId }));
    }
    const reactions = await tx
      .select({ postId: pagePostReactions.postId, customerId: pagePostReactions.customerId, at: pagePostReactions.createdAt })
      .from(pagePostReactions)
      .innerJoin(pagePosts, eq(pagePosts.id, pagePostReactions.postId))
      .where(eq(pagePosts.pageId, page.id));
    for (const r of reactions) rows.push(event(page.id, 'REACTION', r.at, { postId: r.postId, customerId: r.customerId }));
    const comments = await tx
      .select({ postId: pagePostComments.postId, customerId: pagePostComments.customerId, at: pagePostComments.createdAt })
      .from(pagePostComments)
      .innerJoin(pagePosts, eq(pagePosts.id, pagePostComments.postId))
      .where(and(eq(pagePosts.pageId, page.id), isNotNull(pagePostComments.customerId)));
    for (const c of comments) rows.push(event(page.id, 'COMMENT', c.at, { postId: c.postId, customerId: c.customerId }));
    const reviews = await tx.select({ customerId: pageReviews.customerId, at: pageReviews.createdAt }).from(pageReviews).where(eq(pageReviews.pageId, page.id));
    for (const r of reviews) rows.push(event(page.id, 'REVIEW', r.at, { customerId: r.customerId }));

    if (sme) {
      // Most of the SME's payment-link payments followed a click on the page half an hour before; a few clicks led nowhere.
      const payments = await tx
        .select({ linkId: paymentLinkPayments.linkId, at: paymentLinkPayments.createdAt })
        .from(paymentLinkPayments)
        .where(eq(paymentLinkPayments.merchantId, page.merchantId));
      for (const p of payments) {
        if (!faker.datatype.boolean(0.75)) continue;
        const at = new Date(p.at.getTime() - 30 * MINUTE);
        rows.push(event(page.id, 'PAYMENT_LINK_CLICK', at, { paymentLinkId: p.linkId, customerId: faker.helpers.arrayElement(people) }));
        if (faker.datatype.boolean(0.5)) rows.push(event(page.id, 'PAYMENT_LINK_CLICK', new Date(at.getTime() - 2 * DAY), { paymentLinkId: p.linkId }));
      }
    }
  }

  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(pageActivityEvents).values(rows.slice(i, i + BATCH));
  await rebuildDailyStats(tx, pages.map((p) => p.id));
};
