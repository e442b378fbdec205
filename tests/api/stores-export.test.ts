/** GET /profile/v2/merchants/:merchantId/stores/export: the files are read back and compared with the list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ApiPaths } from '@/domain/api';
import { stores } from '../../server/db/schema';
import { CASHIER_STORE_CODE, DemoMerchants } from '../../server/db/seed-fixtures';
import { fileNameFromContentDisposition } from '@/files';
import { attachmentDisposition } from '../../server/lib/export';
import { parseRfc4180 } from './csv';
import { storesRepository, STORE_SORT_FIELDS } from '../../server/routes/stores/repository';
import { makeApp, type TestApp } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = {
  vi: ['Mã cửa hàng', 'Tên cửa hàng', 'Số điện thoại', 'Đường dẫn', 'Mã trạng thái', 'Địa chỉ', 'Đang hoạt động', 'Đã liên kết OA', 'Mã Official Account'],
  en: ['Store code', 'Store name', 'Phone number', 'Slug', 'State code', 'Address', 'Active', 'Claimed OA', 'Official Account ID'],
};

type StoreDto = {
  id: number;
  storeId: string;
  storeName: string;
  storePhoneNumber: string | null;
  storeSlug: string;
  storeStateCode: number;
  address: string;
  isActive: boolean;
  isClaimedOa: boolean;
  officialAccountId: string | null;
};

const exportUrl = (merchantId: number | string, query: string) => `/api/profile/v2/merchants/${merchantId}/stores/export?${query}`;
const listUrl = (merchantId: number | string, query: string) => `/api/profile/v2/merchants/${merchantId}/stores?${query}`;

/** A CSV record as the list would produce it: what each row of the file must say. */
function expectedRecord(store: StoreDto, lang: 'vi' | 'en'): string[] {
  const yesNo = (value: boolean) => (value ? (lang === 'vi' ? 'Có' : 'Yes') : lang === 'vi' ? 'Không' : 'No');
  return [
    store.storeId,
    store.storeName,
    store.storePhoneNumber ?? '',
    store.storeSlug,
    String(store.storeStateCode),
    store.address,
    yesNo(store.isActive),
    yesNo(store.isClaimedOa),
    store.officialAccountId ?? '',
  ];
}

