/**
 * Batch disbursements: template, validating files (every row, duplicates, bad files refused whole), errors
 * as a file, submitting once, approval by another user, results as a file and in the disbursement report.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { disbursementAccounts, disbursementOrders, disbursements, disbursementUploads } from '../../server/db/schema';
import { DemoUsers } from '../../server/db/seed-fixtures';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import { BATCH_COLUMNS, MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '../../src/domain/disbursements';
import { MAX_XLSX_ENTRIES, MAX_XLSX_UNPACKED_BYTES } from '../../server/routes/disbursement-management/batch-file';
import { zipFootprint } from '../../server/lib/zip';
import { vietnamToday } from '../../src/domain/time';
import { approveWithCode, base, lastText, calls, makeDisbursementApp, OTHER, SME } from './disbursement-helpers';
import type { TestApp } from './helpers';

const HEADER = BATCH_COLUMNS.join(',');

function multipart(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = '----db' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const payload = Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsx(rows: Array<Array<string | number | { formula: string }>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('chi-ho');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip built by hand (deflated entries, central directory, end record): the crafted files of the bomb test. */
function zipOf(entries: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const csvOf = (...lines: string[]) => `\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`;
const GOOD = ['WALLET,0912000111,,150000,Thưởng', 'BANK,0071000123456,VCB,2500000,Thanh toán NCC', 'BANK,0071000129999,TCB,1.000.000,"Tiền hàng, đợt 2"'];

describe('disbursement batches', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let accountant: string;
  let otherOwner: string;
  const upload = (token: string, fileName: string, content: Buffer | string, merchantId = SME, lang = 'vi') =>
    t.call(token, { method: 'POST', url: `${base(merchantId)}/batch-uploads?lang=${lang}`, ...multipart(fileName, content) });
  const uploadCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(disbursementUploads))[0].n;

  beforeAll(async () => {
    t = await makeDisbursementApp();
    [owner, admin, accountant, otherOwner] = await Promise.all(['owner_demo', 'admin_demo', 'accountant_demo', 'other_owner_demo'].map((u) => t.login(u)));
  });
  afterAll(() => t.close());

  it('the template is the header row, as CSV (BOM) and XLSX; other roles are refused', async () => {
    const csv = await t.call(owner, { method: 'GET', url: `${base(SME)}/batch-template?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(HEADER);
    const file = await t.call(admin, { method: 'GET', url: `${base(SME)}/batch-template?format=xlsx` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...BATCH_COLUMNS]);
    expect((await t.call(accountant, { method: 'GET', url: `${base(SME)}/batch-template` })).statusCode).toBe(403);
    const before = await uploadCount();
    expect((await upload(accountant, 'a.csv', csvOf(...GOOD))).statusCode).toBe(403);
    expect((await upload(otherOwner, 'a.csv', csvOf(...GOOD))).statusCode).toBe(403);
    expect(await uploadCount()).toBe(before);
  });

  it('refuses bad files whole, with the reason, and keeps nothing', async () => {
    const before = await uploadCount();
    const cases: Array<[string, Buffer | string, string]> = [
      ['list.pdf', '%PDF-1.4 not a batch', viApi.disbursements.badFile.type],
      ['list.xlsx', csvOf(...GOOD), viApi.disbursements.badFile.type],
      ['list.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), viApi.disbursements.badFile.type],
      ['list.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]), viApi.disbursements.badFile.type],
      ['list.csv', 'kenh,tai_khoan,so_tien\r\nWALLET,0912000111,150000\r\n', viApi.disbursements.badFile.columns.replace('{{expected}}', BATCH_COLUMNS.join(', '))],
      ['list.csv', csvOf('WALLET,0912000111,,=1+1,Thưởng'), viApi.disbursements.badFile.formula.replace('{{cells}}', 'D2')],
      ['list.csv', csvOf('@SUM(A1),0912000111,,150000,x'), viApi.disbursements.badFile.formula.replace('{{cells}}', 'A2')],
      ['list.csv', csvOf(), viApi.disbursements.badFile.empty],
    ];
    for (const [name, content, message] of cases) {
      const res = await upload(owner, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const formulaBook = await xlsx([[...BATCH_COLUMNS], ['WALLET', '0912000111', '', { formula: '100000*2' }, 'x']]);
    const res = await upload(owner, 'list.xlsx', formulaBook, SME, 'en');
    expect(res.json().message).toBe(enApi.disbursements.badFile.formula.replace('{{cells}}', 'D2'));
    const wrongHeader = await xlsx([['channel', 'account', 'amount'], ['WALLET', '0912000111', 100000]]);
    expect((await upload(owner, 'list.xlsx', wrongHeader)).statusCode).toBe(400);
    expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/batch-uploads`, payload: { file: 'x' } })).json().message).toBe(viApi.disbursements.badFile.notMultipart);
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a decompression bomb (too large unpacked, or too many parts) from the zip directory, before parsing', async () => {
    const before = await uploadCount();
    // 60 MB of one byte deflates to ~60 KB: well under the 5 MB upload limit.
    const bomb = zipOf([
      ['[Content_Types].xml', Buffer.from('<Types/>')],
      ['xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024, 0x20)],
    ]);
    expect(bomb.length).toBeLessThan(MAX_BATCH_FILE_BYTES);
    const parts = zipOf(Array.from({ length: MAX_XLSX_ENTRIES + 1 }, (_, i): [string, Buffer] => [`xl/media/p${i}.xml`, Buffer.from('x')]));
    for (const [lang, api] of [['vi', viApi], ['en', enApi]] as const) {
      for (const file of [bomb, parts]) {
        const res = await upload(owner, 'luong.xlsx', file, SME, lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(api.disbursements.badFile.unpackedTooLarge.replace('{{mb}}', String(MAX_XLSX_UNPACKED_BYTES / 1024 / 1024)));
      }
    }
    // A zip whose directory cannot be read is not an XLSX.
    expect((await upload(owner, 'luong.xlsx', bomb.subarray(0, bomb.length - 30))).json().message).toBe(viApi.disbursements.badFile.type);
    expect(await uploadCount()).toBe(before);
    // The template's own XLSX passes the guard.
    const footprint = zipFootprint(await xlsx([[...BATCH_COLUMNS], ...GOOD.map((l) => l.split(','))]));
    expect(footprint!.entries).toBeLessThan(MAX_XLSX_ENTRIES);
    expect(footprint!.unpackedBytes).toBeGreaterThan(0);
  });

  it(`${MAX_BATCH_ROWS} rows are validated; ${MAX_BATCH_ROWS + 1} are refused`, async () => {
    const line = (i: number) => `WALLET,09${String(i).padStart(6, '0')}12,,${10_000 + i},Lương ${i}`;
    const full = Array.from({ length: MAX_BATCH_ROWS }, (_, i) => line(i));
    const started = Date.now();
    const ok = await upload(owner, 'luong.csv', csvOf(...full));
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ok.json().data).toMatchObject({ rowCount: MAX_BATCH_ROWS, errorCount: 0, duplicateCount: 0 });
    const over = await upload(owner, 'luong.csv', csvOf(...full, line(MAX_BATCH_ROWS)));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(viApi.disbursements.badFile.tooManyRows.replace('{{rows}}', String(MAX_BATCH_ROWS + 1)).replace('{{max}}', String(MAX_BATCH_ROWS)));
    const bigBook = await xlsx([[...BATCH_COLUMNS], ...Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => ['WALLET', '0912000111', '', 10_000 + i, 'x'])]);
    expect((await upload(owner, 'luong.xlsx', bigBook)).json().message).toBe(viApi.disbursements.badFile.tooManyRows.replace('{{rows}}', String(MAX_BATCH_ROWS + 1)).replace('{{max}}', String(MAX_BATCH_ROWS)));
  }, 120_000);

  it('checks every row, flags duplicates, offers the errors as a file, and will not submit until fixed', async () => {
    const bad = csvOf(
      GOOD[0],
      'WALLET,0412345678,,150000,x',
      'BANK,0071000123456,XYZ,5000,x',
      'CASH,123,,abc,x',
      GOOD[0],
      'WALLET,0912340000,,150000,x',
    );
    const res = await upload(admin, 'dot1.csv', bad);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ rowCount: 6, errorCount: 5, duplicateCount: 1 });
    const byRow = Object.fromEntries(data.rows.map((r: { rowNo: number; errors: Array<{ field: string; message: string }> }) => [r.rowNo, r.errors]));
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toEqual([{ field: 'account', message: viValidation.validation.phone }]);
    expect(byRow[4]).toEqual(
      expect.arrayContaining([
        { field: 'bankId', message: viValidation.validation.disbursement.bank },
        { field: 'amount', message: viValidation.validation.disbursement.amount },
      ]),
    );
    expect(byRow[5].map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['channel', 'amount']));
    expect(byRow[6]).toEqual([{ field: 'account', message: viValidation.validation.disbursement.duplicate.replace('{{row}}', '2') }]);
    expect(byRow[7]).toEqual([{ field: 'account', message: viValidation.validation.disbursement.accountNotFound }]);

    const errors = await t.call(admin, { method: 'GET', url: `${base(SME)}/batch-uploads/${data.uploadId}/errors?format=csv&lang=en` });
    expect(errors.statusCode).toBe(200);
    const lines = errors.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Row,Column,Error');
    expect(lines).toContain('6,account,Same as row 2');
    expect(lines).toContain(`3,account,${enValidation.validation.phone}`);
    expect((await t.call(otherOwner, { method: 'GET', url: `${base(OTHER)}/batch-uploads/${data.uploadId}/errors` })).statusCode).toBe(404);

    const orders = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(disbursementOrders))[0].n;
    const before = await orders();
    const submit = await t.call(admin, { method: 'POST', url: `${base(SME)}/batch-uploads/${data.uploadId}/submit` });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe(viApi.disbursements.uploadHasErrors);
    expect(await orders()).toBe(before);
  });

  it('a fixed file is submitted once, approved by another user, paid row by row, exported and reported', async () => {
    await t.database.db.insert(disbursementAccounts).values({ merchantId: SME, balance: 10_000_000 }).onConflictDoUpdate({ target: disbursementAccounts.merchantId, set: { balance: 10_000_000 } });
    const book = await xlsx([[...BATCH_COLUMNS], ['WALLET', '0912000111', '', 150_000, 'Thưởng'], ['BANK', '0071000123456', 'VCB', 2_500_000, 'NCC'], ['BANK', '0071000129999', 'TCB', 1_000_000, 'Tiền hàng']]);
    const res = await upload(admin, 'dot1-da-sua.xlsx', book);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rowCount: 3, errorCount: 0, totalAmount: 3_650_000, totalFee: 8_600 });
    const uploadId = res.json().data.uploadId;
    const c = calls(t);
    const submitted = await c.post(admin, `/batch-uploads/${uploadId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const order = submitted.json().data;
    expect(order).toMatchObject({ kind: 'BATCH', fileName: 'dot1-da-sua.xlsx', rowCount: 3, status: 'PENDING_APPROVAL', requiredApprovals: 1 });
    expect((await c.post(admin, `/batch-uploads/${uploadId}/submit`)).json().data.id).toBe(order.id);
    expect((await c.post(admin, `/orders/${order.id}/approval-otp`)).statusCode).toBe(403);

    const approved = await approveWithCode(t, owner, DemoUsers.owner.phone, order.id, SME, 'en');
    // The English message names the order, its 3 rows and their total.
    expect(await lastText(t, DemoUsers.owner.phone)).toContain(`approve disbursement order ${order.code} (3 payments, total 3,650,000 VND) is `);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'COMPLETED', successCount: 2, failedCount: 1 });
    const [account] = await t.database.db.select().from(disbursementAccounts).where(eq(disbursementAccounts.merchantId, SME));
    expect(account.balance).toBe(10_000_000 - 2_650_000 - 2_000 - 3_300);

    const results = await t.call(owner, { method: 'GET', url: `${base(SME)}/orders/${order.id}/results?format=csv` });
    expect(results.statusCode).toBe(200);
    const lines = results.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Dòng,Mã giao dịch,Kênh,Tài khoản nhận,Ngân hàng,Chủ tài khoản,Số tiền,Phí,Nội dung,Trạng thái,Lý do');
    expect(lines[3]).toContain(`FAILED,${viApi.disbursements.failure.ACCOUNT_LOCKED}`);
    expect(lines[1]).toContain('0912•••111');
    expect(results.body).not.toContain('0071000123456');
    const xl = await t.call(owner, { method: 'GET', url: `${base(SME)}/orders/${order.id}/results?format=xlsx` });
    expect(xl.headers['content-type']).toContain('spreadsheetml');
    expect((await t.call(otherOwner, { method: 'GET', url: `${base(OTHER)}/orders/${order.id}/results` })).statusCode).toBe(404);

    const rows = await t.database.db.select().from(disbursements).where(eq(disbursements.batchCode, order.code));
    expect(rows.map((r) => r.status).sort()).toEqual(['FAILED', 'SUCCESS', 'SUCCESS']);
    const today = vietnamToday();
    const report = await t.call(owner, {
      method: 'GET',
      url: `/api/transaction/v2/merchants/${SME}/reports/disbursement-report?fromDate=${today}&toDate=${today}&keyword=${order.code}`,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.content.map((r: { tranId: string }) => r.tranId).sort()).toEqual(rows.map((r) => r.tranId).sort());
  });
});
