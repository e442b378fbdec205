/**
 * One export definition per report (issue 20): a scheduled report file and a manual export of the same
 * filter are the same file (columns, order, headers with units, values in words, file naming); store
 * roles' exports leave out customers' personal data and fees; every export is kept in the user's history
 * and written to the audit trail; a scheduled run e-mails its recipients, "run now" does not.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SETTING_TYPE_DEFAULT_COLUMNS, type ReportSettingType } from '@/domain/reportCenter';
import { presetRange, vietnamToday } from '@/domain/time';
import { demoOutbox, exportAudit, reportSettings } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { exportJobsOf } from '../../server/lib/export-jobs';
import { runDueReports } from '../../server/lib/scheduler';
import { parseRfc4180 } from './csv';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const settingsUrl = (m: number) => `/api/report-job/v1/merchants/${m}/report-settings`;
const filesUrl = (m: number) => `/api/report-job/v1/merchants/${m}/report-files`;
const jobsUrl = (m: number) => `/api/report-job/v1/merchants/${m}/exports`;
const txBase = (m: number) => `/api/transaction/v3/merchants/${m}/transaction-report`;
const reportBase = (m: number, key: string) => `/api/transaction/v2/merchants/${m}/reports/${key}`;
/** Last month in Vietnam days: the demo data always has rows there. */
const month = () => presetRange('lastMonth', vietnamToday());

/** The manual export URL of a setting type for one period and columns. */
function manualUrl(merchantId: number, type: ReportSettingType, from: string, to: string, columns: readonly string[], format: 'csv' | 'xlsx') {
  const cols = columns.map((c) => `columns=${c}`).join('&');
  if (type === 'TRANSACTION_REPORT') return `${txBase(merchantId)}/exports?from=${from}&to=${to}&format=${format}&${cols}`;
  const key = { DISBURSEMENT_REPORT: 'disbursement-report', NONPAID_REPORT: 'nonpaid-report', CARD_PAYMENT_REPORT: 'card-payment-report' }[type];
  return `${reportBase(merchantId, key)}/export?fromDate=${from}&toDate=${to}&format=${format}&${cols}`;
}

