/**
 * Period control, monthly control, the payout report and the operator's settle: figures equal to the
 * transaction report's rows, confirm/dispute/lock and who may, another merchant refused, the statement
 * PDF (opens, Vietnamese text) and XLSX, sign-off once, settle idempotent and transactional.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import ExcelJS from 'exceljs';
import { figuresOfPayments } from '../../src/domain/figures';
import type { MonthRow, PeriodDetail, PeriodRow } from '../../src/domain/settlement';
import { addDays, presetRange, vietnamToday } from '../../src/domain/time';
import { notifications, payouts, settlementAuditEntries, settlementPeriods, tickets } from '../../server/db/schema';
import { CASHIER_STORE_CODE, DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { rows } from '../../server/db/client';
import { periodsRepository } from '../../server/routes/period-control/repository';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const acc = (merchantId: number) => `/api/accounting/v1/merchants/${merchantId}`;
const txReport = (merchantId: number) => `/api/transaction/v3/merchants/${merchantId}/transaction-report`;
const payoutReport = (merchantId: number) => `/api/transaction/v2/merchants/${merchantId}/reports/payout-report`;

describe('settlement periods, monthly control and payouts', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let admin: string;
  let cashier: string;
  let otherOwner: string;
  let ops: string;

  const last30 = () => {
    const r = presetRange('last30Days', vietnamToday());
    return `fromDate=${r.from}&toDate=${r.to}`;
  };
  const periods = async (token: string, merchantId: number = SME, query = '') => {
    const res = await t.call(token, { method: 'GET', url: `${acc(merchantId)}/periods?${last30()}&pageSize=100${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.content as PeriodRow[];
  };
  const detail = async (token: string, id: number) => (await t.call(token, { method: 'GET', url: `${acc(SME)}/periods/${id}` })).json().data as PeriodDetail;
  /** Every row of the transaction report for the window, page by page. */
  async function reportRows(token: string, from: string, to: string) {
    const all: Array<{ status: string; amount: number; fee: number; refundedAmount: number }> = [];
    for (let page = 0; ; page += 1) {
      const res = await t.call(token, { method: 'GET', url: `${txReport(SME)}?from=${from}&to=${to}&pageSize=100&pageNumber=${page}` });
      expect(res.statusCode).toBe(200);
      const content = res.json().data.content;
      all.push(...content);
      if (content.length < 100) return all;
    }
  }

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, admin, cashier, otherOwner, ops] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.admin.username),
      t.login(DemoUsers.cashier.username),
      t.login(DemoUsers.otherOwner.username),
      t.login('ops_demo'),
    ]);
  });
  afterAll(() => t.close());

  describe('period figures', () => {
    it('lists the seeded periods: older ones confirmed and paid, one failed payout, recent ones ready', async () => {
      const rows = await periods(accountant);
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.some((r) => r.status === 'CONFIRMED' && r.payoutStatus === 'PAID' && r.bankReference && r.paidOutAmount > 0)).toBe(true);
      expect(rows.filter((r) => r.payoutStatus === 'FAILED')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'READY').length).toBeGreaterThanOrEqual(3);
      expect(rows.map((r) => r.day)).toEqual([...rows.map((r) => r.day)].sort().reverse());
    });

    it("equal the sum of the transaction report's rows for the same day", async () => {
      const rows = await periods(accountant);
      for (const period of [rows[0], rows[5], rows[rows.length - 1]]) {
        const f = figuresOfPayments((await reportRows(accountant, period.day, period.day)) as never);
        expect(f.grossAmount).toBeGreaterThan(0);
        expect({ gross: period.grossAmount, refunds: period.refundedAmount, fees: period.feeAmount, net: period.netAmount, n: period.successfulCount }).toEqual({
          gross: f.grossAmount,
          refunds: f.refundedAmount,
          fees: f.feeAmount,
          net: f.netAmount,
          n: f.successfulCount,
        });
      }
    });

    it('closes a whole day without a period once, telling the merchant (PERIOD_READY)', async () => {
      const day = addDays(vietnamToday(), -2);
      await t.database.db.delete(settlementPeriods).where(and(eq(settlementPeriods.merchantId, SME), eq(settlementPeriods.day, day)));
      const before = (await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.kind, 'PERIOD_READY')))[0].n;
      const reopened = (await periods(accountant)).find((r) => r.day === day)!;
      expect(reopened).toMatchObject({ status: 'READY', payoutStatus: 'PENDING' });
      await periods(owner);
      const told = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'PERIOD_READY'));
      // One notification per owner of the merchant, once (the second list closed nothing).
      expect(told.length).toBeGreaterThan(before);
      expect(told.filter((n) => n.link === `/portal/app/period-control/${reopened.id}`).length).toBe(told.length - before);
      expect(told[told.length - 1].params).toEqual({ period: `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}` });
    });

    it("drills down to the day's transactions, paged in SQL", async () => {
      const [period] = await periods(accountant);
      const res = await t.call(accountant, { method: 'GET', url: `${acc(SME)}/periods/${period.id}/transactions?pageSize=10&pageNumber=0` });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.content.length).toBeLessThanOrEqual(10);
      const all = await reportRows(accountant, period.day, period.day);
      expect(page.totalElements).toBe(all.length);
    });

    it('monthly rows carry the same figures as the transaction report totals of the month', async () => {
      const res = await t.call(accountant, { method: 'GET', url: `${acc(SME)}/months?pageSize=10` });
      expect(res.statusCode).toBe(200);
      const months = res.json().data.content as MonthRow[];
      expect(months[0].id).toBe(vietnamToday().slice(0, 7));
      const last = months[1];
      const totals = (await t.call(accountant, { method: 'GET', url: `${txReport(SME)}/totals?from=${last.fromDate}&to=${last.toDate}` })).json().data;
      expect({ gross: last.grossAmount, refunds: last.refundedAmount, fees: last.feeAmount, net: last.netAmount }).toEqual({
        gross: totals.grossAmount,
        refunds: totals.refundedAmount,
        fees: totals.fee,
        net: totals.netAmount,
      });
    });
  });

  describe('confirm and dispute', () => {
    it('the accountant confirms a ready period once; it is then locked and audited', async () => {
      const ready = (await periods(accountant)).filter((r) => r.status === 'READY');
      const id = ready[0].id;
      expect((await detail(accountant, id)).canConfirm).toBe(true);
      const res = await t.call(accountant, { method: 'POST', url: `${acc(SME)}/periods/${id}/confirm` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'CONFIRMED', confirmedByName: DemoUsers.accountant.username, canConfirm: false });
      expect(res.json().data.confirmedAt).toBeTruthy();
      const again = await t.call(owner, { method: 'POST', url: `${acc(SME)}/periods/${id}/confirm?lang=en` });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This period has already been confirmed or disputed and can no longer change');
      const dispute = await t.call(owner, { method: 'POST', url: `${acc(SME)}/periods/${id}/dispute`, payload: { reason: 'Thiếu một giao dịch' } });
      expect(dispute.statusCode).toBe(409);
      const audit = await t.database.db.select().from(settlementAuditEntries).where(eq(settlementAuditEntries.periodId, id));
      expect(audit.map((a) => a.action)).toEqual(['CONFIRM']);
    });

    it('a dispute opens a PERIOD ticket linked to the period and locks it', async () => {
      const ready = (await periods(admin)).filter((r) => r.status === 'READY');
      const id = ready[0].id;
      const bad = await t.call(admin, { method: 'POST', url: `${acc(SME)}/periods/${id}/dispute`, payload: { reason: '' } });
      expect(bad.statusCode).toBe(400);
      expect((await detail(admin, id)).status).toBe('READY');
      const res = await t.call(admin, { method: 'POST', url: `${acc(SME)}/periods/${id}/dispute`, payload: { reason: 'Phí dịch vụ ngày này cao hơn hợp đồng' } });
      expect(res.statusCode).toBe(200);
      const d = res.json().data as PeriodDetail;
      expect(d).toMatchObject({ status: 'DISPUTED', disputedByName: DemoUsers.admin.username, disputeReason: 'Phí dịch vụ ngày này cao hơn hợp đồng' });
      const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, d.ticketId!));
      expect(ticket).toMatchObject({ merchantId: SME, category: 'PERIOD', periodId: id });
      expect((await t.call(admin, { method: 'POST', url: `${acc(SME)}/periods/${id}/confirm` })).statusCode).toBe(409);
    });

    it('refuses roles without period control and another merchant; nothing changes', async () => {
      const ready = (await periods(owner)).filter((r) => r.status === 'READY');
      const id = ready[0].id;
      expect((await t.call(cashier, { method: 'GET', url: `${acc(SME)}/periods?${last30()}` })).statusCode).toBe(403);
      expect((await t.call(cashier, { method: 'POST', url: `${acc(SME)}/periods/${id}/confirm` })).statusCode).toBe(403);
      expect((await t.call(otherOwner, { method: 'POST', url: `${acc(SME)}/periods/${id}/confirm` })).statusCode).toBe(403);
      // Through its own merchant, another merchant's period id is unknown.
      expect((await t.call(otherOwner, { method: 'GET', url: `${acc(OTHER)}/periods/${id}` })).statusCode).toBe(404);
      expect((await t.call(otherOwner, { method: 'POST', url: `${acc(OTHER)}/periods/${id}/confirm` })).statusCode).toBe(404);
      expect((await t.call(otherOwner, { method: 'POST', url: `${acc(OTHER)}/periods/${id}/dispute`, payload: { reason: 'Không phải của tôi' } })).statusCode).toBe(404);
      expect((await detail(owner, id)).status).toBe('READY');
      expect((await periods(otherOwner, OTHER)).every((r) => r.id !== id)).toBe(true);
    });
  });

  describe('monthly control', () => {
    it('the statement PDF opens and carries Vietnamese text in an embedded font', async () => {
      const month = addDays(`${vietnamToday().slice(0, 7)}-01`, -1).slice(0, 7);
      const res = await t.call(accountant, { method: 'GET', url: `${acc(SME)}/months/${month}/statement?format=pdf` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
      const doc = await PDFDocument.load(res.rawPayload);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(doc.getTitle()).toBe(`Bảng đối soát tháng ${month.slice(5)}/${month.slice(0, 4)}`);
      // The ToUnicode map of the embedded font holds the Vietnamese letters drawn: đ (0111), ố (1ED1), ự (1EF1).
      const raw = res.rawPayload.toString('latin1');
      expect(/\/BaseFont \/DejaVuSans/.test(raw)).toBe(true);
      const maps: string[] = [];
      for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
        try {
          maps.push(inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'));
        } catch {
          // not a Flate stream
        }
      }
      const cmap = maps.filter((s) => s.includes('begincmap')).join('\n').toUpperCase();
      for (const code of ['0111', '1ED1', '1EF1']) expect(cmap).toContain(`<${code}>`);
    });

    it('the XLSX statement has one line per period and the month total', async () => {
      const month = addDays(`${vietnamToday().slice(0, 7)}-01`, -1).slice(0, 7);
      const res = await t.call(accountant, { method: 'GET', url: `${acc(SME)}/months/${month}/statement?format=xlsx` });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('Ngày');
      const row = (await t.call(accountant, { method: 'GET', url: `${acc(SME)}/months/${month}` })).json().data as MonthRow;
      expect(sheet.rowCount).toBe(row.periodCount + 2);
      expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Cộng tháng');
      expect(sheet.getRow(sheet.rowCount).getCell(6).value).toBe(row.netAmount);
    });

    it('an owner or accountant signs a finished month off once; the month in progress cannot be', async () => {
      const month = addDays(`${vietnamToday().slice(0, 7)}-01`, -1).slice(0, 7);
      expect((await t.call(admin, { method: 'POST', url: `${acc(SME)}/months/${month}/sign-off` })).statusCode).toBe(403);
      const res = await t.call(accountant, { method: 'POST', url: `${acc(SME)}/months/${month}/sign-off` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: month, signedByName: DemoUsers.accountant.username, signedRole: 'MERCHANT_ACCOUNTANT', canSignOff: false });
      expect((await t.call(owner, { method: 'POST', url: `${acc(SME)}/months/${month}/sign-off` })).statusCode).toBe(409);
      expect((await t.call(owner, { method: 'POST', url: `${acc(SME)}/months/${vietnamToday().slice(0, 7)}/sign-off` })).statusCode).toBe(409);
      expect((await t.call(otherOwner, { method: 'POST', url: `${acc(OTHER)}/months/2020-01/sign-off` })).statusCode).toBe(404);
      expect((await t.call(owner, { method: 'GET', url: `${acc(SME)}/months/2026-13` })).statusCode).toBe(400);
    });
  });

  describe('payout report', () => {
    it('lists payouts with masked destination and bank reference; the detail names its period', async () => {
      const r = presetRange('last30Days', vietnamToday());
      const res = await t.call(accountant, { method: 'GET', url: `${payoutReport(SME)}?fromDate=${r.from}&toDate=${r.to}&status=PAID&pageSize=10` });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.content.length).toBe(10);
      const row = page.content[0];
      expect(row).toMatchObject({ status: 'PAID', channel: 'BANK' });
      expect(row.accountMasked).toMatch(/^••••\d{4}$/);
      expect(row.bankReference).toMatch(/^FT/);
      const one = await t.call(accountant, { method: 'GET', url: `${payoutReport(SME)}/${row.payoutId}` });
      expect(one.json().data.periodId).toBeGreaterThan(0);
      expect((await t.call(otherOwner, { method: 'GET', url: `${payoutReport(OTHER)}/${row.payoutId}` })).statusCode).toBe(404);
      expect((await t.call(cashier, { method: 'GET', url: `${payoutReport(SME)}?fromDate=${r.from}&toDate=${r.to}` })).statusCode).toBe(403);
    });
  });

  describe('operator settles a period', () => {
    it('settles once (idempotent), in one transaction, and refuses merchants', async () => {
      const [period] = await t.database.db.select().from(settlementPeriods).where(and(eq(settlementPeriods.merchantId, SME), eq(settlementPeriods.day, addDays(vietnamToday(), -3))));
      await t.database.db.update(payouts).set({ status: 'PENDING', bankReference: null, settledAt: null }).where(eq(payouts.periodId, period.id));
      const list = await t.call(ops, { method: 'GET', url: '/api/ops/periods?pageSize=100' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.content.some((r: { id: number }) => r.id === period.id)).toBe(true);
      expect((await t.call(owner, { method: 'GET', url: '/api/ops/periods' })).statusCode).toBe(403);
      expect((await t.call(owner, { method: 'POST', url: `/api/ops/periods/${period.id}/settle`, payload: { status: 'PAID', bankReference: 'FT999' } })).statusCode).toBe(403);
      expect((await t.call(ops, { method: 'POST', url: `/api/ops/periods/${period.id}/settle`, payload: { status: 'PAID' } })).statusCode).toBe(400);

      const url = `/api/ops/periods/${period.id}/settle`;
      const first = await t.call(ops, { method: 'POST', url, payload: { status: 'PAID', bankReference: 'FT26112399' } });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ status: 'PAID', bankReference: 'FT26112399' });
      const told = await t.database.db.select().from(notifications).where(and(eq(notifications.merchantId, SME), eq(notifications.kind, 'PAYOUT_DONE')));
      expect(told.length).toBeGreaterThan(0);
      expect(told.every((n) => n.link === `/portal/app/period-control/${period.id}` && n.params.reference === 'FT26112399')).toBe(true);
      const again = await t.call(ops, { method: 'POST', url, payload: { status: 'PAID', bankReference: 'FT26112399' } });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      const audits = await t.database.db.select({ n: count() }).from(settlementAuditEntries).where(eq(settlementAuditEntries.periodId, period.id));
      expect(audits[0].n).toBe(1);
      // The repeat told nobody again.
      expect((await t.database.db.select().from(notifications).where(and(eq(notifications.merchantId, SME), eq(notifications.kind, 'PAYOUT_DONE')))).length).toBe(told.length);
      expect((await t.call(ops, { method: 'POST', url, payload: { status: 'FAILED', reason: 'Sai tài khoản' } })).statusCode).toBe(409);
      const seen = await detail(accountant, period.id);
      expect(seen).toMatchObject({ payoutStatus: 'PAID', bankReference: 'FT26112399' });
      expect(seen.paidOutAmount).toBe(seen.netAmount);
      expect((await t.call(ops, { method: 'POST', url: '/api/ops/periods/2147483000/settle', payload: { status: 'PAID', bankReference: 'X1' } })).statusCode).toBe(404);
    });
  });
});

