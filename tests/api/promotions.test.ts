/** Promotion campaigns: /promotion/v1/merchants/:merchantId/campaigns, gifts, creation rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { merchantServices, promotionCampaigns, promotionGifts, services } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { campaignStatus, type PromotionCampaign } from '../../src/domain/promotions';
import { vietnamToday } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';

const OTHER = DemoMerchants.other.id;
const SME = DemoMerchants.sme.id;
const TOP = DemoMerchants.topBrand.id;
const DAY_MS = 86_400_000;

const campaignsUrl = (merchantId: number, query = '') => `/api/promotion/v1/merchants/${merchantId}/campaigns${query ? `?${query}` : ''}`;
const campaignUrl = (merchantId: number, id: number | string) => `/api/promotion/v1/merchants/${merchantId}/campaigns/${id}`;
const giftUrl = (merchantId: number, id: number, giftId: number | string) => `${campaignUrl(merchantId, id)}/gifts/${giftId}`;

/** A Vietnam day `days` from today, YYYY-MM-DD. */
const day = (days: number) => vietnamToday(new Date(Date.now() + days * DAY_MS));

const validCampaign = (overrides: Record<string, unknown> = {}) => ({
  name: 'Khai trương chi nhánh mới',
  description: 'Giảm giá cho khách hàng đầu tiên',
  startDate: day(1),
  endDate: day(30),
  budget: 10_000_000,
  gifts: [
    { name: 'Giảm 20.000đ', discountAmount: 20_000, minOrderAmount: 100_000, quantity: 200 },
    { name: 'Giảm 50.000đ', discountAmount: 50_000, quantity: 100 },
  ],
  ...overrides,
});