const fileNameOf = (res: LightMyRequestResponse) => /filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))![1]!;
/** The name without the time it was made (the last `_YYYYMMDD-HHmm`). */
const withoutTime = (name: string) => name.replace(/_\d{8}-\d{4}\./, '.');

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exports and scheduled reports are one thing', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;

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

  /** The file a manual export gives (at once, or through its job when large). */
  async function manualFile(token: string, url: string): Promise<{ body: Buffer; fileName: string }> {
    const res = await post(token, url);
    if (res.statusCode === 202) {
      await exportJobsOf(t.app).idle();
      const job = res.json().data;
      const file = await t.call(token, { method: 'GET', url: `${jobsUrl(SME)}/${job.id}/file` });
      return { body: file.rawPayload, fileName: job.fileName };
    }
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.rawPayload, fileName: decodeURIComponent(fileNameOf(res)) };
  }

  /** A monthly setting of the type, run now: the file of last month. */
  async function scheduledFile(type: ReportSettingType, format: 'csv' | 'xlsx', columns: readonly string[]) {
    const setting = (
      await post(owner, settingsUrl(SME), {
        name: `Đối chiếu ${type} ${format}`,
        reportType: type,
        columns,
        storeIds: [],
        frequency: 'MONTHLY',
        runTime: '07:00',
        dayOfMonth: 1,
        recipients: ['ketoan@example.vn'],
        format,
      })
    ).json().data;
    const file = (await post(owner, `${settingsUrl(SME)}/${setting.id}/run`)).json().data;
    expect(file.status).toBe('READY');
    const download = await t.call(owner, { method: 'GET', url: `${filesUrl(SME)}/${file.id}/download` });
    expect(download.statusCode).toBe(200);
    return { file, body: download.rawPayload };
  }

  const TYPES: ReportSettingType[] = ['TRANSACTION_REPORT', 'CARD_PAYMENT_REPORT', 'NONPAID_REPORT', 'DISBURSEMENT_REPORT'];

  it.each(TYPES)('%s: the scheduled CSV is byte for byte the manual export of the same period and columns, named alike', async (type) => {
    const columns = SETTING_TYPE_DEFAULT_COLUMNS[type];
    const scheduled = await scheduledFile(type, 'csv', columns);
    const manual = await manualFile(owner, manualUrl(SME, type, scheduled.file.periodFrom, scheduled.file.periodTo, columns, 'csv'));
    const records = parseRfc4180(scheduled.body.subarray(3).toString('utf8')).filter((r) => r.length > 1);
    expect(records.length - 1).toBe(scheduled.file.rowCount);
    expect(scheduled.file.rowCount).toBeGreaterThan(0);
    expect(scheduled.body.equals(manual.body)).toBe(true);
    // Same naming: report, partner, period; only the time made may differ.
    expect(withoutTime(scheduled.file.fileName)).toBe(withoutTime(manual.fileName));
    expect(scheduled.file.fileName).toMatch(/^[a-z-]+_MC_SONGHAN_\d{8}_\d{8}_\d{8}-\d{4}\.csv$/);
  });

  it('the transaction report file reads as words with units: "Số tiền (đ)", "Phí (đ)", "Mã QR", "Thành công"', async () => {
    const scheduled = await scheduledFile('TRANSACTION_REPORT', 'csv', SETTING_TYPE_DEFAULT_COLUMNS.TRANSACTION_REPORT);
    const [header, ...rows] = parseRfc4180(scheduled.body.subarray(3).toString('utf8')).map((r) => r.map((c) => c.value));
    expect(header).toEqual(['Mã giao dịch', 'Thời gian tạo', 'Cửa hàng', 'SĐT khách hàng', 'Phương thức thanh toán', 'Trạng thái', 'Số tiền (đ)', 'Phí (đ)']);
    expect(scheduled.file.fileName.startsWith('giao-dich_MC_SONGHAN_')).toBe(true);
    const methods = new Set(rows.map((r) => r[4]));
    const statuses = new Set(rows.map((r) => r[5]));
    expect(methods).toContain('Mã QR');
    expect([...methods].some((m) => /^[A-Z_]+$/.test(m!))).toBe(false);
    expect(statuses).toContain('Thành công');
    expect([...statuses].some((s) => /^[A-Z_]+$/.test(s!))).toBe(false);
  });

  it('disbursement files say the channel in words', async () => {
    const scheduled = await scheduledFile('DISBURSEMENT_REPORT', 'csv', ['tranId', 'channel', 'amount', 'fee']);
    const [header, ...rows] = parseRfc4180(scheduled.body.subarray(3).toString('utf8')).map((r) => r.map((c) => c.value));
    expect(header).toEqual(['Mã giao dịch', 'Kênh nhận', 'Số tiền (đ)', 'Phí (đ)']);
    expect(new Set(rows.filter((r) => r.length > 1).map((r) => r[1]))).toEqual(new Set(['Ví điện tử', 'Tài khoản ngân hàng']));
  });

  it.each(['TRANSACTION_REPORT', 'CARD_PAYMENT_REPORT'] as const)('%s: the scheduled XLSX has the same cells as the manual export', async (type) => {
    const columns = SETTING_TYPE_DEFAULT_COLUMNS[type];
    const scheduled = await scheduledFile(type, 'xlsx', columns);
    const manual = await manualFile(owner, manualUrl(SME, type, scheduled.file.periodFrom, scheduled.file.periodTo, columns, 'xlsx'));
    const [a, b] = await Promise.all([sheetRows(scheduled.body), sheetRows(manual.body)]);
    expect(a.length).toBe(scheduled.file.rowCount + 1);
    expect(a).toEqual(b);
    expect(withoutTime(scheduled.file.fileName)).toBe(withoutTime(manual.fileName));
    // Ids and phones are text cells (a leading 0 and every digit kept), money is numeric.
    const idColumn = 0;
    expect(a.slice(1).every((r) => typeof r[idColumn] === 'string')).toBe(true);
    if (type === 'TRANSACTION_REPORT') {
      const phones = a.slice(1).map((r) => r[3]).filter((p) => p !== null && p !== undefined);
      expect(phones.length).toBeGreaterThan(0);
      expect(phones.every((p) => typeof p === 'string' && (p as string).startsWith('0'))).toBe(true);
      expect(a.slice(1).every((r) => typeof r[6] === 'number')).toBe(true);
    }
  });

  describe('store roles cannot bulk-export customer personal data or fees', () => {

    it('a cashier’s transaction export leaves out phone, name and fee (default and asked for); the owner keeps them', async () => {
      const { from, to } = month();
      const headerOf = (body: Buffer) => parseRfc4180(body.subarray(3).toString('utf8'))[0]!.map((c) => c.value);
      const byDefault = await manualFile(cashier, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv`);
      expect(headerOf(byDefault.body)).toEqual(['Mã giao dịch', 'Thời gian tạo', 'Cửa hàng', 'Phương thức thanh toán', 'Trạng thái', 'Số tiền (đ)']);
      const asked = await manualFile(cashier, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv&columns=id&columns=customerPhone&columns=customerName&columns=fee&columns=amount`);
      const text = asked.body.toString('utf8');
      expect(headerOf(asked.body)).toEqual(['Mã giao dịch', 'Số tiền (đ)']);
      expect(text).not.toMatch(/\b0\d{9}\b/);
      const ownerFile = await manualFile(owner, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv&columns=id&columns=customerPhone&columns=fee`);
      expect(headerOf(ownerFile.body)).toEqual(['Mã giao dịch', 'SĐT khách hàng', 'Phí (đ)']);
      const accountantFile = await manualFile(accountant, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv&columns=customerName&columns=fee`);
      expect(headerOf(accountantFile.body)).toEqual(['Tên khách hàng', 'Phí (đ)']);
    });

    it('only restricted columns: 403 with the reason in the caller’s language, nothing made or recorded', async () => {
      const { from, to } = month();
      const before = (await t.database.db.select({ n: count() }).from(exportAudit))[0]!.n;
      const vi = await post(cashier, `${txBase(SME)}/exports?from=${from}&to=${to}&format=xlsx&columns=customerPhone&columns=fee`);
      expect(vi.statusCode).toBe(403);
      expect(vi.json().message).toBe('Vai trò của bạn không được xuất số điện thoại, tên khách hàng hay phí. Vui lòng chọn thêm cột khác để xuất file.');
      const en = await post(cashier, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv&columns=customerName&lang=en`);
      expect(en.statusCode).toBe(403);
      expect(en.json().message).toBe("Your role may not export customers' phone numbers, names or fees. Please choose other columns to export.");
      expect((await t.database.db.select({ n: count() }).from(exportAudit))[0]!.n).toBe(before);
    });

    it('a cashier’s card-payment export (a store report) has no fee column either', async () => {
      const { from, to } = month();
      const res = await post(cashier, `${reportBase(SME, 'card-payment-report')}/export?fromDate=${from}&toDate=${to}&format=csv`);
      // The cashier's role does not open card payments at all: refused before any file.
      expect(res.statusCode).toBe(403);
    });

    it('a schedule may not ask for restricted columns from a store-scoped author (the settings API is closed to them)', async () => {
      const res = await post(cashier, settingsUrl(SME), {
        name: 'x',
        reportType: 'TRANSACTION_REPORT',
        columns: ['id', 'customerPhone'],
        frequency: 'DAILY',
        runTime: '07:00',
        recipients: ['a@example.vn'],
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('every export is recorded: history and audit trail', () => {
    it('a small export is listed in "Các file đã xuất" and downloads again, byte for byte', async () => {
      const { from, to } = month();
      const url = `${reportBase(SME, 'nonpaid-report')}/export?fromDate=${from}&toDate=${to}&format=csv&columns=orderId&columns=amount`;
      const res = await post(accountant, url);
      expect(res.statusCode).toBe(200);
      const history = (await t.call(accountant, { method: 'GET', url: `${jobsUrl(SME)}?report=nonpaid-report` })).json().data;
      const kept = history.content[0];
      expect(kept).toMatchObject({ report: 'nonpaid-report', format: 'csv', status: 'DONE', fileName: decodeURIComponent(fileNameOf(res)) });
      expect(kept.totalRows).toBeGreaterThan(0);
      expect(kept.totalRows).toBe(parseRfc4180(res.rawPayload.subarray(3).toString('utf8')).filter((r) => r.length > 1).length - 1);
      const again = await t.call(accountant, { method: 'GET', url: `${jobsUrl(SME)}/${kept.id}/file` });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      // Only the user who exported sees it.
      expect((await t.call(owner, { method: 'GET', url: `${jobsUrl(SME)}/${kept.id}` })).statusCode).toBe(404);
      expect((await t.call(otherOwner, { method: 'GET', url: `${jobsUrl(OTHER)}/${kept.id}` })).statusCode).toBe(404);
    });

    it('records who exported what: user, merchant, report, filter, columns, row count, file, time', async () => {
      const { from, to } = month();
      const url = `${txBase(SME)}/exports?from=${from}&to=${to}&status=SUCCESS&format=csv&columns=id&columns=amount`;
      const started = Date.now();
      const res = await post(accountant, url);
      expect(res.statusCode).toBe(200);
      const [entry] = await t.database.db.select().from(exportAudit).where(eq(exportAudit.merchantId, SME)).orderBy(desc(exportAudit.id)).limit(1);
      const rows = parseRfc4180(res.rawPayload.subarray(3).toString('utf8')).filter((r) => r.length > 1).length - 1;
      expect(entry).toMatchObject({
        username: DemoUsers.accountant.username,
        kind: 'MANUAL',
        report: 'transaction-report',
        format: 'csv',
        columns: ['id', 'amount'],
        rowCount: rows,
        fileName: decodeURIComponent(fileNameOf(res)),
      });
      expect(entry!.filter).toMatchObject({ from, to, status: ['SUCCESS'] });
      expect(rows).toBeGreaterThan(0);
      expect(entry!.userId).toBeGreaterThan(0);
      expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    });

    it('records large exports as JOB and scheduled runs as SCHEDULED (by the setting’s author)', async () => {
      const { exportLimits } = await import('../../server/lib/export-jobs');
      exportLimits.smallMaxRows = 5;
      try {
        const { from, to } = month();
        const res = await post(owner, `${reportBase(SME, 'card-payment-report')}/export?fromDate=${from}&toDate=${to}&format=xlsx`);
        expect(res.statusCode).toBe(202);
        const job = res.json().data;
        await exportJobsOf(t.app).idle();
        const [entry] = await t.database.db.select().from(exportAudit).where(eq(exportAudit.reference, job.id));
        expect(entry).toMatchObject({ kind: 'JOB', report: 'card-payment-report', format: 'xlsx', rowCount: job.totalRows, username: DemoUsers.owner.username });
        expect(entry!.columns).toEqual(SETTING_TYPE_DEFAULT_COLUMNS.CARD_PAYMENT_REPORT);
      } finally {
        exportLimits.smallMaxRows = 5_000;
      }
      const { file } = await scheduledFile('NONPAID_REPORT', 'csv', ['orderId', 'amount']);
      const [entry] = await t.database.db
        .select()
        .from(exportAudit)
        .where(and(eq(exportAudit.kind, 'SCHEDULED'), eq(exportAudit.reference, String(file.id))));
      expect(entry).toMatchObject({ merchantId: SME, report: 'nonpaid-report', columns: ['orderId', 'amount'], rowCount: file.rowCount, fileName: file.fileName, username: DemoUsers.owner.username });
      expect(entry!.filter).toMatchObject({ fromDate: file.periodFrom, toDate: file.periodTo });
    });

    it('bad inputs and another merchant’s ids make no file and no record', async () => {
      const { from, to } = month();
      const before = (await t.database.db.select({ n: count() }).from(exportAudit))[0]!.n;
      const jobsBefore = (await t.call(owner, { method: 'GET', url: jobsUrl(SME) })).json().data.totalElements;
      expect((await post(owner, `${txBase(SME)}/exports?from=${to}&to=${from}&format=csv`)).statusCode).toBe(400);
      expect((await post(owner, `${txBase(SME)}/exports?from=${from}&to=${to}&format=pdf`)).statusCode).toBe(400);
      expect((await post(owner, `${reportBase(SME, 'card-payment-report')}/export?fromDate=${from}&toDate=${to}&format=csv&columns=password`)).statusCode).toBe(400);
      expect((await post(otherOwner, `${txBase(SME)}/exports?from=${from}&to=${to}&format=csv`)).statusCode).toBe(403);
      expect((await post(otherOwner, `${reportBase(SME, 'card-payment-report')}/export?fromDate=${from}&toDate=${to}&format=csv`)).statusCode).toBe(403);
      expect((await t.database.db.select({ n: count() }).from(exportAudit))[0]!.n).toBe(before);
      expect((await t.call(owner, { method: 'GET', url: jobsUrl(SME) })).json().data.totalElements).toBe(jobsBefore);
    });
  });

  describe('"Tạo báo cáo ngay" does not e-mail; a scheduled run does', () => {
    it('e-mails each recipient of a scheduled run that its file is ready (no file attached); run now sends nothing', async () => {
      const mails = async () =>
        t.database.db.select().from(demoOutbox).where(inArray(demoOutbox.address, ['ketoan2@example.vn', 'chu2@example.vn']));
      const created = (
        await post(owner, settingsUrl(SME), {
          name: 'Chi hộ hằng ngày',
          reportType: 'DISBURSEMENT_REPORT',
          columns: ['tranId', 'amount'],
          frequency: 'DAILY',
          runTime: '06:15',
          recipients: ['KeToan2@Example.vn', 'chu2@example.vn'],
          format: 'xlsx',
        })
      ).json().data;
      // The scheduled run (through the app's notifier, as the running scheduler does): one e-mail per recipient.
      const due = new Date(created.nextRunAt);
      const produced = (await runDueReports(t.database.db, new Date(due.getTime() + 60_000), undefined, t.app.notifier)).filter(
        (f) => f.settingId === created.id,
      );
      expect(produced).toHaveLength(1);
      const sent = await mails();
      expect(sent.map((m) => m.address).sort()).toEqual(['chu2@example.vn', 'ketoan2@example.vn']);
      expect(sent.every((m) => m.channel === 'EMAIL')).toBe(true);
      expect(sent[0]!.title).toContain('Chi hộ hằng ngày');
      expect(sent[0]!.body).toContain(produced[0]!.fileName);
      expect(sent[0]!.body).toContain('không gửi kèm');

      // Run now: the file again, and no e-mail more.
      const now = await post(owner, `${settingsUrl(SME)}/${created.id}/run`);
      expect(now.json().data.status).toBe('READY');
      expect(await mails()).toHaveLength(2);
      const [row] = await t.database.db.select().from(reportSettings).where(eq(reportSettings.id, created.id));
      expect(row!.lastRunAt!.getTime()).toBe(due.getTime());
    });
  });
});
