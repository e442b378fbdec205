/**
 * The public page's chat widget (src/public-page/chat.ts) alone, with a stand-in websocket and API: the
 * history first, then the socket with the token in its first frame and `since` = the highest id held; a
 * dropped socket reconnects after a backoff with a fresh token and `since` moved on, and a message
 * replayed by the catch-up is shown once; typing, unread, read frames and receipts; a 4403 ends it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import texts from '../../../src/i18n/vi/publicPage.json' with { type: 'json' };
import type { ChatMessage } from '@/domain/liveChat';
import type { PublicPage } from '@/domain/publicPage';
import { FakeSocket } from './fakeSocket';


const message = (id: number, sender: 'CUSTOMER' | 'STAFF', body: string): ChatMessage => ({
  id,
  conversationId: 7,
  pageId: 3,
  sender,
  senderUserId: null,
  senderName: null,
  kind: 'TEXT',
  body,
  attachment: null,
  paymentLinkId: null,
  paymentLink: null,
  clientMessageId: null,
  createdAt: '2026-05-01T03:00:00.000Z',
  deliveredAt: null,
  readAt: null,
});

const PAGE = { slug: 'quan_test', name: 'Quán Thử', demo: true, viewer: { name: 'Khách', following: false, review: null, badges: [] } } as unknown as PublicPage;
const chat = texts.publicPage.chat;

describe('public page chat widget', () => {
  const calls: string[] = [];
  let tokens = 0;

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    FakeSocket.all = [];
    calls.length = 0;
    tokens = 0;
    window.history.replaceState({}, '', '/portal/p/quan_test?lang=vi');
    sessionStorage.setItem('portal.customerSession', JSON.stringify({ token: 'customer-session', expiresAt: '2999-01-01T00:00:00Z', name: 'Khách' }));
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${url}`);
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.startsWith('/portal/locales/')) return json(texts);
        if (url.startsWith('/api/public/pages/quan_test/chat/messages')) return json({ status: 0, data: { content: [message(2, 'CUSTOMER', 'Chào quán'), message(1, 'STAFF', 'Xin chào')], nextBefore: null } });
        if (url.startsWith('/api/public/pages/quan_test/chat/token')) {
          tokens += 1;
          return json({ status: 0, data: { token: `chat-token-${tokens}`, expiresAt: '', pageIds: [3], conversationId: 7, pageId: 3, pageName: 'Quán Thử', unread: 0 } });
        }
        if (url.startsWith('/api/public/pages/quan_test/broadcasts/unsubscribe')) return json({ status: 0, data: { unsubscribed: true } });
        return json({ status: 0, data: null });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    document.body.replaceChildren();
  });

  it('reads the history, connects with the token in the first frame, reconnects with backoff and catches up once', async () => {
    const dom = await import('@/public-page/dom');
    await dom.loadTexts();
    const { chatSection } = await import('@/public-page/chat');
    const section = chatSection(PAGE)!;
    document.body.append(section);
    await vi.advanceTimersByTimeAsync(0);
    const log = section.querySelector('[role=log]')!;
    const bodies = () => [...log.querySelectorAll('.msg .text')].map((p) => p.textContent);
    expect(bodies()).toEqual(['Xin chào', 'Chào quán']);

    // The token travels in the first frame, never in the address.
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe(`ws://${window.location.host}/api/live-chat/ws`);
    expect(calls.some((c) => c.includes('chat-token') || c.includes('customer-session'))).toBe(false);
    first.open();
    expect(first.sent[0]).toEqual({ type: 'auth', token: 'chat-token-1', since: 2 });
    first.emit({ type: 'ready', pageIds: [3], caughtUp: 0, lastId: 2 });
    expect(section.querySelector('[data-testid=chat-status]')!.textContent).toBe(chat.status.live);

    // A staff message while the chat is closed: shown, counted unread; typing shown.
    first.emit({ type: 'typing', conversationId: 7, sender: 'STAFF', name: 'Lan' });
    expect(section.querySelector('.chat-typing')!.textContent).toBe(chat.typing.replace('{{name}}', 'Quán Thử'));
    first.emit({ type: 'message', message: message(3, 'STAFF', 'Quán còn bàn') });
    expect(bodies()).toEqual(['Xin chào', 'Chào quán', 'Quán còn bàn']);
    expect(section.querySelector('.chat-typing')!.textContent).toBe('');
    expect(section.querySelector('.badge')!.textContent).toBe(chat.unread.replace('{{count}}', '1'));

    // Dropped: reconnecting, then after the backoff a fresh token and `since` = 3.
    first.drop(1006);
    expect(section.querySelector('[data-testid=chat-status]')!.textContent).toBe(chat.status.reconnecting);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1300);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent[0]).toEqual({ type: 'auth', token: 'chat-token-2', since: 3 });
    // The catch-up replays 3 (already shown) and brings 4: each shown once.
    second.emit({ type: 'message', message: message(3, 'STAFF', 'Quán còn bàn') });
    second.emit({ type: 'message', message: message(4, 'STAFF', 'Mấy người ạ?') });
    second.emit({ type: 'ready', pageIds: [3], caughtUp: 2, lastId: 4 });
    expect(bodies()).toEqual(['Xin chào', 'Chào quán', 'Quán còn bàn', 'Mấy người ạ?']);

    // Opening the chat reads what is on screen (over the socket), and the receipt of the customer's last message follows the page.
    section.querySelector<HTMLButtonElement>('button[aria-controls=chat-panel]')!.click();
    expect(second.sent).toContainEqual({ type: 'read', conversationId: 7, upToId: 4 });
    expect(section.querySelector('.badge')!.hasAttribute('hidden')).toBe(true);
    expect(section.querySelector('[data-testid=chat-receipt]')!.textContent).toBe(chat.sent);
    second.emit({ type: 'receipt', conversationId: 7, kind: 'delivered', sender: 'STAFF', upToId: 2 });
    expect(section.querySelector('[data-testid=chat-receipt]')!.textContent).toBe(chat.delivered);
    second.emit({ type: 'receipt', conversationId: 7, kind: 'read', sender: 'STAFF', upToId: 2 });
    expect(section.querySelector('[data-testid=chat-receipt]')!.textContent).toBe(chat.read);

    // The same session keeps the same widget through the page's re-renders.
    expect(chatSection(PAGE)).toBe(section);

    // No longer allowed (signed out elsewhere): closed for good, no reconnect.
    second.drop(4403);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(section.querySelector('[data-testid=chat-status]')!.textContent).toBe(chat.status.closed);
    expect(section.querySelector<HTMLTextAreaElement>('#chat-input')!.disabled).toBe(true);
  });

  it('offers “unsubscribe” under a broadcast only, and stops the page’s broadcasts with it', async () => {
    const dom = await import('@/public-page/dom');
    await dom.loadTexts();
    const { chatSection } = await import('@/public-page/chat');
    const section = chatSection(PAGE)!;
    document.body.append(section);
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.emit({ type: 'ready', pageIds: [3], caughtUp: 0, lastId: 2 });
    socket.emit({ type: 'message', message: { ...message(3, 'STAFF', 'Ưu đãi tuần này'), clientMessageId: 'broadcast:12' } });
    socket.emit({ type: 'message', message: { ...message(4, 'STAFF', 'Ảnh kèm'), clientMessageId: 'broadcast:12:image' } });
    socket.emit({ type: 'message', message: { ...message(5, 'CUSTOMER', 'broadcast:12'), clientMessageId: 'broadcast:12' } });
    const buttons = () => [...section.querySelectorAll<HTMLButtonElement>('.unsubscribe button')];
    expect(buttons()).toHaveLength(1);
    expect(buttons()[0]!.closest('.msg')!.getAttribute('data-id')).toBe('3');
    expect(buttons()[0]!.textContent).toBe(chat.unsubscribe);
    buttons()[0]!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContain('POST /api/public/pages/quan_test/broadcasts/unsubscribe?lang=vi');
    expect(buttons()).toHaveLength(0);
    expect(section.querySelector('.unsubscribe [role=status]')!.textContent).toBe(chat.unsubscribed);
  });

  it('invites a visitor without a session to sign in, and closes the socket when the session ends', async () => {
    const dom = await import('@/public-page/dom');
    await dom.loadTexts();
    const { chatSection } = await import('@/public-page/chat');
    chatSection(PAGE);
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.all[0]!;
    socket.open();
    sessionStorage.clear();
    const invitation = chatSection({ ...PAGE, viewer: null })!;
    expect(invitation.textContent).toContain(chat.signInToChat);
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    expect(chatSection({ ...PAGE, demo: false })).toBeNull();
  });
});
