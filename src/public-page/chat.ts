/**
 * The chat widget of the public page (issue 18): a signed-in demo customer talks with the page's staff.
 * History comes from the REST API (newest first, keyset: "Show older" pages back); everything new arrives
 * over the live-chat websocket, opened with a two-minute chat token fetched with the customer session in
 * the Authorization header and sent in the socket's first frame (never in a URL), with `since` = the
 * highest message id held, so a reconnect (with backoff) replays exactly what was missed. Typing and
 * delivered/read receipts travel both ways; payment-link cards open the payer page; pictures and PDFs are
 * uploaded through the same checks as the staff's.
 *
 * The widget survives the page's re-renders (a follow, a review): `chatSection` hands back the same
 * element, socket and state while the same customer session lasts, and closes them when it ends.
 * `whenChatOpens` is where a block shown as the chat opens (FAQ, quick menu) is rendered.
 */
import { CustomerCareApiPaths, LiveChatApiPaths } from '@/domain/api';
import { formatMoney } from '@/domain/format';
import {
  CHAT_FILE_EXTENSIONS,
  CHAT_IMAGE_EXTENSIONS,
  LIVE_CHAT_LIMITS,
  LIVE_CHAT_WS_PATH,
  WS_CLOSE,
  type ChatMessage,
  type WsServerFrame,
} from '@/domain/liveChat';
import { payerPagePath } from '@/domain/paymentLinks';
import type { PublicPage } from '@/domain/publicPage';
import { formatVietnamDateTime } from '@/domain/time';
import { backoffDelay } from '@/features/notifications/eventStream';
import { api, customerSession, el, lang, path, t } from './dom';
import { renderChatMenu } from './chat-menu';

/** How often an idle socket says it is still there (proxies close silent connections). */
const PING_MS = 25_000;
/** Typing frames sent at most this often while the customer types. */
const TYPING_EVERY_MS = 2_000;

