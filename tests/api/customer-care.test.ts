/**
 * Customer care (issue 18, BUSINESS_PAGE_CUSTOMER_CARE): demographics equal the rows inserted; a
 * broadcast's recipients are exactly its audience (the live count); delivery through the chat (the
 * customer reads it in their conversation); quiet hours defer to 08:00 except for customers who wrote in
 * the last 24 hours; the frequency cap; unsubscribe honoured; figures from receipts and replies; sent
 * once with two passes racing and after a crash mid-way; another merchant's page and bad input refused
 * with nothing written. The sender's passes run here with a chosen clock (the periodic worker does not
 * start under test).
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageBandOf } from '../../src/domain/audience';
import { BROADCAST_RULES, quietHoursEnd } from '../../src/domain/customerCare';
import { addDays, vietnamTime, vietnamToday } from '../../src/domain/time';
import {
  broadcastRecipients,
  broadcasts,
  broadcastUnsubscribes,
  businessPageFollows,
  businessPageMembers,
  businessPages,
  chatConversations,
  chatMessages,
  customers,
  memberships,
  pageCustomerTags,
  pageTags,
  users,
} from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { countAudience } from '../../server/lib/audience';
import { runBroadcastPass, sendRecipient, startDueBroadcast } from '../../server/lib/broadcasts';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const SLUG = 'api_care_page';
const PASSWORD = 'Demo@1234';
const PROVINCES = ['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng'] as const;
const GENDERS = ['MALE', 'FEMALE', 'OTHER', null] as const;
const DAY = 86_400_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** Tomorrow at `hour` Vietnam time (later than any broadcast created now, so it is due). */
const tomorrowAt = (hour: number, days = 1) => vietnamTime(addDays(vietnamToday(), days), hour);

interface Person {
  id: number;
  birthYear: number | null;
  gender: string | null;
  province: string | null;
  lastActiveAt: Date | null;
  follows: boolean;
  chats: boolean;
  vip: boolean;
}

