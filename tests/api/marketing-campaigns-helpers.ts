/**
 * What the marketing campaign API tests (PGlite and PostgreSQL) share: a campaign row straight in the
 * database, and the money invariants that must hold after any mix of moves and delivery passes.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EMPTY_AUDIENCE, type Audience } from '@/domain/audience';
import type { Db } from '../../server/db/client';
import { marketingAccounts, marketingCampaignDelivery, marketingCampaigns, marketingLedger } from '../../server/db/schema';

export const HOUR = 3_600_000;

export async function insertCampaign(
  db: Db,
  values: { merchantId: number; pageId: number; status?: string; budgetKind?: 'DAILY' | 'TOTAL'; budgetAmount?: number; startsAt?: Date; endsAt?: Date; audience?: Audience; name?: string },
) {
  const startsAt = values.startsAt ?? new Date(Date.now() - HOUR);
  const [row] = await db
    .insert(marketingCampaigns)
    .values({
      merchantId: values.merchantId,
      pageId: values.pageId,
      name: values.name ?? 'Chiến dịch thử',
      objective: 'REACH',
      audience: values.audience ?? EMPTY_AUDIENCE,
      startsAt,
      endsAt: values.endsAt ?? new Date(startsAt.getTime() + 48 * HOUR),
      budgetKind: values.budgetKind ?? 'TOTAL',
      budgetAmount: values.budgetAmount ?? 1_000_000,
      status: values.status ?? 'DRAFT',
      creativeText: 'Chào ${name}',
      cta: 'OPEN_PAGE',
    })
    .returning();
  return row!;
}

const sum = async (db: Db, merchantId: number, kind: string, campaignId?: number) =>
  Number(
    (
      await db
        .select({ n: sql<string>`coalesce(sum(${marketingLedger.amount}), 0)` })
        .from(marketingLedger)
        .where(and(eq(marketingLedger.merchantId, merchantId), eq(marketingLedger.kind, kind), campaignId ? eq(marketingLedger.campaignId, campaignId) : undefined))
    )[0]!.n,
  );

/**
 * The account equals its ledger; every campaign's spent equals its DEBITs and its delivery rows' spend,
 * never exceeds its reserve (nor, for DAILY budgets, the daily budget on any day); an ended campaign
 * released exactly what it did not spend.
 */
export async function expectMoneyAgrees(db: Db, merchantId: number) {
  const [account] = await db.select().from(marketingAccounts).where(eq(marketingAccounts.merchantId, merchantId));
  const [topUps, reserves, debits, releases] = await Promise.all(['TOPUP', 'RESERVE', 'DEBIT', 'RELEASE'].map((k) => sum(db, merchantId, k)));
  expect(account!.balance).toBe(topUps - reserves + releases);
  expect(account!.reserved).toBe(reserves - debits - releases);
  const campaigns = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.merchantId, merchantId));
  for (const c of campaigns) {
    const days = await db.select().from(marketingCampaignDelivery).where(eq(marketingCampaignDelivery.campaignId, c.id));
    expect(c.spent).toBe(await sum(db, merchantId, 'DEBIT', c.id));
    expect(c.spent).toBe(days.reduce((a, d) => a + d.spend, 0));
    expect(c.reserved).toBe(await sum(db, merchantId, 'RESERVE', c.id));
    expect(c.released).toBe(await sum(db, merchantId, 'RELEASE', c.id));
    expect(c.spent + c.released).toBeLessThanOrEqual(c.reserved);
    if (c.budgetKind === 'DAILY') for (const d of days) expect(d.spend).toBeLessThanOrEqual(c.budgetAmount);
    if (c.status === 'ENDED') expect(c.spent + c.released).toBe(c.reserved);
  }
}