type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** What a block rendered when the chat opens may do (e.g. send a chosen question as the customer's message). */
export interface ChatOpeningContext {
  page: PublicPage;
  /** Sends `text` as the customer's message, as if typed. */
  sendText(text: string): Promise<boolean>;
}

/**
 * What the customer sees first when the chat opens: the page's quick menu and FAQ questions
 * (./chat-menu.ts; a pick is sent as the customer's message and an FAQ answer follows from the page over
 * the socket), rendered into `container` above the conversation each time the chat is opened.
 */
export function whenChatOpens(container: HTMLElement, context: ChatOpeningContext): void {
  void context;
  void renderChatMenu(container);
}

interface ChatWidget {
  key: string;
  section: HTMLElement;
  stop(): void;
}

let current: ChatWidget | null = null;

/** The chat section of the page: the live widget for a signed-in demo customer, an invitation otherwise. */
export function chatSection(page: PublicPage): HTMLElement | null {
  const session = customerSession();
  if (!page.demo) {
    current?.stop();
    current = null;
    return null;
  }
  if (!page.viewer || !session) {
    current?.stop();
    current = null;
    return el(
      'section',
      { class: 'card chat', 'aria-labelledby': 'chat-title' },
      el('h2', { id: 'chat-title' }, t('chat.title', { name: page.name })),
      el('p', { class: 'muted' }, t('chat.signInToChat')),
    );
  }
  const key = `${page.slug}\n${session.token}`;
  if (current?.key !== key) {
    current?.stop();
    current = createWidget(page, key);
  }
  return current.section;
}

/** The chat websocket's address on this origin (ws: or wss:). */
function socketUrl(): string {
  const url = new URL(`/api${LIVE_CHAT_WS_PATH}`, window.location.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

const newClientId = () => (crypto.randomUUID ? crypto.randomUUID().replace(/-/g, '') : `${Date.now()}${Math.random().toString(36).slice(2)}`);

function createWidget(page: PublicPage, key: string): ChatWidget {
  const messages = new Map<number, ChatMessage>();
  const items = new Map<number, HTMLDivElement>();
  let conversationId: number | null = null;
  let nextBefore: number | null = null;
  /** The highest message id held: the next connection's `since`. */
  let since = 0;
  /** Staff have received / read the customer's messages up to these ids. */
  let deliveredUpTo = 0;
  let readUpTo = 0;
  /** The page's messages up to this id are reported read. */
  let readSent = 0;
  let unread = 0;
  /** The first token also says how many of the page's messages are unread. */
  let firstToken = true;
  let opened = false;
  let stopped = false;
  let socket: WebSocket | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let lastTypingSent = 0;
  let draftId = newClientId();

  // ------------------------------------------------------------------------------------------------
  // Elements
  // ------------------------------------------------------------------------------------------------
  const status = el('span', { class: 'muted chat-status', 'data-testid': 'chat-status' }, t('chat.status.connecting'));
  const badge = el('span', { class: 'badge', hidden: '' });
  const toggle = el('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'chat-panel' }, t('chat.open'));
  const toggleRow = el('p', { class: 'actions' }, toggle, badge, status);
  const opening = el('div', { class: 'chat-opening' });
  const older = el('button', { type: 'button', class: 'link', hidden: '' }, t('chat.older'));
  const empty = el('p', { class: 'muted' }, t('chat.empty'));
  const log = el('div', { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat.log', { name: page.name }), tabindex: '0' });
  const typing = el('p', { class: 'muted chat-typing', role: 'status' });
  const input = el('textarea', { id: 'chat-input', name: 'body', rows: '2', maxlength: String(LIVE_CHAT_LIMITS.textMaxLength), autocomplete: 'off' });
  const sendButton = el('button', { type: 'submit' }, t('chat.send'));
  const accept = [...CHAT_IMAGE_EXTENSIONS, ...CHAT_FILE_EXTENSIONS].map((e) => `.${e}`).join(',');
  const file = el('input', { id: 'chat-file', name: 'file', type: 'file', accept, 'aria-describedby': 'chat-file-hint' });
  const error = el('p', { class: 'error', role: 'alert' });
  const form = el(
    'form',
    { class: 'chat-form' },
    el('label', { for: 'chat-input' }, t('chat.message')),
    input,
    el('p', { class: 'muted chat-hint', id: 'chat-input-hint' }, t('chat.enterHint')),
    el('div', { class: 'actions' }, sendButton),
    el('label', { for: 'chat-file' }, t('chat.attach')),
    file,
    el('p', { class: 'muted chat-hint', id: 'chat-file-hint' }, t('chat.attachHint')),
    error,
  );
  input.setAttribute('aria-describedby', 'chat-input-hint');
  const panel = el('div', { id: 'chat-panel', hidden: '' }, opening, older, empty, log, typing, form);
  const section = el('section', { class: 'card chat', 'aria-labelledby': 'chat-title' }, el('h2', { id: 'chat-title' }, t('chat.title', { name: page.name })), toggleRow, panel);

  // ------------------------------------------------------------------------------------------------
  // Rendering
  // ------------------------------------------------------------------------------------------------
  const setStatus = (s: SocketStatus) => {
    status.textContent = t(`chat.status.${s}`);
    status.dataset.state = s;
  };
  const showUnread = () => {
    badge.hidden = unread === 0 || opened;
    badge.textContent = t('chat.unread', { count: unread });
  };
  const lastMine = () => {
    let top = 0;
    for (const m of messages.values()) if (m.sender === 'CUSTOMER' && m.id > top) top = m.id;
    return top;
  };
  const receiptOf = (m: ChatMessage) => {
    if (m.readAt || readUpTo >= m.id) return t('chat.read');
    if (m.deliveredAt || deliveredUpTo >= m.id) return t('chat.delivered');
    return t('chat.sent');
  };

  function contentOf(m: ChatMessage): Node[] {
    if (m.kind === 'IMAGE' && m.attachment) return [el('img', { src: m.attachment.url, alt: m.attachment.name, loading: 'lazy' })];
    if (m.kind === 'FILE' && m.attachment) return [el('a', { href: m.attachment.url, download: m.attachment.name }, t('chat.download', { name: m.attachment.name }))];
    if (m.kind === 'PAYMENT_LINK' && m.paymentLink) {
      const link = m.paymentLink;
      return [
        el(
          'div',
          { class: 'paycard' },
          el('strong', {}, link.title || m.body),
          m.body && m.body !== link.title ? el('p', {}, m.body) : null,
          el('p', {}, link.amountType === 'FIXED' && link.amount !== null ? t('chat.amount', { amount: formatMoney(link.amount, lang) }) : t('chat.openAmount')),
          el('a', { class: 'button', href: payerPagePath(link.code), target: '_blank', rel: 'noopener', 'aria-label': t('chat.payLabel', { title: link.title || m.body }) }, t('chat.pay')),
        ),
      ];
    }
    return [el('p', { class: 'text' }, m.body)];
  }

  /** Under a broadcast's text (server/lib/broadcasts marks it `broadcast:<id>`): stop the page's broadcasts. */
  function unsubscribeOf(m: ChatMessage): Node | null {
    if (m.sender === 'CUSTOMER' || !/^broadcast:\d+$/.test(m.clientMessageId ?? '')) return null;
    const note = el('span', { class: 'meta', role: 'status' });
    const button = el('button', { type: 'button', class: 'secondary' }, t('chat.unsubscribe'));
    button.addEventListener('click', () => {
      button.disabled = true;
      void api<{ unsubscribed: boolean }>(path(CustomerCareApiPaths.unsubscribe), { method: 'POST' }).then((res) => {
        if (res.ok) button.remove();
        else button.disabled = false;
        note.textContent = res.ok ? t('chat.unsubscribed') : (res.message ?? t('chat.sendFailed'));
      });
    });
    return el('div', { class: 'unsubscribe' }, button, note);
  }

  function itemOf(m: ChatMessage): HTMLDivElement {
    const mine = m.sender === 'CUSTOMER';
    const meta = el('span', { class: 'meta' }, formatVietnamDateTime(new Date(m.createdAt)));
    return el(
      'div',
      { class: `msg ${mine ? 'mine' : 'theirs'}`, 'data-id': String(m.id) },
      el('span', { class: 'who' }, mine ? t('chat.you') : page.name),
      ...contentOf(m),
      meta,
      unsubscribeOf(m),
    );
  }

  /** The receipt under the customer's last message only (as messengers do). */
  function refreshReceipt() {
    for (const receipt of log.querySelectorAll('.receipt')) receipt.remove();
    const id = lastMine();
    const li = items.get(id);
    const m = messages.get(id);
    if (li && m) li.append(el('span', { class: 'receipt', 'data-testid': 'chat-receipt' }, receiptOf(m)));
  }

  /** Adds messages (any order), each once; newer than all held ones are appended (and announced). */
  function add(list: ChatMessage[]) {
    const fresh = list.filter((m) => m.kind !== 'NOTE' && !messages.has(m.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return [];
    for (const m of fresh) {
      messages.set(m.id, m);
      conversationId ??= m.conversationId;
      since = Math.max(since, m.id);
      const li = itemOf(m);
      items.set(m.id, li);
      // Insert in id order: before the first held message with a higher id.
      const after = [...items.keys()].filter((id) => id > m.id).sort((a, b) => a - b)[0];
      const before = after === undefined ? null : items.get(after)!;
      log.insertBefore(li, before ?? null);
    }
    empty.hidden = messages.size > 0;
    refreshReceipt();
    return fresh;
  }

  function scrollToEnd() {
    log.scrollTop = log.scrollHeight;
  }

  // ------------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------------
  /** Reports the page's messages on screen read (the panel open, the tab visible). */
  function markRead() {
    if (!opened || document.visibilityState !== 'visible' || conversationId === null) return;
    let top = 0;
    for (const m of messages.values()) if (m.sender !== 'CUSTOMER' && m.id > top) top = m.id;
    if (top <= readSent) return;
    readSent = top;
    unread = 0;
    showUnread();
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'read', conversationId, upToId: top }));
    else void api(path(LiveChatApiPaths.customerRead), { method: 'POST', body: JSON.stringify({ upToId: top }) });
  }

  async function loadOlder() {
    older.disabled = true;
    const query = new URLSearchParams({ size: String(LIVE_CHAT_LIMITS.historyPageSize) });
    if (nextBefore) query.set('before', String(nextBefore));
    const res = await api<{ content: ChatMessage[]; nextBefore: number | null }>(`${path(LiveChatApiPaths.customerMessages)}?${query}`);
    older.disabled = false;
    if (!res.ok || !res.data) {
      error.textContent = res.message ?? t('actionFailed');
      return false;
    }
    const height = log.scrollHeight;
    const top = log.scrollTop;
    add(res.data.content);
    nextBefore = res.data.nextBefore;
    older.hidden = nextBefore === null;
    // Older messages go above: what was on screen stays where it was.
    log.scrollTop = top + (log.scrollHeight - height);
    return true;
  }

  // ------------------------------------------------------------------------------------------------
  // The socket
  // ------------------------------------------------------------------------------------------------
  function onFrame(frame: WsServerFrame) {
    switch (frame.type) {
      case 'ready':
        failures = 0;
        since = Math.max(since, frame.lastId);
        setStatus('live');
        markRead();
        return;
      case 'message': {
        const fresh = add([frame.message]);
        if (fresh.length === 0) return;
        if (frame.message.sender !== 'CUSTOMER') {
          typing.textContent = '';
          if (opened && document.visibilityState === 'visible') markRead();
          else {
            unread += 1;
            showUnread();
          }
        }
        scrollToEnd();
        return;
      }
      case 'typing':
        if (frame.sender === 'CUSTOMER') return;
        typing.textContent = t('chat.typing', { name: page.name });
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => {
          typing.textContent = '';
        }, LIVE_CHAT_LIMITS.typingMs);
        return;
      case 'receipt':
        if (frame.sender === 'CUSTOMER') return;
        deliveredUpTo = Math.max(deliveredUpTo, frame.upToId);
        if (frame.kind === 'read') readUpTo = Math.max(readUpTo, frame.upToId);
        refreshReceipt();
        return;
      default:
        return;
    }
  }

  function retry() {
    if (stopped) return;
    failures += 1;
    setStatus('reconnecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoffDelay(failures));
  }

  async function connect() {
    if (stopped || socket) return;
    setStatus(failures === 0 ? 'connecting' : 'reconnecting');
    const res = await api<{ token: string; conversationId: number | null; unread: number }>(path(LiveChatApiPaths.customerToken), { method: 'POST' });
    if (stopped) return;
    if (!res.ok || !res.data) {
      // The customer session ended: nothing to reconnect with.
      if (res.status === 401) return end();
      return retry();
    }
    conversationId ??= res.data.conversationId;
    if (firstToken) {
      firstToken = false;
      unread = res.data.unread;
      showUnread();
    }
    const ws = new WebSocket(socketUrl());
    socket = ws;
    const token = res.data.token;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, since }));
    ws.onmessage = (event) => {
      try {
        onFrame(JSON.parse(String(event.data)) as WsServerFrame);
      } catch {
        // A frame this page does not understand is skipped.
      }
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      if (event.code === WS_CLOSE.forbidden) return end();
      retry();
    };
  }

  /** The session ended (signed out elsewhere, expired): the widget says so and stops. */
  function end() {
    stop();
    setStatus('closed');
    input.disabled = true;
    sendButton.disabled = true;
    file.disabled = true;
  }

  function stop() {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(typingTimer);
    clearInterval(pingTimer);
    document.removeEventListener('visibilitychange', markRead);
    window.removeEventListener('online', reconnectNow);
    const ws = socket;
    socket = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  }

  function reconnectNow() {
    if (stopped || socket) return;
    clearTimeout(retryTimer);
    void connect();
  }

  // ------------------------------------------------------------------------------------------------
  // Sending
  // ------------------------------------------------------------------------------------------------
  async function sendText(text: string): Promise<boolean> {
    const body = text.trim();
    if (!body) {
      error.textContent = t('chat.emptyMessage');
      return false;
    }
    error.textContent = '';
    sendButton.disabled = true;
    // The same id until it is sent: a retry after a lost answer is not a second message.
    const res = await api<ChatMessage>(path(LiveChatApiPaths.customerMessages), { method: 'POST', body: JSON.stringify({ body, clientMessageId: draftId }) });
    sendButton.disabled = stopped;
    if (!res.ok || !res.data) {
      error.textContent = res.message ?? t('chat.sendFailed');
      return false;
    }
    draftId = newClientId();
    add([res.data]);
    scrollToEnd();
    return true;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void sendText(input.value).then((sent) => {
      if (sent) input.value = '';
      input.focus();
    });
  });
  // Enter sends, Shift+Enter starts a new line.
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  input.addEventListener('input', () => {
    const now = Date.now();
    // Only on a signed-in socket: a frame before the server's 'ready' is dropped, or closes a socket still
    // checking its token ("auth first").
    if (conversationId === null || now - lastTypingSent < TYPING_EVERY_MS || socket?.readyState !== WebSocket.OPEN || status.dataset.state !== 'live') return;
    lastTypingSent = now;
    socket.send(JSON.stringify({ type: 'typing', conversationId }));
  });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    error.textContent = '';
    file.disabled = true;
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    const url = path(LiveChatApiPaths.customerAttachments) + (conversationId ? `?conversationId=${conversationId}` : '');
    void api<ChatMessage>(url, { method: 'POST', body }).then((res) => {
      file.disabled = stopped;
      file.value = '';
      if (!res.ok || !res.data) {
        error.textContent = res.message ?? t('chat.sendFailed');
        return;
      }
      add([res.data]);
      scrollToEnd();
    });
  });

  older.addEventListener('click', () => void loadOlder());
  toggle.addEventListener('click', () => {
    opened = panel.hidden;
    panel.hidden = !opened;
    toggle.setAttribute('aria-expanded', String(opened));
    toggle.textContent = t(opened ? 'chat.close' : 'chat.open');
    showUnread();
    if (opened) {
      whenChatOpens(opening, { page, sendText });
      scrollToEnd();
      markRead();
      input.focus();
    }
  });
  document.addEventListener('visibilitychange', markRead);
  window.addEventListener('online', reconnectNow);
  const pingTimer = setInterval(() => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
  }, PING_MS);

  // The newest history first, then the socket from there on (it replays anything newer).
  void (async () => {
    await loadOlder();
    empty.hidden = messages.size > 0;
    await connect();
  })();

  return { key, section, stop };
}
