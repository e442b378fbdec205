/** Service management: /services/:merchantId/services, eligibility, registration, landing pages, PAYLATER. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { merchantServices, services } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import type { MerchantService } from '../../src/domain/services';
import { canRegisterAds, canRegisterPromotion, registrationOf } from '../../src/domain/services';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const BPU = DemoMerchants.bpu.id;
const NFC = DemoMerchants.nfc.id;
const PAGODA = DemoMerchants.pagoda.id;

const listUrl = (merchantId: number, query = '') => `/api/services/${merchantId}/services${query ? `?${query}` : ''}`;
const oneUrl = (merchantId: number, id: number | string, suffix = '') => `/api/services/${merchantId}/services/${id}${suffix}`;

describe('services', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let accountant: string;
  let bpuOwner: string;
  let nfcOwner: string;
  const serviceId: Record<string, number> = {};

  const registrations = async (merchantId: number) =>
    (
      await t.database.db
        .select({ code: services.code, status: merchantServices.status, registeredBy: merchantServices.registeredBy })
        .from(merchantServices)
        .innerJoin(services, eq(services.id, merchantServices.serviceId))
        .where(eq(merchantServices.merchantId, merchantId))
    ).sort((a, b) => a.code.localeCompare(b.code));
  const register = (token: string, merchantId: number, body: unknown, query = '') =>
    t.call(token, { method: 'POST', url: listUrl(merchantId, query), payload: body as Record<string, unknown> });

  beforeAll(async () => {
    t = await makeApp();
    [owner, admin, accountant, bpuOwner, nfcOwner] = await Promise.all(
      ['owner_demo', 'admin_demo', 'accountant_demo', 'bpu_owner_demo', 'nfc_demo'].map((u) => t.login(u)),
    );
    for (const s of await t.database.db.select().from(services)) serviceId[s.code] = s.id;
  });
  afterAll(() => t.close());

  it('lists the catalogue with the merchant’s registrations, the §4 flags and names in the caller’s language', async () => {
    const res = await t.call(owner, { method: 'GET', url: listUrl(SME) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({ totalElements: 3, pageNumber: 0, pageSize: 20 });
    const rows = body.data.content as MerchantService[];
    expect(rows.map((r) => [r.code, r.name, r.status, r.eligibleToSubscribe])).toEqual([
      ['PROMOTION', 'Khuyến mãi', null, true],
      ['ADS', 'Quảng cáo', 'ACTIVE', false],
      ['PAYLATER', 'Mua trước trả sau', null, true],
    ]);
    expect(rows[1].reasons).toEqual(['ALREADY_REGISTERED']);
    expect(typeof rows[1].registrationId).toBe('number');
    // The list's eligibility agrees with the §4 flags of the shared domain code.
    expect(canRegisterPromotion(registrationOf(rows[0]))).toBe(rows[0].eligibleToSubscribe);
    expect(canRegisterAds(registrationOf(rows[1]))).toBe(rows[1].eligibleToSubscribe);

    const en = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'lang=en') })).json().data.content as MerchantService[];
    expect(en.map((r) => r.name)).toEqual(['Promotions', 'Advertising', 'Buy now, pay later']);
  });

  it('filters by keyword, activation statuses (repeated key), catalogue status and eligibility, and pages', async () => {
    const codes = async (query: string, merchantId: number = SME, token = owner) => {
      const res = await t.call(token, { method: 'GET', url: listUrl(merchantId, query) });
      expect(res.statusCode, query).toBe(200);
      return (res.json().data.content as MerchantService[]).map((r) => r.code);
    };
    expect(await codes('keyword=khuy')).toEqual(['PROMOTION']);
    expect(await codes('keyword=ads')).toEqual(['ADS']);
    expect(await codes('keyword=pay&lang=en')).toEqual(['PAYLATER']);
    expect(await codes('activationStatuses=ACTIVE')).toEqual(['ADS']);
    expect(await codes('activationStatuses=ACTIVE&activationStatuses=INITIALIZED', DemoMerchants.topBrand.id)).toEqual(['PROMOTION', 'ADS']);
    expect(await codes('status=ACTIVE')).toEqual(['PROMOTION', 'ADS', 'PAYLATER']);
    expect(await codes('status=INACTIVE')).toEqual([]);
    expect(await codes('eligibleToSubscribe=true')).toEqual(['PROMOTION', 'PAYLATER']);
    expect(await codes('eligibleToSubscribe=false')).toEqual(['ADS']);
    // A merchant still in KYB can register nothing.
    expect(await codes('eligibleToSubscribe=true', NFC, nfcOwner)).toEqual([]);
    expect(await codes('pageNumber=1&pageSize=10')).toEqual([]);
    const page = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'pageNumber=0&pageSize=10') })).json().data;
    expect(page).toMatchObject({ totalElements: 3, pageNumber: 0, pageSize: 10 });
  });

  it('refuses bad list parameters with 400 status 2 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['activationStatuses=DONE', 'Trạng thái đăng ký: Giá trị không hợp lệ'],
      ['eligibleToSubscribe=yes', 'Có thể đăng ký: Giá trị không hợp lệ'],
      ['pageSize=7', 'Số dòng mỗi trang: Chỉ nhận 10, 20, 50 hoặc 100'],
      ['status=ON', 'Trạng thái: Giá trị không hợp lệ'],
      ['merchant=1', 'merchant: Trường này không được hỗ trợ'],
    ];
    for (const [query, message] of cases) {
      const res = await t.call(owner, { method: 'GET', url: listUrl(SME, query) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ status: 2, message });
    }
  });

  it('gives the service list to MERCHANT_OWNER only (§6): administrators and accountants get 403', async () => {
    for (const token of [admin, accountant]) {
      for (const [method, url] of [
        ['GET', listUrl(SME)],
        ['GET', oneUrl(SME, serviceId.PAYLATER)],
        ['GET', oneUrl(SME, serviceId.PAYLATER, '/eligible')],
        ['GET', `/api/services/${SME}/paylater`],
      ] as const) {
        const res = await t.call(token, { method, url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
      }
      const res = await register(token, SME, { serviceId: serviceId.PAYLATER });
      expect(res.statusCode).toBe(403);
    }
    // The owner of the donation merchant is MERCHANT_OWNER_DONATION, not MERCHANT_OWNER.
    expect((await t.call(owner, { method: 'GET', url: listUrl(PAGODA) })).statusCode).toBe(403);
    expect(await registrations(SME)).toEqual([{ code: 'ADS', status: 'ACTIVE', registeredBy: null }]);
  });

  it('refuses another merchant’s services with 403 and changes nothing there', async () => {
    const before = await registrations(OTHER);
    for (const url of [listUrl(OTHER), oneUrl(OTHER, serviceId.PAYLATER), oneUrl(OTHER, serviceId.PAYLATER, '/eligible'), `/api/services/${OTHER}/paylater`]) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(3);
    }
    const res = await register(owner, OTHER, { serviceId: serviceId.PAYLATER });
    expect(res.statusCode).toBe(403);
    expect(await registrations(OTHER)).toEqual(before);
  });

  it('tells eligibility with every reason in the caller’s language', async () => {
    const ok = (await t.call(owner, { method: 'GET', url: oneUrl(SME, serviceId.PROMOTION, '/eligible') })).json();
    expect(ok.data).toEqual({ serviceId: serviceId.PROMOTION, code: 'PROMOTION', eligible: true, reasons: [], messages: [] });
    const ads = (await t.call(owner, { method: 'GET', url: oneUrl(SME, serviceId.ADS, '/eligible?lang=en') })).json();
    expect(ads.data).toMatchObject({ eligible: false, reasons: ['ALREADY_REGISTERED'], messages: ['The service is already registered'] });
    const kyb = (await t.call(nfcOwner, { method: 'GET', url: oneUrl(NFC, serviceId.PROMOTION, '/eligible') })).json();
    expect(kyb.data).toMatchObject({
      eligible: false,
      reasons: ['KYB_NOT_DONE'],
      messages: ['Doanh nghiệp cần hoàn tất xác thực thông tin (KYB) trước'],
    });
    const missing = await t.call(owner, { method: 'GET', url: oneUrl(SME, 999_999, '/eligible') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 4, message: 'Không tìm thấy dữ liệu' });
  });

  it('refuses to register an ineligible service with 409 and the reason, writing nothing', async () => {
    const again = await register(owner, SME, { serviceId: serviceId.ADS });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 9, message: 'Doanh nghiệp chưa thể đăng ký dịch vụ này: Dịch vụ đã được đăng ký' });
    const inKyb = await register(nfcOwner, NFC, { serviceId: serviceId.PROMOTION }, 'lang=en');
    expect(inKyb.statusCode).toBe(409);
    expect(inKyb.json().message).toBe('The merchant cannot register this service: The merchant must complete business verification (KYB) first');
    expect(await registrations(SME)).toEqual([{ code: 'ADS', status: 'ACTIVE', registeredBy: null }]);
    expect(await registrations(NFC)).toEqual([]);
  });

  it('refuses a bad body with 400 status 2 and writes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Dịch vụ: Vui lòng nhập thông tin bắt buộc'],
      [{ serviceId: 'PROMOTION' }, 'Dịch vụ: Giá trị không hợp lệ'],
      [{ serviceId: 1.5 }, 'Dịch vụ: Giá trị không hợp lệ'],
      [{ serviceId: serviceId.PROMOTION, status: 'ACTIVE' }, 'Trạng thái: Trường này không được hỗ trợ'],
    ];
    for (const [body, message] of cases) {
      const res = await register(bpuOwner, BPU, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await register(bpuOwner, BPU, { serviceId: 999_999 })).statusCode).toBe(404);
    expect(await registrations(BPU)).toEqual([]);
  });

  it('registers PROMOTION as ACTIVE and PAYLATER as INITIALIZED, after which neither is offered again', async () => {
    const promotion = await register(bpuOwner, BPU, { serviceId: serviceId.PROMOTION });
    expect(promotion.statusCode).toBe(200);
    expect(promotion.json().data).toMatchObject({ code: 'PROMOTION', status: 'ACTIVE', eligibleToSubscribe: false, reasons: ['ALREADY_REGISTERED'] });
    const paylater = await register(bpuOwner, BPU, { serviceId: serviceId.PAYLATER });
    expect(paylater.json().data).toMatchObject({ code: 'PAYLATER', status: 'INITIALIZED', eligibleToSubscribe: false });
    const offered = (await t.call(bpuOwner, { method: 'GET', url: listUrl(BPU, 'eligibleToSubscribe=true') })).json().data.content;
    expect(offered.map((r: MerchantService) => r.code)).toEqual(['ADS']);
    const rows = await registrations(BPU);
    expect(rows.map((r) => [r.code, r.status])).toEqual([
      ['PAYLATER', 'INITIALIZED'],
      ['PROMOTION', 'ACTIVE'],
    ]);
    expect(rows.every((r) => typeof r.registeredBy === 'number')).toBe(true);
    // A second click (or a concurrent one) never makes a second registration.
    const twice = await Promise.all([1, 2].map(() => register(bpuOwner, BPU, { serviceId: serviceId.ADS })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(merchantServices)
      .where(and(eq(merchantServices.merchantId, BPU), eq(merchantServices.serviceId, serviceId.ADS)));
    expect(n).toBe(1);
    // The session payload's flags follow: PROMOTION can no longer be registered.
    const me = (await t.call(bpuOwner, { method: 'GET', url: '/api/profile/v1/me/services', headers: { 'x-merchant-id': String(BPU) } })).json().data;
    expect(me.find((s: { code: string }) => s.code === 'PROMOTION').status).toBe('ACTIVE');
  });

  it('shows one service with its registration', async () => {
    const res = await t.call(owner, { method: 'GET', url: oneUrl(SME, serviceId.ADS) });
    expect(res.json().data).toMatchObject({ id: serviceId.ADS, code: 'ADS', status: 'ACTIVE', catalogueStatus: 'ACTIVE' });
    expect((await t.call(owner, { method: 'GET', url: oneUrl(SME, 'abc') })).statusCode).toBe(400);
  });

  it('serves landing pages by code in the caller’s language, 404 for an unknown code', async () => {
    const vi = (await t.call(accountant, { method: 'GET', url: '/api/services/PROMOTION/landing-page' })).json();
    expect(vi.data).toMatchObject({ code: 'PROMOTION', name: 'Khuyến mãi', title: 'Thu hút khách hàng bằng voucher trên ví' });
    expect(vi.data.benefits).toHaveLength(3);
    const en = (await t.call(owner, { method: 'GET', url: '/api/services/PAYLATER/landing-page?lang=en' })).json();
    expect(en.data).toMatchObject({ name: 'Buy now, pay later', title: 'Sell more with Buy now, pay later' });
    expect((await t.call(owner, { method: 'GET', url: '/api/services/NOPE/landing-page' })).statusCode).toBe(404);
    expect((await t.call(owner, { method: 'GET', url: '/api/services/drop%20table/landing-page' })).statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/services/PROMOTION/landing-page' })).statusCode).toBe(401);
  });

  it('serves the PAYLATER page: registration, terms in integer đồng and basis points', async () => {
    const res = await t.call(owner, { method: 'GET', url: `/api/services/${SME}/paylater` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      service: { code: 'PAYLATER', status: null, eligibleToSubscribe: true },
      terms: { installmentMonths: [3, 6, 9, 12], merchantFeeBps: 250, minOrderAmount: 500_000, maxOrderAmount: 30_000_000 },
      landing: { code: 'PAYLATER', name: 'Mua trước trả sau' },
    });
  });
});
