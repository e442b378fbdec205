/**
 * Marketing campaigns API (issue 17): roles (owners, administrators, MARKETING manage; accountants read),
 * another merchant's pages and campaigns (404, nothing written), templates with bad placeholders refused,
 * the audience estimate (= countAudience = the matching customers), the whole status flow with its money
 * (approval reserves, delivery debits, ending releases the unspent reserve), every illegal move refused
 * with 409 and nothing written, stale versions, and the spend/balance invariants under parallel passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { EMPTY_AUDIENCE, type Audience } from '@/domain/audience';
import { CAMPAIGN_ACTIONS, CAMPAIGN_STATUSES, MarketingCampaignApiPaths as Paths, nextStatus, type CampaignStatus } from '@/domain/marketingCampaigns';
import { vietnamToday } from '@/domain/time';
import { businessPages, customers, marketingAccounts, marketingCampaignDelivery, marketingCampaignEvents, marketingCampaigns, marketingLedger, marketingTemplates, memberships, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { countAudience } from '../../server/lib/audience';
import { deliveryPass, deliverTick, TICK_MINUTES } from '../../server/lib/marketing/delivery';
import { topUp } from '../../server/lib/marketing/ledger';
import { makeApp, type TestApp } from './helpers';
import { expectMoneyAgrees, HOUR, insertCampaign } from './marketing-campaigns-helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;

describe('marketing campaigns API', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let marketing: string;
  let ops: string;
  let pageId: number;
  let otherPageId: number;

  const url = (template: string, params: Record<string, string | number> = {}, lang = 'vi') => {
    let out = template.replace(':merchantId', String(SME));
    for (const [k, v] of Object.entries({ pageId, ...params })) out = out.replace(`:${k}`, String(v));
    return `/api${out}${out.includes('?') ? '&' : '?'}lang=${lang}`;
  };
  const get = (token: string, u: string) => t.call(token, { method: 'GET', url: u });
  const post = (token: string, u: string, payload?: unknown) => t.call(token, { method: 'POST', url: u, payload: payload as Record<string, unknown> });
  const put = (token: string, u: string, payload: unknown) => t.call(token, { method: 'PUT', url: u, payload: payload as Record<string, unknown> });
  const db = () => t.database.db;
  const rowsOf = async () => ({
    campaigns: (await db().select({ n: count() }).from(marketingCampaigns))[0]!.n,
    events: (await db().select({ n: count() }).from(marketingCampaignEvents))[0]!.n,
    ledger: (await db().select({ n: count() }).from(marketingLedger))[0]!.n,
    templates: (await db().select({ n: count() }).from(marketingTemplates))[0]!.n,
  });

  const soon = () => new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  const input = (over: Record<string, unknown> = {}) => ({
    name: 'Khai trương chi nhánh mới',
    objective: 'FOLLOWERS',
    audience: { ...EMPTY_AUDIENCE, genders: ['FEMALE'] },
    startsAt: new Date(soon().getTime() - HOUR).toISOString(),
    endsAt: new Date(soon().getTime() + 47 * HOUR).toISOString(),
    budgetKind: 'TOTAL',
    budgetAmount: 600_000,
    text: 'Chào ${name}, ${page} mở chi nhánh mới!',
    imageName: null,
    cta: 'FOLLOW',
    paymentLinkId: null,
    templateId: null,
    ...over,
  });
  const create = async (token = owner, over: Record<string, unknown> = {}) => {
    const res = await post(token, url(Paths.campaigns), input(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; version: number; status: CampaignStatus };
  };
  const act = (token: string, campaignId: number, action: string, version: number) => post(token, url(Paths.campaignAction, { campaignId, action }), { version });
  const campaignRow = async (id: number) => (await db().select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id)))[0]!;
  const account = async () => (await db().select().from(marketingAccounts).where(eq(marketingAccounts.merchantId, SME)))[0]!;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, ops] = await Promise.all(['owner_demo', 'accountant_demo', 'cashier_demo', 'ops_demo'].map((u) => t.login(u)));
    const [m] = await db()
      .select({ username: users.username })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, SME), eq(memberships.status, 'ACTIVE'), eq(memberships.invitationStatus, 'ACCEPT'), sql`${memberships.roles} = array['MARKETING']::text[]`))
      .limit(1);
    marketing = await t.login(m!.username);
    const [page] = await db().select({ id: businessPages.id }).from(businessPages).where(and(eq(businessPages.merchantId, SME), eq(businessPages.status, 'ACTIVE'))).limit(1);
    pageId = page!.id;
    const [other] = await db().insert(businessPages).values({ merchantId: OTHER, name: 'Trang khác', slug: 'marketing_other_page', status: 'ACTIVE' }).returning({ id: businessPages.id });
    otherPageId = other!.id;
    await db().transaction((tx) => topUp(tx, { merchantId: SME, amount: 20_000_000, source: 'WALLET', userId: null, idempotencyKey: 'campaigns-test-start' }));
  });
  afterAll(() => t.close());

  describe('roles and merchant isolation', () => {
    it('lists the pages with their campaign counts for managers and accountants', async () => {
      for (const token of [owner, marketing, accountant]) {
        const res = await get(token, url(Paths.pages));
        expect(res.statusCode).toBe(200);
        const page = res.json().data.find((p: { id: number }) => p.id === pageId);
        expect(page).toMatchObject({ id: pageId, campaigns: expect.any(Number), counts: expect.objectContaining({ DRAFT: expect.any(Number), RUNNING: expect.any(Number) }) });
        expect(res.json().data.some((p: { id: number }) => p.id === otherPageId)).toBe(false);
      }
    });

    it('lets MARKETING create, lets the accountant read but not write, refuses the cashier', async () => {
      const made = await create(marketing);
      expect(made.status).toBe('DRAFT');
      expect((await get(accountant, url(Paths.campaign, { campaignId: made.id }))).statusCode).toBe(200);
      const before = await rowsOf();
      const refused = await post(accountant, url(Paths.campaigns), input());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 3, message: 'Vai trò của bạn chỉ được xem ngân sách và lịch sử marketing' });
      expect((await act(accountant, made.id, 'submit', made.version)).statusCode).toBe(403);
      expect((await post(accountant, url(Paths.templates), { name: 'x', text: 'y', cta: 'OPEN_PAGE' })).statusCode).toBe(403);
      expect((await get(cashier, url(Paths.campaigns))).statusCode).toBe(403);
      expect(await rowsOf()).toEqual(before);
    });

    it('answers 404 for another merchant’s page and campaign, and writes nothing', async () => {
      const foreign = await insertCampaign(db(), { merchantId: OTHER, pageId: otherPageId, status: 'DRAFT' });
      const before = await rowsOf();
      expect((await get(owner, url(Paths.campaigns, { pageId: otherPageId }))).statusCode).toBe(404);
      expect((await get(owner, url(Paths.campaign, { pageId: otherPageId, campaignId: foreign.id }))).statusCode).toBe(404);
      expect((await get(owner, url(Paths.campaign, { campaignId: foreign.id }))).statusCode).toBe(404);
      expect((await act(owner, foreign.id, 'submit', foreign.version)).statusCode).toBe(404);
      expect((await put(owner, url(Paths.campaign, { campaignId: foreign.id }), { version: 1, campaign: input() })).statusCode).toBe(404);
      expect((await post(owner, url(Paths.campaigns, { pageId: otherPageId }), input())).statusCode).toBe(404);
      expect((await post(owner, url(Paths.audienceEstimate, { pageId: otherPageId }), { audience: EMPTY_AUDIENCE })).statusCode).toBe(404);
      const res = await get(owner, url(Paths.campaignSource, { pageId }) + `&from=campaign:${foreign.id}`);
      expect(res.statusCode).toBe(404);
      expect(await rowsOf()).toEqual(before);
      expect((await campaignRow(foreign.id)).status).toBe('DRAFT');
    });
  });

  describe('validation', () => {
    it('refuses a template with an unknown placeholder with the message, in vi and en, writing nothing', async () => {
      const before = await rowsOf();
      const vi = await post(owner, url(Paths.templates), { name: 'Mẫu', text: 'Chào ${ten} ơi', cta: 'OPEN_PAGE' });
      expect(vi.statusCode, vi.body).toBe(400);
      expect(vi.json().data.errors).toEqual([{ field: 'text', message: 'Nội dung: Mẫu chỉ dùng được các biến ${name} (tên khách hàng) và ${page} (tên trang); không có biến: ten' }]);
      const en = await post(owner, url(Paths.templates, {}, 'en'), { name: 'T', text: 'Hi ${name} ${code}', cta: 'OPEN_PAGE' });
      expect(en.json().data.errors).toEqual([{ field: 'text', message: 'Text: Only the variables ${name} (customer name) and ${page} (page name) can be used; unknown: code' }]);
      const malformed = await post(owner, url(Paths.campaigns), input({ text: 'Chào ${name' }));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().data.errors).toEqual([{ field: 'text', message: 'Nội dung: Biến trong mẫu phải có dạng ${tên_biến}, tên biến chỉ gồm chữ cái, chữ số và dấu gạch dưới' }]);
      expect(await rowsOf()).toEqual(before);
    });

    it('refuses budgets under the minimum, a schedule ending before it starts, a payment link CTA without an active link', async () => {
      const before = await rowsOf();
      const daily = await post(owner, url(Paths.campaigns), input({ budgetKind: 'DAILY', budgetAmount: 49_999 }));
      expect(daily.json().data.errors).toEqual([{ field: 'budgetAmount', message: 'Ngân sách: Ngân sách theo ngày tối thiểu 50.000 đ' }]);
      const total = await post(owner, url(Paths.campaigns), input({ budgetAmount: 199_999 }));
      expect(total.json().data.errors).toEqual([{ field: 'budgetAmount', message: 'Ngân sách: Ngân sách trọn đợt tối thiểu 200.000 đ' }]);
      const schedule = await post(owner, url(Paths.campaigns), input({ endsAt: input().startsAt }));
      expect(schedule.json().data.errors).toEqual([{ field: 'endsAt', message: 'Kết thúc: Thời gian kết thúc phải sau thời gian bắt đầu' }]);
      const link = await post(owner, url(Paths.campaigns), input({ cta: 'OPEN_PAYMENT_LINK', paymentLinkId: null }));
      expect(link.json().data.errors).toEqual([{ field: 'paymentLinkId', message: 'Liên kết thanh toán: Vui lòng chọn một liên kết thanh toán đang hoạt động của doanh nghiệp' }]);
      const foreignLink = await post(owner, url(Paths.campaigns), input({ cta: 'OPEN_PAYMENT_LINK', paymentLinkId: 2_000_000 }));
      expect(foreignLink.statusCode).toBe(400);
      expect(foreignLink.json().message).toBe('Vui lòng chọn một liên kết thanh toán đang hoạt động của doanh nghiệp');
      expect(await rowsOf()).toEqual(before);
    });
  });

  describe('audience estimate', () => {
    it('equals countAudience over wallet customers and the customers matching by hand', async () => {
      const audience: Audience = { ...EMPTY_AUDIENCE, genders: ['FEMALE', 'OTHER'] };
      const res = await post(owner, url(Paths.audienceEstimate), { audience });
      expect(res.statusCode).toBe(200);
      const byHand = (await db().select({ gender: customers.gender }).from(customers)).filter((c) => c.gender === 'FEMALE' || c.gender === 'OTHER').length;
      expect(byHand).toBeGreaterThan(0);
      expect(res.json().data).toEqual({ count: byHand });
      expect(await countAudience(db(), audience, { merchantId: SME, pageId, population: 'WALLET' })).toBe(byHand);
      const everyone = await post(owner, url(Paths.audienceEstimate), { audience: EMPTY_AUDIENCE });
      expect(everyone.json().data.count).toBe((await db().select({ n: count() }).from(customers))[0]!.n);
    });
  });

  describe('audience options and the demo pass', () => {
    it('offers the page’s tags and the provinces wallet customers live in', async () => {
      const res = await get(marketing, url(Paths.audienceOptions));
      expect(res.statusCode).toBe(200);
      const provinces = [...new Set((await db().select({ p: customers.province }).from(customers)).flatMap((c) => (c.p ? [c.p] : [])))].sort();
      expect([...res.json().data.provinces].sort()).toEqual(provinces);
      for (const tag of res.json().data.tags) expect(tag).toEqual({ id: expect.any(Number), name: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
      expect((await get(owner, url(Paths.audienceOptions, { pageId: otherPageId }))).statusCode).toBe(404);
    });

    it('runs one pass on demand in demo mode, from this machine', async () => {
      const res = await t.call(null, { method: 'POST', url: `/api${Paths.demoDeliveryPass}?lang=vi` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ended: expect.any(Number), started: expect.any(Number), delivered: expect.any(Number) });
      const remote = await t.call(null, { method: 'POST', url: `/api${Paths.demoDeliveryPass}?lang=vi`, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(remote.statusCode).toBe(403);
      await expectMoneyAgrees(db(), SME);
    });
  });

  describe('templates', () => {
    it('creates, edits, duplicates, deletes and starts a campaign from a template', async () => {
      const made = await post(owner, url(Paths.templates), { name: 'Chào mừng', text: 'Xin chào ${name}!', cta: 'FOLLOW' });
      expect(made.statusCode).toBe(200);
      const id = made.json().data.id as number;
      const edited = await put(owner, url(Paths.template, { templateId: id }), { name: 'Chào mừng 2', text: 'Xin chào ${name} từ ${page}', cta: 'OPEN_PAGE' });
      expect(edited.json().data).toMatchObject({ name: 'Chào mừng 2', text: 'Xin chào ${name} từ ${page}', cta: 'OPEN_PAGE' });
      const copy = await post(owner, url(Paths.templateDuplicate, { templateId: id }));
      expect(copy.json().data).toMatchObject({ name: 'Chào mừng 2 (bản sao)', text: 'Xin chào ${name} từ ${page}' });
      const source = await get(owner, url(Paths.campaignSource) + `&from=template:${id}`);
      expect(source.json().data).toMatchObject({ kind: 'template', templateId: id, text: 'Xin chào ${name} từ ${page}', cta: 'OPEN_PAGE', audience: null });
      const removed = await t.call(owner, { method: 'DELETE', url: url(Paths.template, { templateId: copy.json().data.id }) });
      expect(removed.statusCode).toBe(200);
      const list = await get(owner, url(Paths.templates));
      expect(list.json().data.map((x: { id: number }) => x.id)).toContain(id);
      expect(list.json().data.map((x: { id: number }) => x.id)).not.toContain(copy.json().data.id);
    });
  });

  describe('status flow and money', () => {
    it('runs a campaign: submit, approve (reserve), start, deliver (debit), pause, resume, end (release), all audited', async () => {
      const before = await account();
      const c = await create(owner);
      const submitted = await act(owner, c.id, 'submit', c.version);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json().data).toMatchObject({ status: 'IN_REVIEW', actions: [] });

      const queue = await get(ops, '/api/ops/marketing-campaigns?lang=vi');
      expect(queue.json().data.map((x: { id: number }) => x.id)).toContain(c.id);
      const merchantToOps = await post(owner, `/api/ops/marketing-campaigns/${c.id}/approve?lang=vi`);
      expect(merchantToOps.statusCode).toBe(403);
      const approved = await post(ops, `/api/ops/marketing-campaigns/${c.id}/approve?lang=vi`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.status).toBe('SCHEDULED');
      expect(await account()).toMatchObject({ balance: before.balance - 600_000, reserved: before.reserved + 600_000 });

      await deliveryPass(db(), { now: new Date() });
      const running = await campaignRow(c.id);
      expect(running.status).toBe('RUNNING');
      expect(running.spent).toBeGreaterThan(0);
      const [day] = await db().select().from(marketingCampaignDelivery).where(eq(marketingCampaignDelivery.campaignId, c.id));
      expect(day).toMatchObject({ day: vietnamToday(), spend: running.spent });
      expect(day!.impressions).toBeGreaterThan(0);
      const delivery = await get(owner, url(Paths.campaignDelivery, { campaignId: c.id }));
      expect(delivery.json().data.totals).toMatchObject({ spend: running.spent, impressions: day!.impressions });

      const paused = await act(marketing, c.id, 'pause', running.version);
      expect(paused.json().data).toMatchObject({ status: 'PAUSED', actions: ['RESUME', 'END'] });
      const resumed = await act(owner, c.id, 'resume', paused.json().data.version);
      expect(resumed.json().data.status).toBe('RUNNING');
      const spent = (await campaignRow(c.id)).spent;
      const ended = await act(owner, c.id, 'end', resumed.json().data.version);
      expect(ended.json().data).toMatchObject({ status: 'ENDED', spent, released: 600_000 - spent, actions: [] });
      expect(await account()).toMatchObject({ balance: before.balance - spent, reserved: before.reserved });
      const [release] = await db().select().from(marketingLedger).where(and(eq(marketingLedger.campaignId, c.id), eq(marketingLedger.kind, 'RELEASE')));
      expect(release!.amount).toBe(600_000 - spent);

      const events = await get(owner, url(Paths.campaignEvents, { campaignId: c.id }));
      expect(events.json().data.map((e: { action: string; fromStatus: string | null; toStatus: string; actorKind: string }) => [e.action, e.fromStatus, e.toStatus, e.actorKind])).toEqual([
        ['CREATE', null, 'DRAFT', 'MERCHANT'],
        ['SUBMIT', 'DRAFT', 'IN_REVIEW', 'MERCHANT'],
        ['APPROVE', 'IN_REVIEW', 'SCHEDULED', 'OPERATOR'],
        ['START', 'SCHEDULED', 'RUNNING', 'SYSTEM'],
        ['PAUSE', 'RUNNING', 'PAUSED', 'MERCHANT'],
        ['RESUME', 'PAUSED', 'RUNNING', 'MERCHANT'],
        ['END', 'RUNNING', 'ENDED', 'MERCHANT'],
      ]);
      await expectMoneyAgrees(db(), SME);
    });

    it('rejects with a reason the merchant reads, then accepts an edit and a new submission', async () => {
      const c = await create(owner);
      const submitted = (await act(owner, c.id, 'submit', c.version)).json().data;
      const noReason = await post(ops, `/api/ops/marketing-campaigns/${c.id}/reject?lang=vi`, { reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      const rejected = await post(ops, `/api/ops/marketing-campaigns/${c.id}/reject?lang=vi`, { reason: 'Ảnh không phù hợp' });
      expect(rejected.json().data.status).toBe('REJECTED');
      const detail = (await get(owner, url(Paths.campaign, { campaignId: c.id }))).json().data;
      expect(detail).toMatchObject({ status: 'REJECTED', rejectReason: 'Ảnh không phù hợp', actions: ['SUBMIT'] });
      expect(detail.version).toBeGreaterThan(submitted.version);
      const edited = await put(owner, url(Paths.campaign, { campaignId: c.id }), { version: detail.version, campaign: input({ name: 'Đã sửa' }) });
      expect(edited.json().data).toMatchObject({ name: 'Đã sửa', status: 'REJECTED' });
      const stale = await put(owner, url(Paths.campaign, { campaignId: c.id }), { version: detail.version, campaign: input({ name: 'Cũ' }) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ status: 9, message: 'Chiến dịch vừa được thay đổi ở nơi khác. Vui lòng tải lại rồi thử lại' });
      expect((await act(owner, c.id, 'submit', edited.json().data.version)).json().data.status).toBe('IN_REVIEW');
    });

    it('refuses approval when the balance no longer covers the reserve, with the available amount', async () => {
      const c = await create(owner, { budgetAmount: 200_000 });
      await act(owner, c.id, 'submit', c.version);
      const { balance } = await account();
      // Another campaign takes (almost) everything meanwhile.
      const hog = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetAmount: balance - 100_000 });
      expect((await post(ops, `/api/ops/marketing-campaigns/${hog.id}/approve?lang=vi`)).statusCode).toBe(200);
      const before = await rowsOf();
      const refused = await post(ops, `/api/ops/marketing-campaigns/${c.id}/approve?lang=vi`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 9, message: 'Số dư marketing khả dụng (100.000 đ) không đủ cho 200.000 đ' });
      expect(await rowsOf()).toEqual(before);
      expect((await campaignRow(c.id)).status).toBe('IN_REVIEW');
      // Ending the big one returns its whole reserve (it never started delivering).
      const hogRow = await campaignRow(hog.id);
      expect((await act(owner, hog.id, 'end', hogRow.version)).json().data).toMatchObject({ status: 'ENDED', released: balance - 100_000 });
      expect((await post(ops, `/api/ops/marketing-campaigns/${c.id}/approve?lang=vi`)).statusCode).toBe(200);
      await expectMoneyAgrees(db(), SME);
    });

    it('refuses every move the table does not allow, from every status, with 409 and nothing written', async () => {
      const merchantMoves = { submit: 'SUBMIT', pause: 'PAUSE', resume: 'RESUME', end: 'END' } as const;
      for (const status of CAMPAIGN_STATUSES) {
        const row = await insertCampaign(db(), { merchantId: SME, pageId, status, budgetAmount: 200_000 });
        for (const [segment, action] of Object.entries(merchantMoves)) {
          if (nextStatus(status, action, 'MERCHANT')) continue;
          const before = await rowsOf();
          const res = await act(owner, row.id, segment, row.version);
          expect(res.statusCode, `${segment} from ${status}`).toBe(409);
          expect(res.json().status).toBe(9);
          expect(await rowsOf()).toEqual(before);
          expect(await campaignRow(row.id)).toEqual(row);
        }
        for (const action of ['approve', 'reject'] as const) {
          if (nextStatus(status, action === 'approve' ? 'APPROVE' : 'REJECT', 'OPERATOR')) continue;
          const before = await rowsOf();
          const res = await post(ops, `/api/ops/marketing-campaigns/${row.id}/${action}?lang=en`, action === 'reject' ? { reason: 'x' } : undefined);
          expect(res.statusCode, `${action} from ${status}`).toBe(409);
          expect(await rowsOf()).toEqual(before);
          expect(await campaignRow(row.id)).toEqual(row);
        }
      }
      const draft = await insertCampaign(db(), { merchantId: SME, pageId, status: 'DRAFT' });
      const pause = await act(owner, draft.id, 'pause', draft.version);
      expect(pause.json().message).toBe('Không thể tạm dừng chiến dịch đang ở trạng thái "Nháp"');
      const ended = await insertCampaign(db(), { merchantId: SME, pageId, status: 'ENDED' });
      const en = await post(owner, url(Paths.campaignAction, { campaignId: ended.id, action: 'resume' }, 'en'), { version: ended.version });
      expect(en.json().message).toBe('A campaign in status "Ended" cannot resume');
      // Every action the table has is covered above or by the system's own moves.
      expect(CAMPAIGN_ACTIONS).toHaveLength(7);
    });

    it('applies a double click once: the second move with the same version is refused', async () => {
      const c = await create(owner);
      const [a, b] = await Promise.all([act(owner, c.id, 'submit', c.version), act(owner, c.id, 'submit', c.version)]);
      expect([a.statusCode, b.statusCode].sort(), a.body + b.body).toEqual([200, 409]);
      const submits = await db().select({ n: count() }).from(marketingCampaignEvents).where(and(eq(marketingCampaignEvents.campaignId, c.id), eq(marketingCampaignEvents.action, 'SUBMIT')));
      expect(submits[0]!.n).toBe(1);
    });
  });

  describe('delivery', () => {
    it('gives the same figures on a re-run and never spends past the budget under parallel passes', async () => {
      await db().transaction((tx) => topUp(tx, { merchantId: SME, amount: 5_000_000, source: 'WALLET', userId: null, idempotencyKey: 'campaigns-test-topup' }));
      const start = new Date(Date.now() - 2 * HOUR);
      // DAILY 50,000 over one day: a tick plans ~520 đ, so 200 ticks would overspend without the caps.
      const daily = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetKind: 'DAILY', budgetAmount: 50_000, startsAt: start, endsAt: new Date(start.getTime() + 20 * HOUR) });
      const total = await insertCampaign(db(), { merchantId: SME, pageId, status: 'IN_REVIEW', budgetKind: 'TOTAL', budgetAmount: 200_000, startsAt: start, endsAt: new Date(start.getTime() + 20 * HOUR) });
      for (const c of [daily, total]) expect((await post(ops, `/api/ops/marketing-campaigns/${c.id}/approve?lang=vi`)).statusCode).toBe(200);
      await deliveryPass(db(), { now: new Date(), deliver: false });
      const row = await campaignRow(daily.id);
      expect(row.status).toBe('RUNNING');

      // The same tick twice: the second writes nothing.
      const day = vietnamToday();
      expect(await deliverTick(db(), row, day, 0)).toBe('DELIVERED');
      const once = await campaignRow(daily.id);
      expect(await deliverTick(db(), row, day, 0)).toBe('ALREADY');
      expect((await campaignRow(daily.id)).spent).toBe(once.spent);

      // Many ticks at once, each started twice (two "processes"), with the per-tick plan boosted by a big audience.
      const ticks = Array.from({ length: 60 }, (_, i) => i + 1);
      await Promise.all(ticks.flatMap((tick) => [daily, total].flatMap((c) => [deliverTick(db(), { ...row, ...c, status: 'RUNNING' }, day, tick), deliverTick(db(), { ...row, ...c, status: 'RUNNING' }, day, tick)])));
      const d = await campaignRow(daily.id);
      const tt = await campaignRow(total.id);
      expect(d.spent).toBeLessThanOrEqual(50_000);
      expect(tt.spent).toBeLessThanOrEqual(200_000);
      const debitKeys = await db().select({ key: marketingLedger.idempotencyKey }).from(marketingLedger).where(and(eq(marketingLedger.campaignId, daily.id), eq(marketingLedger.kind, 'DEBIT')));
      expect(new Set(debitKeys.map((k) => k.key)).size).toBe(debitKeys.length);
      await expectMoneyAgrees(db(), SME);
      expect(TICK_MINUTES).toBe(15);

      // The end of the schedule ends them and returns what is left.
      const result = await deliveryPass(db(), { now: new Date(start.getTime() + 21 * HOUR), deliver: false });
      expect(result.ended).toBeGreaterThanOrEqual(2);
      for (const id of [daily.id, total.id]) expect((await campaignRow(id)).status).toBe('ENDED');
      await expectMoneyAgrees(db(), SME);
    });
  });
});
