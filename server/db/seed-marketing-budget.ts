/**
 * Marketing budget of the demo SME (issue 17), whose ADS service is ACTIVE (seed-fixtures: onboarded, so
 * marketing is open): three top-ups from its wallet and settlement funds over the last weeks, dated from
 * the day of seeding, and a low-balance alert threshold. The account equals the ledger (available = the
 * top-ups, nothing reserved): campaigns seeded later reserve and spend through server/lib/marketing/ledger.ts.
 * The Phở Việt TOP_BRAND (ADS INITIALIZED) and the other SME (ADS REJECTED) show the gate instead.
 */
import { eq } from 'drizzle-orm';
import { topUpReference } from '@/domain/marketingBudget';
import { dayKeyOf } from '@/domain/time';
import { marketingAccounts, marketingLedger } from './schema';
import type { DomainSeed } from './seed-types';
import { DemoMerchants } from './seed-fixtures';

const DAY_MS = 86_400_000;

/** Days before seeding, amount (đồng), source. */
const TOP_UPS: Array<[number, number, 'WALLET' | 'SETTLEMENT']> = [
  [41, 5_000_000, 'WALLET'],
  [19, 3_000_000, 'SETTLEMENT'],
  [4, 2_000_000, 'WALLET'],
];

export const SEEDED_MARKETING_BALANCE = TOP_UPS.reduce((sum, [, amount]) => sum + amount, 0);
export const SEEDED_LOW_BALANCE_THRESHOLD = 1_000_000;

export const seedMarketingBudget: DomainSeed = async (tx, ctx) => {
  const merchantId = DemoMerchants.sme.id;
  if (!ctx.merchantIds.includes(merchantId)) return;
  const ownerId = ctx.userIdByUsername.get('owner_demo') ?? null;
  const now = Date.now();
  let available = 0;
  for (const [daysAgo, amount, source] of TOP_UPS) {
    available += amount;
    const createdAt = new Date(now - daysAgo * DAY_MS);
    const [row] = await tx
      .insert(marketingLedger)
      .values({
        merchantId,
        kind: 'TOPUP',
        amount,
        source,
        // Replaced below by the reference of the row's own id, as a real top-up has.
        transactionRef: 'seed',
        idempotencyKey: `seed:topup:${daysAgo}`,
        availableAfter: available,
        reservedAfter: 0,
        createdByUserId: ownerId,
        createdAt,
      })
      .returning({ id: marketingLedger.id });
    await tx
      .update(marketingLedger)
      .set({ transactionRef: topUpReference(dayKeyOf(createdAt), row.id) })
      .where(eq(marketingLedger.id, row.id));
  }
  await tx.insert(marketingAccounts).values({ merchantId, balance: available, reserved: 0, lowBalanceThreshold: SEEDED_LOW_BALANCE_THRESHOLD });
};