describe('promotions', () => {
  let t: TestApp;
  let otherOwner: string;
  let owner: string;
  let otherAdmin: string;

  const campaignCount = async (merchantId: number) =>
    (await t.database.db.select({ n: count() }).from(promotionCampaigns).where(eq(promotionCampaigns.merchantId, merchantId)))[0].n;
  const create = (token: string, merchantId: number, body: unknown, headers: Record<string, string> = {}, query = '') =>
    t.call(token, { method: 'POST', url: `${campaignsUrl(merchantId)}${query}`, payload: body as Record<string, unknown>, headers });

  beforeAll(async () => {
    t = await makeApp();
    [otherOwner, owner] = await Promise.all([t.login('other_owner_demo'), t.login('owner_demo')]);
    const [adminRow] = await t.database.db.execute<{ username: string }>(
      // The seeded ADMINISTRATOR of the other merchant (generated name): find it through its membership.
      `select u.username from users u join memberships m on m.user_id = u.id where m.merchant_id = ${OTHER} and 'ADMINISTRATOR' = any(m.roles) limit 1` as never,
    ).then((r) => (r as unknown as { rows: Array<{ username: string }> }).rows);
    otherAdmin = await t.login(adminRow.username);
  });
  afterAll(() => t.close());

  it('lists the merchant’s campaigns latest start first over several pages, with status derived from the dates', async () => {
    const res = await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER) });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalElements: 27, pageNumber: 0, pageSize: 20 });
    const rows = page.content as PromotionCampaign[];
    expect(rows).toHaveLength(20);
    const starts = rows.map((r) => r.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
    for (const r of rows) {
      expect(Number.isInteger(r.budget) && Number.isInteger(r.spentAmount)).toBe(true);
      expect(r.endDate >= r.startDate).toBe(true);
      expect(r.spentAmount).toBeLessThanOrEqual(r.budget);
    }
    const second = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, 'pageNumber=1') })).json().data;
    expect(second.content).toHaveLength(7);
    expect(second.content.map((r: PromotionCampaign) => r.id)).not.toContain(rows[0].id);
  });

  it('filters by status in SQL, agreeing with the domain rule, and by keyword', async () => {
    const all = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, 'pageSize=100') })).json().data.content as PromotionCampaign[];
    const statuses = new Set(all.map((c) => c.status));
    expect(statuses.has('CANCELLED')).toBe(true);
    expect(statuses.size).toBeGreaterThanOrEqual(3);
    for (const status of ['UPCOMING', 'RUNNING', 'ENDED', 'CANCELLED']) {
      const res = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, `status=${status}&pageSize=100`) })).json().data;
      expect(res.content.every((c: PromotionCampaign) => c.status === status), status).toBe(true);
      expect(res.totalElements, status).toBe(all.filter((c) => c.status === status).length);
    }
    const byCode = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, `keyword=${all[3].code}`) })).json().data;
    expect(byCode.content.map((c: PromotionCampaign) => c.id)).toEqual([all[3].id]);
    const bad = await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, 'status=DONE') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 2, message: 'Trạng thái: Giá trị không hợp lệ' });
  });

  it('shows a campaign with its gifts and a gift with its redemption counts', async () => {
    const [first] = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER, 'status=ENDED') })).json().data.content as PromotionCampaign[];
    const detail = (await t.call(otherOwner, { method: 'GET', url: campaignUrl(OTHER, first.id) })).json().data as PromotionCampaign;
    expect(detail).toMatchObject({ id: first.id, code: first.code, status: 'ENDED' });
    expect(detail.gifts!.length).toBe(detail.giftCount);
    expect(detail.spentAmount).toBe(detail.gifts!.reduce((sum, g) => sum + g.redeemedCount * g.discountAmount, 0));
    const g = detail.gifts![0];
    const gift = (await t.call(otherOwner, { method: 'GET', url: giftUrl(OTHER, first.id, g.id) })).json().data;
    expect(gift).toMatchObject({
      id: g.id,
      quantity: g.quantity,
      issuedCount: g.issuedCount,
      redeemedCount: g.redeemedCount,
      remainingCount: g.quantity - g.issuedCount,
      redeemedAmount: g.redeemedCount * g.discountAmount,
      campaign: { id: first.id, code: first.code, status: 'ENDED' },
    });
    // A gift id under another campaign of the same merchant is not found.
    const other = ((await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER) })).json().data.content as PromotionCampaign[]).find(
      (c) => c.id !== first.id,
    )!;
    expect((await t.call(otherOwner, { method: 'GET', url: giftUrl(OTHER, other.id, g.id) })).statusCode).toBe(404);
  });

  it('hides another merchant’s campaigns: 403 for a merchant the caller is not in, 404 for its ids under the caller’s merchant', async () => {
    const [theirs] = (await t.call(otherOwner, { method: 'GET', url: campaignsUrl(OTHER) })).json().data.content as PromotionCampaign[];
    const theirGift = (await t.call(otherOwner, { method: 'GET', url: campaignUrl(OTHER, theirs.id) })).json().data.gifts[0];
    for (const url of [campaignsUrl(OTHER), campaignUrl(OTHER, theirs.id), giftUrl(OTHER, theirs.id, theirGift.id)]) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(3);
    }
    for (const url of [campaignUrl(TOP, theirs.id), giftUrl(TOP, theirs.id, theirGift.id)]) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 4, message: 'Không tìm thấy dữ liệu' });
    }
    const before = await campaignCount(OTHER);
    expect((await create(owner, OTHER, validCampaign())).statusCode).toBe(403);
    expect(await campaignCount(OTHER)).toBe(before);
  });

  it('is for MERCHANT_OWNER only: the merchant’s administrator gets 403', async () => {
    expect((await t.call(otherAdmin, { method: 'GET', url: campaignsUrl(OTHER) })).statusCode).toBe(403);
    const before = await campaignCount(OTHER);
    expect((await create(otherAdmin, OTHER, validCampaign())).statusCode).toBe(403);
    expect(await campaignCount(OTHER)).toBe(before);
  });

  it('refuses bad dates and budgets with the field’s message, writing nothing', async () => {
    const before = await campaignCount(OTHER);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startDate: day(-1) }, 'Ngày bắt đầu: Ngày bắt đầu không được trước hôm nay'],
      [{ startDate: day(10), endDate: day(5) }, 'Ngày kết thúc: Ngày kết thúc không được trước ngày bắt đầu'],
      [{ endDate: day(1 + 366) }, 'Ngày kết thúc: Chương trình kéo dài tối đa 366 ngày'],
      [{ startDate: '2026-02-30' }, 'Ngày bắt đầu: Giá trị không hợp lệ'],
      [{ startDate: '01/12/2030' }, 'Ngày bắt đầu: Giá trị không hợp lệ'],
      [{ budget: 8_900_000 }, 'Ngân sách: Ngân sách không đủ cho toàn bộ quà tặng (cần 9000000 đ)'],
      [{ budget: 10_000_000.5 }, 'Ngân sách: Số tiền phải là số nguyên đồng'],
      [{ budget: '10000000' }, 'Ngân sách: Giá trị không hợp lệ'],
      [{ budget: 50_000 }, 'Ngân sách: Số tiền phải từ 100000 đ đến 100000000000 đ'],
      [{ budget: 0 }, 'Ngân sách: Số tiền phải từ 100000 đ đến 100000000000 đ'],
      [{ budget: undefined }, 'Ngân sách: Vui lòng nhập thông tin bắt buộc'],
      [{ gifts: [] }, 'Quà tặng: Vui lòng nhập thông tin bắt buộc'],
      [{ gifts: [{ name: 'X', discountAmount: 500, quantity: 1 }] }, 'Giá trị giảm: Số tiền phải từ 1000 đ đến 10000000 đ'],
      [{ gifts: [{ name: 'X', discountAmount: 60_000, minOrderAmount: 50_000, quantity: 1 }] }, 'Giá trị giảm: Giá trị giảm không được lớn hơn giá trị đơn hàng tối thiểu'],
      [{ gifts: [{ name: 'X', discountAmount: 10_000, quantity: 0 }] }, 'Số lượng: Giá trị không hợp lệ'],
      [{ name: '   ' }, 'Tên: Vui lòng nhập thông tin bắt buộc'],
      [{ spent: 0 }, 'spent: Trường này không được hỗ trợ'],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(otherOwner, OTHER, validCampaign(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().status).toBe(2);
      expect(res.json().message, JSON.stringify(overrides)).toBe(message);
    }
    const en = await create(otherOwner, OTHER, validCampaign({ startDate: day(10), endDate: day(5) }), {}, '?lang=en');
    expect(en.json().message).toBe('End date: The end date cannot be before the start date');
    expect(await campaignCount(OTHER)).toBe(before);
  });

  it('creates a campaign with its gifts in one go; a retry with the same Idempotency-Key returns it, never a second one', async () => {
    const before = await campaignCount(OTHER);
    const key = `test-${Date.now()}`;
    const body = validCampaign({ startDate: day(0), endDate: day(0), budget: 9_000_000 });
    const res = await create(otherOwner, OTHER, body, { 'idempotency-key': key });
    expect(res.statusCode).toBe(200);
    const created = res.json().data as PromotionCampaign;
    expect(created).toMatchObject({
      name: body.name,
      startDate: day(0),
      endDate: day(0),
      status: 'RUNNING',
      budget: 9_000_000,
      spentAmount: 0,
      giftCount: 2,
    });
    expect(created.code).toMatch(/^KM0006\d{6}$/);
    expect(created.gifts!.map((g) => [g.name, g.discountAmount, g.minOrderAmount, g.quantity, g.issuedCount, g.redeemedCount])).toEqual([
      ['Giảm 20.000đ', 20_000, 100_000, 200, 0, 0],
      ['Giảm 50.000đ', 50_000, 0, 100, 0, 0],
    ]);
    const retry = await create(otherOwner, OTHER, body, { 'idempotency-key': key });
    expect(retry.json().data.id).toBe(created.id);
    const reused = await create(otherOwner, OTHER, validCampaign({ name: 'Khác' }), { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ status: 9, message: 'Khoá chống trùng lặp đã được dùng cho một chương trình khác' });
    const badKey = await create(otherOwner, OTHER, body, { 'idempotency-key': 'no spaces allowed' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe('Khoá chống trùng lặp: Giá trị không hợp lệ');
    // Two identical requests at once still make one campaign.
    const raceKey = `race-${Date.now()}`;
    const raced = await Promise.all([1, 2].map(() => create(otherOwner, OTHER, body, { 'idempotency-key': raceKey })));
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(raced[0].json().data.id).toBe(raced[1].json().data.id);
    expect(await campaignCount(OTHER)).toBe(before + 2);
    const gifts = await t.database.db.select({ n: count() }).from(promotionGifts).where(eq(promotionGifts.campaignId, created.id));
    expect(gifts[0].n).toBe(2);
    // Dates are Vietnam days: the campaign runs from 00:00 to 24:00 Asia/Ho_Chi_Minh.
    const [row] = await t.database.db.select().from(promotionCampaigns).where(eq(promotionCampaigns.id, created.id));
    expect(row.endAt.getTime() - row.startAt.getTime()).toBe(DAY_MS);
    expect(row.startAt.toISOString()).toBe(`${new Date(Date.parse(`${day(-1)}T17:00:00Z`)).toISOString()}`);
    expect(campaignStatus(row, new Date())).toBe('RUNNING');
  });

  it('needs an ACTIVE PROMOTION registration to create a campaign (SME has none)', async () => {
    const res = await create(owner, SME, validCampaign());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 9, message: 'Doanh nghiệp cần đăng ký dịch vụ Khuyến mãi trước khi tạo chương trình' });
    expect(await campaignCount(SME)).toBe(0);
    // Once registered through the service API, the same request succeeds.
    const [promotion] = await t.database.db.select().from(services).where(eq(services.code, 'PROMOTION'));
    const reg = await t.call(owner, { method: 'POST', url: `/api/services/${SME}/services`, payload: { serviceId: promotion.id } });
    expect(reg.statusCode).toBe(200);
    expect((await create(owner, SME, validCampaign())).statusCode).toBe(200);
    expect(await campaignCount(SME)).toBe(1);
    const regs = await t.database.db.select().from(merchantServices).where(eq(merchantServices.merchantId, SME));
    expect(regs).toHaveLength(2);
  });
});
