/**
 * Page report queries. The overview sums the daily rollup (page_daily_stats: at most 366 rows) and counts
 * the range's distinct viewers (page_daily_viewers); posts and reconciliation aggregate the events on
 * their indexes. Every query takes the page id the caller's access was checked for (requirePageRole),
 * and the merchant for anything reached through another table (payment links).
 */
import { and, asc, between, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import {
  ATTRIBUTION_WINDOW_DAYS,
  type CustomerMessageDay,
  type CustomerMessageReport,
  type OverviewDay,
  type PageOverview,
  type PageReconciliation,
  type PostReportRow,
  type PostReportSortField,
} from '@/domain/pageReports';
import { addDays, dayBounds, dayCount, VN_TIME_ZONE, type DayRange } from '@/domain/time';
import { rows, type Db } from '../../db/client';
import { businessPageFollows, businessPages, pageDailyStats, pageDailyViewers, pagePosts } from '../../db/schema';
import { textOfHtml } from '../../lib/html/sanitize';
import type { Sort } from '../../pagination';

const EMPTY_DAY = { followersGained: 0, followersLost: 0, pageViews: 0, reach: 0, engagements: 0 };

/** Post report order columns (whitelisted: never a client string in SQL). */
const POST_ORDER: Record<PostReportSortField, string> = {
  publishedAt: 'p.published_at',
  reach: 'reach',
  views: 'views',
  reactions: 'reactions',
  comments: 'comments',
  clicks: 'clicks',
};

export function reportRepository(db: Db) {
  return {
    /** The merchant's pages (the report landing: each opens its overview). */
    async pages(merchantId: number) {
      return db
        .select({ id: businessPages.id, name: businessPages.name, slug: businessPages.slug, status: businessPages.status })
        .from(businessPages)
        .where(eq(businessPages.merchantId, merchantId))
        .orderBy(asc(businessPages.name), asc(businessPages.id));
    },

    async overview(pageId: number, range: DayRange): Promise<PageOverview> {
      const { end } = dayBounds(range);
      const [stats, [distinct], [followers]] = await Promise.all([
        db
          .select({
            day: sql<string>`${pageDailyStats.day}::text`,
            pageViews: pageDailyStats.pageViews,
            postViews: pageDailyStats.postViews,
            reach: pageDailyStats.reach,
            linkClicks: pageDailyStats.linkClicks,
            paymentLinkClicks: pageDailyStats.paymentLinkClicks,
            reactions: pageDailyStats.reactions,
            comments: pageDailyStats.comments,
            reviews: pageDailyStats.reviews,
            followersGained: pageDailyStats.followersGained,
            followersLost: pageDailyStats.followersLost,
          })
          .from(pageDailyStats)
          .where(and(eq(pageDailyStats.pageId, pageId), between(pageDailyStats.day, range.from, range.to)))
          .orderBy(asc(pageDailyStats.day)),
        db
          .select({ n: sql<number>`count(distinct ${pageDailyViewers.viewerKey})::int` })
          .from(pageDailyViewers)
          .where(and(eq(pageDailyViewers.pageId, pageId), between(pageDailyViewers.day, range.from, range.to))),
        db
          .select({ n: count() })
          .from(businessPageFollows)
          .where(
            and(
              eq(businessPageFollows.pageId, pageId),
              lt(businessPageFollows.followedAt, end),
              or(isNull(businessPageFollows.unfollowedAt), gte(businessPageFollows.unfollowedAt, end)),
            ),
          ),
      ]);
      const byDay = new Map(stats.map((s) => [s.day, s]));
      const days: OverviewDay[] = [];
      const n = dayCount(range.from, range.to);
      const totals = { followersGained: 0, followersLost: 0, pageViews: 0, postViews: 0, reactions: 0, comments: 0, reviews: 0, clicks: 0 };
      for (let i = 0; i < n; i += 1) {
        const day = addDays(range.from, i);
        const s = byDay.get(day);
        if (!s) {
          days.push({ day, ...EMPTY_DAY });
          continue;
        }
        const clicks = s.linkClicks + s.paymentLinkClicks;
        const engagements = s.reactions + s.comments + s.reviews + clicks;
        days.push({ day, followersGained: s.followersGained, followersLost: s.followersLost, pageViews: s.pageViews, reach: s.reach, engagements });
        totals.followersGained += s.followersGained;
        totals.followersLost += s.followersLost;
        totals.pageViews += s.pageViews;
        totals.postViews += s.postViews;
        totals.reactions += s.reactions;
        totals.comments += s.comments;
        totals.reviews += s.reviews;
        totals.clicks += clicks;
      }
      return {
        fromDate: range.from,
        toDate: range.to,
        totals: {
          ...totals,
          netFollowers: totals.followersGained - totals.followersLost,
          followers: followers!.n,
          reach: distinct!.n,
          engagements: totals.reactions + totals.comments + totals.reviews + totals.clicks,
        },
        days,
      };
    },

    /** Posts published in the range with their figures to date, ordered and paged. */
    async posts(pageId: number, range: DayRange, sort: Sort<PostReportSortField>, page: { pageNumber: number; pageSize: number }) {
      const { start, end } = dayBounds(range);
      const order = sql.raw(`${POST_ORDER[sort.field]} ${sort.direction === 'asc' ? 'asc' : 'desc'} nulls last, p.id desc`);
      const found = await rows<{ id: number; body_html: string; published_at: string | Date | null; reach: number; views: number; reactions: number; comments: number; clicks: number; total: number }>(
        db,
        sql`
        with p as (
          select id, body_html, published_at from page_posts
          where page_id = ${pageId} and published_at >= ${start.toISOString()}::timestamptz and published_at < ${end.toISOString()}::timestamptz
        ),
        e as (
          select post_id,
            count(distinct viewer_key) filter (where kind = 'POST_VIEW') as reach,
            count(*) filter (where kind = 'POST_VIEW') as views,
            count(*) filter (where kind in ('LINK_CLICK', 'PAYMENT_LINK_CLICK')) as clicks
          from page_activity_events where post_id in (select id from p) group by post_id
        ),
        r as (select post_id, count(*) as n from page_post_reactions where post_id in (select id from p) group by post_id),
        c as (
          select post_id, count(*) as n from page_post_comments
          where post_id in (select id from p) and customer_id is not null and not hidden group by post_id
        )
        select p.id, p.body_html, p.published_at,
          coalesce(e.reach, 0)::int as reach, coalesce(e.views, 0)::int as views, coalesce(r.n, 0)::int as reactions,
          coalesce(c.n, 0)::int as comments, coalesce(e.clicks, 0)::int as clicks, (count(*) over ())::int as total
        from p left join e on e.post_id = p.id left join r on r.post_id = p.id left join c on c.post_id = p.id
        order by ${order}
        limit ${page.pageSize} offset ${page.pageNumber * page.pageSize}`,
      );
      const content: PostReportRow[] = found.map((r) => ({
        postId: r.id,
        excerpt: textOfHtml(r.body_html).slice(0, 160),
        publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
        reach: r.reach,
        views: r.views,
        reactions: r.reactions,
        comments: r.comments,
        clicks: r.clicks,
      }));
      if (found.length || page.pageNumber === 0) return { content, total: found[0]?.total ?? 0 };
      // Past the last page: still say how many there are.
      const [counted] = await db
        .select({ n: count() })
        .from(pagePosts)
        .where(and(eq(pagePosts.pageId, pageId), gte(pagePosts.publishedAt, start), lt(pagePosts.publishedAt, end)));
      return { content, total: counted!.n };
    },

    /**
     * Customer messages (live chat) in the range, per Vietnam day: conversations started (a conversation
     * starts with the customer's first message), those of them resolved now (docs/decisions.md: by the
     * day they started, so the rate is of the same conversations), messages in (customer) and out (staff,
     * private notes not counted), and the median seconds from a conversation's first customer message to
     * the first staff message after it (conversations not answered yet are left out of the median).
     */
    async customerMessages(pageId: number, range: DayRange): Promise<CustomerMessageReport> {
      const { start, end } = dayBounds(range);
      const from = start.toISOString();
      const to = end.toISOString();
      const [conversations, messages] = await Promise.all([
        rows<{ day: string | null; conversations: number; resolved: number; median: number | null }>(
          db,
          sql`
          with c as (
            select c.id, c.status, (c.created_at at time zone ${VN_TIME_ZONE})::date::text as day,
              (select min(m.created_at) from chat_messages m where m.conversation_id = c.id and m.sender = 'CUSTOMER') as first_in
            from chat_conversations c
            where c.page_id = ${pageId} and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz
          ),
          r as (
            select c.*, extract(epoch from (
              select min(m.created_at) from chat_messages m
              where m.conversation_id = c.id and m.sender = 'STAFF' and m.kind <> 'NOTE' and m.created_at >= c.first_in
            ) - c.first_in) as seconds
            from c
          )
          select day, count(*)::int as conversations, count(*) filter (where status = 'RESOLVED')::int as resolved,
            percentile_cont(0.5) within group (order by seconds) as median
          from r group by grouping sets ((day), ())`,
        ),
        rows<{ day: string; messages_in: number; messages_out: number }>(
          db,
          sql`
          select (created_at at time zone ${VN_TIME_ZONE})::date::text as day,
            count(*) filter (where sender = 'CUSTOMER')::int as messages_in,
            count(*) filter (where sender = 'STAFF' and kind <> 'NOTE')::int as messages_out
          from chat_messages
          where page_id = ${pageId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
          group by 1`,
        ),
      ]);
      const seconds = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
      const byDay = new Map(conversations.filter((c) => c.day !== null).map((c) => [c.day!, c]));
      const all = conversations.find((c) => c.day === null);
      const messagesByDay = new Map(messages.map((m) => [m.day, m]));
      const days: CustomerMessageDay[] = [];
      for (let i = 0, n = dayCount(range.from, range.to); i < n; i += 1) {
        const day = addDays(range.from, i);
        const c = byDay.get(day);
        const m = messagesByDay.get(day);
        days.push({
          day,
          conversations: c?.conversations ?? 0,
          resolved: c?.resolved ?? 0,
          messagesIn: m?.messages_in ?? 0,
          messagesOut: m?.messages_out ?? 0,
          firstResponseMedianSeconds: seconds(c?.median ?? null),
        });
      }
      const total = all?.conversations ?? 0;
      const resolved = all?.resolved ?? 0;
      return {
        available: true,
        totals: {
          conversations: total,
          firstResponseMedianSeconds: seconds(all?.median ?? null),
          resolved,
          resolutionRate: total === 0 ? null : resolved / total,
          messagesIn: days.reduce((s, d) => s + d.messagesIn, 0),
          messagesOut: days.reduce((s, d) => s + d.messagesOut, 0),
        },
        days,
      };
    },

    /**
     * Payment-link clicks on the page in the range, and the payments on those links in the range that
     * followed a click on this page within ATTRIBUTION_WINDOW_DAYS (last touch, link level: the payer page
     * is anonymous, so a payment is tied to the page by its link and time, not by the person).
     */
    async reconciliation(pageId: number, merchantId: number, range: DayRange): Promise<PageReconciliation> {
      const { start, end } = dayBounds(range);
      const from = start.toISOString();
      const to = end.toISOString();
      const links = await rows<{ id: number; code: string; title: string; clicks: number; payments: number; amount: string | number }>(
        db,
        sql`
        with clicks as (
          select payment_link_id as link_id, count(*) as n from page_activity_events
          where page_id = ${pageId} and payment_link_id is not null and kind = 'PAYMENT_LINK_CLICK'
            and occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz
          group by payment_link_id
        ),
        paid as (
          select pp.link_id, count(*) as n, sum(pp.amount) as amount from payment_link_payments pp
          where pp.merchant_id = ${merchantId} and pp.created_at >= ${from}::timestamptz and pp.created_at < ${to}::timestamptz
            and exists (
              select 1 from page_activity_events e
              where e.page_id = ${pageId} and e.payment_link_id = pp.link_id and e.kind = 'PAYMENT_LINK_CLICK'
                and e.occurred_at <= pp.created_at and e.occurred_at > pp.created_at - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
            )
          group by pp.link_id
        )
        select l.id, l.code, l.title, coalesce(c.n, 0)::int as clicks, coalesce(p.n, 0)::int as payments, coalesce(p.amount, 0)::bigint as amount
        from payment_links l
        left join clicks c on c.link_id = l.id
        left join paid p on p.link_id = l.id
        where l.merchant_id = ${merchantId} and (c.n is not null or p.n is not null)
        order by amount desc, clicks desc, l.id`,
      );
      const rowsOut = links.map((l) => ({ paymentLinkId: l.id, code: l.code, title: l.title, clicks: l.clicks, payments: l.payments, amount: Number(l.amount) }));
      // Per badge (disabled ones included: their holders earned them), the holders' payments in the range
      // made after the award; a customer is their wallet phone at the merchant, as the badges count it.
      const badges = await rows<{ id: number; name: string; holders: number; payments: number; amount: string | number }>(
        db,
        sql`
        select r.id, r.name,
          (select count(*) from page_badge_awards a where a.rule_id = r.id)::int as holders,
          count(t.id)::int as payments, coalesce(sum(t.amount), 0)::bigint as amount
        from page_badge_rules r
        left join page_badge_awards a on a.rule_id = r.id
        left join customers c on c.id = a.customer_id
        left join transactions t on t.merchant_id = ${merchantId} and t.customer_phone = c.phone
          and t.status in ('SUCCESS', 'PARTIALLY_REFUNDED')
          and t.created_at >= greatest(a.awarded_at, ${from}::timestamptz) and t.created_at < ${to}::timestamptz
        where r.page_id = ${pageId}
        group by r.id, r.name
        order by amount desc, r.id`,
      );
      return {
        windowDays: ATTRIBUTION_WINDOW_DAYS,
        totals: rowsOut.reduce((t, l) => ({ clicks: t.clicks + l.clicks, payments: t.payments + l.payments, amount: t.amount + l.amount }), { clicks: 0, payments: 0, amount: 0 }),
        links: rowsOut,
        badges: badges.map((b) => ({ badgeId: b.id, name: b.name, holders: b.holders, payments: b.payments, amount: Number(b.amount) })),
      };
    },
  };
}
