/**
 * The marketing ledger (server/lib/marketing/ledger.ts) keeps money exact under concurrency: 20 parallel
 * reserves and 20 parallel debits against an account that covers only some of them never take it below
 * zero, and the ledger always adds up to the account; an idempotency key moves money once; a crossing of
 * the low-balance threshold notifies once. On the embedded database, and on PostgreSQL (each call in its
 * own transaction on its own connection) when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { marketingAccounts, marketingLedger, notifications } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { ApiError } from '../../server/errors';
import { accountOf, debitFromReserve, releaseReserve, reserveForCampaign, setLowBalanceThreshold, topUp } from '../../server/lib/marketing/ledger';
import { makeApp, type TestApp } from './helpers';
import { describeOnPostgres, ownDatabase } from './processes';

const PARALLEL = 20;
const M = DemoMerchants.topBrand.id;

function ledgerChecks(db: () => Db) {
  const reset = async () => {
    await db().delete(marketingLedger).where(eq(marketingLedger.merchantId, M));
    await db().delete(marketingAccounts).where(eq(marketingAccounts.merchantId, M));
    await db().delete(notifications).where(and(eq(notifications.merchantId, M), eq(notifications.kind, 'MARKETING_LOW_BALANCE')));
  };
  const fund = (amount: number, key = `fund-${amount}-${Math.random()}`) =>
    db().transaction((tx) => topUp(tx, { merchantId: M, amount, source: 'WALLET', userId: null, idempotencyKey: key }));
  const sums = async () => {
    const [row] = await db()
      .select({
        topups: sql<number>`coalesce(sum(${marketingLedger.amount}) filter (where ${marketingLedger.kind} = 'TOPUP'), 0)::bigint`.mapWith(Number),
        reserves: sql<number>`coalesce(sum(${marketingLedger.amount}) filter (where ${marketingLedger.kind} = 'RESERVE'), 0)::bigint`.mapWith(Number),
        debits: sql<number>`coalesce(sum(${marketingLedger.amount}) filter (where ${marketingLedger.kind} = 'DEBIT'), 0)::bigint`.mapWith(Number),
        releases: sql<number>`coalesce(sum(${marketingLedger.amount}) filter (where ${marketingLedger.kind} = 'RELEASE'), 0)::bigint`.mapWith(Number),
        rows: sql<number>`count(*)::int`,
      })
      .from(marketingLedger)
      .where(eq(marketingLedger.merchantId, M));
    return row;
  };
  /** The account equals what its ledger says. */
  const expectLedgerMatchesAccount = async () => {
    const s = await sums();
    const account = await accountOf(db(), M);
    expect(account.balance).toBe(s.topups - s.reserves + s.releases);
    expect(account.reserved).toBe(s.reserves - s.debits - s.releases);
    expect(account.balance).toBeGreaterThanOrEqual(0);
    expect(account.reserved).toBeGreaterThanOrEqual(0);
  };

  beforeEach(reset);

  it(`${PARALLEL} parallel reserves against a balance that covers 7: 7 succeed, the balance never goes below zero`, async () => {
    await fund(750_000);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        db().transaction((tx) => reserveForCampaign(tx, { merchantId: M, campaignId: 100 + i, campaignName: `C${i}`, amount: 100_000, idempotencyKey: `reserve-${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(13);
    expect(refused.every((r) => r.reason instanceof ApiError && r.reason.messageKey === 'marketing.insufficientBalance' && r.reason.httpStatus === 409)).toBe(true);
    const account = await accountOf(db(), M);
    expect(account).toMatchObject({ balance: 50_000, reserved: 700_000 });
    expect((await sums()).rows).toBe(8);
    await expectLedgerMatchesAccount();
  });

  it(`${PARALLEL} parallel debits against a reserve that covers 14: 14 succeed, the reserve never goes below zero`, async () => {
    await fund(700_000);
    await db().transaction((tx) => reserveForCampaign(tx, { merchantId: M, campaignId: 7, campaignName: 'Seven', amount: 700_000, idempotencyKey: 'reserve-seven' }));
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        db().transaction((tx) =>
          debitFromReserve(tx, { merchantId: M, campaignId: 7, campaignName: 'Seven', day: '2026-11-27', amount: 50_000, idempotencyKey: `debit-${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(14);
    expect(
      results.every((r) => r.status === 'fulfilled' || (r.reason instanceof ApiError && r.reason.messageKey === 'marketing.insufficientReserve')),
    ).toBe(true);
    expect(await accountOf(db(), M)).toMatchObject({ balance: 0, reserved: 0 });
    await expectLedgerMatchesAccount();
  });

  it('mixed parallel reserves, debits and releases keep the ledger equal to the account', async () => {
    await fund(1_000_000);
    await db().transaction((tx) => reserveForCampaign(tx, { merchantId: M, campaignId: 1, campaignName: 'One', amount: 400_000, idempotencyKey: 'r-one' }));
    const jobs = Array.from({ length: PARALLEL }, (_, i) => {
      if (i % 3 === 0)
        return db().transaction((tx) => reserveForCampaign(tx, { merchantId: M, campaignId: 2, campaignName: 'Two', amount: 150_000, idempotencyKey: `mix-r-${i}` }));
      if (i % 3 === 1)
        return db().transaction((tx) => debitFromReserve(tx, { merchantId: M, campaignId: 1, campaignName: 'One', day: '2026-11-26', amount: 60_000, idempotencyKey: `mix-d-${i}` }));
      return db().transaction((tx) => releaseReserve(tx, { merchantId: M, campaignId: 1, campaignName: 'One', amount: 30_000, idempotencyKey: `mix-l-${i}` }));
    });
    await Promise.allSettled(jobs);
    await expectLedgerMatchesAccount();
  });

  it('a top-up repeated with the same key (also at once) moves money once and returns the first movement', async () => {
    const first = await Promise.all(Array.from({ length: 5 }, () => fund(200_000, 'same-key-123')));
    expect(new Set(first.map((m) => m.id)).size).toBe(1);
    expect(first.filter((m) => !m.replayed)).toHaveLength(1);
    expect(first[0].transactionRef).toMatch(/^MKT\d{6}\d{8}$/);
    expect((await accountOf(db(), M)).balance).toBe(200_000);
    expect((await sums()).rows).toBe(1);
    // The same key for another amount is a client bug, refused without writing.
    await expect(fund(300_000, 'same-key-123')).rejects.toMatchObject({ httpStatus: 409, messageKey: 'marketing.idempotencyMismatch' });
    expect((await accountOf(db(), M)).balance).toBe(200_000);
  });

  it('bad amounts are refused and write nothing', async () => {
    for (const amount of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      await expect(fund(amount)).rejects.toMatchObject({ httpStatus: 400 });
    }
    expect((await sums()).rows).toBe(0);
  });

  it('notifies owners, administrators and MARKETING once when a debit crosses below the threshold', async () => {
    await fund(1_000_000);
    await db().transaction((tx) => setLowBalanceThreshold(tx, M, 500_000));
    await db().transaction((tx) => reserveForCampaign(tx, { merchantId: M, campaignId: 9, campaignName: 'Nine', amount: 1_000_000, idempotencyKey: 'r-nine' }));
    const debit = (i: number) =>
      db().transaction((tx) => debitFromReserve(tx, { merchantId: M, campaignId: 9, campaignName: 'Nine', day: '2026-11-27', amount: 200_000, idempotencyKey: `d-nine-${i}` }));
    await debit(1); // 800.000 left
    await debit(2); // 600.000
    const told = () => db().select().from(notifications).where(and(eq(notifications.merchantId, M), eq(notifications.kind, 'MARKETING_LOW_BALANCE')));
    expect(await told()).toHaveLength(0);
    await debit(3); // 400.000: crosses
    const first = await told();
    expect(first.length).toBeGreaterThan(0);
    expect(first[0].params).toEqual({ remaining: '400.000', threshold: '500.000' });
    expect(first[0].link).toBe('/portal/app/marketing-budget');
    await debit(4); // 200.000: still below, no new notification
    expect(await told()).toHaveLength(first.length);
  });
}

describe('marketing ledger (embedded database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());
  ledgerChecks(() => t.database.db);
});

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = `portal_test_marketing_ledger_${process.pid}`;
describeOnPostgres('marketing ledger (PostgreSQL)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A database of its own (named by pid): parallel runs and postgres.test.ts never reset it.
    const own = await ownDatabase(url!, OWN_DATABASE);
    app = await buildApp(testConfig({ databaseUrl: own }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop database if exists ${OWN_DATABASE} with (force)`);
    } finally {
      await client.end();
    }
  });
  ledgerChecks(() => app.database.db);
});
