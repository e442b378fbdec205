/**
 * GET /authorization/v2/users/roles and /sidebars, and the role → route-code table they come from
 * (src/domain/sidebar.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidebarEntry } from '@/domain/api';
import { RouteCodes, Roles, type RouteCode } from '@/domain/roles';
import { ROLE_ROUTE_CODES, SIDEBAR_TREE, routeCodesFor, sidebarFor, type SidebarNode } from '@/domain/sidebar';
import enApi from '@/i18n/en/api.json';
import viApi from '@/i18n/vi/api.json';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const ROLES = '/api/authorization/v2/users/roles';
const SIDEBARS = '/api/authorization/v2/users/sidebars';

function codesOf(entries: SidebarEntry[] | readonly SidebarNode[]): string[] {
  return entries.flatMap((e) => [e.code, ...(e.children ? codesOf(e.children) : [])]);
}

describe('role → route-code table', () => {
  it('puts every route code of spec §2 in the sidebar tree exactly once', () => {
    const inTree = codesOf(SIDEBAR_TREE).filter((c) => !c.startsWith('GROUP_'));
    expect([...inTree].sort()).toEqual([...RouteCodes].sort());
  });

  it('has a line for every role, with known route codes only', () => {
    expect(Object.keys(ROLE_ROUTE_CODES).sort()).toEqual([...Roles].sort());
    for (const codes of Object.values(ROLE_ROUTE_CODES)) {
      for (const code of codes) expect(RouteCodes).toContain(code);
    }
  });

  it('gives MERCHANT_OWNER nearly everything but financing, settlement and donation entries', () => {
    const codes = routeCodesFor(['MERCHANT_OWNER'], 'SME');
    for (const code of ['MERCHANT_KYB', 'MERCHANT_STORES_OFFLINE', 'MERCHANT_USER_MANAGEMENT', 'MERCHANT_SERVICE_INFORMATION', 'MERCHANT_PAYMENT_LINKS', 'MERCHANT_DISBURSEMENT_MANAGEMENT', 'MERCHANT_DISBURSEMENT_CENTER', 'MERCHANT_REPORTS_CENTER'] as RouteCode[]) {
      expect(codes).toContain(code);
    }
    for (const code of ['MERCHANT_NEWTON_REPORT', 'MERCHANT_SETTLEMENT_REPORT', 'MERCHANT_DASHBOARD_DONATION', 'MERCHANT_DONATION_TRANS_HISTORY'] as RouteCode[]) {
      expect(codes).not.toContain(code);
    }
    expect(routeCodesFor(['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT'], 'TOP_BRAND')).toEqual(
      expect.arrayContaining(['MERCHANT_NEWTON_REPORT', 'MERCHANT_SETTLEMENT_REPORT']),
    );
  });

  it('gives ADMINISTRATOR what the owner has except the service list', () => {
    const owner = routeCodesFor(['MERCHANT_OWNER'], 'SME');
    const admin = routeCodesFor(['ADMINISTRATOR'], 'SME');
    expect(owner.filter((c) => !admin.includes(c))).toEqual(['MERCHANT_SERVICE_INFORMATION']);
    expect(admin.filter((c) => !owner.includes(c))).toEqual([]);
  });

  it('keeps MERCHANT_ACCOUNTANT out of user management and stores', () => {
    const codes = routeCodesFor(['MERCHANT_ACCOUNTANT'], 'SME');
    expect(codes).toEqual(expect.arrayContaining(['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_RECONCILIATION_ACCOUNTING', 'MERCHANT_TRANSACTION_CONTROL', 'MERCHANT_PAYMENT_LINKS']));
    expect(codes).not.toContain('MERCHANT_USER_MANAGEMENT');
    expect(codes).not.toContain('MERCHANT_STORES_OFFLINE');
  });

  it('gives STORE_CASHIER the dashboard, transaction report and payment links only', () => {
    expect(sidebarFor(['STORE_CASHIER'], 'SME')).toEqual([
      { code: 'MERCHANT_DASHBOARD' },
      { code: 'MERCHANT_REPORTS_CENTER', children: [{ code: 'MERCHANT_TRANS_REPORT' }] },
      { code: 'MERCHANT_PAYMENT_CENTER', children: [{ code: 'MERCHANT_PAYMENT_LINKS' }] },
    ]);
  });

  it('unions the roles, ignores unknown ones and gives P2M merchants nothing', () => {
    expect(routeCodesFor(['STORE_CASHIER', 'LEGAL', 'NOT_A_ROLE'], 'SME')).toEqual(
      expect.arrayContaining(['MERCHANT_KYB', 'MERCHANT_ECONTRACT', 'MERCHANT_PAYMENT_LINKS']),
    );
    expect(routeCodesFor(['NOT_A_ROLE'], 'SME')).toEqual([]);
    expect(sidebarFor(['MERCHANT_OWNER'], 'P2M')).toEqual([]);
  });

  it('has a name for every sidebar code in both languages, and the same keys in both api.json files', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(viApi).sort()).toEqual(keys(enApi).sort());
    for (const code of codesOf(SIDEBAR_TREE)) {
      expect((viApi.sidebar as Record<string, string>)[code], code).toBeTruthy();
      expect((enApi.sidebar as Record<string, string>)[code], code).toBeTruthy();
    }
  });
});

describe('roles and sidebars routes', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
    cashier = await t.login('cashier_demo');
  });
  afterAll(() => t.close());

  it('returns the owner’s roles payload with the merchant’s services', async () => {
    const res = await t.call(owner, { method: 'GET', url: `${ROLES}?merchantId=${DemoMerchants.sme.id}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.merchant).toEqual({ id: DemoMerchants.sme.id, roles: ['MERCHANT_OWNER'] });
    expect(data.merchants).toHaveLength(4);
    expect(data.merchants[0]).toEqual({ id: expect.any(Number), name: expect.any(String), brandName: expect.any(String), type: expect.any(String) });
    expect(data.services.map((s: { code: string; status: string | null }) => [s.code, s.status])).toEqual([
      ['PROMOTION', null],
      ['ADS', 'ACTIVE'],
      ['PAYLATER', null],
    ]);
    expect(data.userProfile).toEqual({ username: 'owner_demo', name: 'Nguyễn Minh Anh', linkedSSO: true }); // the seed links the demo accounts' demo-SSO identities
    expect(data.storeIds).toBeNull();
  });

  it('limits a cashier to their store and gives non-owners no service list', async () => {
    const res = (await t.call(cashier, { method: 'GET', url: `${ROLES}?merchantId=${DemoMerchants.sme.id}` })).json().data;
    expect(res.merchant.roles).toEqual(['STORE_CASHIER']);
    expect(res.storeIds).toHaveLength(1);
    expect(res.services).toEqual([]);
    const admin = (await t.call(await t.login('admin_demo'), { method: 'GET', url: `${ROLES}?merchantId=${DemoMerchants.sme.id}` })).json().data;
    expect(admin.services).toEqual([]);
    expect(admin.storeIds).toBeNull();
  });

  it('builds the sidebar from the caller’s roles, names in Vietnamese by default', async () => {
    const res = await t.call(cashier, { method: 'GET', url: `${SIDEBARS}?merchantId=${DemoMerchants.sme.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { code: 'MERCHANT_DASHBOARD', name: 'Tổng quan' },
      { code: 'MERCHANT_REPORTS_CENTER', name: 'Trung tâm báo cáo', children: [{ code: 'MERCHANT_TRANS_REPORT', name: 'Báo cáo giao dịch' }] },
      { code: 'MERCHANT_PAYMENT_CENTER', name: 'Trung tâm thanh toán', children: [{ code: 'MERCHANT_PAYMENT_LINKS', name: 'Liên kết thanh toán' }] },
    ]);
    const en = (await t.call(cashier, { method: 'GET', url: `${SIDEBARS}?merchantId=${DemoMerchants.sme.id}&lang=en` })).json().data;
    expect(en[0]).toEqual({ code: 'MERCHANT_DASHBOARD', name: 'Dashboard' });
  });

  it('follows the roles of the chosen merchant', async () => {
    const get = async (merchantId: number, token = owner) =>
      codesOf((await t.call(token, { method: 'GET', url: `${SIDEBARS}?merchantId=${merchantId}` })).json().data);
    const sme = await get(DemoMerchants.sme.id);
    expect(sme).toContain('MERCHANT_STORES_OFFLINE');
    expect(sme).toContain('MERCHANT_SERVICE_INFORMATION');
    expect(sme).not.toContain('MERCHANT_NEWTON_REPORT');
    expect(await get(DemoMerchants.topBrand.id)).toEqual(expect.arrayContaining(['MERCHANT_NEWTON_REPORT', 'MERCHANT_SETTLEMENT_REPORT']));
    expect(await get(DemoMerchants.p2m.id)).toEqual([]);
    const pagoda = await get(DemoMerchants.pagoda.id);
    expect(pagoda).toEqual(expect.arrayContaining(['MERCHANT_DASHBOARD_DONATION', 'MERCHANT_DONATION_TRANS_HISTORY']));
    expect(pagoda).not.toContain('MERCHANT_STORES_OFFLINE');
    const accountant = await get(DemoMerchants.sme.id, await t.login('accountant_demo'));
    expect(accountant).not.toContain('MERCHANT_USER_MANAGEMENT');
    expect(accountant).not.toContain('MERCHANT_STORES_OFFLINE');
    const admin = await get(DemoMerchants.sme.id, await t.login('admin_demo'));
    expect(admin).toContain('MERCHANT_USER_MANAGEMENT');
    expect(admin).not.toContain('MERCHANT_SERVICE_INFORMATION');
  });

  it.each([ROLES, SIDEBARS])('%s refuses a merchant the caller does not belong to with 403 status 3', async (path) => {
    for (const id of [DemoMerchants.other.id, 999_999]) {
      const res = await t.call(owner, { method: 'GET', url: `${path}?merchantId=${id}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    }
    const hinted = await t.call(cashier, {
      method: 'GET',
      url: `${path}?merchantId=${DemoMerchants.other.id}`,
      headers: { 'x-merchant-id': String(DemoMerchants.sme.id) },
    });
    expect(hinted.statusCode).toBe(403);
  });

  it.each([
    [ROLES, '', 'Mã doanh nghiệp: Vui lòng nhập thông tin bắt buộc'],
    [SIDEBARS, '', 'Mã doanh nghiệp: Vui lòng nhập thông tin bắt buộc'],
    [ROLES, 'merchantId=abc', 'Mã doanh nghiệp: Giá trị không hợp lệ'],
    [SIDEBARS, 'merchantId=1&x=1', 'x: Trường này không được hỗ trợ'],
  ])('%s?%s is refused with 400 status 2', async (path, query, message) => {
    const res = await t.call(owner, { method: 'GET', url: `${path}?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 2, message });
  });

  it('needs a session', async () => {
    const res = await t.call(null, { method: 'GET', url: `${SIDEBARS}?merchantId=1` });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(78);
  });
});