describe('customer care', () => {
  let t: TestApp;
  let owner: string;
  let analyst: string;
  let editor: string;
  let otherOwner: string;
  let pageId: number;
  let otherPageId: number;
  let vip: number;
  let otherTag: number;
  let demoId: number;
  let demoToken: string;
  const people: Person[] = [];
  const db = () => t.database.db;
  const base = (p = pageId, merchant = SME) => `/api/businesspage/v3/merchants/${merchant}/pages/${p}`;
  const year = Number(vietnamToday().slice(0, 4));

  async function staff(username: string, pageRole: string) {
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username, name: `Nhân viên ${username}`, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['CUSTOMER_SERVICE'] });
    await db().insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole });
    return t.login(username);
  }

  /** `n` customers of the page (followers) with a tag of their own, for one scenario. */
  async function group(tagName: string, n: number, follows = true) {
    const [{ id: tagId }] = await db().insert(pageTags).values({ merchantId: SME, pageId, name: tagName, color: '#2e7d32' }).returning({ id: pageTags.id });
    const made = await db()
      .insert(customers)
      .values(Array.from({ length: n }, (_, i) => ({ username: `care_${tagName}_${i}`, fullName: `Khách ${tagName} ${i}`, phone: `09${String(people.length + i).padStart(8, '0')}` })))
      .returning({ id: customers.id });
    for (const c of made) {
      if (follows) await db().insert(businessPageFollows).values({ pageId, customerId: c.id });
      await db().insert(pageCustomerTags).values({ tagId, customerId: c.id, pageId });
    }
    return { tagId, ids: made.map((c) => c.id) };
  }

  const create = (payload: Record<string, unknown>, token = owner, lang = 'vi') =>
    t.call(token, { method: 'POST', url: `${base()}/broadcasts?lang=${lang}`, payload: { sendMode: 'NOW', message: 'Chào ${name}, ${page} có ưu đãi mới!', ...payload } });
  const messagesOf = async (customerId: number, broadcastId: number) =>
    db()
      .select({ body: chatMessages.body, kind: chatMessages.kind, clientMessageId: chatMessages.clientMessageId })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(and(eq(chatConversations.pageId, pageId), eq(chatConversations.customerId, customerId), like(chatMessages.clientMessageId, `broadcast:${broadcastId}%`)));
  const statesOf = async (broadcastId: number) =>
    Object.fromEntries(
      (await db().select({ customerId: broadcastRecipients.customerId, state: broadcastRecipients.state }).from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId))).map((r) => [r.customerId, r.state]),
    );
  const broadcastCount = async () => (await db().select({ n: count() }).from(broadcasts))[0]!.n;

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    const [page] = await db().insert(businessPages).values({ merchantId: SME, name: 'Quán Chăm Sóc', slug: SLUG, status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    const [other] = await db().insert(businessPages).values({ merchantId: OTHER, name: 'Trang khác', slug: 'api_care_other', status: 'ACTIVE' }).returning({ id: businessPages.id });
    otherPageId = other!.id;
    [{ id: vip }] = await db().insert(pageTags).values({ merchantId: SME, pageId, name: 'VIP', color: '#c62828' }).returning({ id: pageTags.id });
    [{ id: otherTag }] = await db().insert(pageTags).values({ merchantId: OTHER, pageId: otherPageId, name: 'VIP', color: '#c62828' }).returning({ id: pageTags.id });
    const now = Date.now();
    // 40 customers over every attribute; followers, chatting customers, both, neither.
    for (let i = 0; i < 40; i += 1) {
      const p = {
        birthYear: i % 7 === 0 ? null : year - (12 + ((i * 5) % 55)),
        gender: GENDERS[i % 4]!,
        province: i % 5 === 0 ? null : PROVINCES[i % 3]!,
        lastActiveAt: i % 6 === 0 ? null : new Date(now - [2, 20, 60, 200, 5][i % 5]! * DAY),
        follows: i % 2 === 0,
        chats: i % 3 === 0,
        vip: i % 4 === 0,
      };
      const [c] = await db()
        .insert(customers)
        .values({ username: `care_${i}`, fullName: `Khách ${i}`, phone: `0978${String(i).padStart(6, '0')}`, birthYear: p.birthYear, gender: p.gender, province: p.province, lastActiveAt: p.lastActiveAt })
        .returning({ id: customers.id });
      people.push({ ...p, id: c!.id });
      if (p.follows) await db().insert(businessPageFollows).values({ pageId, customerId: c!.id });
      if (p.chats) await db().insert(chatConversations).values({ merchantId: SME, pageId, customerId: c!.id });
      if (p.vip) await db().insert(pageCustomerTags).values({ tagId: vip, customerId: c!.id, pageId });
    }
    // The demo customer: follows the page, VIP, signs in on the public page.
    const [demo] = await db().insert(customers).values({ username: 'care_demo_customer', fullName: 'Lê Thu Hà', phone: '0912345678', passwordHash: await hash(PASSWORD) }).returning({ id: customers.id });
    demoId = demo!.id;
    await db().insert(businessPageFollows).values({ pageId, customerId: demoId });
    await db().insert(pageCustomerTags).values({ tagId: vip, customerId: demoId, pageId });
    demoToken = (await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username: 'care_demo_customer', password: PASSWORD } })).json().data.token;
    owner = await t.login('owner_demo');
    otherOwner = await t.login('other_owner_demo');
    analyst = await staff('care_analyst_api', 'ANALYST');
    editor = await staff('care_editor_api', 'EDITOR');
  }, 90_000);

  afterAll(async () => {
    await t?.close();
  });

  it('counts followers and chatting customers by age band, gender, province, tag and activity exactly as inserted', async () => {
    const now = Date.now();
    const bucket = (d: Date | null) => {
      if (!d) return 'NEVER';
      const ago = now - d.getTime();
      return ago <= 7 * DAY ? 'DAYS_7' : ago <= 30 * DAY ? 'DAYS_30' : ago <= 90 * DAY ? 'DAYS_90' : 'OLDER';
    };
    const tally = <T,>(list: T[]) => {
      const m = new Map<T, number>();
      for (const v of list) m.set(v, (m.get(v) ?? 0) + 1);
      return m;
    };
    const asMap = (rows: { key: string | null; count: number }[]) => new Map(rows.filter((r) => r.count > 0).map((r) => [r.key, r.count]));
    for (const population of ['ALL', 'FOLLOWERS', 'CHATTING'] as const) {
      const res = await t.call(analyst, { method: 'GET', url: `${base()}/customer-care/demographics?population=${population}` });
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      const expected = people.filter((p) => (population === 'ALL' ? p.follows || p.chats : population === 'FOLLOWERS' ? p.follows : p.chats));
      // The demo customer follows the page (no attributes, never active, VIP).
      const withDemo = population === 'CHATTING' ? 0 : 1;
      expect(d.total).toBe(expected.length + withDemo);
      const plusDemo = (m: Map<string | null, number>, key: string | null) => (withDemo ? m.set(key, (m.get(key) ?? 0) + 1) : m);
      expect(asMap(d.ageBand)).toEqual(plusDemo(tally(expected.map((p) => ageBandOf(p.birthYear, year))), null));
      expect(asMap(d.gender)).toEqual(plusDemo(tally(expected.map((p) => p.gender)), null));
      expect(asMap(d.province)).toEqual(plusDemo(tally(expected.map((p) => p.province)), null));
      expect(asMap(d.activity)).toEqual(plusDemo(tally(expected.map((p) => bucket(p.lastActiveAt))), 'NEVER'));
      const vipRow = d.tag.find((r: { key: string | null }) => r.key === String(vip));
      expect(vipRow).toMatchObject({ label: 'VIP', count: expected.filter((p) => p.vip).length + withDemo });
      expect(d.tag.find((r: { key: string | null }) => r.key === null).count).toBe(expected.filter((p) => !p.vip).length);
    }
  });

  it('exports the demographics as CSV and XLSX in the caller’s language', async () => {
    const csv = await t.call(owner, { method: 'GET', url: `${base()}/customer-care/demographics/export?population=FOLLOWERS&format=csv&lang=en` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Dimension,Value,Customers,Share (%)');
    const followers = people.filter((p) => p.follows).length + 1;
    const male = people.filter((p) => p.follows && p.gender === 'MALE').length;
    expect(male).toBeGreaterThan(0);
    expect(lines).toContain(`Gender,Male,${male},${Math.round((male / followers) * 10_000) / 100}`);
    expect(lines).toContain(`Tag,VIP,${people.filter((p) => p.follows && p.vip).length + 1},${Math.round(((people.filter((p) => p.follows && p.vip).length + 1) / followers) * 10_000) / 100}`);
    const xlsx = await t.call(owner, { method: 'GET', url: `${base()}/customer-care/demographics/export?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets page admins, chat agents and analysts in, refuses editors, another merchant and its pages', async () => {
    const pages = await t.call(analyst, { method: 'GET', url: `/api/businesspage/v3/merchants/${SME}/customer-care/pages` });
    expect(pages.statusCode).toBe(200);
    expect(pages.json().data).toEqual([expect.objectContaining({ id: pageId, name: 'Quán Chăm Sóc', followers: 21, chatting: 14, canSend: false })]);
    const refused = await t.call(editor, { method: 'GET', url: `${base()}/customer-care/demographics` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    // An analyst reads but does not send.
    expect((await create({ name: 'Phân tích', audience: { tagIds: [vip] } }, analyst)).statusCode).toBe(403);
    // Another merchant's page through our merchant: 404; our merchant's page by another merchant's owner: 403.
    const foreign = await t.call(owner, { method: 'GET', url: `${base(otherPageId)}/broadcasts` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 4, message: 'Không tìm thấy dữ liệu' });
    expect((await t.call(otherOwner, { method: 'GET', url: `${base()}/broadcasts` })).statusCode).toBe(403);
    expect((await t.call(otherOwner, { method: 'POST', url: `${base()}/broadcasts`, payload: { name: 'x', audience: {}, message: 'x', sendMode: 'NOW' } })).statusCode).toBe(403);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await broadcastCount();
    const unknown = await create({ name: 'Sai biến', audience: { tagIds: [vip] }, message: 'Chào ${ten}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Mẫu chỉ dùng được các biến ${name} (tên khách hàng) và ${page} (tên trang); không có biến: ten');
    const past = await create({ name: 'Quá khứ', audience: { tagIds: [vip] }, sendMode: 'SCHEDULED', scheduledAt: '2020-01-01T08:00' }, owner, 'en');
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('The sending time must be in the future');
    const nobody = await create({ name: 'Không ai', audience: { provinces: ['Không có tỉnh này'] } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ status: 2, message: 'Không có khách hàng nào phù hợp với đối tượng đã chọn' });
    const foreignTag = await create({ name: 'Thẻ lạ', audience: { tagIds: [otherTag] } });
    expect(foreignTag.statusCode).toBe(400);
    expect(foreignTag.json().message).toBe('Thẻ không thuộc trang này');
    const noName = await create({ name: '  ', audience: {} });
    expect(noName.statusCode).toBe(400);
    const badImage = await create({ name: 'Ảnh lạ', audience: {}, imageName: '00000000-0000-0000-0000-000000000000.png' });
    expect(badImage.json().message).toBe('Ảnh chưa được tải lên cho trang này');
    expect(await broadcastCount()).toBe(before);
  });

  it('counts the audience live and materialises exactly those customers; the customer reads the broadcast in their chat', async () => {
    const audience = { tagIds: [vip], genders: ['FEMALE', 'MALE'] };
    const counted = await t.call(owner, { method: 'POST', url: `${base()}/broadcasts/audience-count`, payload: { audience } });
    expect(counted.statusCode).toBe(200);
    const expected = people.filter((p) => (p.follows || p.chats) && p.vip && (p.gender === 'FEMALE' || p.gender === 'MALE')).map((p) => p.id);
    expect(counted.json().data.count).toBe(expected.length);
    const preview = await t.call(owner, { method: 'POST', url: `${base()}/broadcasts/preview`, payload: { audience, message: 'Chào ${name} từ ${page}' } });
    // The sample is the audience's first customer (lowest id).
    const first = people.findIndex((p) => p.id === Math.min(...expected));
    expect(preview.json().data).toEqual({ text: `Chào Khách ${first} từ Quán Chăm Sóc`, customerName: `Khách ${first}`, sample: false });

    const created = await create({ name: 'Ưu đãi VIP', audience });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ status: 'SCHEDULED', name: 'Ưu đãi VIP', figures: { audienceSize: null, sent: 0 } });
    const pass = await runBroadcastPass(db(), tomorrowAt(10));
    expect(pass.started).toContain(id);
    const states = await statesOf(id);
    expect(Object.keys(states).map(Number).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(Object.values(states).every((s) => s === 'SENT')).toBe(true);
    expect(await countAudience(db(), { ageBands: [], genders: ['FEMALE', 'MALE'], provinces: [], tagIds: [vip], payers: 'ANY', followers: 'ANY' }, { merchantId: SME, pageId, population: 'PAGE' })).toBe(expected.length);
    for (const customerId of expected) {
      const sent = await messagesOf(customerId, id);
      expect(sent).toHaveLength(1);
      const name = (await db().select({ n: customers.fullName }).from(customers).where(eq(customers.id, customerId)))[0]!.n;
      expect(sent[0]!.body).toBe(`Chào ${name}, Quán Chăm Sóc có ưu đãi mới!\n\n— Tin nhắn từ Quán Chăm Sóc. Không muốn nhận tin nhắn quảng bá nữa? Chọn “Huỷ nhận tin” trong khung chat.`);
    }
    const detail = await t.call(owner, { method: 'GET', url: `${base()}/broadcasts/${id}` });
    expect(detail.json().data).toMatchObject({ status: 'SENT', figures: { audienceSize: expected.length, sent: expected.length, delivered: 0, read: 0, replied: 0, unsubscribed: 0 } });
  });

  it('reaches the signed-in customer in their conversation; figures follow receipts, replies and unsubscribes', async () => {
    const created = await create({ name: 'Tin cho Hà', audience: { tagIds: [vip] }, message: 'Chào ${name}!' });
    const id = created.json().data.id as number;
    await runBroadcastPass(db(), tomorrowAt(11));
    const history = await t.call(demoToken, { method: 'GET', url: `/api/public/pages/${SLUG}/chat/messages` });
    expect(history.statusCode).toBe(200);
    const [latest] = history.json().data.content;
    expect(latest).toMatchObject({ sender: 'STAFF', kind: 'TEXT', clientMessageId: `broadcast:${id}` });
    expect(latest.body.startsWith('Chào Lê Thu Hà!')).toBe(true);
    // The customer reads it and answers, then unsubscribes.
    expect((await t.call(demoToken, { method: 'POST', url: `/api/public/pages/${SLUG}/chat/read`, payload: { upToId: latest.id } })).statusCode).toBe(200);
    expect((await t.call(demoToken, { method: 'POST', url: `/api/public/pages/${SLUG}/chat/messages`, payload: { body: 'Cảm ơn shop' } })).statusCode).toBe(200);
    const off = await t.call(demoToken, { method: 'POST', url: `/api/public/pages/${SLUG}/broadcasts/unsubscribe` });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ unsubscribed: true });
    expect((await t.call(demoToken, { method: 'GET', url: `/api/public/pages/${SLUG}/broadcasts/unsubscribe` })).json().data).toEqual({ unsubscribed: true });
    expect((await t.call(null, { method: 'POST', url: `/api/public/pages/${SLUG}/broadcasts/unsubscribe` })).statusCode).toBe(401);
    const detail = (await t.call(owner, { method: 'GET', url: `${base()}/broadcasts/${id}` })).json().data;
    expect(detail.figures).toMatchObject({ delivered: 1, read: 1, replied: 1, unsubscribed: 1 });
    const recipients = await t.call(owner, { method: 'GET', url: `${base()}/broadcasts/${id}/recipients?pageSize=100` });
    const mine = recipients.json().data.content.find((r: { customerId: number }) => r.customerId === demoId);
    expect(mine).toMatchObject({ customerName: 'Lê Thu Hà', phone: '0912•••678', state: 'SENT', replied: true });
    expect(mine.readAt).not.toBeNull();

    // Never sent one again: the next broadcast to the same audience skips them.
    const next = (await create({ name: 'Tin sau', audience: { tagIds: [vip] } })).json().data.id as number;
    await runBroadcastPass(db(), tomorrowAt(12, 10));
    expect((await statesOf(next))[demoId]).toBe('SKIPPED_UNSUBSCRIBED');
    expect(await messagesOf(demoId, next)).toHaveLength(0);
    expect((await db().select({ n: count() }).from(broadcastUnsubscribes).where(eq(broadcastUnsubscribes.customerId, demoId)))[0]!.n).toBe(1);
  });

  it('holds quiet hours until 08:00 except for customers who wrote in the last 24 hours', async () => {
    const { tagId, ids } = await group('quiet', 4);
    const night = tomorrowAt(22, 20);
    // Two of them wrote to the page two hours before; one wrote 30 hours before (too long ago).
    for (const [i, hoursAgo] of [[0, 2], [1, 2], [2, 30]] as const) {
      const [conv] = await db().insert(chatConversations).values({ merchantId: SME, pageId, customerId: ids[i]! }).returning({ id: chatConversations.id });
      await db().insert(chatMessages).values({ conversationId: conv!.id, merchantId: SME, pageId, sender: 'CUSTOMER', kind: 'TEXT', body: 'Xin chào', createdAt: new Date(night.getTime() - hoursAgo * 3_600_000) });
    }
    const id = (await create({ name: 'Ban đêm', audience: { tagIds: [tagId] } })).json().data.id as number;
    await runBroadcastPass(db(), night);
    expect(await statesOf(id)).toEqual({ [ids[0]!]: 'SENT', [ids[1]!]: 'SENT', [ids[2]!]: 'DEFERRED', [ids[3]!]: 'DEFERRED' });
    const [deferred] = await db().select({ dueAt: broadcastRecipients.dueAt }).from(broadcastRecipients).where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.customerId, ids[3]!)));
    expect(deferred!.dueAt.toISOString()).toBe(tomorrowAt(8, 21).toISOString());
    expect(quietHoursEnd(night).toISOString()).toBe(tomorrowAt(8, 21).toISOString());
    // Still night at 07:59: nothing more; at 08:00 the rest go out.
    await runBroadcastPass(db(), new Date(tomorrowAt(8, 21).getTime() - 60_000));
    expect((await statesOf(id))[ids[3]!]).toBe('DEFERRED');
    const detail = (await t.call(owner, { method: 'GET', url: `${base()}/broadcasts/${id}` })).json().data;
    expect(detail).toMatchObject({ status: 'SENDING', figures: { sent: 2, deferred: 2 } });
    await runBroadcastPass(db(), tomorrowAt(8, 21));
    expect(Object.values(await statesOf(id))).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    expect((await t.call(owner, { method: 'GET', url: `${base()}/broadcasts/${id}` })).json().data.status).toBe('SENT');
  });

  it(`sends a customer at most ${BROADCAST_RULES.capPerWeek} broadcasts of the page in 7 days (SKIPPED_CAP)`, async () => {
    const { tagId, ids } = await group('cap', 3);
    const made: number[] = [];
    for (const name of ['Một', 'Hai', 'Ba']) made.push((await create({ name, audience: { tagIds: [tagId] } })).json().data.id);
    await runBroadcastPass(db(), tomorrowAt(10, 30));
    expect(Object.values(await statesOf(made[0]!))).toEqual(['SENT', 'SENT', 'SENT']);
    expect(Object.values(await statesOf(made[1]!))).toEqual(['SENT', 'SENT', 'SENT']);
    expect(Object.values(await statesOf(made[2]!))).toEqual(['SKIPPED_CAP', 'SKIPPED_CAP', 'SKIPPED_CAP']);
    expect(await messagesOf(ids[0]!, made[2]!)).toHaveLength(0);
    // Seven days later the window has moved on.
    const fourth = (await create({ name: 'Bốn', audience: { tagIds: [tagId] } })).json().data.id as number;
    await runBroadcastPass(db(), tomorrowAt(10, 37));
    expect(Object.values(await statesOf(fourth))).toEqual(['SENT', 'SENT', 'SENT']);
    const list = await t.call(owner, { method: 'GET', url: `${base()}/broadcasts?pageSize=50` });
    const third = list.json().data.content.find((b: { id: number }) => b.id === made[2]);
    expect(third.figures).toMatchObject({ audienceSize: 3, sent: 0, skippedCap: 3 });
  });

  it('sends each recipient once with two passes racing', async () => {
    const { tagId, ids } = await group('race', 25);
    const id = (await create({ name: 'Đua', audience: { tagIds: [tagId] } })).json().data.id as number;
    const at = tomorrowAt(10, 40);
    const [a, b] = await Promise.all([runBroadcastPass(db(), at), runBroadcastPass(db(), at)]);
    expect(a.outcomes.SENT + b.outcomes.SENT).toBe(25);
    expect([...a.started, ...b.started].filter((s) => s === id)).toHaveLength(1);
    for (const customerId of ids) expect(await messagesOf(customerId, id)).toHaveLength(1);
  });

  it('resumes after a crash mid-way without sending anyone twice', async () => {
    const { tagId, ids } = await group('restart', 10);
    const id = (await create({ name: 'Khởi động lại', audience: { tagIds: [tagId] } })).json().data.id as number;
    const at = tomorrowAt(10, 50);
    expect(await startDueBroadcast(db(), at)).toBe(id);
    for (const customerId of ids.slice(0, 4)) expect(await sendRecipient(db(), id, customerId, at)).toBe('SENT');
    // A process dies in the middle of the fifth: its transaction (message inserted, not yet marked) rolls back.
    await expect(
      db().transaction(async (tx) => {
        const [conv] = await tx.insert(chatConversations).values({ merchantId: SME, pageId, customerId: ids[4]! }).returning({ id: chatConversations.id });
        await tx.insert(chatMessages).values({ conversationId: conv!.id, merchantId: SME, pageId, sender: 'STAFF', kind: 'TEXT', body: 'x', clientMessageId: `broadcast:${id}` });
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await messagesOf(ids[4]!, id)).toHaveLength(0);
    const states = await statesOf(id);
    expect(Object.values(states).filter((s) => s === 'SENT')).toHaveLength(4);
    // A sent recipient is never sent again, even asked directly.
    expect(await sendRecipient(db(), id, ids[0]!, at)).toBe('BUSY');
    const resumed = await runBroadcastPass(db(), at);
    expect(resumed.outcomes.SENT).toBe(6);
    for (const customerId of ids) expect(await messagesOf(customerId, id)).toHaveLength(1);
    expect(resumed.completed).toContain(id);
  });

  it('cancels a scheduled broadcast, never a started one', async () => {
    const { tagId } = await group('cancel', 2);
    const later = tomorrowAt(9, 3);
    const day = later.toISOString();
    const local = new Date(later.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
    const created = await create({ name: 'Hẹn giờ', audience: { tagIds: [tagId] }, sendMode: 'SCHEDULED', scheduledAt: local });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.scheduledAt).toBe(day);
    const id = created.json().data.id as number;
    const cancelled = await t.call(owner, { method: 'POST', url: `${base()}/broadcasts/${id}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const again = await t.call(owner, { method: 'POST', url: `${base()}/broadcasts/${id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 9, message: 'Chỉ huỷ được tin đang chờ gửi theo lịch' });
    const pass = await runBroadcastPass(db(), tomorrowAt(10, 4));
    expect(pass.started).not.toContain(id);
    expect(await statesOf(id)).toEqual({});
    expect((await t.call(owner, { method: 'POST', url: `${base(otherPageId)}/broadcasts/${id}/cancel` })).statusCode).toBe(404);
  });

  it('sends an uploaded picture after the text; refuses a fake picture', async () => {
    const { tagId, ids } = await group('picture', 1);
    const upload = (name: string, content: Buffer) => {
      const boundary = '----care';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.call(owner, { method: 'POST', url: `${base()}/broadcasts/images`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    };
    const fake = await upload('fake.png', Buffer.from('not a picture'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Nội dung tệp không đúng với loại tệp');
    const ok = await upload('banner.png', PNG);
    expect(ok.statusCode).toBe(200);
    const image = ok.json().data;
    expect(image).toMatchObject({ fileName: 'banner.png', mimeType: 'image/png', size: PNG.length });
    const id = (await create({ name: 'Có ảnh', audience: { tagIds: [tagId] }, imageName: image.name })).json().data.id as number;
    await runBroadcastPass(db(), tomorrowAt(10, 45));
    const sent = await messagesOf(ids[0]!, id);
    expect(sent.map((m) => m.kind).sort()).toEqual(['IMAGE', 'TEXT']);
    const file = await t.call(null, { method: 'GET', url: `/api/businesspage/v3/live-chat/files/${image.name}` });
    expect(file.statusCode).toBe(200);
  });
});
