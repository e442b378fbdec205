/** GET /profile/v2/merchants/:merchantId/stores and GET /profile/v2/stores (store options). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ilike } from 'drizzle-orm';
import { stores } from '../../server/db/schema';
import { CASHIER_STORE_CODE, DemoMerchants, OTHER_CASHIER_STORE_SEQ, storeCode } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const list = (merchantId: number | string, query = '') => `/api/profile/v2/merchants/${merchantId}/stores${query ? `?${query}` : ''}`;
const OPTIONS = '/api/profile/v2/stores';
const optionsQuery = (merchantCode: string, extra = '') =>
  `${OPTIONS}?merchantCode=${merchantCode}&requestType=SEARCH_BY_MERCHANT_CODE&fieldNames=id&fieldNames=storeName&pagingType=NO_PAGING${extra}`;

type StoreDto = { id: number; storeId: string; storeName: string; isActive: boolean };

describe('stores', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let smeStoreCount: number;
  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
    cashier = await t.login('cashier_demo');
    [{ n: smeStoreCount }] = await t.database.db.select({ n: count() }).from(stores).where(eq(stores.merchantId, DemoMerchants.sme.id));
  });
  afterAll(() => t.close());

  it('the SME has several pages of stores at the default page size', () => {
    expect(smeStoreCount).toBeGreaterThanOrEqual(45);
  });

  it('pages the merchant’s stores newest first, 20 by default', async () => {
    const res = await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.pageNumber).toBe(0);
    expect(data.pageSize).toBe(20);
    expect(data.totalElements).toBe(smeStoreCount);
    expect(data.content).toHaveLength(20);
    const ids = data.content.map((s: StoreDto) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(data.content[0]).sort()).toEqual(
      ['address', 'id', 'isActive', 'isClaimedOa', 'name', 'officialAccountId', 'rowIndex', 'storeId', 'storeName', 'storePhoneNumber', 'storeSlug', 'storeStateCode'],
    );

    const seen = new Set<number>();
    const pages = Math.ceil(smeStoreCount / 20);
    for (let p = 0; p < pages; p++) {
      const page = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `pageNumber=${p}&pageSize=20`) })).json().data;
      page.content.forEach((s: StoreDto) => seen.add(s.id));
      if (p === pages - 1) expect(page.content).toHaveLength(smeStoreCount - 20 * (pages - 1));
    }
    expect(seen.size).toBe(smeStoreCount);
    const beyond = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `pageNumber=${pages}`) })).json().data;
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(smeStoreCount);
  });

  it('numbers each row from 1 across pages (rowIndex) and names it (name = storeName)', async () => {
    const pageOf = async (query: string) =>
      (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, query) })).json().data.content as Array<StoreDto & { rowIndex: number; name: string }>;
    const first = await pageOf('pageNumber=0&pageSize=10');
    expect(first.map((s) => s.rowIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const third = await pageOf('pageNumber=2&pageSize=10&sort=storeName,asc');
    expect(third.map((s) => s.rowIndex)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    for (const s of [...first, ...third]) expect(s.name).toBe(s.storeName);
    // The same numbering whatever the page size: row 21 is the same store.
    const wide = await pageOf('pageNumber=0&pageSize=50&sort=storeName,asc');
    expect(wide[20]).toEqual(third[0]);
    // A filtered list numbers its own rows.
    const filtered = await pageOf(`pageNumber=0&pageSize=100&keyword=${encodeURIComponent('pasteur')}`);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((s) => s.rowIndex)).toEqual(filtered.map((_, i) => i + 1));
  });

  it('finds stores by part of the name or by store code, case-insensitively', async () => {
    const [{ n: pasteur }] = await t.database.db
      .select({ n: count() })
      .from(stores)
      .where(and(eq(stores.merchantId, DemoMerchants.sme.id), ilike(stores.storeName, '%pasteur%')));
    expect(pasteur).toBeGreaterThan(0);
    const byName = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `keyword=${encodeURIComponent('pasteur')}&pageSize=100`) })).json().data;
    expect(byName.totalElements).toBe(pasteur);
    expect(byName.content.every((s: StoreDto) => s.storeName.includes('Pasteur'))).toBe(true);

    const code = storeCode(DemoMerchants.sme.id, 12);
    const byCode = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `keyword=${code.toLowerCase()}`) })).json().data;
    expect(byCode.content.map((s: StoreDto) => s.storeId)).toEqual([code]);

    const vietnamese = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `keyword=${encodeURIComponent('Sông Hàn')}&pageSize=100`) })).json().data;
    expect(vietnamese.totalElements).toBe(smeStoreCount);
  });

  it('treats LIKE wildcards in the keyword as text', async () => {
    for (const keyword of ['%', '_', '\\']) {
      const res = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, `keyword=${encodeURIComponent(keyword)}`) })).json().data;
      expect(res.totalElements, keyword).toBe(0);
    }
  });

  it('sorts by an allowed field when asked (sort=field,asc|desc)', async () => {
    const byName = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, 'sort=storeName,asc&pageSize=100') })).json().data;
    const names = byName.content.map((s: StoreDto) => s.storeName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const oldest = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, 'sort=id,asc') })).json().data;
    expect(oldest.content[0].storeId).toBe(storeCode(DemoMerchants.sme.id, 1));
    const byCode = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, 'sort=storeId,desc') })).json().data;
    expect(byCode.content[0].storeId).toBe(storeCode(DemoMerchants.sme.id, smeStoreCount));
  });

  it('filters by active state', async () => {
    const inactive = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, 'isActive=false&pageSize=100') })).json().data;
    const active = (await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, 'isActive=true&pageSize=100') })).json().data;
    expect(inactive.content.every((s: StoreDto) => !s.isActive)).toBe(true);
    expect(active.content.every((s: StoreDto) => s.isActive)).toBe(true);
    expect(inactive.totalElements + active.totalElements).toBe(smeStoreCount);
    expect(inactive.totalElements).toBeGreaterThan(0);
  });

  it('shows a cashier only the store assigned to them, whatever the filters', async () => {
    const res = (await t.call(cashier, { method: 'GET', url: list(DemoMerchants.sme.id, 'pageSize=100') })).json().data;
    expect(res.totalElements).toBe(1);
    expect(res.content.map((s: StoreDto) => s.storeId)).toEqual([CASHIER_STORE_CODE]);
    const other = storeCode(DemoMerchants.sme.id, 12);
    const searched = (await t.call(cashier, { method: 'GET', url: list(DemoMerchants.sme.id, `keyword=${other}`) })).json().data;
    expect(searched.totalElements).toBe(0);
  });

  it('shows merchant-wide roles every store', async () => {
    for (const user of ['accountant_demo', 'admin_demo']) {
      const res = (await t.call(await t.login(user), { method: 'GET', url: list(DemoMerchants.sme.id) })).json().data;
      expect(res.totalElements, user).toBe(smeStoreCount);
    }
  });

  it('refuses another merchant’s stores with 403 status 3 and shows none of them', async () => {
    for (const token of [owner, cashier]) {
      const res = await t.call(token, { method: 'GET', url: list(DemoMerchants.other.id) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    }
    const otherOwner = await t.login('other_owner_demo');
    const theirs = (await t.call(otherOwner, { method: 'GET', url: list(DemoMerchants.other.id, 'pageSize=100') })).json().data;
    expect(theirs.content.every((s: StoreDto) => s.storeId.startsWith(storeCode(DemoMerchants.other.id, 0).slice(0, 6)))).toBe(true);
    expect((await t.call(otherOwner, { method: 'GET', url: list(DemoMerchants.sme.id) })).statusCode).toBe(403);
  });

  it.each([
    ['pageSize=25', 'pageSize', 'Số dòng mỗi trang: Chỉ nhận 10, 20, 50 hoặc 100'],
    ['pageNumber=x', 'pageNumber', 'Số trang: Giá trị không hợp lệ'],
    ['isActive=yes', 'isActive', 'Trạng thái hoạt động: Giá trị không hợp lệ'],
    [`keyword=${'a'.repeat(101)}`, 'keyword', 'Từ khoá: Giá trị không hợp lệ'],
    ['storeName=abc', 'storeName', 'storeName: Trường này không được hỗ trợ'],
    ['sort=address,asc', 'sort', 'Sắp xếp: Giá trị không hợp lệ'],
    ['sort=id', 'sort', 'Sắp xếp: Giá trị không hợp lệ'],
  ])('refuses %s with 400 status 2', async (query, field, message) => {
    const res = await t.call(owner, { method: 'GET', url: list(DemoMerchants.sme.id, query) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 2, message, data: { errors: [{ field, message }] } });
  });

  it('lists store options of a merchant by partner code, every store, by name', async () => {
    const res = await t.call(owner, { method: 'GET', url: optionsQuery(DemoMerchants.sme.partnerCode) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: number; storeName: string }>;
    expect(data).toHaveLength(smeStoreCount);
    expect(Object.keys(data[0]).sort()).toEqual(['id', 'storeName']);
    const names = data.map((o) => o.storeName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('returns only the requested fields', async () => {
    const res = await t.call(owner, {
      method: 'GET',
      url: `${OPTIONS}?merchantCode=${DemoMerchants.sme.partnerCode}&requestType=SEARCH_BY_MERCHANT_CODE&fieldNames=id`,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data[0])).toEqual(['id']);
  });

  it('gives a cashier only their store as an option', async () => {
    const res = await t.call(cashier, { method: 'GET', url: optionsQuery(DemoMerchants.sme.partnerCode) });
    expect(res.json().data).toHaveLength(1);
    const otherCashier = await t.login('other_cashier_demo');
    const theirs = (await t.call(otherCashier, { method: 'GET', url: optionsQuery(DemoMerchants.other.partnerCode) })).json().data;
    const [row] = await t.database.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.storeId, storeCode(DemoMerchants.other.id, OTHER_CASHIER_STORE_SEQ)));
    expect(theirs.map((o: { id: number }) => o.id)).toEqual([row.id]);
  });

  it('refuses another merchant’s code and an unknown code alike with 403 status 3', async () => {
    for (const code of [DemoMerchants.other.partnerCode, 'MC_DOES_NOT_EXIST']) {
      const res = await t.call(owner, { method: 'GET', url: optionsQuery(code) });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(3);
    }
  });

  it.each([
    ['requestType=SEARCH_BY_MERCHANT_CODE', 'merchantCode', 'Mã đối tác: Vui lòng nhập thông tin bắt buộc'],
    [`merchantCode=${DemoMerchants.sme.partnerCode}`, 'requestType', 'Loại yêu cầu: Vui lòng nhập thông tin bắt buộc'],
    [`merchantCode=${DemoMerchants.sme.partnerCode}&requestType=SEARCH_BY_NAME`, 'requestType', 'Loại yêu cầu: Giá trị không hợp lệ'],
    [`merchantCode=${DemoMerchants.sme.partnerCode}&requestType=SEARCH_BY_MERCHANT_CODE&pagingType=PAGING`, 'pagingType', 'Kiểu phân trang: Giá trị không hợp lệ'],
    [`merchantCode=${DemoMerchants.sme.partnerCode}&requestType=SEARCH_BY_MERCHANT_CODE&fieldNames=address`, 'fieldNames', 'Danh sách trường: Giá trị không hợp lệ'],
  ])('refuses options query %s with 400 status 2', async (query, field, message) => {
    const res = await t.call(owner, { method: 'GET', url: `${OPTIONS}?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(2);
    expect(res.json().message).toBe(message);
    expect(res.json().data.errors[0].field).toBe(field);
  });
});