describe('stores export', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let otherOwner: string;

  /** Every store the list shows for a filter, read at pageSize 100 across all pages. */
  async function listAll(token: string, filter: string): Promise<StoreDto[]> {
    const all: StoreDto[] = [];
    for (let page = 0; ; page++) {
      const res = await t.call(token, { method: 'GET', url: listUrl(DemoMerchants.sme.id, `${filter}&pageSize=100&pageNumber=${page}`) });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { content: StoreDto[]; totalElements: number };
      all.push(...data.content);
      if (all.length >= data.totalElements || data.content.length === 0) {
        expect(all).toHaveLength(data.totalElements);
        return all;
      }
    }
  }

  async function csvExport(token: string, filter: string) {
    const res = await t.call(token, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, `format=csv&${filter}`) });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 3).equals(BOM)).toBe(true);
    const [header, ...records] = parseRfc4180(bytes.subarray(3).toString('utf8')).map((r) => r.map((f) => f.value));
    return { res, header, records };
  }

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('cashier_demo'), t.login('other_owner_demo')]);
  });
  afterAll(() => t.close());

  it('streams every store of the list as CSV: BOM, Vietnamese headers and text, same rows in the same order', async () => {
    const { res, header, records } = await csvExport(owner, 'lang=vi');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cua-hang_MC_SONGHAN_\d{8}-\d{4}\.csv"; filename\*=UTF-8''cua-hang_MC_SONGHAN_\d{8}-\d{4}\.csv$/,
    );
    expect(header).toEqual(HEADERS.vi);
    const listed = await listAll(owner, 'lang=vi');
    expect(listed.length).toBeGreaterThan(20); // more than one list page: the export is not capped at a page
    expect(records).toEqual(listed.map((s) => expectedRecord(s, 'vi')));
    expect(records.some((r) => /[àáảãạăâđèéêìíòóôơùúưỳý]/i.test(r[1]))).toBe(true);
  });

  it('names the columns and yes/no in English for lang=en', async () => {
    const { header, records } = await csvExport(owner, 'lang=en');
    expect(header).toEqual(HEADERS.en);
    expect(new Set(records.map((r) => r[6]))).toEqual(new Set(['Yes', 'No']));
  });

  it('respects the keyword, isActive and sort filters exactly as the list does', async () => {
    for (const filter of [`keyword=${encodeURIComponent('Sông Hàn')}`, 'keyword=pasteur', 'isActive=false', 'isActive=true&sort=storeName,asc']) {
      const { records } = await csvExport(owner, filter);
      const listed = await listAll(owner, filter);
      expect(listed.length, filter).toBeGreaterThan(0);
      expect(records, filter).toEqual(listed.map((s) => expectedRecord(s, 'vi')));
    }
    const { records: none } = await csvExport(owner, 'keyword=no-such-store-anywhere');
    expect(none).toEqual([]);
  });

  it('writes XLSX with translated headers, text and numeric cells', async () => {
    const res = await t.call(owner, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, 'format=xlsx&lang=en&keyword=pasteur') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/filename="cua-hang_MC_SONGHAN_\d{8}-\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Stores');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS.en);
    const listed = await listAll(owner, 'keyword=pasteur');
    expect(sheet.rowCount).toBe(listed.length + 1);
    listed.forEach((store, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(store.storeId);
      expect(row.getCell(2).value).toBe(store.storeName);
      expect(row.getCell(3).value).toBe(store.storePhoneNumber); // text: the leading 0 survives
      expect(row.getCell(5).value).toBe(store.storeStateCode);
      expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(7).value).toBe(store.isActive ? 'Yes' : 'No');
    });
  });

  it('reads the database in keyset batches without skipping or repeating a row, in every sort order', async () => {
    // Names repeat (3 distinct over 31 stores), so rows with equal sort values straddle batch boundaries and
    // only the id tie-break keeps them in place.
    const merchantId = DemoMerchants.pagoda.id;
    await t.database.db.insert(stores).values(
      Array.from({ length: 31 }, (_, i) => ({
        merchantId,
        storeId: `KEYSET${String(i).padStart(3, '0')}`,
        storeName: `Chi nhánh ${'ABC'[i % 3]}`,
        slug: `keyset-${i}`,
        stateCode: 1,
        address: 'Số 1 Pasteur',
      })),
    );
    const repo = storesRepository(t.database.db);
    const filter = { storeIds: null };
    for (const field of STORE_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const { rows } = await repo.page(merchantId, filter, { field, direction }, { pageNumber: 0, pageSize: 1000 });
        const streamed = [];
        for await (const store of repo.stream(merchantId, filter, { field, direction }, 7)) streamed.push(store);
        expect(rows.length % 7, 'the last batch is a partial one').not.toBe(0);
        expect(streamed, `${field},${direction}`).toEqual(rows);
      }
    }
  });

  it('gives a cashier exactly their one store', async () => {
    const { records } = await csvExport(cashier, '');
    expect(records).toHaveLength(1);
    expect(records[0][0]).toBe(CASHIER_STORE_CODE);
  });

  it('refuses a merchant the caller does not belong to with 403 status 3, and streams nothing', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await t.call(otherOwner, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, `format=${format}`) });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ status: 3 });
      expect(res.body).not.toContain('MC_SONGHAN');
    }
  });

  it('refuses a missing or unknown format with 400 status 2 naming the field', async () => {
    for (const [query, lang, label] of [
      ['format=pdf', 'vi', 'Định dạng'],
      ['keyword=a', 'en', 'Format'],
    ]) {
      const res = await t.call(owner, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, `${query}&lang=${lang}`) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe(2);
      expect(body.data.errors).toEqual([expect.objectContaining({ field: 'format' })]);
      expect(body.message).toContain(`${label}:`);
    }
    const paging = await t.call(owner, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, 'format=csv&pageSize=20') });
    expect(paging.statusCode).toBe(400);
  });

  it('asks for a token: 401 without one', async () => {
    const res = await t.call(null, { method: 'GET', url: exportUrl(DemoMerchants.sme.id, 'format=csv') });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('names a file safely in Content-Disposition: ASCII fallback, exact UTF-8 name, nothing that breaks the header', () => {
    const header = attachmentDisposition('cửa hàng "Đà Nẵng";\r\nx.csv');
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(header).toContain('filename="cua_hang_Da_Nang_x.csv"');
    expect(fileNameFromContentDisposition(header)).toBe('cửa hàng "Đà Nẵng";\r\nx.csv');
  });

  it('is documented in OpenAPI with its query parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = `/api${ApiPaths.merchantStoresExport.replace(/:(\w+)/g, '{$1}')}`;
    const operation = doc.paths[path]?.get;
    expect(operation).toBeDefined();
    expect(operation.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`).sort()).toEqual(
      ['path:merchantId', 'query:format', 'query:isActive', 'query:keyword', 'query:lang', 'query:sort'].sort(),
    );
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
  });
});