/**
 * Store-scoped users and period control: no store role has MERCHANT_PERIOD_CONTROL (spec §6), so the
 * SME's store owner and store accountant are refused every period and month call; the repository's
 * store scope (which the route would use for a store-scoped caller) sums only those stores' payments,
 * exactly as the store's own transaction report shows them.
 */
describe('period control and store-scoped users', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;

  /** Signs in the SME's user whose only role is `role` (seeded: one user per role). */
  async function userWithRole(role: string) {
    const [found] = await rows<{ username: string; storeIds: number[] }>(
      t.database.db,
      sql`select u.username, array(select ms.store_id from membership_stores ms where ms.user_id = u.id and ms.merchant_id = m.merchant_id order by 1) as "storeIds"
          from memberships m join users u on u.id = m.user_id
          where m.merchant_id = ${SME} and m.roles = array[${role}]::text[] and m.status = 'ACTIVE' order by u.id limit 1`,
    );
    expect(found, role).toBeDefined();
    return { token: await t.login(found.username), storeIds: found.storeIds };
  }

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier] = await Promise.all([t.login(DemoUsers.owner.username), t.login(DemoUsers.cashier.username)]);
  });
  afterAll(() => t.close());

  it('refuses the store owner and the store accountant on every period and month call (403, message in their language); nothing changes', async () => {
    const r = presetRange('last30Days', vietnamToday());
    const list = await t.call(owner, { method: 'GET', url: `${acc(SME)}/periods?fromDate=${r.from}&toDate=${r.to}&status=READY` });
    const ready = (list.json().data.content as PeriodRow[])[0];
    for (const role of ['STORE_OWNER', 'STORE_ACCOUNTANT']) {
      const { token, storeIds } = await userWithRole(role);
      expect(storeIds.length).toBeGreaterThan(0);
      const calls = [
        { method: 'GET' as const, url: `${acc(SME)}/periods?fromDate=${r.from}&toDate=${r.to}` },
        { method: 'GET' as const, url: `${acc(SME)}/periods/${ready.id}` },
        { method: 'GET' as const, url: `${acc(SME)}/periods/${ready.id}/transactions` },
        { method: 'POST' as const, url: `${acc(SME)}/periods/${ready.id}/confirm` },
        { method: 'POST' as const, url: `${acc(SME)}/periods/${ready.id}/dispute`, payload: { reason: 'Số liệu cửa hàng không khớp' } },
        { method: 'GET' as const, url: `${acc(SME)}/months` },
      ];
      for (const call of calls) {
        const res = await t.call(token, call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().status).toBe(3);
      }
      const en = await t.call(token, { method: 'GET', url: `${acc(SME)}/periods?fromDate=${r.from}&toDate=${r.to}&lang=en` });
      expect(en.json().message).toBe('You do not have access to this merchant');
    }
    const after = await t.call(owner, { method: 'GET', url: `${acc(SME)}/periods/${ready.id}` });
    expect(after.json().data).toMatchObject({ status: 'READY', disputedAt: null, confirmedAt: null });
  });

  it("a store scope sums only its stores' payments: the figures of the store's own transaction report, no fees", async () => {
    const [{ id: storeId }] = await rows<{ id: number }>(t.database.db, sql`select id from stores where store_id = ${CASHIER_STORE_CODE}`);
    const r = presetRange('last30Days', vietnamToday());
    const repo = periodsRepository(t.database.db);
    const whole = await repo.page({ merchantId: SME, storeIds: null }, { fromDate: r.from, toDate: r.to }, { pageNumber: 0, pageSize: 100 });
    const store = await repo.page({ merchantId: SME, storeIds: [storeId] }, { fromDate: r.from, toDate: r.to }, { pageNumber: 0, pageSize: 100 });
    expect(store.rows.map((p) => p.id)).toEqual(whole.rows.map((p) => p.id));
    const withStorePayments = store.rows.filter((p) => p.successfulCount > 0);
    expect(withStorePayments.length).toBeGreaterThan(0);
    for (const period of withStorePayments.slice(0, 3)) {
      const full = whole.rows.find((p) => p.id === period.id)!;
      expect(period.grossAmount).toBeLessThan(full.grossAmount);
      // The cashier works at that store only: their transaction report of the day is the store's.
      const res = await t.call(cashier, { method: 'GET', url: `${txReport(SME)}?from=${period.day}&to=${period.day}&pageSize=100` });
      expect(res.statusCode).toBe(200);
      const f = figuresOfPayments(res.json().data.content as never);
      expect({ n: period.successfulCount, gross: period.grossAmount, refunds: period.refundedAmount }).toEqual({
        n: f.successfulCount,
        gross: f.grossAmount,
        refunds: f.refundedAmount,
      });
      expect({ fee: period.feeAmount, net: period.netAmount }).toEqual({ fee: null, net: null });
    }
  });
});
