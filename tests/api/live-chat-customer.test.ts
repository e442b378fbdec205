/**
 * Live chat, the customer's side and its figures (issue 18): a demo customer's picture or PDF goes through
 * the same checks as staff uploads (magic bytes, size) into their own conversation only; the agents'
 * payment-link picker lists the merchant's payable links only; the page reports' customer-message report
 * counts exactly the rows inserted here, per Vietnam day.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPageMembers, businessPages, chatConversations, chatMessages, customers, memberships, paymentLinks, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { addDays, dayBounds, formatDay, vietnamToday } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const SLUG = 'api_chat_customer_page';
const PASSWORD = 'Demo@1234';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function form(fileName: string, content: Buffer, type = 'image/png') {
  const boundary = '----chat-customer-test';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('live chat: customer uploads, payment-link picker, customer-message report', () => {
  let t: TestApp;
  let pageId: number;
  let otherPageId: number;
  let owner: string;
  let editor: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const db = () => t.database.db;
  const upload = (_who: unknown, query = '') => `/api/public/pages/${SLUG}/chat/attachments${query}`;
  const messagesOf = async (conversationId: number) => (await db().select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId)))[0]!.n;
  const allMessages = async () => (await db().select({ n: count() }).from(chatMessages))[0]!.n;

  async function customer(username: string, fullName: string, phone: string) {
    const [c] = await db().insert(customers).values({ username, fullName, phone, passwordHash: await hash(PASSWORD) }).returning({ id: customers.id });
    const signedIn = await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username, password: PASSWORD } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { id: c!.id, token: signedIn.json().data.token as string };
  }

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    const [page] = await db().insert(businessPages).values({ merchantId: SME, name: 'Quán Khách Gửi Ảnh', slug: SLUG, status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    const [other] = await db().insert(businessPages).values({ merchantId: SME, name: 'Trang thứ hai', slug: 'api_chat_customer_other', status: 'ACTIVE' }).returning({ id: businessPages.id });
    otherPageId = other!.id;
    alice = await customer('api_chat_alice', 'Lê Thị Ánh', '0911000111');
    bob = await customer('api_chat_bob', 'Trần Văn Bình', '0911000222');
    owner = await t.login('owner_demo');
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username: 'chat_cust_editor', name: 'Biên tập', passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['CUSTOMER_SERVICE'] });
    await db().insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole: 'EDITOR' });
    editor = await t.login('chat_cust_editor');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a customer sends a picture and a PDF into their own conversation; the page and the customer see them', async () => {
    const sent = await t.call(alice.token, { method: 'POST', url: upload(alice.token), ...form('ảnh món.png', PNG) });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().data;
    expect(message).toMatchObject({ sender: 'CUSTOMER', kind: 'IMAGE', body: 'ảnh món.png', senderUserId: null, attachment: { name: 'ảnh món.png', mimeType: 'image/png', size: PNG.length } });
    expect(message.attachment.url).toMatch(/^\/api\/businesspage\/v3\/live-chat\/files\/[0-9a-f-]{36}\.png$/);
    const [conv] = await db().select().from(chatConversations).where(and(eq(chatConversations.pageId, pageId), eq(chatConversations.customerId, alice.id)));
    expect(conv).toMatchObject({ id: message.conversationId, staffUnread: 1, lastMessageKind: 'IMAGE', lastMessageSender: 'CUSTOMER' });
    const file = await t.call(null, { method: 'GET', url: message.attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // Naming the conversation it shows (its own) is fine too; a PDF is a FILE.
    const pdf = await t.call(alice.token, { method: 'POST', url: upload(alice.token, `?conversationId=${conv!.id}`), ...form('hoa-don.pdf', PDF, 'application/pdf') });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ kind: 'FILE', body: 'hoa-don.pdf', conversationId: conv!.id, attachment: { mimeType: 'application/pdf' } });

    const history = await t.call(owner, { method: 'GET', url: `/api/businesspage/v3/merchants/${SME}/pages/${pageId}/live-chat/conversations/${conv!.id}/messages` });
    expect((history.json().data.content as { body: string }[]).map((m) => m.body)).toEqual(['hoa-don.pdf', 'ảnh món.png']);
  });

  it('refuses a fake picture, a file too large and one without a session, writing nothing', async () => {
    const before = await allMessages();
    const conversations = (await db().select({ n: count() }).from(chatConversations))[0]!.n;
    const fake = await t.call(bob.token, { method: 'POST', url: upload(bob.token), ...form('menu.png', Buffer.from('<html>not a picture</html>')) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ status: 2, message: 'Nội dung tệp không đúng với loại tệp' });
    const fakeEn = await t.call(bob.token, { method: 'POST', url: upload(bob.token, '?lang=en'), ...form('menu.pdf', PNG, 'application/pdf') });
    expect(fakeEn.statusCode).toBe(400);
    expect(fakeEn.json().message).toBe('The file content does not match its type');
    const svg = await t.call(bob.token, { method: 'POST', url: upload(bob.token), ...form('x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml') });
    expect(svg.statusCode).toBe(400);
    const large = await t.call(bob.token, { method: 'POST', url: upload(bob.token), ...form('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])) });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Tệp lớn hơn giới hạn 5 MB');
    expect((await t.call(null, { method: 'POST', url: upload(null), ...form('menu.png', PNG) })).statusCode).toBe(401);
    expect(await allMessages()).toBe(before);
    // Bob had no conversation: none was started by the refused files.
    expect((await db().select({ n: count() }).from(chatConversations))[0]!.n).toBe(conversations);
  });

  it("refuses another customer's conversation and another page's: 404, nothing written", async () => {
    const [aliceConv] = await db().select().from(chatConversations).where(and(eq(chatConversations.pageId, pageId), eq(chatConversations.customerId, alice.id)));
    const aliceBefore = await messagesOf(aliceConv!.id);
    const before = await allMessages();
    // Bob names Alice's conversation.
    const intoAlice = await t.call(bob.token, { method: 'POST', url: upload(bob.token, `?conversationId=${aliceConv!.id}`), ...form('menu.png', PNG) });
    expect(intoAlice.statusCode).toBe(404);
    expect(intoAlice.json().message).toBe('Không tìm thấy dữ liệu');
    // Alice's conversation on this page named on another page of the merchant.
    const otherPage = await t.call(alice.token, {
      method: 'POST',
      url: `/api/public/pages/api_chat_customer_other/chat/attachments?conversationId=${aliceConv!.id}`,
      ...form('menu.png', PNG),
    });
    expect(otherPage.statusCode).toBe(404);
    expect(await messagesOf(aliceConv!.id)).toBe(aliceBefore);
    expect(await allMessages()).toBe(before);
    // Bob's own upload lands in Bob's conversation, never in Alice's.
    const own = await t.call(bob.token, { method: 'POST', url: upload(bob.token), ...form('bob.png', PNG) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.conversationId).not.toBe(aliceConv!.id);
    const aliceHistory = await t.call(alice.token, { method: 'GET', url: `/api/public/pages/${SLUG}/chat/messages` });
    expect((aliceHistory.json().data.content as { body: string }[]).map((m) => m.body)).toEqual(['hoa-don.pdf', 'ảnh món.png']);
  });

  it("the agents' picker lists the merchant's payable links only, newest first, searchable without accents", async () => {
    const link = (merchantId: number, code: string, title: string, extra: Partial<typeof paymentLinks.$inferInsert> = {}) => ({
      merchantId,
      code,
      title,
      amountType: 'FIXED',
      amount: 99_000,
      minAmount: 99_000,
      maxAmount: 99_000,
      singleUse: false,
      ...extra,
    });
    await db()
      .insert(paymentLinks)
      .values([
        link(SME, 'PICKAAAAA1', 'Đặt bàn tối thứ Bảy'),
        link(SME, 'PICKAAAAA2', 'Đặt bàn đã tắt', { deactivatedAt: new Date() }),
        link(SME, 'PICKAAAAA3', 'Đặt bàn hết hạn', { expiresAt: new Date(Date.now() - 60_000) }),
        link(SME, 'PICKAAAAA4', 'Đặt bàn một lần đã trả', { singleUse: true, paidAt: new Date() }),
        link(OTHER, 'PICKAAAAA5', 'Đặt bàn của doanh nghiệp khác'),
      ]);
    const url = `/api/businesspage/v3/merchants/${SME}/pages/${pageId}/live-chat/payment-links`;
    const found = await t.call(owner, { method: 'GET', url: `${url}?search=${encodeURIComponent('dat ban')}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([{ id: expect.any(Number), code: 'PICKAAAAA1', title: 'Đặt bàn tối thứ Bảy', amountType: 'FIXED', amount: 99_000 }]);
    const byCode = await t.call(owner, { method: 'GET', url: `${url}?search=pickaaaaa1` });
    expect(byCode.json().data.map((l: { code: string }) => l.code)).toEqual(['PICKAAAAA1']);
    const all = await t.call(owner, { method: 'GET', url });
    expect(all.json().data.length).toBeLessThanOrEqual(20);
    expect(all.json().data.map((l: { code: string }) => l.code)).not.toContain('PICKAAAAA5');
    // An editor of the page has no chat role; another merchant's owner does not reach this page.
    expect((await t.call(editor, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.call(await t.login('other_owner_demo'), { method: 'GET', url })).statusCode).toBe(403);
  });

  it('reports conversations, messages in and out, resolved and the median first response per Vietnam day', async () => {
    const today = vietnamToday();
    const d1 = addDays(today, -3);
    const d2 = addDays(today, -2);
    const at = (day: string, hhmmss: string) => {
      const [h, m, s] = hhmmss.split(':').map(Number);
      return new Date(dayBounds({ from: day, to: day }).start.getTime() + ((h! * 60 + m!) * 60 + s!) * 1000);
    };
    const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);
    const c = [
      await customer('api_report_c1', 'Khách Một', '0911000301'),
      await customer('api_report_c2', 'Khách Hai', '0911000302'),
      await customer('api_report_c3', 'Khách Ba', '0911000303'),
      await customer('api_report_c4', 'Khách Bốn', '0911000304'),
    ];
    const conversation = async (customerId: number, createdAt: Date, status: string, page = pageId) =>
      (await db().insert(chatConversations).values({ merchantId: SME, pageId: page, customerId, status, createdAt }).returning())[0]!;
    const say = async (conv: { id: number; pageId: number }, sender: 'CUSTOMER' | 'STAFF', createdAt: Date, kind = 'TEXT') =>
      db().insert(chatMessages).values({ conversationId: conv.id, merchantId: SME, pageId: conv.pageId, sender, kind, body: `${sender} ${kind}`, createdAt });

    // d1 09:00: answered after 120 s (a private note before does not count as an answer), resolved.
    const t1 = at(d1, '09:00:00');
    const one = await conversation(c[0]!.id, t1, 'RESOLVED');
    await say(one, 'CUSTOMER', t1);
    await say(one, 'STAFF', plus(t1, 30), 'NOTE');
    await say(one, 'CUSTOMER', plus(t1, 60));
    await say(one, 'STAFF', plus(t1, 120));
    // d1 23:59:30 (16:59:30 UTC): answered 300 s later, at 00:04:30 of d2 in Vietnam (still d1 in UTC).
    const t2 = at(d1, '23:59:30');
    const two = await conversation(c[1]!.id, t2, 'OPEN');
    await say(two, 'CUSTOMER', t2);
    await say(two, 'STAFF', plus(t2, 300));
    // d2 10:00: not answered, resolved.
    const t3 = at(d2, '10:00:00');
    const three = await conversation(c[2]!.id, t3, 'RESOLVED');
    await say(three, 'CUSTOMER', t3);
    // Started before the range (not counted as a conversation), answered on d2 (a message out on d2).
    const t4 = at(addDays(d1, -1), '12:00:00');
    const four = await conversation(c[3]!.id, t4, 'OPEN');
    await say(four, 'CUSTOMER', t4);
    await say(four, 'STAFF', at(d2, '08:00:00'));
    // Another page of the merchant: never counted here.
    const elsewhere = await conversation(c[0]!.id, at(d1, '10:00:00'), 'RESOLVED', otherPageId);
    await say(elsewhere, 'CUSTOMER', at(d1, '10:00:00'));
    await say(elsewhere, 'STAFF', at(d1, '10:00:05'));

    const base = `/api/official-account/v2/merchants/${SME}/pages/${pageId}/reports/customer-messages`;
    const res = await t.call(owner, { method: 'GET', url: `${base}?fromDate=${d1}&toDate=${d2}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      available: true,
      totals: { conversations: 3, resolved: 2, resolutionRate: 2 / 3, messagesIn: 4, messagesOut: 3, firstResponseMedianSeconds: 210 },
      days: [
        { day: d1, conversations: 2, resolved: 1, messagesIn: 3, messagesOut: 1, firstResponseMedianSeconds: 210 },
        { day: d2, conversations: 1, resolved: 1, messagesIn: 1, messagesOut: 2, firstResponseMedianSeconds: null },
      ],
    });

    const csv = await t.call(owner, { method: 'GET', url: `${base}/export?fromDate=${d1}&toDate=${d2}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
      'Ngày,Cuộc hội thoại,Đã giải quyết,Tin nhắn đến,Tin nhắn trả lời,Phản hồi đầu tiên trung vị (giây)',
      `${formatDay(d1)},2,1,3,1,210`,
      `${formatDay(d2)},1,1,1,2,`,
    ]);

    // An empty range answers zeros for every day and no median.
    const empty = await t.call(owner, { method: 'GET', url: `${base}?fromDate=${addDays(d1, -10)}&toDate=${addDays(d1, -9)}` });
    expect(empty.json().data.totals).toEqual({ conversations: 0, resolved: 0, resolutionRate: null, messagesIn: 0, messagesOut: 0, firstResponseMedianSeconds: null });
    expect(empty.json().data.days).toHaveLength(2);
  });
});
