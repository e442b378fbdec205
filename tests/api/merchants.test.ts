/** GET /profile/v2/merchants (LOGIN_MERCHANTS) and /profile/v2/merchants/:merchantId. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { merchants } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const LIST = '/api/profile/v2/merchants';
const one = (id: number | string) => `/api/profile/v2/merchants/${id}`;

describe('merchants', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
  });
  afterAll(() => t.close());

  it('lists only the caller’s merchants, by name, each with the caller’s roles', async () => {
    const res = await t.call(owner, { method: 'GET', url: `${LIST}?requestType=LOGIN_MERCHANTS&pageNumber=0&pageSize=20` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.totalElements).toBe(4);
    expect(data.pageNumber).toBe(0);
    expect(data.pageSize).toBe(20);
    const byCode = Object.fromEntries(data.content.map((m: { partnerCode: string }) => [m.partnerCode, m]));
    expect(Object.keys(byCode).sort()).toEqual(
      [DemoMerchants.sme, DemoMerchants.topBrand, DemoMerchants.p2m, DemoMerchants.pagoda].map((m) => m.partnerCode).sort(),
    );
    expect(data.content.map((m: { name: string }) => m.name)).toEqual(
      [...data.content.map((m: { name: string }) => m.name)].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(byCode.MC_SONGHAN).toEqual({
      id: 1,
      partnerCode: 'MC_SONGHAN',
      name: 'Công ty TNHH Cà Phê Sông Hàn',
      brandName: 'Cà Phê Sông Hàn',
      type: 'SME',
      stateCode: 201,
      relationshipRole: 'MASTER_MERCHANT',
      linkedWithMaster: false,
      internalGroup: { groupCode: 'PAYMENT_SOLUTION' },
      todoActions: [],
      roles: ['MERCHANT_OWNER'],
      accountPayout: { period: 'SRP.0001', wallet: 'BANK' },
    });
    expect(byCode.MC_PHOVIET.todoActions).toContain('SIGN_CONTRACT');
    expect(byCode.MC_PHOVIET.roles).toEqual(['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT']);
    expect(byCode.MC_TAPHOA_CHOLON.type).toBe('P2M');
    expect(byCode.MC_CHUA_BAODUC).toMatchObject({ type: 'BUDDHIST_SANGHA', roles: ['MERCHANT_OWNER_DONATION'] });
  });

  it('defaults to LOGIN_MERCHANTS, page 0, size 20 and pages with 0-based numbers', async () => {
    const all = (await t.call(owner, { method: 'GET', url: LIST })).json().data;
    expect(all).toMatchObject({ totalElements: 4, pageNumber: 0, pageSize: 20 });
    const page1 = (await t.call(owner, { method: 'GET', url: `${LIST}?pageNumber=1&pageSize=10` })).json().data;
    expect(page1).toEqual({ content: [], totalElements: 4, pageNumber: 1, pageSize: 10 });
  });

  it('sorts by id when asked', async () => {
    const data = (await t.call(owner, { method: 'GET', url: `${LIST}?sort=id,desc` })).json().data;
    expect(data.content.map((m: { id: number }) => m.id)).toEqual([4, 3, 2, 1]);
  });

  it('gives the other demo users only their own merchants', async () => {
    const nfc = (await t.call(await t.login('nfc_demo'), { method: 'GET', url: LIST })).json().data;
    expect(nfc.content.map((m: { id: number }) => m.id)).toEqual([DemoMerchants.nfc.id]);
    expect(nfc.content[0].todoActions).toEqual(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
    const none = (await t.call(await t.login('nomerchant_demo'), { method: 'GET', url: LIST })).json().data;
    expect(none).toEqual({ content: [], totalElements: 0, pageNumber: 0, pageSize: 20 });
    const cashier = (await t.call(await t.login('cashier_demo'), { method: 'GET', url: LIST })).json().data;
    expect(cashier.content).toHaveLength(1);
    expect(cashier.content[0].roles).toEqual(['STORE_CASHIER']);
  });

  it('leaves out memberships that are pending, refused or inactive', async () => {
    const pending = await rows<{ username: string }>(
      t.database.db,
      sql`select u.username from memberships m join users u on u.id = m.user_id
          where m.merchant_id = ${DemoMerchants.sme.id} and (m.invitation_status <> 'ACCEPT' or m.status <> 'ACTIVE')`,
    );
    expect(pending.length).toBeGreaterThanOrEqual(4);
    for (const { username } of pending) {
      // Generated accounts share the demo password.
      const token = await t.login(username);
      const list = (await t.call(token, { method: 'GET', url: LIST })).json().data;
      expect(list.content.map((m: { id: number }) => m.id), username).not.toContain(DemoMerchants.sme.id);
      expect((await t.call(token, { method: 'GET', url: one(DemoMerchants.sme.id) })).statusCode).toBe(403);
    }
  });

  it.each([
    ['requestType=ALL', 'requestType', 'Loại yêu cầu: Giá trị không hợp lệ'],
    ['pageSize=15', 'pageSize', 'Số dòng mỗi trang: Chỉ nhận 10, 20, 50 hoặc 100'],
    ['pageSize=abc', 'pageSize', 'Số dòng mỗi trang: Giá trị không hợp lệ'],
    ['pageNumber=-1', 'pageNumber', 'Số trang: Giá trị không hợp lệ'],
    ['pageNumber=1.5', 'pageNumber', 'Số trang: Giá trị không hợp lệ'],
    ['sort=name', 'sort', 'Sắp xếp: Giá trị không hợp lệ'],
    ['sort=partnerCode,asc', 'sort', 'Sắp xếp: Giá trị không hợp lệ'],
    ['order=name', 'order', 'order: Trường này không được hỗ trợ'],
  ])('refuses %s with 400 status 2 naming the field', async (query, field, message) => {
    const res = await t.call(owner, { method: 'GET', url: `${LIST}?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 2, message, data: { errors: [{ field, message }] } });
  });

  it('names the field in English with lang=en', async () => {
    const res = await t.call(owner, { method: 'GET', url: `${LIST}?pageSize=15&lang=en` });
    expect(res.json().message).toBe('Rows per page: Must be 10, 20, 50 or 100');
  });

  it('returns one of the caller’s merchants by id', async () => {
    const res = await t.call(owner, { method: 'GET', url: one(DemoMerchants.topBrand.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: DemoMerchants.topBrand.id,
      type: 'TOP_BRAND',
      stateCode: 210,
      todoActions: ['SIGN_CONTRACT', 'SHOW_POPUP_NOTIFY_PAYOUT'],
      roles: ['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT'],
    });
  });

  it('refuses another merchant’s id, and an unknown id, with 403 status 3, changing nothing', async () => {
    const [before] = await t.database.db.select().from(merchants).where(eq(merchants.id, DemoMerchants.other.id));
    for (const id of [DemoMerchants.other.id, DemoMerchants.bpu.id, 999_999]) {
      const res = await t.call(owner, { method: 'GET', url: one(id) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    }
    const en = await t.call(owner, { method: 'GET', url: `${one(DemoMerchants.other.id)}?lang=en` });
    expect(en.json()).toEqual({ status: 3, message: 'You do not have access to this merchant' });
    // The merchant-id header is a hint only: it cannot widen access.
    const hinted = await t.call(owner, {
      method: 'GET',
      url: one(DemoMerchants.other.id),
      headers: { 'x-merchant-id': String(DemoMerchants.sme.id) },
    });
    expect(hinted.statusCode).toBe(403);
    const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, DemoMerchants.other.id));
    expect(after).toEqual(before);
  });

  it.each([['abc'], ['0'], ['-3'], ['1.5'], ['99999999999']])('refuses merchant id %s with 400 status 2', async (id) => {
    const res = await t.call(owner, { method: 'GET', url: one(id) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 2, message: 'Mã doanh nghiệp: Giá trị không hợp lệ' });
  });

  it('needs a live session', async () => {
    expect((await t.call(null, { method: 'GET', url: LIST })).json().status).toBe(78);
    expect((await t.call(null, { method: 'GET', url: one(1) })).statusCode).toBe(401);
  });
});
