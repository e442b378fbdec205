/** Exports of the transaction report: the file equals the filtered list; large sets become jobs. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_COLUMNS, type TransactionRow } from '@/domain/transactionReport';
import { presetRange, vietnamToday } from '@/domain/time';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { exportJobsOf, exportLimits } from '../../server/lib/export-jobs';
import { formatVietnamDateTime } from '@/domain/time';
import { parseRfc4180 } from './csv';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const base = `/api/transaction/v3/merchants/${SME}/transaction-report`;
const jobsBase = `/api/report-job/v1/merchants/${SME}/exports`;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('transaction report exports', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  const today = vietnamToday();
  const month = presetRange('lastMonth', today);
  const query = `from=${month.from}&to=${month.to}&status=SUCCESS`;
  const listed: TransactionRow[] = [];

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant] = await Promise.all([t.login('owner_demo'), t.login('accountant_demo')]);
    let cursor: string | null = null;
    for (;;) {
      const res = await t.call(owner, { method: 'GET', url: `${base}?${query}&pageSize=100${cursor ? `&cursor=${cursor}` : ''}` });
      const data: { content: TransactionRow[]; nextCursor: string | null } = res.json().data;
      listed.push(...data.content);
      if (!data.nextCursor) break;
      cursor = data.nextCursor;
    }
  });
  afterAll(async () => {
    exportLimits.smallMaxRows = 5_000;
    await t.close();
  });

  it('a small set downloads at once: CSV with BOM, chosen columns in order, the rows of the list', async () => {
    expect(listed.length).toBeGreaterThan(50);
    const res = await t.call(owner, {
      method: 'POST',
      url: `${base}/exports?${query}&format=csv&columns=id&columns=amount&columns=customerPhone&columns=createdAt&columns=status&lang=en`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="giao-dich_MC_SONGHAN_\d{8}_\d{8}_\d{8}-\d{4}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(BOM);
    const records = parseRfc4180(res.rawPayload.subarray(3).toString('utf8'));
    expect(records[0]!.map((c) => c.value)).toEqual(['Transaction ID', 'Amount (VND)', 'Customer phone', 'Created at', 'Status']);
    const body = records.slice(1).filter((r) => r.length > 1);
    expect(body.map((r) => r[0]!.value)).toEqual(listed.map((r) => r.id));
    expect(body.map((r) => Number(r[1]!.value))).toEqual(listed.map((r) => r.amount));
    expect(body.map((r) => r[2]!.value)).toEqual(listed.map((r) => r.customerPhone));
    expect(body[0]![3]!.value).toBe(formatVietnamDateTime(new Date(listed[0]!.createdAt)));
    expect(new Set(body.map((r) => r[4]!.value))).toEqual(new Set(['Successful']));
  });

  it('a large CSV export (written by the database) is the same file as the small one, every column', async () => {
    const all = `${query}&format=csv&${TRANSACTION_COLUMNS.map((c) => `columns=${c}`).join('&')}`;
    exportLimits.smallMaxRows = 5_000;
    const small = await t.call(owner, { method: 'POST', url: `${base}/exports?${all}` });
    expect(small.statusCode, small.body).toBe(200);
    exportLimits.smallMaxRows = 10;
    const started = await t.call(owner, { method: 'POST', url: `${base}/exports?${all}` });
    expect(started.statusCode, started.body).toBe(202);
    await exportJobsOf(t.app).idle();
    const done = (await t.call(owner, { method: 'GET', url: `${jobsBase}/${started.json().data.id}` })).json().data;
    expect(done).toMatchObject({ status: 'DONE', processedRows: listed.length, totalRows: listed.length });
    const file = await t.call(owner, { method: 'GET', url: `${jobsBase}/${started.json().data.id}/file` });
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    expect(file.rawPayload.equals(small.rawPayload)).toBe(true);
  });

  it('a large set becomes a job with progress, listed for the user and downloadable as XLSX', async () => {
    exportLimits.smallMaxRows = 10;
    const res = await t.call(owner, { method: 'POST', url: `${base}/exports?${query}&format=xlsx&columns=id&columns=amount` });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().data;
    expect(job).toMatchObject({ report: 'transaction-report', format: 'xlsx', totalRows: listed.length });
    await exportJobsOf(t.app).idle();
    const done = (await t.call(owner, { method: 'GET', url: `${jobsBase}/${job.id}` })).json().data;
    expect(done).toMatchObject({ status: 'DONE', processedRows: listed.length });
    expect(done.sizeBytes).toBeGreaterThan(0);
    const list = (await t.call(owner, { method: 'GET', url: jobsBase })).json().data;
    expect(list.content[0].id).toBe(job.id);
    // Only the user who asked sees the job.
    expect((await t.call(accountant, { method: 'GET', url: `${jobsBase}/${job.id}` })).statusCode).toBe(404);
    expect((await t.call(accountant, { method: 'GET', url: jobsBase })).json().data.content).toEqual([]);
    const file = await t.call(owner, { method: 'GET', url: `${jobsBase}/${job.id}/file` });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Mã giao dịch', 'Số tiền (đ)']);
    const ids: string[] = [];
    const amounts: number[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      ids.push(String(row.getCell(1).value));
      amounts.push(Number(row.getCell(2).value));
    });
    expect(ids).toEqual(listed.map((r) => r.id));
    expect(amounts).toEqual(listed.map((r) => r.amount));
  });

  it('refuses bad export requests and another merchant', async () => {
    expect((await t.call(owner, { method: 'POST', url: `${base}/exports?${query}&format=pdf` })).statusCode).toBe(400);
    expect((await t.call(owner, { method: 'POST', url: `${base}/exports?${query}&format=csv&columns=password` })).statusCode).toBe(400);
    const other = await t.login('other_owner_demo');
    expect((await t.call(other, { method: 'POST', url: `${base}/exports?${query}&format=csv` })).statusCode).toBe(403);
    expect((await t.call(owner, { method: 'GET', url: `${jobsBase}/not-a-uuid` })).statusCode).toBe(400);
  });
});
