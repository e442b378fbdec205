/**
 * Campaign money on PostgreSQL with two connection pools (as two API processes): delivery ticks applied
 * at once from both pools are applied once each, spend never passes a campaign's budget (total or daily)
 * nor its reserve, the ledger equals the account, and concurrent moves (two approvals, two ends) apply
 * once. Runs when TEST_DATABASE_URL is set, in a database of its own.
 */
import { expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { vietnamToday } from '@/domain/time';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { onTwoPools } from './pools';
import { businessPages, marketingCampaignEvents, marketingCampaigns, marketingLedger } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { moveCampaign, type ActorRef } from '../../server/lib/marketing/campaigns';
import { deliveryPass, deliverTick } from '../../server/lib/marketing/delivery';
import { topUp } from '../../server/lib/marketing/ledger';
import { expectMoneyAgrees, HOUR, insertCampaign } from './marketing-campaigns-helpers';
import { describeOnPostgres } from './processes';

const OWN_DATABASE = `portal_test_campaigns_${process.pid}`;
const SME = DemoMerchants.sme.id;
const OPERATOR: ActorRef = { kind: 'OPERATOR', userId: null, name: 'ops' };
const MERCHANT: ActorRef = { kind: 'MERCHANT', userId: null, name: 'owner' };

describeOnPostgres('campaign money on PostgreSQL, two pools at once', () => {
  let app: FastifyInstance;
  let second: Database;
  let pageId: number;
  onTwoPools(OWN_DATABASE, async (a, b) => {
    app = a;
    second = b;
    const [page] = await app.database.db.insert(businessPages).values({ merchantId: SME, name: 'Trang PG', slug: 'pg_campaign_page', status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    await app.database.db.transaction((tx) => topUp(tx, { merchantId: SME, amount: 10_000_000, source: 'WALLET', userId: null, idempotencyKey: 'pg-campaigns-topup' }));
  });

  const db = () => app.database.db;
  const pools = () => [db(), second.db];

  it('approves once when two operators approve at once, and ends once when ended twice at once', async () => {
    const c = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetAmount: 300_000 });
    const approvals = await Promise.allSettled(pools().map((p) => moveCampaign(p, c.id, 'APPROVE', OPERATOR)));
    expect(approvals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const reserves = await db().select({ n: count() }).from(marketingLedger).where(and(eq(marketingLedger.campaignId, c.id), eq(marketingLedger.kind, 'RESERVE')));
    expect(reserves[0]!.n).toBe(1);
    const ends = await Promise.allSettled(pools().map((p) => moveCampaign(p, c.id, 'END', MERCHANT)));
    expect(ends.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await db().select({ n: count() }).from(marketingCampaignEvents).where(and(eq(marketingCampaignEvents.campaignId, c.id), eq(marketingCampaignEvents.action, 'END')));
    expect(events[0]!.n).toBe(1);
    await expectMoneyAgrees(db(), SME);
  }, 60_000);

  it('applies every tick once and never overspends under parallel passes on two pools', async () => {
    const start = new Date(Date.now() - 2 * HOUR);
    const end = new Date(start.getTime() + 20 * HOUR);
    const daily = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetKind: 'DAILY', budgetAmount: 50_000, startsAt: start, endsAt: end });
    const total = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetKind: 'TOTAL', budgetAmount: 200_000, startsAt: start, endsAt: end });
    for (const c of [daily, total]) await moveCampaign(db(), c.id, 'APPROVE', OPERATOR);
    const passes = await Promise.all(pools().map((p) => deliveryPass(p, { deliver: false })));
    expect(passes.reduce((a, p) => a + p.started, 0)).toBe(2);
    const rows = await db().select().from(marketingCampaigns).where(eq(marketingCampaigns.status, 'RUNNING'));
    expect(rows.map((r) => r.id).sort()).toEqual([daily.id, total.id].sort());
    const day = vietnamToday();
    const ticks = Array.from({ length: 96 }, (_, i) => i);
    const outcomes = await Promise.all(ticks.flatMap((tick) => rows.flatMap((row) => pools().map((p) => deliverTick(p, row, day, tick)))));
    expect(outcomes.filter((o) => o === 'DELIVERED').length).toBeGreaterThan(0);
    const after = await db().select().from(marketingCampaigns).where(eq(marketingCampaigns.status, 'RUNNING'));
    for (const c of after) {
      expect(c.spent).toBeLessThanOrEqual(c.budgetKind === 'DAILY' ? 50_000 : 200_000);
      expect(c.spent).toBeGreaterThan(0);
    }
    const keys = await db().select({ key: marketingLedger.idempotencyKey }).from(marketingLedger).where(eq(marketingLedger.kind, 'DEBIT'));
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
    await expectMoneyAgrees(db(), SME);
    await Promise.all(pools().map((p) => deliveryPass(p, { now: new Date(end.getTime() + HOUR), deliver: false })));
    for (const c of await db().select().from(marketingCampaigns).where(eq(marketingCampaigns.merchantId, SME))) expect(c.status).toBe('ENDED');
    await expectMoneyAgrees(db(), SME);
  }, 120_000);
});
