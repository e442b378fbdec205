/**
 * Marketing budget API (issue 17): the §4 ADS gate, roles (§6: owners, administrators and MARKETING manage;
 * accountants read), merchant isolation, top-ups (validated, idempotent, demo mode), the threshold, spending,
 * the payment and transaction histories and their exports (every row, no cap).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { MarketingBudgetApiPaths as Paths } from '@/domain/marketingBudget';
import { vietnamToday } from '@/domain/time';
import { marketingAccounts, marketingLedger, memberships, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { SEEDED_LOW_BALANCE_THRESHOLD, SEEDED_MARKETING_BALANCE } from '../../server/db/seed-marketing-budget';
import { debitFromReserve, releaseReserve, reserveForCampaign } from '../../server/lib/marketing/ledger';
import { parseRfc4180 } from './csv';
import { makeApp, type TestApp } from './helpers';

const SME: number = DemoMerchants.sme.id;
const OTHER: number = DemoMerchants.other.id;
const TOP_BRAND: number = DemoMerchants.topBrand.id;
const path = (template: string, merchantId: number = SME) => `/api${template.replace(':merchantId', String(merchantId))}`;

describe('marketing budget API', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let admin: string;
  let otherOwner: string;
  let marketing: string;
  let keySeq = 0;
  const key = () => `test-key-${Date.now()}-${++keySeq}`;

  const get = (token: string, url: string, lang?: string) => t.call(token, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lang=${lang ?? 'vi'}` });
  const topUp = (token: string, payload: unknown, idem: string | null = key(), merchantId = SME, lang = 'vi') =>
    t.call(token, {
      method: 'POST',
      url: `${path(Paths.topUps, merchantId)}?lang=${lang}`,
      payload: payload as Record<string, unknown>,
      headers: idem ? { 'idempotency-key': idem } : {},
    });
  const ledgerRows = async (merchantId = SME) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(marketingLedger).where(eq(marketingLedger.merchantId, merchantId)))[0].n;
  const account = async (merchantId = SME) => (await t.database.db.select().from(marketingAccounts).where(eq(marketingAccounts.merchantId, merchantId)))[0];

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, admin, otherOwner] = await Promise.all(
      ['owner_demo', 'accountant_demo', 'cashier_demo', 'admin_demo', 'other_owner_demo'].map((u) => t.login(u)),
    );
    const [m] = await t.database.db
      .select({ username: users.username })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, SME), eq(memberships.status, 'ACTIVE'), eq(memberships.invitationStatus, 'ACCEPT'), sql`${memberships.roles} = array['MARKETING']::text[]`))
      .limit(1);
    marketing = await t.login(m.username);
  });
  afterAll(() => t.close());

  describe('the ADS gate (spec §4)', () => {
    it('opens marketing for the SME, whose ADS is ACTIVE', async () => {
      const res = await get(owner, path(Paths.gate));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ onboarded: true, adsStatus: 'ACTIVE', canRegister: false, canManage: true, canRead: true });
    });

    it('refuses every budget call before ADS is onboarded, saying why in the caller’s language', async () => {
      const gate = await get(otherOwner, path(Paths.gate, OTHER));
      expect(gate.json().data).toMatchObject({ onboarded: false, adsStatus: 'REJECTED', canRegister: false });
      for (const url of [Paths.account, Paths.payments, Paths.transactions]) {
        const res = await get(otherOwner, path(url, OTHER));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          status: 3,
          message: 'Doanh nghiệp chưa được kích hoạt dịch vụ Quảng cáo (trạng thái: Bị từ chối). Marketing sẽ mở khi dịch vụ Quảng cáo được duyệt',
        });
      }
      const en = await get(otherOwner, path(Paths.account, OTHER), 'en');
      expect(en.json().message).toBe('Your business is not onboarded to the Advertising service yet (status: Rejected). Marketing opens once Advertising is approved');
      const before = await ledgerRows(OTHER);
      const res = await topUp(otherOwner, { amount: 500_000, source: 'WALLET' }, key(), OTHER);
      expect(res.statusCode).toBe(403);
      expect(await ledgerRows(OTHER)).toBe(before);
    });

    it('counts INITIALIZED as not onboarded (waiting for review)', async () => {
      const res = await get(owner, path(Paths.account, TOP_BRAND));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Doanh nghiệp chưa được kích hoạt dịch vụ Quảng cáo (trạng thái: Chờ duyệt). Marketing sẽ mở khi dịch vụ Quảng cáo được duyệt');
    });
  });

  describe('ADS registration end to end (merchant registers, the operator approves)', () => {
    it('opens marketing for a merchant once its ADS registration is approved in the operator view', async () => {
      const BPU: number = DemoMerchants.bpu.id;
      const [bpuOwner, ops] = await Promise.all([t.login('bpu_owner_demo'), t.login('ops_demo')]);
      const before = (await get(bpuOwner, path(Paths.gate, BPU))).json().data;
      expect(before).toMatchObject({ onboarded: false, adsStatus: null, canRegister: true });
      expect((await get(bpuOwner, path(Paths.account, BPU))).json().message).toBe(
        'Doanh nghiệp chưa được kích hoạt dịch vụ Quảng cáo. Vui lòng đăng ký dịch vụ Quảng cáo trong Quản lý dịch vụ để dùng Marketing',
      );
      const registered = await t.call(bpuOwner, { method: 'POST', url: `/api/services/${BPU}/services`, payload: { serviceId: before.adsServiceId } });
      expect(registered.statusCode).toBe(200);
      expect((await get(bpuOwner, path(Paths.gate, BPU))).json().data).toMatchObject({ onboarded: false, adsStatus: 'INITIALIZED', canRegister: false });

      // Only the operator reviews; a merchant owner is refused the queue.
      expect((await get(bpuOwner, '/api/ops/service-registrations')).statusCode).toBe(403);
      const queue = await get(ops, '/api/ops/service-registrations');
      const pending = (queue.json().data as Array<{ id: number; merchantId: number; serviceCode: string; status: string }>).find((r) => r.merchantId === BPU && r.serviceCode === 'ADS');
      expect(pending).toMatchObject({ status: 'INITIALIZED', serviceName: 'Quảng cáo' });
      const approve = await t.call(ops, { method: 'POST', url: `/api/ops/service-registrations/${pending!.id}/approve` });
      expect(approve.statusCode).toBe(200);
      expect(approve.json().data).toMatchObject({ status: 'ACTIVE' });
      const again = await t.call(ops, { method: 'POST', url: `/api/ops/service-registrations/${pending!.id}/reject?lang=en` });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This registration is no longer waiting for review');
      expect((await t.call(ops, { method: 'POST', url: '/api/ops/service-registrations/999999/approve' })).statusCode).toBe(404);

      expect((await get(bpuOwner, path(Paths.gate, BPU))).json().data).toMatchObject({ onboarded: true, adsStatus: 'ACTIVE' });
      const account = await get(bpuOwner, path(Paths.account, BPU));
      expect(account.statusCode).toBe(200);
      expect(account.json().data).toMatchObject({ available: 0, reserved: 0, spentThisMonth: 0, canTopUp: true });
      expect((await topUp(bpuOwner, { amount: 200_000, source: 'WALLET' }, key(), BPU)).json().data.account.available).toBe(200_000);
    });
  });

  describe('roles (spec §6) and merchant isolation', () => {
    it('lets the accountant read the budget and histories but not top up or set the alert', async () => {
      const gate = await get(accountant, path(Paths.gate));
      expect(gate.json().data).toMatchObject({ canManage: false, canRead: true });
      const res = await get(accountant, path(Paths.account));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ canManage: false, canTopUp: false });
      expect((await get(accountant, path(Paths.payments))).statusCode).toBe(200);
      expect((await get(accountant, path(Paths.transactions))).statusCode).toBe(200);
      const before = await ledgerRows();
      const refused = await topUp(accountant, { amount: 500_000, source: 'WALLET' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 3, message: 'Vai trò của bạn chỉ được xem ngân sách và lịch sử marketing' });
      const threshold = await t.call(accountant, { method: 'PUT', url: path(Paths.threshold), payload: { lowBalanceThreshold: 1 } });
      expect(threshold.statusCode).toBe(403);
      expect(await ledgerRows()).toBe(before);
    });

    it('lets MARKETING and ADMINISTRATOR manage', async () => {
      for (const token of [marketing, admin]) {
        const res = await get(token, path(Paths.account));
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ canManage: true, canTopUp: true });
      }
    });

    it('refuses a role without the route code (cashier) and another merchant’s budget', async () => {
      expect((await get(cashier, path(Paths.account))).statusCode).toBe(403);
      expect((await get(cashier, path(Paths.gate))).statusCode).toBe(403);
      // owner_demo is not a member of the other SME; other_owner_demo not of this one.
      expect((await get(owner, path(Paths.payments, OTHER))).statusCode).toBe(403);
      expect((await get(otherOwner, path(Paths.account))).statusCode).toBe(403);
      const before = await ledgerRows();
      expect((await topUp(otherOwner, { amount: 500_000, source: 'WALLET' })).statusCode).toBe(403);
      expect(await ledgerRows()).toBe(before);
    });
  });

  describe('top-ups', () => {
    it('shows the seeded account, equal to its ledger, with the seeded top-ups and threshold', async () => {
      const res = await get(owner, path(Paths.account));
      const [sum] = await t.database.db
        .select({
          available: sql<number>`coalesce(sum(case ${marketingLedger.kind} when 'TOPUP' then ${marketingLedger.amount} when 'RELEASE' then ${marketingLedger.amount} when 'RESERVE' then -${marketingLedger.amount} else 0 end), 0)::bigint`.mapWith(Number),
          reserved: sql<number>`coalesce(sum(case ${marketingLedger.kind} when 'RESERVE' then ${marketingLedger.amount} when 'DEBIT' then -${marketingLedger.amount} when 'RELEASE' then -${marketingLedger.amount} else 0 end), 0)::bigint`.mapWith(Number),
        })
        .from(marketingLedger)
        .where(eq(marketingLedger.merchantId, SME));
      expect(res.json().data).toMatchObject({
        lowBalanceThreshold: SEEDED_LOW_BALANCE_THRESHOLD,
        minTopUp: 100_000,
        maxTopUp: 1_000_000_000,
        available: sum.available,
        reserved: sum.reserved,
      });
      expect(sum.available + sum.reserved).toBeLessThanOrEqual(SEEDED_MARKETING_BALANCE);
      const seeded = await get(owner, `${path(Paths.payments)}?kind=TOPUP`);
      expect(seeded.json().data.totalElements).toBeGreaterThanOrEqual(3);
      for (const p of seeded.json().data.content as Array<{ transactionRef: string }>) expect(p.transactionRef).toMatch(/^MKT\d{14}$/);
    });

    it('refuses bad amounts and sources with the field’s message, writing nothing', async () => {
      const before = { rows: await ledgerRows(), balance: (await account()).balance };
      const bad: Array<[unknown, string]> = [
        [{ amount: 0, source: 'WALLET' }, 'amount'],
        [{ amount: 99_999, source: 'WALLET' }, 'amount'],
        [{ amount: 1_000_000_001, source: 'WALLET' }, 'amount'],
        [{ amount: -500_000, source: 'WALLET' }, 'amount'],
        [{ amount: 150_000.5, source: 'WALLET' }, 'amount'],
        [{ amount: '12abc', source: 'WALLET' }, 'amount'],
        [{ amount: 500_000, source: 'BANK' }, 'source'],
        [{ amount: 500_000 }, 'source'],
        [{ amount: 500_000, source: 'WALLET', extra: 1 }, ''],
      ];
      for (const [payload, field] of bad) {
        const res = await topUp(owner, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        if (field === 'amount') expect(res.json().message).toBe('Số tiền: Số tiền nạp là số nguyên từ 100.000 đ đến 1.000.000.000 đ');
      }
      const en = await topUp(owner, { amount: 5, source: 'WALLET' }, key(), SME, 'en');
      expect(en.json().message).toBe('Amount: The top-up is a whole number from 100,000 đ to 1,000,000,000 đ');
      const noKey = await topUp(owner, { amount: 500_000, source: 'WALLET' }, null);
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().message).toBe('Thiếu mã Idempotency-Key cho yêu cầu nạp tiền');
      expect((await topUp(owner, { amount: 500_000, source: 'WALLET' }, 'bad key!')).statusCode).toBe(400);
      expect(await ledgerRows()).toBe(before.rows);
      expect((await account()).balance).toBe(before.balance);
    });

    it('tops up once per Idempotency-Key, with a transaction reference in the payment history', async () => {
      const before = (await account()).balance;
      const idem = key();
      const first = await topUp(owner, { amount: '750.000', source: 'SETTLEMENT' }, idem);
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data.movement).toMatchObject({ kind: 'TOPUP', amount: 750_000, replayed: false });
      expect(data.movement.transactionRef).toMatch(/^MKT\d{14}$/);
      expect(data.account.available).toBe(before + 750_000);
      const again = await Promise.all([topUp(owner, { amount: 750_000, source: 'SETTLEMENT' }, idem), topUp(owner, { amount: 750_000, source: 'SETTLEMENT' }, idem)]);
      for (const res of again) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data.movement).toMatchObject({ id: data.movement.id, replayed: true });
      }
      expect((await account()).balance).toBe(before + 750_000);
      const mismatch = await topUp(owner, { amount: 800_000, source: 'SETTLEMENT' }, idem);
      expect(mismatch.statusCode).toBe(409);
      const history = await get(owner, path(Paths.payments) + '?kind=TOPUP&source=SETTLEMENT');
      expect(history.json().data.content[0]).toMatchObject({ id: data.movement.id, kind: 'TOPUP', source: 'SETTLEMENT', amount: 750_000, transactionRef: data.movement.transactionRef });
    });

    it('is demo-mode only', async () => {
      const prod = await makeApp({ demoMode: false });
      try {
        const token = await prod.login('owner_demo');
        const res = await prod.call(token, { method: 'POST', url: path(Paths.topUps), payload: { amount: 500_000, source: 'WALLET' }, headers: { 'idempotency-key': key() } });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Nạp tiền marketing chỉ có ở chế độ demo');
        expect((await prod.call(token, { method: 'GET', url: path(Paths.account) })).json().data.canTopUp).toBe(false);
      } finally {
        await prod.close();
      }
    });

    it('sets the low-balance threshold (0 turns it off), refusing bad values', async () => {
      const put = (value: unknown, token = owner) => t.call(token, { method: 'PUT', url: path(Paths.threshold), payload: { lowBalanceThreshold: value } });
      expect((await put(-1)).statusCode).toBe(400);
      expect((await put(1.5)).statusCode).toBe(400);
      expect((await put(2_000_000_000)).statusCode).toBe(400);
      const res = await put(2_500_000, marketing);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.lowBalanceThreshold).toBe(2_500_000);
      expect((await put(SEEDED_LOW_BALANCE_THRESHOLD)).json().data.lowBalanceThreshold).toBe(SEEDED_LOW_BALANCE_THRESHOLD);
    });
  });

  describe('spending and histories', () => {
    const today = vietnamToday();
    beforeAll(async () => {
      // Only this test's campaigns: whatever a campaigns seed reserved and spent is taken out (the account follows).
      await t.database.db.transaction(async (tx) => {
        await tx.delete(marketingLedger).where(and(eq(marketingLedger.merchantId, SME), sql`${marketingLedger.kind} <> 'TOPUP'`));
        await tx
          .update(marketingAccounts)
          .set({ reserved: 0, balance: sql`(select coalesce(sum(amount), 0) from marketing_ledger where merchant_id = ${SME})` })
          .where(eq(marketingAccounts.merchantId, SME));
      });
      await t.database.db.transaction(async (tx) => {
        await reserveForCampaign(tx, { merchantId: SME, campaignId: 501, campaignName: 'Khai trương', amount: 600_000, idempotencyKey: 'h-r-501' });
        await reserveForCampaign(tx, { merchantId: SME, campaignId: 502, campaignName: 'Cuối tuần', amount: 400_000, idempotencyKey: 'h-r-502' });
        await debitFromReserve(tx, { merchantId: SME, campaignId: 501, campaignName: 'Khai trương', day: today, amount: 100_000, idempotencyKey: 'h-d-1' });
        await debitFromReserve(tx, { merchantId: SME, campaignId: 501, campaignName: 'Khai trương', day: today, amount: 50_000, idempotencyKey: 'h-d-2' });
        await debitFromReserve(tx, { merchantId: SME, campaignId: 502, campaignName: 'Cuối tuần', day: today, amount: 70_000, idempotencyKey: 'h-d-3' });
        await releaseReserve(tx, { merchantId: SME, campaignId: 502, campaignName: 'Cuối tuần', amount: 330_000, idempotencyKey: 'h-l-502' });
      });
    });

    it('sums spending by day and campaign and this month', async () => {
      const res = await get(owner, `${path(Paths.spending)}?from=${today}&to=${today}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        byDay: [{ day: today, amount: 220_000 }],
        byCampaign: [
          { campaignId: 501, campaignName: 'Khai trương', amount: 150_000 },
          { campaignId: 502, campaignName: 'Cuối tuần', amount: 70_000 },
        ],
        total: 220_000,
      });
      expect((await get(owner, path(Paths.account))).json().data).toMatchObject({ reserved: 450_000, spentThisMonth: 220_000 });
      expect((await get(owner, `${path(Paths.spending)}?from=${today}&to=2020-01-01`)).statusCode).toBe(400);
    });

    it('lists the debits per campaign and day, filterable by campaign', async () => {
      const res = await get(accountant, path(Paths.transactions));
      expect(res.json().data.content).toEqual([
        expect.objectContaining({ day: today, campaignId: 502, campaignName: 'Cuối tuần', amount: 70_000, debits: 1 }),
        expect.objectContaining({ day: today, campaignId: 501, campaignName: 'Khai trương', amount: 150_000, debits: 2 }),
      ]);
      expect(res.json().data.totalElements).toBe(2);
      const one = await get(accountant, `${path(Paths.transactions)}?campaignId=501`);
      expect(one.json().data.content).toHaveLength(1);
      expect(res.json().data.campaigns.map((c: { campaignId: number }) => c.campaignId).sort()).toEqual([501, 502]);
    });

    it('lists the refund of unspent budget in the payment history', async () => {
      const res = await get(owner, `${path(Paths.payments)}?kind=RELEASE`);
      expect(res.json().data.content).toEqual([expect.objectContaining({ kind: 'RELEASE', amount: 330_000, campaignId: 502, campaignName: 'Cuối tuần', source: null })]);
      expect((await get(owner, `${path(Paths.payments)}?from=2026-01-10&to=2026-01-01`)).statusCode).toBe(400);
      expect((await get(owner, `${path(Paths.payments)}?kind=DEBIT`)).statusCode).toBe(400);
    });

    it('exports every payment (more than one export batch) as CSV and XLSX, and every campaign-day', async () => {
      // 2,100 top-ups straight into the ledger (the account follows), more than two export batches of 1,000.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into marketing_ledger (merchant_id, kind, amount, source, transaction_ref, idempotency_key, available_after, reserved_after)
          select ${SME}, 'TOPUP', 100000, 'WALLET', 'BULK' || g, 'bulk:' || g, 0, 0 from generate_series(1, 2100) g`);
        await tx.update(marketingAccounts).set({ balance: sql`${marketingAccounts.balance} + 210000000` }).where(eq(marketingAccounts.merchantId, SME));
      });
      const total = (await get(owner, path(Paths.payments))).json().data.totalElements;
      expect(total).toBeGreaterThan(2100);
      const csv = await get(accountant, `${path(Paths.paymentsExport)}?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const records = parseRfc4180(csv.body.replace(/^\uFEFF/, ''));
      const data = records.filter((r) => r.length > 1);
      expect(data[0].map((c) => c.value)).toEqual(['Thời gian', 'Loại', 'Nguồn tiền', 'Số tiền (đ)', 'Mã giao dịch', 'Chiến dịch', 'Số dư khả dụng sau (đ)']);
      expect(data.length - 1).toBe(total);
      const xlsx = await t.call(owner, { method: 'GET', url: `${path(Paths.paymentsExport)}?format=xlsx&lang=en` });
      expect(xlsx.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      expect(sheet.getRow(1).getCell(2).value).toBe('Type');
      expect(sheet.actualRowCount - 1).toBe(total);
      const tx = await get(owner, `${path(Paths.transactionsExport)}?format=csv`);
      const txRows = parseRfc4180(tx.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
      expect(txRows.length - 1).toBe((await get(owner, path(Paths.transactions))).json().data.totalElements);
    });
  });
});
