/**
 * Transaction control: crafted order files matched against crafted provider transactions of a day no seed
 * touches (classes, totals, duplicates, amount formats, missing ids, another merchant's ids, failed
 * transactions), bad files refused whole with row numbers and nothing written, roles and store scope,
 * another merchant's run refused, rows by class paged, export, template, English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { TEMPLATE_HEADERS, TransactionControlApiPaths as Paths, type ControlFileRow } from '../../src/domain/transactionControl';
import { duplicatesOf, matchControl, type ProviderSide } from '../../server/routes/transaction-control/repository';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const DAY = '2030-01-15';
const url = (template: string, params: Record<string, number>, query = '') =>
  `/api${Object.entries(params).reduce((p, [k, v]) => p.replace(`:${k}`, String(v)), template)}${query}`;

function multipart(fileName: string, content: Buffer | string) {
  const boundary = '----tc' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const payload = Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const csvOf = (...lines: string[]) => `\uFEFF${[TEMPLATE_HEADERS.vi.join(','), ...lines].join('\r\n')}\r\n`;

describe('transaction control', () => {
  let t: TestApp;
  let accountant: string;
  let owner: string;
  let cashier: string;
  let otherOwner: string;
  let storeAccountant: string;
  let storeA: number;
  let storeB: number;

  const upload = (token: string, fileName: string, content: Buffer | string, query = `?from=${DAY}&to=${DAY}`, merchantId = SME) =>
    t.call(token, { method: 'POST', url: url(Paths.runs, { merchantId }, query), ...multipart(fileName, content) });
  const count = async (table: string) => (await rows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

  async function tx(id: string, merchantId: number, amount: number, opts: { orderId?: string; status?: string; storeId?: number | null; minute?: number } = {}) {
    const at = `${DAY}T0${Math.floor((opts.minute ?? 0) / 60) + 2}:${String((opts.minute ?? 0) % 60).padStart(2, '0')}:00Z`;
    await t.database.db.execute(sql`insert into transactions (id, merchant_id, store_id, created_at, completed_at, status, payment_method, amount, fee, order_id)
      values (${id}, ${merchantId}, ${opts.storeId ?? null}, ${at}::timestamptz, ${at}::timestamptz, ${opts.status ?? 'SUCCESS'}, 'WALLET', ${amount}, 0, ${opts.orderId ?? null})`);
  }

  beforeAll(async () => {
    t = await makeApp();
    [accountant, owner, cashier, otherOwner] = await Promise.all(['accountant_demo', 'owner_demo', 'cashier_demo', 'other_owner_demo'].map((u) => t.login(u)));
    const stores = await rows<{ id: number }>(t.database.db, sql`select id from stores where merchant_id = ${SME} order by id limit 2`);
    [storeA, storeB] = stores.map((s) => s.id);
    await tx('9000000000001', SME, 150_000, { orderId: 'DH-1', storeId: storeA, minute: 1 });
    await tx('9000000000002', SME, 200_000, { orderId: 'DH-2', storeId: storeA, minute: 2 });
    await tx('9000000000003', SME, 99_000, { orderId: 'DH-3', storeId: storeA, minute: 3 });
    await tx('9000000000004', SME, 1_250_000, { orderId: 'DH-4', storeId: storeB, minute: 4 });
    await tx('9000000000005', SME, 80_000, { orderId: 'DH-5', status: 'FAILED', storeId: storeA, minute: 5 });
    await tx('9000000000006', SME, 50_000, { orderId: 'DH-6', storeId: null, minute: 6 });
    await tx('9000000000009', OTHER, 70_000, { orderId: 'DH-9', minute: 9 });
    const created = await t.call(owner, {
      method: 'POST',
      url: `/api/authorization/v2/merchants/${SME}/users`,
      payload: { username: 'kt_cuahang', fullname: 'Kế Toán Cửa Hàng', password: 'Demo@1234', passwordConfirm: 'Demo@1234', role: 'STORE_ACCOUNTANT', storeList: [storeA] },
    });
    expect(created.statusCode).toBe(200);
    storeAccountant = await t.login('kt_cuahang');
  });
  afterAll(() => t.close());

  const FILE = csvOf(
    '9000000000001,DH-1,150.000', // row 2: MATCHED by transaction id ("150.000")
    '9000000000002,,"210,000 đ"', // row 3: AMOUNT_MISMATCH (provider 200.000)
    ',DH-3,99000', // row 4: MATCHED by order id
    '9000000000001,DH-1,150000', // row 5: DUPLICATE of row 2
    '9999999999999,DH-X,10000', // row 6: ONLY_MERCHANT (unknown)
    '9000000000009,DH-9,70000', // row 7: ONLY_MERCHANT (another merchant's transaction)
    '9000000000005,DH-5,80000', // row 8: ONLY_MERCHANT (failed at the provider: no money came)
    '9000000000004,DH-4,"1.250.000,00"', // row 9: MATCHED (a zero fraction is the whole amount)
  );

  let runId: number;

  it('classes every row and the provider-only transactions, with totals per class', async () => {
    const res = await upload(accountant, 'doi-soat.csv', FILE);
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    runId = run.id;
    expect(run).toMatchObject({ from: DAY, to: DAY, fileName: 'doi-soat.csv', fileRowCount: 8, createdByName: 'accountant_demo', storeIds: null });
    expect(run.totals).toEqual({
      MATCHED: { count: 3, merchantAmount: 150_000 + 99_000 + 1_250_000, providerAmount: 150_000 + 99_000 + 1_250_000 },
      AMOUNT_MISMATCH: { count: 1, merchantAmount: 210_000, providerAmount: 200_000 },
      ONLY_MERCHANT: { count: 3, merchantAmount: 10_000 + 70_000 + 80_000, providerAmount: 0 },
      ONLY_PROVIDER: { count: 1, merchantAmount: 0, providerAmount: 50_000 },
      DUPLICATE: { count: 1, merchantAmount: 150_000, providerAmount: 0 },
    });
    const rows = (await t.call(accountant, { method: 'GET', url: url(Paths.rows, { merchantId: SME, id: runId }, '?pageSize=50') })).json().data;
    expect(rows.totalElements).toBe(9);
    const byRow = Object.fromEntries(rows.content.map((r: { rowNo: number | null; transactionId: string }) => [r.rowNo ?? r.transactionId, r]));
    expect(byRow[2]).toMatchObject({ class: 'MATCHED', matchedBy: 'TRANSACTION_ID', transactionId: '9000000000001', merchantAmount: 150_000, providerAmount: 150_000 });
    expect(byRow[3]).toMatchObject({ class: 'AMOUNT_MISMATCH', merchantAmount: 210_000, providerAmount: 200_000, orderId: 'DH-2' });
    expect(byRow[4]).toMatchObject({ class: 'MATCHED', matchedBy: 'ORDER_ID', transactionId: '9000000000003' });
    expect(byRow[5]).toMatchObject({ class: 'DUPLICATE', duplicateOf: 2, providerAmount: null });
    expect(byRow[7]).toMatchObject({ class: 'ONLY_MERCHANT', transactionId: '9000000000009', providerAmount: null, providerStatus: null });
    expect(byRow[8]).toMatchObject({ class: 'ONLY_MERCHANT' });
    expect(byRow['9000000000006']).toMatchObject({ class: 'ONLY_PROVIDER', rowNo: null, providerAmount: 50_000, merchantAmount: null });
  });

  it('filters rows by class and pages them in the database', async () => {
    const only = (await t.call(accountant, { method: 'GET', url: url(Paths.rows, { merchantId: SME, id: runId }, '?class=ONLY_MERCHANT&pageSize=10') })).json().data;
    expect(only.totalElements).toBe(3);
    expect(only.content.map((r: { rowNo: number }) => r.rowNo)).toEqual([6, 7, 8]);
    const page = (await t.call(accountant, { method: 'GET', url: url(Paths.rows, { merchantId: SME, id: runId }, '?pageSize=10&pageNumber=0&class=MATCHED') })).json().data;
    expect(page.content.map((r: { rowNo: number }) => r.rowNo)).toEqual([2, 4, 9]);
    const bad = await t.call(accountant, { method: 'GET', url: url(Paths.rows, { merchantId: SME, id: runId }, '?class=SOMETHING') });
    expect(bad.statusCode).toBe(400);
    const list = (await t.call(owner, { method: 'GET', url: url(Paths.runs, { merchantId: SME }) })).json().data;
    expect(list.content[0]).toMatchObject({ id: runId, fileName: 'doi-soat.csv' });
  });

  it('exports a class as CSV with the amounts and their difference', async () => {
    const res = await t.call(accountant, { method: 'POST', url: url(Paths.exports, { merchantId: SME, id: runId }, '?format=csv&class=AMOUNT_MISMATCH') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('kiem-soat-giao-dich_MC_SONGHAN_20300115_20300115');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Số tiền theo doanh nghiệp (đ)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('9000000000002');
    expect(lines[1]).toContain('Lệch số tiền');
    expect(lines[1]).toContain('210000,200000,10000');
    const xlsx = await t.call(accountant, { method: 'POST', url: url(Paths.exports, { merchantId: SME, id: runId }, '?format=xlsx') });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].actualRowCount).toBe(10);
  });

  it('refuses a file with bad rows whole, naming each row, and writes nothing', async () => {
    const before = [await count('transaction_control_runs'), await count('transaction_control_chunks')];
    const res = await upload(accountant, 'loi.csv', csvOf('9000000000001,DH-1,"150000,5"', ',,20000', '9000000000002,DH-2,abc', '9000000000003,DH-3,-5000', '9000000000004,,1.250.000'));
    expect(res.statusCode).toBe(400);
    const { status, message } = res.json();
    expect(status).toBe(2);
    expect(message).toContain('Tệp có 4 dòng không hợp lệ, chưa có gì được lưu.');
    expect(message).toContain('Dòng 2: Số tiền có phần lẻ đồng (150000,5); chỉ nhận số nguyên đồng');
    expect(message).toContain('Dòng 3: Thiếu mã giao dịch và mã đơn hàng (cần ít nhất một mã)');
    expect(message).toContain('Dòng 4: Số tiền không hợp lệ (abc)');
    expect(message).toContain('Dòng 5: Số tiền phải lớn hơn 0');
    expect(message).not.toContain('Dòng 6');
    expect([await count('transaction_control_runs'), await count('transaction_control_chunks')]).toEqual(before);
  });

  it('refuses files that lie about their type, miss the template header, or would unpack too large', async () => {
    const before = await count('transaction_control_runs');
    const lying = await upload(accountant, 'doi-soat.xlsx', FILE);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toBe('Chỉ nhận tệp CSV hoặc XLSX đúng định dạng');
    const header = await upload(accountant, 'x.csv', 'id,amount\n1,2\n');
    expect(header.json().message).toContain('dòng tiêu đề phải là Mã giao dịch, Mã đơn hàng, Số tiền (đ)');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow([...TEMPLATE_HEADERS.en]);
    sheet.addRow(['9000000000001', 'DH-1', 150000]);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    // The central directory claims an entry unpacks to ~4 GB: refused before anything is unpacked.
    const bomb = Buffer.from(good);
    const cd = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, cd + 24);
    const big = await upload(accountant, 'bomb.xlsx', bomb);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Tệp XLSX giải nén quá lớn; vui lòng chia nhỏ tệp');
    const range = await upload(accountant, 'x.csv', FILE, `?from=${DAY}&to=2029-01-01`);
    expect(range.statusCode).toBe(400);
    expect(await count('transaction_control_runs')).toEqual(before);
    // The same XLSX untouched, with the English header, is a run.
    const ok = await upload(accountant, 'doi-soat.xlsx', good);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.totals.MATCHED.count).toBe(1);
  });

  it('answers in English', async () => {
    const res = await upload(accountant, 'bad.csv', csvOf('9000000000001,DH-1,150000.75'), `?from=${DAY}&to=${DAY}&lang=en`);
    expect(res.json().message).toBe(
      "The file has 1 invalid rows; nothing was saved. Row 2: The amount has a fraction of a đồng (150000.75); only whole đồng are accepted",
    );
    const tpl = await t.call(accountant, { method: 'GET', url: url(Paths.template, { merchantId: SME }, '?format=csv&lang=en') });
    expect(tpl.body.replace(/^\uFEFF/, '').trim()).toBe('Transaction ID,Order ID,Amount (VND)');
  });

  it('serves the template in Vietnamese as CSV and XLSX', async () => {
    const csv = await t.call(accountant, { method: 'GET', url: url(Paths.template, { merchantId: SME }, '?format=csv') });
    expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe('Mã giao dịch,Mã đơn hàng,Số tiền (đ)');
    const xlsx = await t.call(accountant, { method: 'GET', url: url(Paths.template, { merchantId: SME }, '?format=xlsx') });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, ...TEMPLATE_HEADERS.vi]);
  });

  it('pages and exports a run of thousands of rows across its chunks, ties on an order id going to the smallest id', async () => {
    const day = '2030-02-01';
    const N = 2_400;
    // Provider: N transactions one second apart; two more sharing order id TIE, the larger id first in time.
    await t.database.db.execute(sql`insert into transactions (id, merchant_id, created_at, completed_at, status, payment_method, amount, fee, order_id)
      select (9100000000000 + i)::text, ${SME}, ${`${day}T00:00:00+07:00`}::timestamptz + i * interval '1 second',
        ${`${day}T00:00:00+07:00`}::timestamptz + i * interval '1 second', 'SUCCESS', 'WALLET', 1000 + i, 0, 'B-' || i
      from generate_series(0, ${N - 1}) as i`);
    await t.database.db.execute(sql`insert into transactions (id, merchant_id, created_at, completed_at, status, payment_method, amount, fee, order_id) values
      ('9200000000002', ${SME}, ${`${day}T10:00:00+07:00`}::timestamptz, ${`${day}T10:00:00+07:00`}::timestamptz, 'SUCCESS', 'WALLET', 5000, 0, 'TIE'),
      ('9200000000001', ${SME}, ${`${day}T11:00:00+07:00`}::timestamptz, ${`${day}T11:00:00+07:00`}::timestamptz, 'SUCCESS', 'WALLET', 5000, 0, 'TIE')`);
    // File: every provider transaction (every 7th by order id only, every 10th 1 đ off), the TIE order, 100 unknown ids.
    const lines = Array.from({ length: N }, (_, i) => `${i % 7 === 0 ? '' : 9100000000000 + i},B-${i},${1000 + i + (i % 10 === 0 ? 1 : 0)}`);
    lines.push(',TIE,5000', ...Array.from({ length: 100 }, (_, i) => `${9300000000000 + i},U-${i},7000`));
    const res = await upload(accountant, 'lon.csv', csvOf(...lines), `?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    const big = res.json().data;
    expect(Object.fromEntries(Object.entries(big.totals as Record<string, { count: number }>).map(([k, v]) => [k, v.count]))).toEqual({
      MATCHED: N - N / 10 + 1,
      AMOUNT_MISMATCH: N / 10,
      ONLY_MERCHANT: 100,
      ONLY_PROVIDER: 1,
      DUPLICATE: 0,
    });
    const get = async (query: string) => (await t.call(accountant, { method: 'GET', url: url(Paths.rows, { merchantId: SME, id: big.id }, query) })).json().data;
    // Every class: seqs follow without gaps across the chunk boundary (1,000).
    const all = await get('?pageSize=100&pageNumber=9');
    expect(all.content.map((r: { seq: number }) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 901 + i));
    expect((await get('?pageSize=100&pageNumber=10')).content[0]).toMatchObject({ seq: 1001, rowNo: 1002 });
    // One class, page by page: every matched row once, in file order.
    const matched: number[] = [];
    for (let page = 0; page * 100 < N; page++) matched.push(...(await get(`?class=MATCHED&pageSize=100&pageNumber=${page}`)).content.map((r: { rowNo: number }) => r.rowNo));
    const expected = [...Array.from({ length: N }, (_, i) => i).filter((i) => i % 10 !== 0).map((i) => i + 2), N + 2];
    expect(matched).toEqual(expected);
    expect((await get(`?class=MATCHED&pageSize=10&pageNumber=${Math.floor((expected.length - 1) / 10)}`)).content.at(-1)).toMatchObject({
      rowNo: N + 2,
      transactionId: '9200000000001',
      matchedBy: 'ORDER_ID',
    });
    expect((await get('?class=ONLY_PROVIDER')).content).toMatchObject([{ transactionId: '9200000000002', seq: N + 102, providerAmount: 5000 }]);
    const csv = await t.call(accountant, { method: 'POST', url: url(Paths.exports, { merchantId: SME, id: big.id }, '?format=csv&class=MATCHED') });
    const exported = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1);
    expect(exported.map((l) => Number(l.split(',')[0]))).toEqual(expected);
  });

  it('refuses roles without the screen and another merchant\'s runs', async () => {
    expect((await upload(cashier, 'doi-soat.csv', FILE)).statusCode).toBe(403);
    expect((await t.call(cashier, { method: 'GET', url: url(Paths.runs, { merchantId: SME }) })).statusCode).toBe(403);
    expect((await upload(otherOwner, 'doi-soat.csv', FILE)).statusCode).toBe(403);
    const other = { merchantId: OTHER, id: runId };
    for (const path of [Paths.run, Paths.rows]) {
      expect((await t.call(otherOwner, { method: 'GET', url: url(path, other) })).statusCode).toBe(404);
    }
    expect((await t.call(otherOwner, { method: 'POST', url: url(Paths.exports, other, '?format=csv') })).statusCode).toBe(404);
    expect((await t.call(otherOwner, { method: 'GET', url: url(Paths.runs, { merchantId: OTHER }) })).json().data.content).toEqual([]);
  });

  it('a store-scoped role matches only its stores\' transactions and sees only its own kind of runs', async () => {
    const res = await upload(storeAccountant, 'cua-hang.csv', csvOf('9000000000001,DH-1,150000', '9000000000004,DH-4,1250000'));
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run.storeIds).toEqual([storeA]);
    // DH-4 is of another store: only in the file for this role. DH-2 and DH-3 of its store are provider-only; DH-6 (no store) is not theirs.
    expect(run.totals.MATCHED.count).toBe(1);
    expect(run.totals.ONLY_MERCHANT).toEqual({ count: 1, merchantAmount: 1_250_000, providerAmount: 0 });
    expect(run.totals.ONLY_PROVIDER).toEqual({ count: 2, merchantAmount: 0, providerAmount: 299_000 });
    expect((await t.call(storeAccountant, { method: 'GET', url: url(Paths.run, { merchantId: SME, id: runId }) })).statusCode).toBe(404);
    const list = (await t.call(storeAccountant, { method: 'GET', url: url(Paths.runs, { merchantId: SME }) })).json().data;
    expect(list.content.map((r: { id: number }) => r.id)).toEqual([run.id]);
    // Merchant-wide roles see every run of the merchant.
    expect((await t.call(owner, { method: 'GET', url: url(Paths.run, { merchantId: SME, id: run.id }) })).statusCode).toBe(200);
  });
});

describe('matchControl (the pairing rules, without a database)', () => {
  const side = (...txs: Array<[string, string | null, number]>): ProviderSide => ({
    ids: txs.map((x) => x[0]),
    orderIds: txs.map((x) => x[1]),
    amounts: txs.map((x) => x[2]),
    statuses: txs.map(() => 'SUCCESS'),
    createdAts: txs.map((_, i) => `2030-01-15 0${i}:00:00+00`),
  });
  const rowsOf = (...rows: Array<[string | null, string | null, number]>): ControlFileRow[] =>
    rows.map(([transactionId, orderId, amount], i) => ({ rowNo: i + 2, transactionId, orderId, amount }));
  const flat = (out: ReturnType<typeof matchControl>) =>
    out.chunks
      .flatMap((c) => c.seqs.map((seq, i) => ({ seq, class: c.class, rowNo: c.rowNos[i], transactionId: c.transactionIds[i], matchedBy: c.matchedBy[i] })))
      .sort((a, b) => a.seq - b.seq);

  it('pairs by id first; order ids only among what is left, the first row of an order taking the smallest free id', () => {
    const provider = side(['T3', 'A', 100], ['T1', 'A', 100], ['T2', 'B', 50], ['T4', null, 70]);
    const file = rowsOf(
      ['T2', 'A', 50], // by id: T2 (its order id A plays no part)
      ['WRONG', 'A', 100], // not an id the provider has: by order A, the smallest free id T1
      [null, 'A', 100], // order A again: T3 is left but this is not the first row of A
      [null, 'B', 50], // order B: T2 is taken by id
      ['T2', 'C', 50], // repeats row 2's id: DUPLICATE
    );
    const out = matchControl(file, duplicatesOf(file), provider);
    expect(flat(out)).toEqual([
      { seq: 1, class: 'MATCHED', rowNo: 2, transactionId: 'T2', matchedBy: 'TRANSACTION_ID' },
      { seq: 2, class: 'MATCHED', rowNo: 3, transactionId: 'T1', matchedBy: 'ORDER_ID' },
      { seq: 3, class: 'ONLY_MERCHANT', rowNo: 4, transactionId: null, matchedBy: null },
      { seq: 4, class: 'ONLY_MERCHANT', rowNo: 5, transactionId: null, matchedBy: null },
      { seq: 5, class: 'DUPLICATE', rowNo: 6, transactionId: 'T2', matchedBy: null },
      { seq: 6, class: 'ONLY_PROVIDER', rowNo: null, transactionId: 'T3', matchedBy: null },
      { seq: 7, class: 'ONLY_PROVIDER', rowNo: null, transactionId: 'T4', matchedBy: null },
    ]);
    expect(out.totals.MATCHED).toEqual({ count: 2, merchantAmount: 150, providerAmount: 150 });
    expect(out.totals.ONLY_PROVIDER).toEqual({ count: 2, merchantAmount: 0, providerAmount: 170 });
    expect(out.totals.DUPLICATE).toEqual({ count: 1, merchantAmount: 50, providerAmount: 0 });
  });

  it('chunks a class by 1,000 seqs', () => {
    const provider = side(...Array.from({ length: 2_500 }, (_, i): [string, string, number] => [`P${i}`, `O${i}`, 10]));
    const file = rowsOf(...Array.from({ length: 2_500 }, (_, i): [string, null, number] => [`P${i}`, null, i === 1_500 ? 11 : 10]));
    const out = matchControl(file, duplicatesOf(file), provider);
    expect(out.chunks.map((c) => [c.class, c.chunk, c.seqs.length])).toEqual([
      ['MATCHED', 0, 1_000],
      ['MATCHED', 1, 999],
      ['AMOUNT_MISMATCH', 1, 1],
      ['MATCHED', 2, 500],
    ]);
  });
});
