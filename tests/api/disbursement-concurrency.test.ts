/**
 * No disbursement is paid twice and the balance never goes negative under concurrent approvals or retries:
 * 20 parallel approvals of one order (same code, and straight at the repository without codes), and 20
 * parallel last approvals of 20 orders that the balance covers only partly. On the embedded database here;
 * the same checks run on PostgreSQL when TEST_DATABASE_URL names a throwaway database (as postgres.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ownDatabase, describeOnPostgres } from './processes';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { disbursementAccounts, disbursementItems, disbursementLedger, disbursementOrders, disbursements, users } from '../../server/db/schema';
import { DemoUsers } from '../../server/db/seed-fixtures';
import { demoPayeeDirectory } from '../../server/routes/disbursement-management/payee-directory';
import { disbursementRepository, type Actor } from '../../server/routes/disbursement-management/repository';
import { lastCode } from './auth-helpers';
import { calls, makeDisbursementApp, SME } from './disbursement-helpers';
import type { TestApp } from './helpers';

const PARALLEL = 20;

function concurrencyChecks(db: () => Db) {
  const repo = () => disbursementRepository(db(), demoPayeeDirectory);
  const userId = async (username: string) => (await db().select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
  const setBalance = (balance: number) =>
    db().insert(disbursementAccounts).values({ merchantId: SME, balance }).onConflictDoUpdate({ target: disbursementAccounts.merchantId, set: { balance } });
  const balance = async () => (await db().select().from(disbursementAccounts).where(eq(disbursementAccounts.merchantId, SME)))[0].balance;
  const ledgerOf = (orderId: number) => db().select().from(disbursementLedger).where(eq(disbursementLedger.orderId, orderId));
  const row = (i: number) => ({ channel: 'WALLET' as const, account: `09120${String(i).padStart(5, '0')}`, bankId: null, amount: 100_000, description: `r${i}`, holderName: 'N••• An', fee: 0 });

  let maker: Actor;
  let approver: Actor;
  beforeAll(async () => {
    maker = { userId: await userId(DemoUsers.admin.username), roles: ['ADMINISTRATOR'], ip: null };
    approver = { userId: await userId(DemoUsers.owner.username), roles: ['MERCHANT_OWNER'], ip: null };
  });

  it(`${PARALLEL} parallel approvals of one order pay it once`, async () => {
    await setBalance(1_000_000);
    const id = await repo().createOrder(SME, { kind: 'BATCH', fileName: 'x.csv', rows: [row(1), row(2), row(3)], idempotencyKey: null, uploadId: null }, maker);
    const results = await Promise.allSettled(Array.from({ length: PARALLEL }, () => repo().approve(SME, id, approver)));
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string>).value)).toEqual(['PAID']);
    expect(await balance()).toBe(700_000);
    expect((await ledgerOf(id)).map((e) => e.amount)).toEqual([-300_000]);
    const tranIds = (await db().select({ tranId: disbursementItems.tranId }).from(disbursementItems).where(eq(disbursementItems.orderId, id))).map((r) => r.tranId);
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(disbursements).where(sql`${disbursements.tranId} in ${tranIds}`);
    expect(n).toBe(3);
  });

  it(`${PARALLEL} parallel last approvals of ${PARALLEL} orders: only what the balance covers is paid, never below zero`, async () => {
    await setBalance(750_000);
    const ids: number[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      ids.push(await repo().createOrder(SME, { kind: 'SINGLE', fileName: null, rows: [row(100 + i)], idempotencyKey: null, uploadId: null }, maker));
    }
    const results = await Promise.allSettled(ids.map((id) => repo().approve(SME, id, approver)));
    const paid = results.filter((r) => r.status === 'fulfilled');
    expect(paid).toHaveLength(7);
    expect(await balance()).toBe(50_000);
    const statuses = await db().select({ status: disbursementOrders.status }).from(disbursementOrders).where(sql`${disbursementOrders.id} in ${ids}`);
    expect(statuses.filter((s) => s.status === 'COMPLETED')).toHaveLength(7);
    expect(statuses.filter((s) => s.status === 'PENDING_APPROVAL')).toHaveLength(13);
  });

  it('the database itself refuses a second debit of an order and a negative balance', async () => {
    await setBalance(500_000);
    const id = await repo().createOrder(SME, { kind: 'SINGLE', fileName: null, rows: [row(500)], idempotencyKey: null, uploadId: null }, maker);
    await repo().approve(SME, id, approver);
    await expect(
      db().insert(disbursementLedger).values({ merchantId: SME, type: 'DISBURSEMENT', amount: -100_000, balanceAfter: 0, orderId: id, reference: 'again' }),
    ).rejects.toThrow();
    await expect(db().update(disbursementAccounts).set({ balance: -1 }).where(eq(disbursementAccounts.merchantId, SME))).rejects.toThrow();
    expect(await balance()).toBe(400_000);
  });
}

describe('disbursement concurrency (embedded database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeDisbursementApp();
  });
  afterAll(() => t.close());

  concurrencyChecks(() => t.database.db);

  it(`${PARALLEL} parallel approve requests with the same code: one pays, the others change nothing`, async () => {
    const c = calls(t);
    const [owner, admin] = await Promise.all([t.login('owner_demo'), t.login('admin_demo')]);
    await t.database.db.update(disbursementAccounts).set({ balance: 5_000_000 }).where(eq(disbursementAccounts.merchantId, SME));
    const order = (await c.post(admin, '/orders', { channel: 'WALLET', account: '0912000999', amount: 1_000_000 })).json().data;
    const sent = (await c.post(owner, `/orders/${order.id}/approval-otp`)).json().data;
    const code = await lastCode(t, DemoUsers.owner.phone);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => c.post(owner, `/orders/${order.id}/approve`, { otpId: sent.otpId, otpCode: code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 400 || a.statusCode === 409)).toBe(true);
    const [account] = await t.database.db.select().from(disbursementAccounts).where(eq(disbursementAccounts.merchantId, SME));
    // 1.000.000 đ and the plan's 2.000 đ wallet fee, once.
    expect(account.balance).toBe(5_000_000 - 1_000_000 - 2_000);
    expect(await t.database.db.select().from(disbursementLedger).where(eq(disbursementLedger.orderId, order.id))).toHaveLength(1);
  });
});

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = 'portal_test_disbursement_concurrency';
describeOnPostgres('disbursement concurrency (PostgreSQL)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A database of its own: tests/api/postgres.test.ts runs in parallel on TEST_DATABASE_URL and resets it.
    const own = await ownDatabase(url!, OWN_DATABASE);
    app = await buildApp(testConfig({ databaseUrl: own }));
  }, 120_000);
  afterAll(() => app?.close());

  concurrencyChecks(() => app.database.db);
});
