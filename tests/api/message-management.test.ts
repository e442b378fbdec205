/**
 * Message management (issue 18): tags (unique names per page, palette colours, put on a conversation's
 * customer, inbox filter), chat templates (${name}/${page} only, unique shortcuts), message configuration
 * (greeting once, away message, outside-hours reply once per closed period, auto-resolve after N hours of
 * silence by one conditional UPDATE), chat channel (chat off, followers only, blocked words: refused in the
 * customer's language, nothing written), FAQ channel (quick menu, a pick answered by the page). Another
 * merchant's page 404, a role without rights 403, bad input refused with the field's message and nothing
 * written.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessPageFollows,
  businessPageMembers,
  businessPages,
  chatConversations,
  chatMessages,
  chatTemplates,
  customers,
  memberships,
  pageChatSettings,
  pageTags,
  users,
} from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { autoResolve } from '../../server/lib/chat-automation';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const PASSWORD = 'Demo@1234';
const viM = viApi.messageManagement;
const enM = enApi.messageManagement;
const viV = viValidation.validation;
const enV = enValidation.validation;

const CONFIG_OFF = {
  greetingEnabled: false,
  greetingText: null,
  outsideHoursEnabled: false,
  outsideHoursText: null,
  awayEnabled: false,
  awayText: null,
  autoResolveHours: null,
};
const CHANNEL_OPEN = { chatEnabled: true, whoCanStart: 'EVERYONE', blockedWords: [] };

describe('message management', () => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  let editor: string;
  let pageId: number;
  let otherPageId: number;
  const slug = 'api_msg_page';
  const customerTokens: Record<string, string> = {};
  const customerIds: Record<string, number> = {};

  const db = () => t.database.db;
  const mm = (p: number, rest: string, merchantId = SME) => `/api/businesspage/v3/merchants/${merchantId}/pages/${p}/message-management${rest}`;
  const inbox = (p: number, query: string) => `/api/businesspage/v3/merchants/${SME}/pages/${p}/live-chat/conversations?${query}`;
  const says = (who: string, body: string, lang = 'vi') =>
    t.call(customerTokens[who]!, { method: 'POST', url: `/api/public/pages/${slug}/chat/messages?lang=${lang}`, payload: { body } });
  const conversationOf = async (who: string) =>
    (await db().select().from(chatConversations).where(and(eq(chatConversations.pageId, pageId), eq(chatConversations.customerId, customerIds[who]!))))[0];
  const messagesOf = async (conversationId: number) =>
    db().select({ sender: chatMessages.sender, body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(chatMessages.id);
  const configure = (body: object) => t.call(owner, { method: 'PUT', url: mm(pageId, '/configuration'), payload: { ...CONFIG_OFF, ...body } });
  const channel = (body: object) => t.call(owner, { method: 'PUT', url: mm(pageId, '/chat-channel'), payload: { ...CHANNEL_OPEN, ...body } });

  async function staff(username: string, roles: string[], pageRole: string) {
    const [template] = await db().select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db().insert(users).values({ username, name: `Nhân viên ${username}`, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db().insert(memberships).values({ merchantId: SME, userId: user!.id, roles });
    await db().insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole });
    return t.login(username);
  }
  async function customer(key: string, fullName: string) {
    const [c] = await db()
      .insert(customers)
      .values({ username: `api_msg_${key}`, fullName, phone: null, passwordHash: await hash(PASSWORD) })
      .returning({ id: customers.id });
    customerIds[key] = c!.id;
    customerTokens[key] = (await t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username: `api_msg_${key}`, password: PASSWORD } })).json().data.token;
  }

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    const [page] = await db().insert(businessPages).values({ merchantId: SME, name: 'Quán Tin Nhắn', slug, status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
    const [other] = await db().insert(businessPages).values({ merchantId: OTHER, name: 'Trang khác', slug: 'api_msg_other', status: 'ACTIVE' }).returning({ id: businessPages.id });
    otherPageId = other!.id;
    owner = await t.login('owner_demo');
    agent = await staff('msg_agent', ['CUSTOMER_SERVICE'], 'CHAT_AGENT');
    editor = await staff('msg_editor', ['CUSTOMER_SERVICE'], 'EDITOR');
    for (const [key, name] of [
      ['lan', 'Trần Thị Lan'],
      ['minh', 'Lê Văn Minh'],
      ['hoa', 'Ngô Thị Hoa'],
      ['tuan', 'Đỗ Anh Tuấn'],
      ['binh', 'Vũ Văn Bình'],
    ] as const)
      await customer(key, name);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, renames and recolours tags: names unique per page whatever the case, palette colours only; nothing written on a refusal', async () => {
    const created = await t.call(owner, { method: 'POST', url: mm(pageId, '/tags'), payload: { name: 'Khách VIP', color: '#c62828' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Khách VIP', color: '#c62828', customers: 0 });
    const tagCount = async () => (await db().select({ n: count() }).from(pageTags).where(eq(pageTags.pageId, pageId)))[0]!.n;

    const dupVi = await t.call(owner, { method: 'POST', url: mm(pageId, '/tags'), payload: { name: 'khách vip', color: '#1565c0' } });
    expect(dupVi.statusCode).toBe(409);
    expect(dupVi.json().message).toBe(viM.tagNameTaken);
    const dupEn = await t.call(owner, { method: 'POST', url: mm(pageId, '/tags?lang=en'), payload: { name: 'KHÁCH VIP', color: '#1565c0' } });
    expect(dupEn.json().message).toBe(enM.tagNameTaken);

    const badVi = await t.call(owner, { method: 'POST', url: mm(pageId, '/tags'), payload: { name: 'Mới', color: '#123456' } });
    expect(badVi.statusCode).toBe(400);
    expect(badVi.json().message).toBe(`${viApi.fields.color}: ${viV.messageSettings.tagColor}`);
    const badEn = await t.call(owner, { method: 'POST', url: mm(pageId, '/tags?lang=en'), payload: { name: 'New', color: 'red' } });
    expect(badEn.json().message).toBe(`${enApi.fields.color}: ${enV.messageSettings.tagColor}`);
    expect(await tagCount()).toBe(1);

    const second = (await t.call(owner, { method: 'POST', url: mm(pageId, '/tags'), payload: { name: 'Hỏi giá', color: '#2e7d32' } })).json().data;
    const renameTaken = await t.call(owner, { method: 'PUT', url: mm(pageId, `/tags/${second.id}`), payload: { name: 'KHÁCH vip', color: '#2e7d32' } });
    expect(renameTaken.statusCode).toBe(409);
    const renamed = await t.call(owner, { method: 'PUT', url: mm(pageId, `/tags/${second.id}`), payload: { name: 'Hỏi giá sỉ', color: '#6a1b9a' } });
    expect(renamed.json().data).toMatchObject({ id: second.id, name: 'Hỏi giá sỉ', color: '#6a1b9a' });
    const list = (await t.call(agent, { method: 'GET', url: mm(pageId, '/tags') })).json().data as { name: string }[];
    expect(list.map((x) => x.name)).toEqual(['Hỏi giá sỉ', 'Khách VIP']);
  });

  it("refuses another merchant's page (404) and roles without the right (403), writing nothing", async () => {
    expect((await t.call(owner, { method: 'GET', url: mm(otherPageId, '/tags') })).statusCode).toBe(404);
    expect((await t.call(owner, { method: 'POST', url: mm(otherPageId, '/tags'), payload: { name: 'X', color: '#1565c0' } })).statusCode).toBe(404);
    expect((await t.call(owner, { method: 'GET', url: mm(otherPageId, '/templates') })).statusCode).toBe(404);
    // A chat agent uses tags and templates but configures nothing; an editor has no chat role.
    const before = (await db().select({ n: count() }).from(pageTags).where(eq(pageTags.pageId, pageId)))[0]!.n;
    expect((await t.call(agent, { method: 'POST', url: mm(pageId, '/tags'), payload: { name: 'Của agent', color: '#1565c0' } })).statusCode).toBe(403);
    expect((await t.call(agent, { method: 'POST', url: mm(pageId, '/templates'), payload: { title: 'A', shortcut: 'a', text: 'Chào' } })).statusCode).toBe(403);
    expect((await t.call(agent, { method: 'PUT', url: mm(pageId, '/configuration'), payload: CONFIG_OFF })).statusCode).toBe(403);
    expect((await t.call(agent, { method: 'PUT', url: mm(pageId, '/chat-channel'), payload: CHANNEL_OPEN })).statusCode).toBe(403);
    expect((await t.call(editor, { method: 'GET', url: mm(pageId, '/tags') })).statusCode).toBe(403);
    expect((await t.call(editor, { method: 'GET', url: mm(pageId, '/templates') })).statusCode).toBe(403);
    expect((await t.call(agent, { method: 'GET', url: mm(pageId, '/templates') })).statusCode).toBe(200);
    expect((await t.call(agent, { method: 'GET', url: mm(pageId, '/access') })).json().data).toEqual({ canConfigure: false });
    expect((await t.call(owner, { method: 'GET', url: mm(pageId, '/access') })).json().data).toEqual({ canConfigure: true });
    expect((await t.call(editor, { method: 'GET', url: mm(pageId, '/access') })).statusCode).toBe(403);
    expect((await db().select({ n: count() }).from(pageTags).where(eq(pageTags.pageId, pageId)))[0]!.n).toBe(before);
    expect((await db().select({ n: count() }).from(chatTemplates).where(eq(chatTemplates.pageId, pageId)))[0]!.n).toBe(0);
    expect((await db().select({ n: count() }).from(pageChatSettings).where(eq(pageChatSettings.pageId, pageId)))[0]!.n).toBe(0);
  });

  it('saves chat templates with ${name} and ${page} only and unique shortcuts', async () => {
    const unknownVi = await t.call(owner, { method: 'POST', url: mm(pageId, '/templates'), payload: { title: 'Chào', shortcut: 'chao', text: 'Chào ${ten}' } });
    expect(unknownVi.statusCode).toBe(400);
    expect(unknownVi.json().message).toBe(`${viApi.fields.text}: ${viV.templateUnknownPlaceholder.replace('{{names}}', 'ten')}`);
    const unknownEn = await t.call(owner, { method: 'POST', url: mm(pageId, '/templates?lang=en'), payload: { title: 'Hi', shortcut: 'hi', text: 'Hi ${customer}' } });
    expect(unknownEn.json().message).toBe(`${enApi.fields.text}: ${enV.templateUnknownPlaceholder.replace('{{names}}', 'customer')}`);
    const badShortcut = await t.call(owner, { method: 'POST', url: mm(pageId, '/templates'), payload: { title: 'Chào', shortcut: 'Chào bạn', text: 'Chào' } });
    expect(badShortcut.json().message).toBe(`${viApi.fields.shortcut}: ${viV.messageSettings.shortcut}`);
    expect((await db().select({ n: count() }).from(chatTemplates).where(eq(chatTemplates.pageId, pageId)))[0]!.n).toBe(0);

    const created = await t.call(owner, { method: 'POST', url: mm(pageId, '/templates'), payload: { title: 'Chào khách', shortcut: 'chao', text: 'Chào ${name}, ${page} có thể giúp gì?' } });
    expect(created.statusCode).toBe(200);
    const dup = await t.call(owner, { method: 'POST', url: mm(pageId, '/templates?lang=en'), payload: { title: 'Khác', shortcut: 'chao', text: 'Xin chào' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(enM.shortcutTaken);
    const listed = (await t.call(agent, { method: 'GET', url: mm(pageId, '/templates') })).json().data;
    expect(listed).toEqual([expect.objectContaining({ title: 'Chào khách', shortcut: 'chao', text: 'Chào ${name}, ${page} có thể giúp gì?' })]);
  });

  it("puts tags on a conversation's customer, shows them in the inbox and filters the inbox by tag", async () => {
    expect((await says('lan', 'Cho mình hỏi giá')).statusCode).toBe(200);
    expect((await says('minh', 'Quán mở cửa mấy giờ?')).statusCode).toBe(200);
    const lan = (await conversationOf('lan'))!;
    const vip = (await db().select().from(pageTags).where(and(eq(pageTags.pageId, pageId), eq(pageTags.name, 'Khách VIP'))))[0]!;
    const put = await t.call(agent, { method: 'POST', url: mm(pageId, `/conversations/${lan.id}/tags`), payload: { tagId: vip.id } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual([{ id: vip.id, name: 'Khách VIP', color: '#c62828' }]);
    // Again: nothing changes; a tag of another page is not found.
    expect((await t.call(agent, { method: 'POST', url: mm(pageId, `/conversations/${lan.id}/tags`), payload: { tagId: vip.id } })).json().data).toHaveLength(1);
    const [foreign] = await db().insert(pageTags).values({ merchantId: OTHER, pageId: otherPageId, name: 'Ngoài', color: '#1565c0' }).returning();
    expect((await t.call(agent, { method: 'POST', url: mm(pageId, `/conversations/${lan.id}/tags`), payload: { tagId: foreign!.id } })).statusCode).toBe(404);

    const tags = (await t.call(owner, { method: 'GET', url: mm(pageId, '/tags') })).json().data as { name: string; customers: number }[];
    expect(tags.find((x) => x.name === 'Khách VIP')!.customers).toBe(1);
    const filtered = (await t.call(agent, { method: 'GET', url: inbox(pageId, `tagId=${vip.id}`) })).json().data;
    expect(filtered.content.map((c: { customerName: string }) => c.customerName)).toEqual(['Trần Thị Lan']);
    expect(filtered.content[0].tags).toEqual([{ id: vip.id, name: 'Khách VIP', color: '#c62828' }]);
    const all = (await t.call(agent, { method: 'GET', url: inbox(pageId, 'filter=all') })).json().data;
    expect(all.content.map((c: { customerName: string }) => c.customerName).sort()).toEqual(['Lê Văn Minh', 'Trần Thị Lan']);

    const off = await t.call(agent, { method: 'DELETE', url: mm(pageId, `/conversations/${lan.id}/tags/${vip.id}`) });
    expect(off.json().data).toEqual([]);
    expect((await t.call(agent, { method: 'GET', url: inbox(pageId, `tagId=${vip.id}`) })).json().data.content).toEqual([]);
  });

  it('sends the greeting once, on the first customer message, with ${name} and ${page} filled', async () => {
    const missing = await configure({ greetingEnabled: true, greetingText: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(`${viApi.fields.greetingText}: ${viV.messageSettings.textWhenOn}`);
    const unknown = await configure({ greetingEnabled: true, greetingText: 'Chào ${khach}' });
    expect(unknown.json().message).toBe(`${viApi.fields.greetingText}: ${viV.templateUnknownPlaceholder.replace('{{names}}', 'khach')}`);
    expect((await db().select({ n: count() }).from(pageChatSettings).where(eq(pageChatSettings.pageId, pageId)))[0]!.n).toBe(0);

    expect((await configure({ greetingEnabled: true, greetingText: 'Chào ${name}, cảm ơn bạn đã nhắn cho ${page}!' })).statusCode).toBe(200);
    await says('hoa', 'Xin chào');
    await says('hoa', 'Còn bàn không?');
    const hoa = (await conversationOf('hoa'))!;
    expect(await messagesOf(hoa.id)).toEqual([
      { sender: 'CUSTOMER', body: 'Xin chào' },
      { sender: 'SYSTEM', body: 'Chào Ngô Thị Hoa, cảm ơn bạn đã nhắn cho Quán Tin Nhắn!' },
      { sender: 'CUSTOMER', body: 'Còn bàn không?' },
    ]);
    // The customer sees the page's greeting in their history.
    const history = (await t.call(customerTokens.hoa!, { method: 'GET', url: `/api/public/pages/${slug}/chat/messages` })).json().data.content;
    expect(history.map((m: { sender: string; body: string }) => m.sender)).toEqual(['CUSTOMER', 'SYSTEM', 'CUSTOMER']);
  });

  it('answers outside office hours once per closed period, and the away message once per away period', async () => {
    // Open only on the day after today (Vietnam time): now is outside the hours.
    const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    const vnDay = new Date(Date.now() + 7 * 3_600_000).getUTCDay();
    await db().update(businessPages).set({ openingHours: { [days[(vnDay + 1) % 7]!]: { open: '08:00', close: '17:00' } } }).where(eq(businessPages.id, pageId));
    expect((await configure({ outsideHoursEnabled: true, outsideHoursText: 'Dạ ${name}, ${page} đang ngoài giờ làm việc.' })).statusCode).toBe(200);
    const config = (await t.call(agent, { method: 'GET', url: mm(pageId, '/configuration') })).json().data;
    expect(config).toMatchObject({ outsideHoursEnabled: true, hasOpeningHours: true, greetingEnabled: false });
    await says('tuan', 'Alo');
    await says('tuan', 'Có ai không?');
    const tuan = (await conversationOf('tuan'))!;
    expect(await messagesOf(tuan.id)).toEqual([
      { sender: 'CUSTOMER', body: 'Alo' },
      { sender: 'SYSTEM', body: 'Dạ Đỗ Anh Tuấn, Quán Tin Nhắn đang ngoài giờ làm việc.' },
      { sender: 'CUSTOMER', body: 'Có ai không?' },
    ]);

    // Away mode wins over the outside-hours reply; switched off and on again, it is a new away period.
    expect((await configure({ outsideHoursEnabled: true, outsideHoursText: 'Ngoài giờ', awayEnabled: true, awayText: 'Chúng tôi tạm vắng, ${name} nhé.' })).statusCode).toBe(200);
    await says('tuan', 'Vẫn chưa ai trả lời');
    await says('tuan', 'Hic');
    expect((await messagesOf(tuan.id)).slice(3)).toEqual([
      { sender: 'CUSTOMER', body: 'Vẫn chưa ai trả lời' },
      { sender: 'SYSTEM', body: 'Chúng tôi tạm vắng, Đỗ Anh Tuấn nhé.' },
      { sender: 'CUSTOMER', body: 'Hic' },
    ]);
    await configure({ awayEnabled: false, awayText: 'Chúng tôi tạm vắng, ${name} nhé.' });
    await new Promise((r) => setTimeout(r, 5));
    await configure({ awayEnabled: true, awayText: 'Vắng lần hai' });
    await says('tuan', 'Lại nữa');
    expect((await messagesOf(tuan.id)).slice(-2)).toEqual([
      { sender: 'CUSTOMER', body: 'Lại nữa' },
      { sender: 'SYSTEM', body: 'Vắng lần hai' },
    ]);
    await configure({});
    await db().update(businessPages).set({ openingHours: {} }).where(eq(businessPages.id, pageId));
  });

  it('refuses blocked words, chat off and non-followers of a followers-only page in the customer’s language, writing nothing', async () => {
    const dup = await channel({ blockedWords: ['lừa đảo', 'LỪA ĐẢO'] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(`${viApi.fields.blockedWords}: ${viV.messageSettings.blockedWordsDuplicate}`);
    expect((await channel({ blockedWords: ['lừa đảo', 'spam'] })).statusCode).toBe(200);
    const lan = (await conversationOf('lan'))!;
    const before = (await messagesOf(lan.id)).length;
    const vi = await says('lan', 'Shop này LỪA ĐẢO à?');
    expect(vi.statusCode).toBe(400);
    expect(vi.json().message).toBe(viM.blockedWord);
    const en = await says('lan', 'no SPAM please', 'en');
    expect(en.json().message).toBe(enM.blockedWord);
    expect((await messagesOf(lan.id)).length).toBe(before);
    expect((await says('lan', 'Cảm ơn shop')).statusCode).toBe(200);

    expect((await channel({ chatEnabled: false })).statusCode).toBe(200);
    const off = await says('lan', 'Còn đó không?', 'en');
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(enM.chatOff);
    const menu = (await t.call(null, { method: 'GET', url: `/api/public/pages/${slug}/chat/menu` })).json().data;
    expect(menu).toEqual({ chatEnabled: false, followersOnly: false, menu: [], faq: [] });

    expect((await channel({ whoCanStart: 'FOLLOWERS' })).statusCode).toBe(200);
    const refused = await says('binh', 'Cho hỏi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(viM.followersOnly);
    expect(await conversationOf('binh')).toBeUndefined();
    expect((await t.call(customerTokens.binh!, { method: 'GET', url: `/api/public/pages/${slug}/chat/menu` })).json().data.followersOnly).toBe(true);
    // Those already in a conversation keep writing; a follower may start one.
    expect((await says('lan', 'Mình vẫn nhắn được')).statusCode).toBe(200);
    await db().insert(businessPageFollows).values({ pageId, customerId: customerIds.binh! });
    expect((await t.call(customerTokens.binh!, { method: 'GET', url: `/api/public/pages/${slug}/chat/menu` })).json().data.followersOnly).toBe(false);
    expect((await says('binh', 'Cho hỏi')).statusCode).toBe(200);
    await channel({});
  });

  it('resolves conversations silent for the page’s N hours, once (one conditional update)', async () => {
    const now = new Date();
    const lan = (await conversationOf('lan'))!;
    const minh = (await conversationOf('minh'))!;
    await db().update(chatConversations).set({ status: 'OPEN', lastMessageAt: new Date(now.getTime() - 3 * 3_600_000) }).where(eq(chatConversations.id, lan.id));
    await db().update(chatConversations).set({ status: 'OPEN', lastMessageAt: new Date(now.getTime() - 1 * 3_600_000) }).where(eq(chatConversations.id, minh.id));
    expect(await autoResolve(db(), now)).toBe(0); // not configured: never
    const bad = await configure({ autoResolveHours: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await configure({ autoResolveHours: 2 })).statusCode).toBe(200);
    const first = await autoResolve(db(), now);
    expect(first).toBeGreaterThanOrEqual(1);
    expect((await conversationOf('lan'))!.status).toBe('RESOLVED');
    expect((await conversationOf('minh'))!.status).toBe('OPEN');
    expect(await autoResolve(db(), now)).toBe(0);
    // Two hours later Minh's conversation is silent long enough too.
    expect(await autoResolve(db(), new Date(now.getTime() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await conversationOf('minh'))!.status).toBe('RESOLVED');
    await configure({});
  });

  it('shows the quick menu and FAQ questions when a chat opens, and answers a picked question from the page', async () => {
    const badAnswer = await t.call(owner, { method: 'POST', url: mm(pageId, '/faq?lang=en'), payload: { question: 'Giờ mở cửa?', answer: 'Chào ${ten}' } });
    expect(badAnswer.statusCode).toBe(400);
    expect(badAnswer.json().message).toBe(`${enApi.fields.answer}: ${enV.templateUnknownPlaceholder.replace('{{names}}', 'ten')}`);
    const faq = (await t.call(owner, { method: 'POST', url: mm(pageId, '/faq'), payload: { question: 'Quán mở cửa lúc nào?', answer: 'Dạ ${name}, ${page} mở cửa 7:00–22:00 mỗi ngày.' } })).json().data;
    const [otherFaq] = await db().insert(pageTags).values({ merchantId: OTHER, pageId: otherPageId, name: 'Khác 2', color: '#1565c0' }).returning();
    const wrongMenu = await t.call(owner, { method: 'PUT', url: mm(pageId, '/quick-menu'), payload: { items: [{ label: 'Hỏi', faqId: otherFaq!.id + 100000 }] } });
    expect(wrongMenu.statusCode).toBe(400);
    expect(wrongMenu.json().message).toBe(viM.unknownFaq);
    const tooMany = await t.call(owner, { method: 'PUT', url: mm(pageId, '/quick-menu'), payload: { items: Array.from({ length: 6 }, (_, i) => ({ label: `Nút ${i}`, faqId: null })) } });
    expect(tooMany.statusCode).toBe(400);
    const saved = await t.call(owner, { method: 'PUT', url: mm(pageId, '/quick-menu'), payload: { items: [{ label: 'Giờ mở cửa', faqId: faq.id }, { label: 'Gặp nhân viên', faqId: null }] } });
    expect(saved.statusCode).toBe(200);

    const menu = (await t.call(null, { method: 'GET', url: `/api/public/pages/${slug}/chat/menu` })).json().data;
    expect(menu).toMatchObject({ chatEnabled: true, followersOnly: false, faq: [{ id: faq.id, question: 'Quán mở cửa lúc nào?' }] });
    expect(menu.menu.map((m: { label: string }) => m.label)).toEqual(['Giờ mở cửa', 'Gặp nhân viên']);

    const picked = await t.call(customerTokens.minh!, { method: 'POST', url: `/api/public/pages/${slug}/chat/menu`, payload: { faqId: faq.id } });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().data.question).toMatchObject({ sender: 'CUSTOMER', body: 'Quán mở cửa lúc nào?' });
    expect(picked.json().data.answer).toMatchObject({ sender: 'SYSTEM', body: 'Dạ Lê Văn Minh, Quán Tin Nhắn mở cửa 7:00–22:00 mỗi ngày.' });
    const button = await t.call(customerTokens.minh!, { method: 'POST', url: `/api/public/pages/${slug}/chat/menu`, payload: { menuItemId: menu.menu[1].id } });
    expect(button.json().data).toMatchObject({ question: { body: 'Gặp nhân viên' }, answer: null });
    const minh = (await conversationOf('minh'))!;
    expect((await messagesOf(minh.id)).slice(-3)).toEqual([
      { sender: 'CUSTOMER', body: 'Quán mở cửa lúc nào?' },
      { sender: 'SYSTEM', body: 'Dạ Lê Văn Minh, Quán Tin Nhắn mở cửa 7:00–22:00 mỗi ngày.' },
      { sender: 'CUSTOMER', body: 'Gặp nhân viên' },
    ]);
    // A question of another page is not found; without a customer session nothing is sent.
    expect((await t.call(customerTokens.minh!, { method: 'POST', url: `/api/public/pages/${slug}/chat/menu`, payload: { faqId: faq.id + 100000 } })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'POST', url: `/api/public/pages/${slug}/chat/menu`, payload: { faqId: faq.id } })).statusCode).toBe(401);
  });
});
