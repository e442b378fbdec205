/**
 * Recording what customers do on a business page (page_activity_events) and keeping the daily rollup the
 * page reports read (page_daily_stats, page_daily_viewers) in step, in one transaction: a report never
 * sees an event without its count. The public page's view and click beacons and the customer simulator's
 * actions call `recordPageActivity`; the seed writes events in bulk and then `rebuildDailyStats`.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { PageActivityKind } from '@/domain/pageReports';
import { dayKeyOf } from '@/domain/time';
import type { Db } from '../../db/client';
import { pageActivityEvents, pageDailyStats, pageDailyViewers } from '../../db/schema';

export interface PageActivity {
  pageId: number;
  kind: PageActivityKind;
  occurredAt?: Date;
  postId?: number | null;
  paymentLinkId?: number | null;
  customerId?: number | null;
  viewerKey?: string | null;
}

type Executor = Pick<Db, 'insert' | 'execute'>;
type StatColumn = Exclude<keyof typeof pageDailyStats.$inferInsert, 'pageId' | 'day'>;

/** The rollup column each kind adds one to. */
const COLUMN: Record<PageActivityKind, StatColumn> = {
  PAGE_VIEW: 'pageViews',
  POST_VIEW: 'postViews',
  LINK_CLICK: 'linkClicks',
  PAYMENT_LINK_CLICK: 'paymentLinkClicks',
  FOLLOW: 'followersGained',
  UNFOLLOW: 'followersLost',
  REACTION: 'reactions',
  COMMENT: 'comments',
  REVIEW: 'reviews',
};

const isView = (kind: PageActivityKind) => kind === 'PAGE_VIEW' || kind === 'POST_VIEW';

/** The viewer key of a signed-in customer, else of an anonymous browser's visitor id. */
export const viewerKeyOf = (customerId: number | null | undefined, visitorId: string): string =>
  customerId != null ? `c:${customerId}` : `v:${visitorId}`;

/** Records events of one page and day or several; call inside the caller's transaction when it has one. */
export async function recordPageActivity(db: Db, activities: PageActivity[]): Promise<void> {
  if (!activities.length) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    const rows = activities.map((a) => ({ ...a, occurredAt: a.occurredAt ?? now, day: dayKeyOf(a.occurredAt ?? now) }));
    await tx.insert(pageActivityEvents).values(rows);
    // Sum per page, day and column, then one upsert per page and day.
    const sums = new Map<string, { pageId: number; day: string; counts: Partial<Record<StatColumn, number>>; viewers: Set<string> }>();
    for (const r of rows) {
      const key = `${r.pageId}|${r.day}`;
      const entry = sums.get(key) ?? { pageId: r.pageId, day: r.day, counts: {}, viewers: new Set<string>() };
      const column = COLUMN[r.kind];
      entry.counts[column] = (entry.counts[column] ?? 0) + 1;
      if (isView(r.kind) && r.viewerKey) entry.viewers.add(r.viewerKey);
      sums.set(key, entry);
    }
    for (const { pageId, day, counts, viewers } of sums.values()) {
      let reach = 0;
      if (viewers.size) {
        // The primary key makes a viewer count once per page and day, whatever runs at the same time.
        const added = await tx
          .insert(pageDailyViewers)
          .values([...viewers].map((viewerKey) => ({ pageId, day, viewerKey })))
          .onConflictDoNothing()
          .returning({ viewerKey: pageDailyViewers.viewerKey });
        reach = added.length;
      }
      const values = { ...counts, reach };
      const set = Object.fromEntries(
        Object.entries(values)
          .filter(([, n]) => n)
          .map(([column, n]) => [column, sql`${pageDailyStats[column as StatColumn]} + ${n}`]),
      );
      await upsertDay(tx, pageId, day, values, set);
    }
  });
}

async function upsertDay(tx: Executor, pageId: number, day: string, values: Partial<Record<StatColumn, number>>, set: Record<string, unknown>) {
  const insert = tx.insert(pageDailyStats).values({ pageId, day, ...values });
  await (Object.keys(set).length ? insert.onConflictDoUpdate({ target: [pageDailyStats.pageId, pageDailyStats.day], set }) : insert.onConflictDoNothing());
}

/** Rebuilds the daily viewers and rollup of `pageIds` from their events (the seed's bulk load). */
export async function rebuildDailyStats(db: Pick<Db, 'delete' | 'execute'>, pageIds: number[]): Promise<void> {
  if (!pageIds.length) return;
  await db.delete(pageDailyStats).where(inArray(pageDailyStats.pageId, pageIds));
  await db.delete(pageDailyViewers).where(and(inArray(pageDailyViewers.pageId, pageIds)));
  const ids = sql.join(
    pageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into page_daily_viewers (page_id, day, viewer_key)
    select distinct page_id, day, viewer_key from page_activity_events
    where page_id in (${ids}) and viewer_key is not null and kind in ('PAGE_VIEW', 'POST_VIEW')`);
  await db.execute(sql`
    insert into page_daily_stats (page_id, day, page_views, post_views, reach, link_clicks, payment_link_clicks, reactions, comments, reviews, followers_gained, followers_lost)
    select e.page_id, e.day,
      count(*) filter (where kind = 'PAGE_VIEW'), count(*) filter (where kind = 'POST_VIEW'),
      coalesce((select count(*) from page_daily_viewers v where v.page_id = e.page_id and v.day = e.day), 0),
      count(*) filter (where kind = 'LINK_CLICK'), count(*) filter (where kind = 'PAYMENT_LINK_CLICK'),
      count(*) filter (where kind = 'REACTION'), count(*) filter (where kind = 'COMMENT'), count(*) filter (where kind = 'REVIEW'),
      count(*) filter (where kind = 'FOLLOW'), count(*) filter (where kind = 'UNFOLLOW')
    from page_activity_events e
    where e.page_id in (${ids})
    group by e.page_id, e.day`);
}
