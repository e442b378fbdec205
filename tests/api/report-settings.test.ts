/**
 * Report settings (schedules) and the files they produce: validation, permissions, isolation, "run now",
 * the scheduler (on time, at most once, resumes after a restart, safe when two passes race), download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { reportFiles, reportSettings, stores, transactions } from '../../server/db/schema';
import { DemoMerchants, DemoUsers, storeCode } from '../../server/db/seed-fixtures';
import { runDueReports } from '../../server/lib/scheduler';
import { dayBounds, nextRunAt } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';
import { parseRfc4180 } from './csv';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const settingsUrl = (m: number) => `/api/report-job/v1/merchants/${m}/report-settings`;
const filesUrl = (m: number, q = '') => `/api/report-job/v1/merchants/${m}/report-files${q ? `?${q}` : ''}`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Báo cáo chi hộ tuần',
  reportType: 'DISBURSEMENT_REPORT',
  columns: ['tranId', 'createdAt', 'amount', 'status'],
  storeIds: [],
  frequency: 'WEEKLY',
  runTime: '08:30',
  dayOfWeek: 1,
  recipients: ['ketoan@example.vn'],
  format: 'csv',
  ...overrides,
});

describe('report settings', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;
  const settingCount = async () => (await t.database.db.select({ n: count() }).from(reportSettings))[0].n;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, otherOwner] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.cashier.username),
      t.login(DemoUsers.otherOwner.username),
    ]);
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload?: Record<string, unknown>) => t.call(token, { method: 'POST', url, payload });

  it('creates a weekly setting whose next run is the coming Monday 08:30 in Vietnam', async () => {
    const res = await post(accountant, settingsUrl(SME), valid());
    expect(res.statusCode).toBe(200);
    const setting = res.json().data;
    expect(setting).toMatchObject({ reportType: 'DISBURSEMENT_REPORT', frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, isActive: true });
    const next = new Date(setting.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // 08:30 at UTC+7 is 01:30 UTC, on a Monday.
    expect(next.getUTCHours()).toBe(1);
    expect(next.getUTCMinutes()).toBe(30);
    expect(next.getUTCDay()).toBe(1);

    const list = (await t.call(accountant, { method: 'GET', url: `${settingsUrl(SME)}?type=DISBURSEMENT_REPORT` })).json().data;
    expect(list.content.map((s: { id: number }) => s.id)).toContain(setting.id);
    const cards = (await t.call(accountant, { method: 'GET', url: `${settingsUrl(SME)}?type=CARD_PAYMENT_REPORT` })).json().data;
    expect(cards.content.every((s: { reportType: string }) => s.reportType === 'CARD_PAYMENT_REPORT')).toBe(true);
  });

  it('refuses invalid bodies with the field named, and writes nothing', async () => {
    const before = await settingCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [valid({ dayOfWeek: null }), 'Thứ trong tuần: Vui lòng nhập thông tin'],
      [valid({ recipients: ['not-an-email'] }), 'Người nhận'],
      [valid({ columns: ['tranId', 'cardNumber'] }), 'Cột'],
      [valid({ runTime: '25:00' }), 'Giờ gửi'],
      [valid({ frequency: 'MONTHLY', dayOfMonth: 31 }), 'Ngày trong tháng'],
      [valid({ name: '   ' }), 'Tên'],
      [valid({ reportType: 'PAYOUT_REPORT' }), 'Loại báo cáo'],
      [{ ...valid(), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await post(accountant, settingsUrl(SME), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(2);
      expect(res.json().message).toContain(field);
    }
    const [foreignStore] = await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.storeId, storeCode(OTHER, 1)));
    const foreign = await post(accountant, settingsUrl(SME), valid({ reportType: 'CARD_PAYMENT_REPORT', columns: ['transId'], storeIds: [foreignStore.id] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Cửa hàng không thuộc doanh nghiệp');
    expect(await settingCount()).toBe(before);
  });

  it('is refused to roles without MERCHANT_REPORT_SETTING_LIST and to other merchants', async () => {
    const before = await settingCount();
    expect((await post(cashier, settingsUrl(SME), valid())).statusCode).toBe(403);
    expect((await t.call(cashier, { method: 'GET', url: settingsUrl(SME) })).statusCode).toBe(403);
    expect((await post(otherOwner, settingsUrl(SME), valid())).statusCode).toBe(403);
    expect(await settingCount()).toBe(before);

    const mine = (await post(accountant, settingsUrl(SME), valid({ name: 'Của SME' }))).json().data;
    const url = `${settingsUrl(OTHER)}/${mine.id}`;
    expect((await t.call(otherOwner, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(otherOwner, { method: 'PUT', url, payload: valid() })).statusCode).toBe(404);
    expect((await t.call(otherOwner, { method: 'DELETE', url })).statusCode).toBe(404);
    const still = (await t.call(accountant, { method: 'GET', url: `${settingsUrl(SME)}/${mine.id}` })).json().data;
    expect(still.name).toBe('Của SME');
  });

  it('updates (recomputing the next run), pauses and deletes a setting', async () => {
    const created = (await post(owner, settingsUrl(SME), valid())).json().data;
    const url = `${settingsUrl(SME)}/${created.id}`;
    const monthly = await t.call(owner, { method: 'PUT', url, payload: valid({ frequency: 'MONTHLY', dayOfMonth: 5, runTime: '07:00' }) });
    expect(monthly.statusCode).toBe(200);
    const next = new Date(monthly.json().data.nextRunAt);
    expect(next.toISOString()).toBe(nextRunAt({ frequency: 'MONTHLY', dayOfMonth: 5, runTime: '07:00' }, new Date()).toISOString());
    expect(monthly.json().data.dayOfWeek).toBeNull();
    const paused = await t.call(owner, { method: 'PUT', url, payload: valid({ isActive: false }) });
    expect(paused.json().data.nextRunAt).toBeNull();
    expect((await t.call(owner, { method: 'DELETE', url })).statusCode).toBe(200);
    expect((await t.call(owner, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('produces a file now and lists it by type for download', async () => {
    const setting = (await post(owner, settingsUrl(SME), valid({ frequency: 'DAILY', dayOfWeek: null, columns: ['tranId', 'amount', 'status'] }))).json().data;
    const run = await post(owner, `${settingsUrl(SME)}/${setting.id}/run`);
    expect(run.statusCode).toBe(200);
    const file = run.json().data;
    expect(file).toMatchObject({ status: 'READY', reportType: 'DISBURSEMENT_REPORT', format: 'csv', settingId: setting.id });
    expect(file.periodFrom).toBe(file.periodTo);

    const listed = (await t.call(owner, { method: 'GET', url: filesUrl(SME, 'type=DISBURSEMENT_REPORT') })).json().data;
    expect(listed.content[0].id).toBe(file.id);
    const download = await t.call(owner, { method: 'GET', url: `${filesUrl(SME)}/${file.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(file.fileName);
    const rows = parseRfc4180(download.body.slice(1)).map((r) => r.map((c) => c.value));
    expect(rows[0]).toEqual(['Mã giao dịch', 'Số tiền (đ)', 'Trạng thái']);
    expect(rows.length - 1).toBe(file.rowCount);
    // The day's rows are exactly the disbursement report of that day.
    const report = (
      await t.call(owner, {
        method: 'GET',
        url: `/api/transaction/v2/merchants/${SME}/reports/disbursement-report/totals?fromDate=${file.periodFrom}&toDate=${file.periodTo}`,
      })
    ).json().data;
    expect(file.rowCount).toBe(report.count);

    // Files of a type are for those who may open that report; other merchants never see them.
    expect((await t.call(cashier, { method: 'GET', url: filesUrl(SME, 'type=DISBURSEMENT_REPORT') })).statusCode).toBe(403);
    // Even for a type a store role may open (transactions), produced files span stores: refused.
    expect((await t.call(cashier, { method: 'GET', url: filesUrl(SME, 'type=TRANSACTION_REPORT') })).statusCode).toBe(403);
    expect((await t.call(cashier, { method: 'GET', url: `${filesUrl(SME)}/${file.id}/download` })).statusCode).toBe(403);
    expect((await t.call(otherOwner, { method: 'GET', url: `${filesUrl(OTHER)}/${file.id}/download` })).statusCode).toBe(404);
  });

  it('produces a transaction report limited to the chosen stores, equal to the transaction rows of the period', async () => {
    const [store] = await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.storeId, storeCode(SME, 1)));
    const setting = (
      await post(
        owner,
        settingsUrl(SME),
        valid({
          reportType: 'TRANSACTION_REPORT',
          columns: ['id', 'storeName', 'amount', 'status'],
          storeIds: [store.id],
          frequency: 'MONTHLY',
          dayOfWeek: null,
          dayOfMonth: 1,
        }),
      )
    ).json().data;
    const file = (await post(owner, `${settingsUrl(SME)}/${setting.id}/run`)).json().data;
    expect(file.status).toBe('READY');
    const { start, end } = dayBounds({ from: file.periodFrom, to: file.periodTo });
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.merchantId, SME), eq(transactions.storeId, store.id), gte(transactions.createdAt, start), lt(transactions.createdAt, end)));
    expect(file.rowCount).toBe(n);
    expect(n).toBeGreaterThan(0);
    const download = await t.call(owner, { method: 'GET', url: `${filesUrl(SME)}/${file.id}/download` });
    expect(download.headers['content-type']).toContain('text/csv');
    const rows = parseRfc4180(download.body.slice(1)).map((r) => r.map((c) => c.value));
    expect(rows[0]).toEqual(['Mã giao dịch', 'Cửa hàng', 'Số tiền (đ)', 'Trạng thái']);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(1);
  });

  it('runs due schedules on time, once per period, resuming after a restart and when two passes race', async () => {
    const created = (await post(owner, settingsUrl(SME), valid({ name: 'Hằng ngày', frequency: 'DAILY', dayOfWeek: null, runTime: '06:00', format: 'xlsx' }))).json().data;
    const due = new Date(created.nextRunAt);
    // Nothing before the time.
    const early = await runDueReports(t.database.db, new Date(due.getTime() - 1000));
    expect(early.filter((f) => f.settingId === created.id)).toHaveLength(0);

    // The server was down for three runs: each missed day is produced once, even with two passes at once.
    const later = new Date(due.getTime() + 2 * 86_400_000 + 60_000);
    const [a, b] = await Promise.all([runDueReports(t.database.db, later), runDueReports(t.database.db, later)]);
    const mine = [...a, ...b].filter((f) => f.settingId === created.id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((f) => f.periodFrom)).size).toBe(3);
    expect(mine.every((f) => f.status === 'READY' && f.fileName.endsWith('.xlsx'))).toBe(true);

    // A "restart" (a new pass) finds nothing more to do; the next run is the following morning.
    expect((await runDueReports(t.database.db, later)).filter((f) => f.settingId === created.id)).toHaveLength(0);
    const [row] = await t.database.db.select().from(reportSettings).where(eq(reportSettings.id, created.id));
    expect(row.nextRunAt!.getTime()).toBe(due.getTime() + 3 * 86_400_000);
    const [{ n }] = await t.database.db.select({ n: count() }).from(reportFiles).where(eq(reportFiles.settingId, created.id));
    expect(n).toBe(3);
  });
});
