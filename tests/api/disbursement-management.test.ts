/**
 * Disbursement centre: /disbursement/v1/merchants/:merchantId/… balance, ledger, demo top-ups, payee lookup,
 * single disbursements, approval rules and maker-checker approvals with one-time codes, results in the
 * disbursement report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  disbursementAccounts,
  disbursementApprovals,
  disbursementAuditEntries,
  disbursementLedger,
  disbursementOrders,
  disbursements,
  merchantSellingPlans,
  sellingPlans,
  settlements,
} from '../../server/db/schema';
import { DemoUsers } from '../../server/db/seed-fixtures';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import { DEFAULT_TIERS } from '../../src/domain/disbursements';
import { REPORTS } from '../../src/domain/reportCenter';
import { vietnamToday } from '../../src/domain/time';
import { wrongCode, lastCode } from './auth-helpers';
import { addSmeAdministrator, approveWithCode, calls, lastText, makeDisbursementApp, OTHER, SME } from './disbursement-helpers';
import type { TestApp } from './helpers';

const OWNER_PHONE = DemoUsers.owner.phone;
const ADMIN_PHONE = DemoUsers.admin.phone;
const SECOND_PHONE = '0931112233';

const wallet = (overrides: Record<string, unknown> = {}) => ({ channel: 'WALLET', account: '0912000111', amount: 150_000, description: 'Thưởng tháng 11', ...overrides });
const bank = (overrides: Record<string, unknown> = {}) => ({ channel: 'BANK', account: '0071000123456', bankId: 'VCB', amount: 2_500_000, description: 'Thanh toán NCC', ...overrides });

describe('disbursement centre', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let second: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;
  let c: ReturnType<typeof calls>;

  const balance = async (merchantId = SME) =>
    (await t.database.db.select().from(disbursementAccounts).where(eq(disbursementAccounts.merchantId, merchantId)))[0]?.balance ?? 0;
  const ledgerSum = async (merchantId = SME) =>
    (await t.database.db.select({ s: sql<number>`coalesce(sum(${disbursementLedger.amount}), 0)::bigint` }).from(disbursementLedger).where(eq(disbursementLedger.merchantId, merchantId)))[0].s;
  /** Moves every settled settlement to the balance until it holds at least `amount`. */
  async function fund(amount: number) {
    while ((await balance()) < amount) {
      const sources = (await c.get(owner, '/top-up-sources')).json().data as Array<{ id: number }>;
      if (sources.length === 0) throw new Error('no settlement left to top up from');
      expect((await c.post(owner, '/top-ups', { settlementId: sources[0].id })).statusCode).toBe(200);
    }
  }
  /** Empties the balance by a direct debit (a test fixture, not an API path). */
  async function drain() {
    await t.database.db.update(disbursementAccounts).set({ balance: 0 }).where(eq(disbursementAccounts.merchantId, SME));
  }
  async function create(token: string, body: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await c.post(token, '/orders', body, { headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; code: string; status: string; requiredApprovals: number; totalAmount: number; totalFee: number; items: Array<{ tranId: string; account: string; holderName: string; status: string; failureReason: string | null }> };
  }

  beforeAll(async () => {
    t = await makeDisbursementApp();
    c = calls(t);
    await addSmeAdministrator(t, 'second_admin_demo', SECOND_PHONE);
    [owner, admin, second, accountant, cashier, otherOwner] = await Promise.all(
      ['owner_demo', 'admin_demo', 'second_admin_demo', 'accountant_demo', 'cashier_demo', 'other_owner_demo'].map((u) => t.login(u)),
    );
  });
  afterAll(() => t.close());

  it('opens for the owner and the administrator only; other roles 403, another merchant 403, no token 401', async () => {
    for (const token of [owner, admin]) expect((await c.get(token, '/account')).statusCode).toBe(200);
    for (const token of [accountant, cashier, otherOwner]) {
      for (const path of ['/account', '/ledger', '/orders', '/approval-rules']) expect((await c.get(token, path)).statusCode).toBe(403);
      expect((await c.post(token, '/orders', wallet())).statusCode).toBe(403);
    }
    expect((await t.call(null, { method: 'GET', url: `/api/disbursement/v1/merchants/${SME}/account` })).statusCode).toBe(401);
  });

  it('tops up from a settled settlement once: balance and ledger move together, a second top-up changes nothing', async () => {
    const before = await balance();
    const sources = (await c.get(owner, '/top-up-sources')).json().data as Array<{ id: number; settlementCode: string; netAmount: number }>;
    expect(sources.length).toBeGreaterThan(0);
    const [source] = sources;
    const res = await c.post(admin, '/top-ups', { settlementId: source.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balance).toBe(before + source.netAmount);
    const ledger = (await c.get(owner, '/ledger')).json().data;
    expect(ledger.content[0]).toMatchObject({ type: 'TOPUP', amount: source.netAmount, balanceAfter: before + source.netAmount, reference: source.settlementCode, actorUsername: 'admin_demo' });

    const again = await c.post(owner, '/top-ups', { settlementId: source.id }, { lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(enApi.disbursements.topUpUsed);
    expect(await balance()).toBe(before + source.netAmount);
    expect((await c.get(owner, '/top-up-sources')).json().data.map((s: { id: number }) => s.id)).not.toContain(source.id);

    const [pending] = await t.database.db.select().from(settlements).where(and(eq(settlements.merchantId, SME), eq(settlements.status, 'PENDING')));
    expect((await c.post(owner, '/top-ups', { settlementId: pending.id })).json().message).toBe(viApi.disbursements.topUpNotSettled);
    const [foreign] = await t.database.db.select().from(settlements).where(and(eq(settlements.merchantId, OTHER), eq(settlements.status, 'SETTLED')));
    expect((await c.post(owner, '/top-ups', { settlementId: foreign.id })).statusCode).toBe(404);
    expect(await balance()).toBe(before + source.netAmount);
    expect(await ledgerSum()).toBe(await balance());
  });

  it('looks up holders masked, with the fee; refuses bad numbers and unknown accounts', async () => {
    const w = await c.post(owner, '/payee-lookup', { channel: 'WALLET', account: '0912000111' });
    expect(w.statusCode).toBe(200);
    expect(w.json().data.fee).toBe(2_000);
    expect(w.json().data.holderName).toMatch(/^\S•••( \S•••)* \S+$/u);
    expect((await c.post(owner, '/payee-lookup', { channel: 'BANK', account: '0071000123456', bankId: 'VCB' })).json().data.fee).toBe(3_300);
    const badPhone = await c.post(owner, '/payee-lookup', { channel: 'WALLET', account: '0412345678' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe(viValidation.validation.phone);
    expect((await c.post(owner, '/payee-lookup', { channel: 'BANK', account: '12AB', bankId: 'VCB' })).json().message).toBe(viValidation.validation.payout.accountNumber);
    expect((await c.post(owner, '/payee-lookup', { channel: 'BANK', account: '0071000123456', bankId: 'XYZ' })).json().message).toBe(viValidation.validation.disbursement.bank);
    const unknown = await c.post(owner, '/payee-lookup', { channel: 'WALLET', account: '0912340000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(viValidation.validation.disbursement.accountNotFound);
  });

  it('refuses bad single disbursements field by field and creates nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(disbursementOrders))[0].n;
    const res = await c.post(owner, '/orders', wallet({ account: '123', amount: 5_000 }));
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data?.errors ?? res.json().errors ?? []).map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['account', 'amount']));
    expect((await c.post(owner, '/orders', wallet({ bankId: 'VCB' }))).statusCode).toBe(400);
    expect((await c.post(owner, '/orders', bank({ amount: 500_000_001 }))).statusCode).toBe(400);
    expect((await c.post(owner, '/orders', wallet({ amount: 150_000.5 }))).statusCode).toBe(400);
    expect((await c.post(owner, '/orders', wallet({ account: '0912340000' }))).statusCode).toBe(404);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(disbursementOrders))[0].n).toBe(before);
  });

  it('a single disbursement waits for approval: tier by amount, masked payee, idempotent retry', async () => {
    const small = await create(admin, wallet());
    expect(small).toMatchObject({ status: 'PENDING_APPROVAL', requiredApprovals: 1, totalAmount: 150_000, totalFee: 2_000 });
    expect(small.items[0].account).toBe('0912•••111');
    expect(small.items[0].holderName).toContain('•••');
    const big = await create(admin, bank({ amount: 10_000_001 }));
    expect(big).toMatchObject({ requiredApprovals: 2, totalFee: 3_300 });
    expect(big.items[0].account).toBe('••••3456');
    const edge = await create(admin, bank({ amount: 10_000_000 }));
    expect(edge.requiredApprovals).toBe(1);

    const key = { 'idempotency-key': 'disb-retry-0001' };
    const first = await create(admin, wallet({ amount: 200_000 }), key);
    const retry = await create(admin, wallet({ amount: 200_000 }), key);
    expect(retry.id).toBe(first.id);
  });

  it('maker-checker: the maker cannot approve, a wrong code pays nothing, the approver’s code pays once and the report shows it', async () => {
    await fund(1_000_000);
    const order = await create(admin, wallet({ amount: 300_000, account: '0912000222' }));
    const own = await c.post(admin, `/orders/${order.id}/approval-otp`, {}, { lang: 'en' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(enApi.disbursements.ownOrder);
    // Even with a code obtained elsewhere, the maker's approval is refused before the code is looked at.
    expect((await c.post(admin, `/orders/${order.id}/approve`, { otpId: 'x'.repeat(24), otpCode: '123456' })).statusCode).toBe(403);
    expect((await c.post(accountant, `/orders/${order.id}/approval-otp`)).statusCode).toBe(403);

    const before = await balance();
    const sent = await c.post(owner, `/orders/${order.id}/approval-otp`);
    expect(sent.statusCode).toBe(200);
    // Sent to the approver's own phone, shown masked (the OTP service's masking).
    expect(sent.json().data.maskedAddress).toMatch(/^090.*567$/);
    expect(sent.json().data.maskedAddress).not.toBe(OWNER_PHONE);
    const code = await lastCode(t, OWNER_PHONE);
    // The message names what the code approves: the order, its rows and its total.
    expect(await lastText(t, OWNER_PHONE)).toBe(
      viApi.otp.text.DISBURSEMENT_APPROVE.replace('{{order}}', order.code).replace('{{count}}', '1').replace('{{amount}}', '300.000').replace('{{code}}', code).replace('{{minutes}}', '5'),
    );
    const wrong = await c.post(owner, `/orders/${order.id}/approve`, { otpId: sent.json().data.otpId, otpCode: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(await balance()).toBe(before);
    expect((await c.get(owner, `/orders/${order.id}`)).json().data.status).toBe('PENDING_APPROVAL');

    const res = await c.post(owner, `/orders/${order.id}/approve`, { otpId: sent.json().data.otpId, otpCode: code });
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json().data;
    expect(paid).toMatchObject({ status: 'COMPLETED', successCount: 1, failedCount: 0, approvals: [{ username: 'owner_demo' }] });
    expect(paid.items[0]).toMatchObject({ status: 'SUCCESS', failureReason: null });
    expect(await balance()).toBe(before - 300_000 - 2_000);
    expect(paid.audit.map((a: { action: string }) => a.action)).toEqual(['CREATE', 'OTP_SENT', 'APPROVE', 'FUNDS_RESERVED', 'PAID']);

    // The same code again, or a retry: the order is decided.
    const retry = await c.post(owner, `/orders/${order.id}/approve`, { otpId: sent.json().data.otpId, otpCode: code });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(viApi.disbursements.alreadyDecided);
    expect(await balance()).toBe(before - 300_000 - 2_000);

    const report = await t.call(owner, { method: 'GET', url: `/api/transaction/v2/merchants/${SME}/reports/disbursement-report/${paid.items[0].tranId}` });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toMatchObject({ tranId: paid.items[0].tranId, batchCode: order.code, status: 'SUCCESS', amount: 300_000, channel: 'WALLET' });
    expect(await ledgerSum()).toBe(await balance());
  });

  it('an approval the balance does not cover is refused with nothing recorded; a top-up lets it through', async () => {
    const order = await create(owner, bank({ amount: 4_000_000, account: '0071000777888' }));
    await drain();
    await t.database.db.delete(disbursementLedger).where(eq(disbursementLedger.merchantId, SME));
    const sent = (await c.post(admin, `/orders/${order.id}/approval-otp`)).json().data;
    const code = await lastCode(t, ADMIN_PHONE);
    const res = await c.post(admin, `/orders/${order.id}/approve`, { otpId: sent.otpId, otpCode: code });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(viApi.disbursements.insufficientBalance.replace('{{amount}}', '4003300'));
    expect(await balance()).toBe(0);
    expect(await t.database.db.select().from(disbursementApprovals).where(eq(disbursementApprovals.orderId, order.id))).toEqual([]);
    expect((await c.get(owner, `/orders/${order.id}`)).json().data).toMatchObject({ status: 'PENDING_APPROVAL', canApprove: false, canCancel: true });
    expect((await c.get(admin, `/orders/${order.id}`)).json().data.canApprove).toBe(true);

    await fund(4_003_300);
    const funded = await balance();
    // The code was given back with the refusal: the same one works now.
    const ok = await c.post(admin, `/orders/${order.id}/approve`, { otpId: sent.otpId, otpCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balance()).toBe(funded - 4_003_300);
  });

  it('a failed row is reported FAILED with its reason and its money (fee too) is reversed', async () => {
    await fund(2_000_000);
    const order = await create(admin, bank({ amount: 1_000_000, account: '0071000129999' }));
    const before = await balance();
    const res = await approveWithCode(t, owner, OWNER_PHONE, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'COMPLETED', successCount: 0, failedCount: 1 });
    expect(res.json().data.items[0]).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_LOCKED' });
    expect(await balance()).toBe(before);
    const entries = await t.database.db.select().from(disbursementLedger).where(eq(disbursementLedger.orderId, order.id));
    expect(entries.map((e) => [e.type, e.amount]).sort()).toEqual([
      ['DISBURSEMENT', -1_003_300],
      ['REVERSAL', 1_003_300],
    ]);
    const tranId = res.json().data.items[0].tranId as string;
    const [row] = await t.database.db.select().from(disbursements).where(eq(disbursements.tranId, tranId));
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_LOCKED', merchantId: SME });

    // The disbursement report shows the reason: in its list (a default column) and in its export, in words.
    const report = `/api/transaction/v2/merchants/${SME}/reports/disbursement-report`;
    const filter = `fromDate=${vietnamToday()}&toDate=${vietnamToday()}&keyword=${tranId}`;
    const list = (await t.call(owner, { method: 'GET', url: `${report}?${filter}` })).json().data;
    expect(list.content).toEqual([expect.objectContaining({ tranId, status: 'FAILED', failureReason: 'ACCOUNT_LOCKED' })]);
    expect(REPORTS['disbursement-report'].defaultColumns).toContain('failureReason');
    for (const [lang, header, reason] of [
      ['vi', 'Lý do thất bại', viApi.disbursements.failure.ACCOUNT_LOCKED],
      ['en', 'Failure reason', enApi.disbursements.failure.ACCOUNT_LOCKED],
    ]) {
      const file = await t.call(owner, { method: 'POST', url: `${report}/export?${filter}&format=csv&lang=${lang}&columns=tranId&columns=status&columns=failureReason` });
      expect(file.statusCode, file.body).toBe(200);
      const lines = file.body.slice(1).trim().split(/\r?\n/);
      expect(lines[0].split(',')).toEqual([lang === 'vi' ? 'Mã giao dịch' : 'Transaction ID', lang === 'vi' ? 'Trạng thái' : 'Status', header]);
      expect(lines[1]).toBe(`${tranId},${lang === 'vi' ? 'Thất bại' : 'Failed'},${reason}`);
    }
  });

  it('two approvers above 10.000.000 đ: one approval leaves it waiting, the same approver cannot count twice', async () => {
    await fund(12_000_000);
    const order = await create(owner, wallet({ amount: 11_000_000, account: '0912000333' }));
    expect(order.requiredApprovals).toBe(2);
    const first = await approveWithCode(t, admin, ADMIN_PHONE, order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'PENDING_APPROVAL', approvals: [{ username: 'admin_demo' }], canApprove: false });
    const before = await balance();
    const twice = await c.post(admin, `/orders/${order.id}/approval-otp`);
    expect(twice.statusCode).toBe(403);
    expect(twice.json().message).toBe(viApi.disbursements.alreadyApproved);
    expect(await balance()).toBe(before);
    const done = await approveWithCode(t, second, SECOND_PHONE, order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'COMPLETED', successCount: 1 });
    expect(done.json().data.approvals.map((a: { username: string }) => a.username)).toEqual(['admin_demo', 'second_admin_demo']);
    expect(await balance()).toBe(before - 11_000_000 - 2_000);
  });

  it('reject and cancel: only an approver rejects, only the maker cancels, a decided order is final', async () => {
    const a = await create(admin, wallet({ amount: 50_000, account: '0912000444' }));
    expect((await c.post(admin, `/orders/${a.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
    expect((await c.post(owner, `/orders/${a.id}/cancel`)).json().message).toBe(viApi.disbursements.notMaker);
    const rejected = await c.post(owner, `/orders/${a.id}/reject`, { reason: 'Sai số tiền' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', rejectReason: 'Sai số tiền' });
    expect((await c.post(owner, `/orders/${a.id}/approval-otp`)).statusCode).toBe(409);

    const b = await create(admin, wallet({ amount: 60_000, account: '0912000555' }));
    expect((await c.post(admin, `/orders/${b.id}/cancel`)).json().data.status).toBe('CANCELLED');
    expect((await c.post(admin, `/orders/${b.id}/cancel`)).statusCode).toBe(409);
    const actions = await t.database.db.select({ action: disbursementAuditEntries.action }).from(disbursementAuditEntries).where(eq(disbursementAuditEntries.orderId, b.id));
    expect(actions.map((x) => x.action)).toEqual(['CREATE', 'CANCEL']);
  });

  it('approval rules: the owner sets them (checked), administrators cannot; waiting orders keep their rule', async () => {
    const rules = (await c.get(admin, '/approval-rules')).json().data;
    expect(rules).toMatchObject({ tiers: DEFAULT_TIERS, canEdit: false });
    const waiting = await create(admin, wallet({ amount: 5_000_000, account: '0912000666' }));
    const tiers = [
      { maxAmount: 1_000_000, approvals: 1, roles: ['MERCHANT_OWNER', 'ADMINISTRATOR'] },
      { maxAmount: null, approvals: 2, roles: ['MERCHANT_OWNER'] },
    ];
    expect((await c.put(admin, '/approval-rules', { tiers })).statusCode).toBe(403);
    const bad = await c.put(owner, '/approval-rules', { tiers: [{ maxAmount: 1_000_000, approvals: 1, roles: [] }] });
    expect(bad.statusCode).toBe(400);
    expect((await c.put(owner, '/approval-rules', { tiers: [tiers[1], tiers[0]] })).statusCode).toBe(400);
    const saved = await c.put(owner, '/approval-rules', { tiers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ tiers, canEdit: true });

    const later = await create(admin, wallet({ amount: 5_000_000, account: '0912000777' }));
    expect(later).toMatchObject({ requiredApprovals: 2 });
    expect((await c.get(owner, `/orders/${later.id}`)).json().data.approverRoles).toEqual(['MERCHANT_OWNER']);
    // An administrator is not an approver of the new top tier.
    expect((await c.post(second, `/orders/${later.id}/approval-otp`)).json().message).toBe(viApi.disbursements.notApprover);
    expect((await c.get(owner, `/orders/${waiting.id}`)).json().data.requiredApprovals).toBe(1);
    const audit = await t.database.db.select().from(disbursementAuditEntries).where(eq(disbursementAuditEntries.action, 'RULES_UPDATE'));
    expect(audit).toHaveLength(1);
    await c.put(owner, '/approval-rules', { tiers: DEFAULT_TIERS });
  });

  it('another merchant’s order ids are not found, and never approvable', async () => {
    const order = await create(admin, wallet({ amount: 70_000, account: '0912000888' }));
    const foreign = calls(t, OTHER);
    expect((await foreign.get(otherOwner, `/orders/${order.id}`)).statusCode).toBe(404);
    expect((await foreign.post(otherOwner, `/orders/${order.id}/approval-otp`)).statusCode).toBe(404);
    expect((await foreign.post(otherOwner, `/orders/${order.id}/reject`)).statusCode).toBe(404);
    expect((await foreign.post(otherOwner, `/orders/${order.id}/approve`, { otpId: 'abcdefgh', otpCode: '123456' })).statusCode).toBe(404);
    expect((await c.get(otherOwner, `/orders/${order.id}`)).statusCode).toBe(403);
    expect((await c.get(owner, `/orders/${order.id}`)).json().data.status).toBe('PENDING_APPROVAL');
  });
  it('fees are the DISBURSEMENT selling plan’s: the plan shown, the lookup, the order and the report row agree', async () => {
    // The seeded standard plan: wallet 2.000 đ, bank 3.300 đ, as the integration centre lists it.
    const plans = (await t.call(owner, { method: 'GET', url: `/api/selling-plan/v1/merchants/${SME}/plans` })).json().data as Array<{ serviceCode: string; rates: unknown[] }>;
    expect(plans.find((p) => p.serviceCode === 'DISBURSEMENT')!.rates).toEqual([
      { method: 'WALLET', rateBps: 0, fixedFee: 2_000 },
      { method: 'BANK_ACCOUNT', rateBps: 0, fixedFee: 3_300 },
    ]);
    // The SME moves to a plan with a rate: 0,5 % + 500 đ on wallets, 1.100 đ on banks.
    const [plan] = await t.database.db
      .insert(sellingPlans)
      .values({ code: 'DISBURSEMENT_RATE_TEST', serviceCode: 'DISBURSEMENT', nameVi: 'Chi hộ - thử', nameEn: 'Disbursements - test', rates: [{ method: 'WALLET', rateBps: 50, fixedFee: 500 }, { method: 'BANK_ACCOUNT', rateBps: 0, fixedFee: 1_100 }] })
      .returning({ id: sellingPlans.id });
    const onPlan = (planId: number) =>
      t.database.db.update(merchantSellingPlans).set({ planId }).where(and(eq(merchantSellingPlans.merchantId, SME), eq(merchantSellingPlans.serviceCode, 'DISBURSEMENT')));
    const [standard] = await t.database.db.select({ planId: merchantSellingPlans.planId }).from(merchantSellingPlans).where(and(eq(merchantSellingPlans.merchantId, SME), eq(merchantSellingPlans.serviceCode, 'DISBURSEMENT')));
    await onPlan(plan.id);
    try {
      const lookup = await c.post(owner, '/payee-lookup', { channel: 'WALLET', account: '0912000111', amount: 1_000_000 });
      expect(lookup.json().data.fee).toBe(5_500);
      expect((await c.post(owner, '/payee-lookup', { channel: 'BANK', account: '0071000123456', bankId: 'VCB', amount: 1_000_000 })).json().data.fee).toBe(1_100);
      // Another merchant stays on the standard plan.
      expect((await calls(t, OTHER).post(otherOwner, '/payee-lookup', { channel: 'WALLET', account: '0912000111', amount: 1_000_000 })).json().data.fee).toBe(2_000);
      await fund(1_100_000);
      const order = await create(admin, wallet({ amount: 1_000_000, account: '0912000999' }));
      expect(order.totalFee).toBe(5_500);
      const before = await balance();
      const res = await approveWithCode(t, owner, OWNER_PHONE, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(await balance()).toBe(before - 1_005_500);
      const [row] = await t.database.db.select().from(disbursements).where(eq(disbursements.tranId, res.json().data.items[0].tranId));
      expect(row).toMatchObject({ status: 'SUCCESS', amount: 1_000_000, fee: 5_500 });
    } finally {
      await onPlan(standard.planId);
    }
  });
});
