/**
 * Live chat (issue 18): chat tokens, the websocket (customer → agent and back, typing, receipts,
 * catch-up exactly once, closed on sign-out and on role loss), the inbox (filters, accent-free search),
 * history (keyset), notes staff-only, assign/status rules; users without a chat role and another
 * merchant's page refused; bad input writes nothing.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPageMembers, businessPages, chatConversations, chatMessages, customers, memberships, paymentLinks, transactions, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { liveChatTiming } from '../../server/routes/live-chat';
import { makeApp, type TestApp } from './helpers';
import { isMessage, isReady, openChat, type ChatClient } from './live-chat-helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const SLUG = 'api_chat_page';
const PASSWORD = 'Demo@1234';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const within = <T>(p: Promise<T>, ms = 5000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('live chat', () => {
  let t: TestApp;
  let wsUrl: string;
  let pageId: number;
  let otherPageId: number;
  let owner: string;
  let agent: { id: number; token: string };
  let editor: { id: number; token: string };
  let customerToken: string;
  let customerId: number;
  const open: ChatClient[] = [];

  const db = () => t.database.db;
  const staffPath = (p: number, rest = '') => `/api/businesspage/v3/merchants/${SME}/pages/${p}/live-chat${rest}`;
  const chatToken = async (token: string, merchantId: number = SME) =>
    t.call(token, { method: 'POST', url: `/api/businesspage/v3/merchants/${merchantId}/live-chat/token` });
  const connect = async (chat: string, since?: number) => {
    const c = await openChat(wsUrl);
    open.push(c);
    c.send({ type: 'auth', token: chat, ...(since === undefined ? {} : { since }) });
    return c;
  };
  const staffSocket = async (bearer: string, since?: number) => {
    const c = await connect((await chatToken(bearer)).json().data.token as string, since);
    await c.next(isReady);
    return c;
  };
  const customerChatToken = async () =>
    (await t.call(customerToken, { method: 'POST', url: `/api/public/pages/${SLUG}/chat/token` })).json().data as { token: string; conversationId: number | null; unread: number };
  const customerSays = (body: string, clientMessageId?: string) =>
    t.call(customerToken, { method: 'POST', url: `/api/public/pages/${SLUG}/chat/messages`, payload: { body, ...(clientMessageId ? { clientMessageId } : {}) } });
  async function staff(username: string, roles: string[], pageRole: string | null) {
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username, name: `Nhân viên ${username}`, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles });
    if (pageRole) await db().insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole });
    return { id: user!.id, token: await t.login(username) };
  }

  beforeAll(async () => {
    liveChatTiming.recheckMs = 300;
    t = await makeApp({ demoMode: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    wsUrl = `ws://127.0.0.1:${port}/api/live-chat/ws`;
    const [page] = await db().insert(businessPages).values({ merchantId: SME, name: 'Quán Chat Demo', slug: SLUG, status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    const [other] = await db().insert(businessPages).values({ merchantId: OTHER, name: 'Trang khác', slug: 'api_chat_other', status: 'ACTIVE' }).returning({ id: businessPages.id });
    otherPageId = other!.id;
    const [c] = await db()
      .insert(customers)
      .values({ username: 'api_chat_customer', fullName: 'Phạm Thị Hồng', phone: '0987654321', passwordHash: await hash(PASSWORD) })
      .returning({ id: customers.id });
    customerId = c!.id;
    customerToken = (await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username: 'api_chat_customer', password: PASSWORD } })).json().data.token;
    owner = await t.login('owner_demo');
    agent = await staff('chat_agent_api', ['CUSTOMER_SERVICE'], 'CHAT_AGENT');
    editor = await staff('chat_editor_api', ['CUSTOMER_SERVICE'], 'EDITOR');
  }, 60_000);

  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await t?.close();
  });

  it('gives a chat token only to who may chat, for the pages they may chat for, never through the URL', async () => {
    const forAgent = await chatToken(agent.token);
    expect(forAgent.statusCode).toBe(200);
    expect(forAgent.json().data.pageIds).toEqual([pageId]);
    expect(forAgent.json().data.token).not.toContain(agent.token);
    // The owner acts as page admin on every page of the merchant.
    expect((await chatToken(owner)).json().data.pageIds).toContain(pageId);
    // An editor of the page (CUSTOMER_SERVICE opens the route code) has no chat role: 403.
    const refused = await chatToken(editor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    // Another merchant: not a member.
    expect((await chatToken(agent.token, OTHER)).statusCode).toBe(403);
  });

  it('the seeded SME page has an inbox whose unread counts agree with its messages', async () => {
    const [seeded] = await db().select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.slug, 'ca_phe_song_han'));
    const inbox = await t.call(owner, { method: 'GET', url: `${staffPath(seeded!.id, '/conversations')}?pageSize=50` });
    expect(inbox.statusCode).toBe(200);
    const rows = inbox.json().data.content as { id: number; unread: number; status: string; lastMessagePreview: string | null }[];
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['OPEN', 'PENDING', 'RESOLVED']));
    for (const r of rows) {
      const [{ n }] = await db()
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, r.id), eq(chatMessages.sender, 'CUSTOMER'), isNull(chatMessages.readAt)));
      expect(r.unread).toBe(n);
      expect(r.lastMessagePreview).not.toBeNull();
    }
    expect(rows.some((r) => r.unread > 0)).toBe(true);
  });

  it('refuses a socket without a valid token (4401) and one whose first frame is not auth', async () => {
    const bad = await connect('not-a-token');
    expect((await bad.closed).code).toBe(4401);
    const noAuth = await openChat(wsUrl);
    open.push(noAuth);
    noAuth.send({ type: 'ping' });
    expect((await noAuth.closed).code).toBe(4401);
  });

  it('customer → agent and back, live, with typing, delivered and read receipts', async () => {
    const agentWs = await staffSocket(agent.token);
    const first = await customerSays('Chào shop, còn phở bò không?', 'c-1');
    expect(first.statusCode).toBe(200);
    const conversationId = first.json().data.conversationId as number;
    const got = await agentWs.next(isMessage('Chào shop, còn phở bò không?'));
    expect(got.message).toMatchObject({ sender: 'CUSTOMER', kind: 'TEXT', conversationId, pageId });

    const { token } = await customerChatToken();
    const customerWs = await connect(token);
    await customerWs.next(isReady);
    agentWs.send({ type: 'typing', conversationId });
    const typing = await customerWs.next((f) => f.type === 'typing');
    expect(typing).toEqual({ type: 'typing', conversationId, sender: 'STAFF', name: 'Nhân viên chat_agent_api' });

    const reply = await t.call(agent.token, { method: 'POST', url: staffPath(pageId, `/conversations/${conversationId}/messages`), payload: { kind: 'TEXT', body: 'Dạ còn ạ' } });
    expect(reply.statusCode).toBe(200);
    const seen = await customerWs.next(isMessage('Dạ còn ạ'));
    expect((await customerChatToken()).unread).toBe(1);
    // The customer sees the page, not which staff member wrote.
    expect(seen.message).toMatchObject({ sender: 'STAFF', senderUserId: null, senderName: null });
    // The customer's socket showed it: the agent is told it was delivered, then read.
    await agentWs.next((f) => f.type === 'receipt' && f.kind === 'delivered' && f.upToId === reply.json().data.id);
    customerWs.send({ type: 'read', conversationId, upToId: reply.json().data.id });
    await agentWs.next((f) => f.type === 'receipt' && f.kind === 'read' && f.sender === 'CUSTOMER' && f.upToId === reply.json().data.id);

    // A private note reaches staff only.
    await t.call(agent.token, { method: 'POST', url: staffPath(pageId, `/conversations/${conversationId}/messages`), payload: { kind: 'NOTE', body: 'Khách quen, ưu tiên' } });
    await agentWs.next(isMessage('Khách quen, ưu tiên'));
    await customerSays('Cảm ơn shop');
    await customerWs.next(isMessage('Cảm ơn shop'));
    expect(customerWs.frames.some((f) => f.type === 'message' && f.message.kind === 'NOTE')).toBe(false);
    const history = await t.call(customerToken, { method: 'GET', url: `/api/public/pages/${SLUG}/chat/messages` });
    expect(history.json().data.content.map((m: { body: string }) => m.body)).toEqual(['Cảm ơn shop', 'Dạ còn ạ', 'Chào shop, còn phở bò không?']);
    await agentWs.close();
    await customerWs.close();
  });

  it('a repeated clientMessageId is one message', async () => {
    const again = await customerSays('Chào shop, còn phở bò không?', 'c-1');
    expect(again.statusCode).toBe(200);
    const [{ n }] = await db().select({ n: count() }).from(chatMessages).where(and(eq(chatMessages.clientMessageId, 'c-1')));
    expect(n).toBe(1);
  });

  it('catches a reconnecting socket up on what it missed, each message exactly once', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const [last] = await db().select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.conversationId, conv!.id)).orderBy(chatMessages.id);
    const all = await db().select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.conversationId, conv!.id)).orderBy(chatMessages.id);
    const since = all[all.length - 1]!.id;
    expect(last).toBeDefined();
    // Offline: two messages arrive.
    await customerSays('Tin nhắn lúc mất mạng 1');
    await customerSays('Tin nhắn lúc mất mạng 2');
    const back = await staffSocket(agent.token, since);
    const ready = back.frames.find(isReady)!;
    expect(ready.caughtUp).toBe(2);
    expect(ready.lastId).toBe(Math.max(...back.frames.flatMap((f) => (f.type === 'message' ? [f.message.id] : []))));
    // One more live after the reconnect.
    await customerSays('Tin nhắn sau khi nối lại');
    await back.next(isMessage('Tin nhắn sau khi nối lại'));
    const bodies = back.frames.flatMap((f) => (f.type === 'message' ? [f.message.body] : []));
    expect(bodies).toEqual(['Tin nhắn lúc mất mạng 1', 'Tin nhắn lúc mất mạng 2', 'Tin nhắn sau khi nối lại']);
    // The catch-up came before ready.
    expect(back.frames.findIndex(isReady)).toBe(2);
    await back.close();
  });

  it('inbox: unread, last message, filters and accent-free search; read clears unread', async () => {
    const inbox = await t.call(agent.token, { method: 'GET', url: staffPath(pageId, '/conversations') });
    expect(inbox.statusCode).toBe(200);
    const [row] = inbox.json().data.content;
    expect(row).toMatchObject({ customerId, customerName: 'Phạm Thị Hồng', customerPhone: '0987•••321', status: 'OPEN', assigneeUserId: null, lastMessagePreview: 'Tin nhắn sau khi nối lại', lastMessageSender: 'CUSTOMER', unread: 5 });
    const search = async (q: string) =>
      (await t.call(agent.token, { method: 'GET', url: staffPath(pageId, `/conversations?search=${encodeURIComponent(q)}`) })).json().data.totalElements;
    expect(await search('pham thi hong')).toBe(1);
    expect(await search('pho bo')).toBe(1);
    expect(await search('7654')).toBe(1);
    expect(await search('bún chả')).toBe(0);
    const mine = await t.call(agent.token, { method: 'GET', url: staffPath(pageId, '/conversations?filter=mine') });
    expect(mine.json().data.totalElements).toBe(0);
    await t.call(agent.token, { method: 'PUT', url: staffPath(pageId, `/conversations/${row.id}/assignee`), payload: { assigneeUserId: agent.id } });
    expect((await t.call(agent.token, { method: 'GET', url: staffPath(pageId, '/conversations?filter=mine') })).json().data.totalElements).toBe(1);
    expect((await t.call(agent.token, { method: 'GET', url: staffPath(pageId, '/conversations?filter=unassigned') })).json().data.totalElements).toBe(0);
    await t.call(agent.token, { method: 'POST', url: staffPath(pageId, `/conversations/${row.id}/read`), payload: { upToId: row.lastMessageId } });
    const after = (await t.call(agent.token, { method: 'GET', url: staffPath(pageId, '/conversations') })).json().data.content[0];
    expect(after).toMatchObject({ unread: 0, assigneeName: 'Nhân viên chat_agent_api' });
    const one = await t.call(agent.token, { method: 'GET', url: staffPath(pageId, `/conversations/${row.id}`) });
    expect(one.json().data).toEqual(after);
    // The pages the agent chats for, with their figures.
    const pages = await t.call(agent.token, { method: 'GET', url: `/api/businesspage/v3/merchants/${SME}/live-chat/pages` });
    expect(pages.json().data).toEqual([{ id: pageId, name: 'Quán Chat Demo', slug: SLUG, status: 'ACTIVE', unreadConversations: 0, open: 1 }]);
    expect((await t.call(editor.token, { method: 'GET', url: `/api/businesspage/v3/merchants/${SME}/live-chat/pages` })).json().data).toEqual([]);
  });

  it('history pages by keyset', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const url = staffPath(pageId, `/conversations/${conv!.id}/messages`);
    const first = (await t.call(agent.token, { method: 'GET', url: `${url}?size=3` })).json().data;
    expect(first.content).toHaveLength(3);
    const second = (await t.call(agent.token, { method: 'GET', url: `${url}?size=3&before=${first.nextBefore}` })).json().data;
    const ids = [...first.content, ...second.content].map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
    // Staff history has the note.
    expect([...first.content, ...second.content].some((m: { kind: string }) => m.kind === 'NOTE')).toBe(true);
  });

  it('status: resolve, and a customer message reopens; assignee must chat on the page', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const status = staffPath(pageId, `/conversations/${conv!.id}/status`);
    expect((await t.call(agent.token, { method: 'PUT', url: status, payload: { status: 'RESOLVED' } })).statusCode).toBe(200);
    expect((await db().select().from(chatConversations).where(eq(chatConversations.id, conv!.id)))[0]!.status).toBe('RESOLVED');
    await customerSays('Cho mình hỏi thêm');
    expect((await db().select().from(chatConversations).where(eq(chatConversations.id, conv!.id)))[0]!.status).toBe('OPEN');
    const bad = await t.call(agent.token, { method: 'PUT', url: staffPath(pageId, `/conversations/${conv!.id}/assignee`), payload: { assigneeUserId: editor.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Người được giao phải là nhân viên chat hoặc quản trị viên của trang này');
    const badEn = await t.call(agent.token, { method: 'PUT', url: `${staffPath(pageId, `/conversations/${conv!.id}/status`)}?lang=en`, payload: { status: 'CLOSED' } });
    expect(badEn.statusCode).toBe(400);
    expect((await db().select().from(chatConversations).where(eq(chatConversations.id, conv!.id)))[0]!.status).toBe('OPEN');
    const empty = await t.call(agent.token, { method: 'POST', url: staffPath(pageId, `/conversations/${conv!.id}/messages`), payload: { kind: 'TEXT', body: '   ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('sends a payable payment link of the merchant as a card; another merchant’s or a deactivated one is refused', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const link = (merchantId: number, code: string, deactivatedAt: Date | null = null) => ({
      merchantId,
      code,
      title: `Đặt cọc ${code}`,
      amountType: 'FIXED',
      amount: 150_000,
      minAmount: 150_000,
      maxAmount: 150_000,
      singleUse: false,
      deactivatedAt,
    });
    const [ours, theirs, off] = await db()
      .insert(paymentLinks)
      .values([link(SME, 'CHATLINK1'), link(OTHER, 'CHATLINK2'), link(SME, 'CHATLINK3', new Date())])
      .returning({ id: paymentLinks.id });
    const url = staffPath(pageId, `/conversations/${conv!.id}/messages`);
    const { token } = await customerChatToken();
    const customerWs = await connect(token);
    await customerWs.next(isReady);
    const sent = await t.call(agent.token, { method: 'POST', url, payload: { kind: 'PAYMENT_LINK', paymentLinkId: ours!.id } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ kind: 'PAYMENT_LINK', body: 'Đặt cọc CHATLINK1', paymentLinkId: ours!.id, paymentLink: { code: 'CHATLINK1', title: 'Đặt cọc CHATLINK1', amountType: 'FIXED', amount: 150_000 } });
    const card = await customerWs.next(isMessage('Đặt cọc CHATLINK1'));
    expect(card.message.paymentLink).toEqual({ code: 'CHATLINK1', title: 'Đặt cọc CHATLINK1', amountType: 'FIXED', amount: 150_000 });
    const before = (await db().select({ n: count() }).from(chatMessages))[0]!.n;
    for (const id of [theirs!.id, off!.id]) {
      const refused = await t.call(agent.token, { method: 'POST', url: `${url}?lang=en`, payload: { kind: 'PAYMENT_LINK', paymentLinkId: id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("This payment link cannot be sent: it is not one of this merchant's links that can still be paid");
    }
    expect((await db().select({ n: count() }).from(chatMessages))[0]!.n).toBe(before);
    await customerWs.close();
  });

  it('sends a picture checked by content, shown to the customer and served by its random name', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const url = staffPath(pageId, `/conversations/${conv!.id}/attachments`);
    const form = (fileName: string, content: Buffer) => {
      const boundary = '----live-chat-test';
      return {
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const { token } = await customerChatToken();
    const customerWs = await connect(token);
    await customerWs.next(isReady);
    const sent = await t.call(agent.token, { method: 'POST', url, ...form('menu.png', PNG) });
    expect(sent.statusCode).toBe(200);
    const message = sent.json().data;
    expect(message).toMatchObject({ kind: 'IMAGE', body: 'menu.png', attachment: { name: 'menu.png', mimeType: 'image/png', size: PNG.length } });
    expect(message.attachment.url).toMatch(/^\/api\/businesspage\/v3\/live-chat\/files\/[0-9a-f-]{36}\.png$/);
    await customerWs.next(isMessage('menu.png'));
    const file = await t.call(null, { method: 'GET', url: message.attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await t.call(null, { method: 'GET', url: '/api/businesspage/v3/live-chat/files/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    const before = (await db().select({ n: count() }).from(chatMessages))[0]!.n;
    const fake = await t.call(agent.token, { method: 'POST', url, ...form('menu.png', Buffer.from('not a picture')) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Nội dung tệp không đúng với loại tệp');
    // The editor of the page (no chat role) cannot send one.
    expect((await t.call(editor.token, { method: 'POST', url, ...form('menu.png', PNG) })).statusCode).toBe(403);
    expect((await db().select({ n: count() }).from(chatMessages))[0]!.n).toBe(before);
    await customerWs.close();
  });

  it('shows the customer beside the conversation: masked phone, follow, payments with this merchant only', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const tx = (id: string, merchantId: number, amount: number, status: string, refundedAmount = 0) => ({
      id,
      merchantId,
      status,
      paymentMethod: 'WALLET',
      amount,
      refundedAmount,
      customerPhone: '0987654321',
      createdAt: new Date(Date.UTC(2026, 10, Number(id.slice(-2)))),
    });
    await db()
      .insert(transactions)
      .values([
        tx('9900000000001', SME, 100_000, 'SUCCESS'),
        tx('9900000000002', SME, 50_000, 'PARTIALLY_REFUNDED', 20_000),
        tx('9900000000003', SME, 70_000, 'FAILED'),
        tx('9900000000004', OTHER, 999_000, 'SUCCESS'),
      ]);
    const profile = await t.call(agent.token, { method: 'GET', url: staffPath(pageId, `/conversations/${conv!.id}/profile`) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toEqual({
      customerId,
      name: 'Phạm Thị Hồng',
      phone: '0987•••321',
      followsPage: false,
      payments: { count: 2, total: 130_000, lastAt: '2026-11-02T00:00:00.000Z' },
      recent: [
        { id: '9900000000003', createdAt: '2026-11-03T00:00:00.000Z', amount: 70_000, status: 'FAILED' },
        { id: '9900000000002', createdAt: '2026-11-02T00:00:00.000Z', amount: 50_000, status: 'PARTIALLY_REFUNDED' },
        { id: '9900000000001', createdAt: '2026-11-01T00:00:00.000Z', amount: 100_000, status: 'SUCCESS' },
      ],
    });
    expect((await t.call(editor.token, { method: 'GET', url: staffPath(pageId, `/conversations/${conv!.id}/profile`) })).statusCode).toBe(403);
  });

  it('refuses users without a chat role and another merchant’s page, over REST and the socket', async () => {
    const [conv] = await db().select().from(chatConversations).where(eq(chatConversations.pageId, pageId));
    const read = await t.call(editor.token, { method: 'GET', url: staffPath(pageId, `/conversations/${conv!.id}/messages`) });
    expect(read.statusCode).toBe(403);
    expect((await t.call(editor.token, { method: 'GET', url: staffPath(pageId, '/conversations') })).statusCode).toBe(403);
    // The other merchant's page under our merchant: 404, whoever asks.
    expect((await t.call(owner, { method: 'GET', url: staffPath(otherPageId, '/conversations') })).statusCode).toBe(404);
    const otherOwner = await t.login('other_owner_demo');
    expect((await t.call(otherOwner, { method: 'GET', url: staffPath(pageId, '/conversations') })).statusCode).toBe(403);
    // The other merchant's owner gets a token for their own page, and never sees our page's messages.
    const otherToken = await t.call(otherOwner, { method: 'POST', url: `/api/businesspage/v3/merchants/${OTHER}/live-chat/token` });
    expect(otherToken.json().data.pageIds).not.toContain(pageId);
    const spy = await connect(otherToken.json().data.token, 0);
    await spy.next(isReady);
    await customerSays('Chỉ trang của shop thấy');
    await new Promise((r) => setTimeout(r, 300));
    expect(spy.frames.filter((f) => f.type === 'message')).toEqual([]);
    await spy.close();
  });

  it('closes the socket on sign-out and when the chat role is removed', async () => {
    const second = await staff('chat_agent_two', ['CUSTOMER_SERVICE'], 'CHAT_AGENT');
    const ws = await staffSocket(second.token);
    await db().delete(businessPageMembers).where(eq(businessPageMembers.userId, second.id));
    expect((await within(ws.closed)).code).toBe(4403);
    const ws2 = await staffSocket(agent.token);
    await t.call(agent.token, { method: 'POST', url: '/api/authentication/v1/logout' });
    expect((await within(ws2.closed)).code).toBe(4403);
  });
});
