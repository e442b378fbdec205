/**
 * Page badges are awarded exactly once on PostgreSQL with passes running at once on separate connection
 * pools (as two server processes do): 40 customers qualify for a payment rule and 10 for a first-review
 * rule; two pools each run 10 passes concurrently; every badge exists once and the passes together
 * report exactly 50 awards. Runs when TEST_DATABASE_URL is set, in a database of its own.
 */
import { expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { describeOnPostgres } from './processes';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { onTwoPools } from './pools';
import { businessPages, customers, pageBadgeAwards, pageBadgeRules, pageReviews, transactions } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { awardBadges } from '../../server/lib/page-badges';

const OWN_DATABASE = 'portal_test_page_badges';
const SME = DemoMerchants.sme.id;

describeOnPostgres('page badges on PostgreSQL, concurrent passes', () => {
  let app: FastifyInstance;
  let second: Database;
  onTwoPools(OWN_DATABASE, (a, b) => {
    app = a;
    second = b;
  });

  it('gives each badge once however many passes run at once', async () => {
    const db = app.database.db;
    const [page] = await db.insert(businessPages).values({ merchantId: SME, name: 'Trang PG', slug: 'pg_badges_page', status: 'ACTIVE' }).returning({ id: businessPages.id });
    const made = await db
      .insert(customers)
      .values(Array.from({ length: 50 }, (_, i) => ({ username: `pg_badge_${i}`, fullName: `Khách ${i}`, phone: `0977${String(i).padStart(6, '0')}` })))
      .returning({ id: customers.id, phone: customers.phone });
    // The first 40 paid twice in the last week; the last 10 reviewed the page.
    await db.insert(transactions).values(
      made.slice(0, 40).flatMap((c, i) =>
        [1, 2].map((k) => ({
          id: String(9_200_000_000_000 + i * 10 + k),
          merchantId: SME,
          createdAt: new Date(Date.now() - k * 86_400_000),
          status: 'SUCCESS',
          paymentMethod: 'WALLET',
          amount: 20_000,
          customerPhone: c.phone,
        })),
      ),
    );
    await db.insert(pageReviews).values(made.slice(40).map((c) => ({ pageId: page!.id, customerId: c.id, stars: 5 })));
    const [payments, review] = await db
      .insert(pageBadgeRules)
      .values([
        { merchantId: SME, pageId: page!.id, name: 'Hai lần', kind: 'PAYMENTS', minPayments: 2, windowDays: 7 },
        { merchantId: SME, pageId: page!.id, name: 'Đánh giá', kind: 'FIRST_REVIEW' },
      ])
      .returning({ id: pageBadgeRules.id });
    const passes = await Promise.all(Array.from({ length: 20 }, (_, i) => awardBadges(i % 2 ? second.db : db, { pageId: page!.id })));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(50);
    const per = async (ruleId: number) => (await db.select({ n: count() }).from(pageBadgeAwards).where(eq(pageBadgeAwards.ruleId, ruleId)))[0]!.n;
    expect(await per(payments!.id)).toBe(40);
    expect(await per(review!.id)).toBe(10);
    expect(await awardBadges(second.db, { pageId: page!.id })).toBe(0);
  }, 120_000);
});
