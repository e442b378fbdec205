/**
 * Issue 16's page report budget: the overview of one page over 12 months of activity (followers gained and
 * lost, views, reach, engagement per day and in total) in under 300 ms on PGlite, through the repository the
 * route runs (server/routes/report-management). Its own in-memory database, migrated, with a page whose year
 * holds what the large seed gives the demo page and more: 200 views a day from 5,000 visitors (reach counted
 * per day and over the year), posts seen, clicks, and 6,000 customers of whom about half follow, one in eight
 * later unfollowing; the daily rollup is built from those events as the seed builds it.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { addDays, vietnamToday } from '../src/domain/time';
import { pgliteDatabase, pgliteExtensions, rows } from '../server/db/client';
import { rebuildDailyStats } from '../server/lib/page-activity';
import { reportRepository } from '../server/routes/report-management/repository';

export const PAGE_REPORT_BUDGET_MS = 300;
const VIEWS_PER_DAY = 200;
const CUSTOMERS = 6_000;
const RUNS = 7;

export async function measurePageReports() {
  const database = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    await database.migrate();
    const db = database.db;
    const [merchant] = await rows<{ id: number }>(
      db,
      sql`insert into merchants (partner_code, name, brand_name, type, state_code) values ('MC_BENCH', 'Bench', 'Bench', 'SME', 201) returning id`,
    );
    const [page] = await rows<{ id: number }>(
      db,
      sql`insert into business_pages (merchant_id, name, slug, status) values (${merchant!.id}, 'Bench', 'bench_page', 'ACTIVE') returning id`,
    );
    const pageId = page!.id;
    await db.execute(sql`insert into customers (username, full_name) select 'bench' || i, 'Khách ' || i from generate_series(1, ${CUSTOMERS}) as i`);
    const [post] = await rows<{ id: number }>(
      db,
      sql`insert into page_posts (page_id, body_html, status, published_at) values (${pageId}, '<p>Bench</p>', 'PUBLISHED', now() - interval '300 days') returning id`,
    );
    // A year of views: visitor keys from a pool of 5,000 (returning visitors), Vietnam days of the instants.
    await db.execute(sql`insert into page_activity_events (page_id, kind, day, occurred_at, viewer_key)
      select ${pageId}, 'PAGE_VIEW', (t at time zone 'Asia/Ho_Chi_Minh')::date, t, 'v:' || (abs(hashint4(i)) % 5000)
      from (select i, now() - (i * (365.0 * 86400 / ${VIEWS_PER_DAY * 365})) * interval '1 second' as t from generate_series(1, ${VIEWS_PER_DAY * 365}) as i) s`);
    await db.execute(sql`insert into page_activity_events (page_id, kind, day, occurred_at, viewer_key, post_id)
      select page_id, 'POST_VIEW', day, occurred_at, viewer_key, ${post!.id} from page_activity_events where page_id = ${pageId} and kind = 'PAGE_VIEW' and id % 3 <> 0`);
    await db.execute(sql`insert into page_activity_events (page_id, kind, day, occurred_at, post_id)
      select page_id, 'LINK_CLICK', day, occurred_at, ${post!.id} from page_activity_events where page_id = ${pageId} and kind = 'PAGE_VIEW' and id % 25 = 0`);
    // About half the customers follow during the year; one in eight of them unfollows later.
    await db.execute(sql`insert into business_page_follows (page_id, customer_id, followed_at, unfollowed_at)
      select ${pageId}, c.id, now() - (c.id % 364) * interval '1 day', case when c.id % 8 = 0 then now() - (c.id % 364) * interval '1 day' + interval '20 days' end
      from customers c where c.id % 2 = 0`);
    await db.execute(sql`update business_page_follows set unfollowed_at = null where unfollowed_at > now()`);
    await db.execute(sql`insert into page_activity_events (page_id, kind, day, occurred_at, customer_id)
      select page_id, 'FOLLOW', (followed_at at time zone 'Asia/Ho_Chi_Minh')::date, followed_at, customer_id from business_page_follows
      union all
      select page_id, 'UNFOLLOW', (unfollowed_at at time zone 'Asia/Ho_Chi_Minh')::date, unfollowed_at, customer_id from business_page_follows where unfollowed_at is not null`);
    await rebuildDailyStats(db, [pageId]);
    await database.vacuum();
    const [{ events }] = await rows<{ events: number }>(db, sql`select count(*)::int as events from page_activity_events`);
    const [{ viewers }] = await rows<{ viewers: number }>(db, sql`select count(*)::int as viewers from page_daily_viewers`);

    const repo = reportRepository(db);
    const today = vietnamToday();
    const range = { from: addDays(today, -364), to: today };
    const times: number[] = [];
    let overview = await repo.overview(pageId, range);
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      overview = await repo.overview(pageId, range);
      times.push(performance.now() - t0);
    }
    if (overview.days.length !== 365 || overview.totals.pageViews < VIEWS_PER_DAY * 360 || overview.totals.reach < 4000) throw new Error(`unexpected overview: ${JSON.stringify(overview.totals)}`);
    const sorted = [...times].sort((a, b) => a - b);
    const median = Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
    const worst = Math.round(sorted[sorted.length - 1]! * 10) / 10;
    return {
      pageReportEvents: events,
      pageReportDailyViewerRows: viewers,
      pageReportOverview12MonthsMs: median,
      pageReportOverview12MonthsWorstMs: worst,
      pageReportBudgetMs: PAGE_REPORT_BUDGET_MS,
      pageReportWithinBudget: worst < PAGE_REPORT_BUDGET_MS,
    };
  } finally {
    await database.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  measurePageReports()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
