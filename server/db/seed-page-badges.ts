/**
 * Demo badges of the SME's public page (ca_phe_song_han): "first review", "a payment in the last 30 days"
 * and "3 payments in 30 days". The seeded wallet customers' phone numbers are random, so none would match
 * a seeded payment: the page's seeded reviewers take the phone of one of the merchant's recent successful
 * payments (one payment each), which makes the payment rule real data. Badges are then awarded the way the
 * server does (awardBadges), so the public page shows them beside the reviews.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { awardBadges } from '../lib/page-badges';
import { rows, type Db } from './client';
import { businessPages, customers, pageBadgeRules, pageReviews } from './schema';
import type { DomainSeed } from './seed-types';

const SLUG = 'ca_phe_song_han';

export const seedPageBadges: DomainSeed = async (tx, ctx) => {
  const [page] = await tx.select({ id: businessPages.id, merchantId: businessPages.merchantId }).from(businessPages).where(eq(businessPages.slug, SLUG));
  if (!page) return;
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  await tx.insert(pageBadgeRules).values([
    { merchantId: page.merchantId, pageId: page.id, name: 'Người đánh giá', kind: 'FIRST_REVIEW', createdBy: owner, updatedBy: owner },
    { merchantId: page.merchantId, pageId: page.id, name: 'Khách ghé quán', kind: 'PAYMENTS', minPayments: 1, windowDays: 30, createdBy: owner, updatedBy: owner },
    { merchantId: page.merchantId, pageId: page.id, name: 'Khách quen', kind: 'PAYMENTS', minPayments: 3, windowDays: 30, createdBy: owner, updatedBy: owner },
  ]);
  // Every other seeded reviewer of the page (not customer_demo, whose badges the demo earns live).
  const reviewers = await tx
    .select({ id: customers.id })
    .from(pageReviews)
    .innerJoin(customers, eq(customers.id, pageReviews.customerId))
    .where(and(eq(pageReviews.pageId, page.id), sql`${customers.passwordHash} is null`))
    .orderBy(customers.id);
  const chosen = reviewers.filter((_, i) => i % 2 === 0).map((r) => r.id);
  const phones = await rows<{ phone: string }>(
    tx as unknown as Db,
    sql`select customer_phone as phone from transactions
        where merchant_id = ${page.merchantId} and status = 'SUCCESS' and customer_phone is not null and created_at > now() - interval '20 days'
        order by created_at desc, id desc limit ${chosen.length}`,
  );
  for (const [i, phone] of phones.entries()) await tx.update(customers).set({ phone: phone.phone }).where(inArray(customers.id, [chosen[i]!]));
  await awardBadges(tx);
};
