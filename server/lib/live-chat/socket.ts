/**
 * One live-chat websocket (issue 18). The first frame must be `{type:'auth', token, since?}` within
 * LIVE_CHAT_LIMITS.authTimeoutMs (the token never travels in the URL); a bad or expired token closes
 * with 4401, no access with 4403. Then: the messages after `since` (catch-up), `ready`, and everything
 * live. Events that arrive while catching up are held and sent after it, each message id once (a
 * message both in the catch-up and live is sent once). Access (session, membership, route code, page
 * roles; for customers their session) is checked again every `recheckMs`: signed out or role lost
 * closes with 4403; a page whose role was removed stops being delivered.
 */
import type { WebSocket } from 'ws';
import { WS_CLOSE, wsClientFrameSchema, type ChatMessage, type MessageSender, type WsServerFrame } from '@/domain/liveChat';
import type { ChatEvent, ChatHub } from './bus';
import { publishChatEvent } from './bus';
import type { LiveChatRepository } from './repository';
import type { ChatClaims } from './token';
import type { Db } from '../../db/client';
import { LIVE_CHAT_LIMITS } from '@/domain/liveChat';

/** What a connection may reach now; null when nothing (closes it). */
export type ChatScope =
  | { side: 'STAFF'; userId: number; name: string; merchantId: number; pageIds: number[] }
  | { side: 'CUSTOMER'; customerId: number; pageId: number; conversationId: number | null };

export interface SocketDeps {
  db: Db;
  hub: ChatHub;
  repo: LiveChatRepository;
  verify(token: string): Promise<ChatClaims | null>;
  /** The scope the claims give now (re-read from the database), or null. */
  scopeOf(claims: ChatClaims): Promise<ChatScope | null>;
  /** The message as staff see it, read once per process for all sockets. */
  loadMessage(id: number): Promise<ChatMessage | null>;
  /** The receiver's socket showed the message (marks delivered once). */
  delivered(message: ChatMessage): void;
  recheckMs: number;
  /** Calls the listener when the access of `userIds` (null: anyone) changed in any process; returns the unsubscribe. */
  onAccessChange?(listener: (userIds: number[] | null) => void): () => void;
  log: { warn(obj: object, msg: string): void };
  /** Registers the socket's closer for shutdown; returns the unregister. */
  track(close: () => void): () => void;
}

const SENT_IDS_KEPT = 2000;

export function handleChatSocket(socket: WebSocket, deps: SocketDeps): void {
  let claims: ChatClaims | null = null;
  let scope: ChatScope | null = null;
  let closed = false;
  let ready = false;
  const held: ChatEvent[] = [];
  const sent = new Set<number>();
  const unsubscribes = new Map<number, () => void>();
  let recheck: NodeJS.Timeout | null = null;
  let stopAccessWatch: (() => void) | null = null;
  const lastTyping = new Map<number, number>();

  const send = (frame: WsServerFrame) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    cleanup();
    socket.close(code, reason);
  };
  const cleanup = () => {
    clearTimeout(authTimer);
    if (recheck) clearInterval(recheck);
    stopAccessWatch?.();
    for (const stop of unsubscribes.values()) stop();
    unsubscribes.clear();
    untrack();
  };
  const untrack = deps.track(() => close(1001, 'server shutting down'));
  const authTimer = setTimeout(() => close(WS_CLOSE.unauthenticated, 'auth timeout'), LIVE_CHAT_LIMITS.authTimeoutMs);

  const remember = (id: number) => {
    sent.add(id);
    if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!);
  };
  const isMine = (e: ChatEvent): boolean =>
    scope?.side === 'STAFF' ? scope.pageIds.includes(e.p) : !!scope && e.p === scope.pageId && e.u === scope.customerId;
  const viewOf = (m: ChatMessage): ChatMessage | null =>
    scope?.side === 'CUSTOMER' ? (m.kind === 'NOTE' ? null : { ...m, senderUserId: null, senderName: null }) : m;

  const deliverMessage = (m: ChatMessage) => {
    if (sent.has(m.id)) return;
    const shown = viewOf(m);
    if (!shown) return;
    remember(m.id);
    send({ type: 'message', message: shown });
    if (scope && m.sender !== scope.side && m.kind !== 'NOTE' && !m.deliveredAt) deps.delivered(m);
  };

  const onEvent = async (e: ChatEvent) => {
    if (closed || !isMine(e)) return;
    if (!ready) {
      held.push(e);
      return;
    }
    const side = scope!.side;
    switch (e.t) {
      case 'm': {
        const m = await deps.loadMessage(e.id);
        if (m && !closed) deliverMessage(m);
        return;
      }
      case 'r':
        if (e.s !== side || side === 'STAFF') send({ type: 'receipt', conversationId: e.c, kind: e.k, sender: e.s, upToId: e.id });
        return;
      case 'y':
        if (e.s !== side) send({ type: 'typing', conversationId: e.c, sender: e.s, name: e.n });
        return;
      case 'c': {
        if (side !== 'STAFF') return;
        const conv = await deps.repo.conversation(scope!.side === 'STAFF' ? scope!.merchantId : 0, e.p, e.c);
        if (conv) send({ type: 'conversation', conversationId: conv.id, status: conv.status as 'OPEN', assigneeUserId: conv.assigneeUserId });
        return;
      }
    }
  };
  const listener = (e: ChatEvent) => {
    void onEvent(e).catch((err: Error) => deps.log.warn({ err: err.message }, 'live chat delivery failed'));
  };

  /** Subscribes to what `scope` reaches, unsubscribing pages no longer in it. */
  const subscribe = (next: ChatScope) => {
    if (next.side === 'STAFF') {
      for (const [pageId, stop] of unsubscribes) {
        if (!next.pageIds.includes(pageId)) {
          stop();
          unsubscribes.delete(pageId);
        }
      }
      for (const pageId of next.pageIds) if (!unsubscribes.has(pageId)) unsubscribes.set(pageId, deps.hub.subscribePage(pageId, listener));
    } else if (!unsubscribes.has(0)) {
      unsubscribes.set(0, deps.hub.subscribeCustomer(next.customerId, listener));
    }
  };

  const start = async (token: string, since: number | undefined) => {
    clearTimeout(authTimer);
    claims = await deps.verify(token);
    if (!claims) return close(WS_CLOSE.unauthenticated, 'invalid token');
    scope = await deps.scopeOf(claims);
    if (!scope) return close(WS_CLOSE.forbidden, 'forbidden');
    subscribe(scope);
    let caughtUp = 0;
    if (since !== undefined) {
      const missed =
        scope.side === 'STAFF'
          ? await deps.repo.catchUp({ pageIds: scope.pageIds }, since)
          : scope.conversationId
            ? await deps.repo.catchUp({ conversationId: scope.conversationId }, since)
            : [];
      for (const m of missed) {
        if (!sent.has(m.id)) caughtUp += 1;
        deliverMessage(m);
      }
    }
    const lastId = await deps.repo.lastMessageId(scope.side === 'STAFF' ? { pageIds: scope.pageIds } : { conversationId: scope.conversationId });
    if (closed) return;
    ready = true;
    send({ type: 'ready', pageIds: scope.side === 'STAFF' ? scope.pageIds : [scope.pageId], caughtUp, lastId });
    for (const e of held.splice(0)) listener(e);
    const checkAccess = () => {
      void deps
        .scopeOf(claims!)
        .then((next) => {
          if (closed) return;
          if (!next) return close(WS_CLOSE.forbidden, 'access ended');
          scope = next;
          subscribe(next);
        })
        .catch((err: Error) => deps.log.warn({ err: err.message }, 'live chat access check failed'));
    };
    recheck = setInterval(checkAccess, deps.recheckMs);
    recheck.unref();
    // A sign-out or a lost role anywhere closes the staff socket at once, not at the next periodic check.
    stopAccessWatch =
      deps.onAccessChange?.((userIds) => {
        if (scope?.side === 'STAFF' && (userIds === null || userIds.includes(scope.userId))) checkAccess();
      }) ?? null;
  };

  /** A conversation the socket may act on: the customer's own, or one on a staff page. */
  const conversationFor = async (conversationId: number) => {
    if (!scope) return null;
    if (scope.side === 'CUSTOMER') {
      const conv = await deps.repo.conversationOfCustomer({ id: scope.pageId, merchantId: 0 }, scope.customerId, false);
      return conv?.id === conversationId ? conv : null;
    }
    for (const pageId of scope.pageIds) {
      const conv = await deps.repo.conversation(scope.merchantId, pageId, conversationId);
      if (conv) return conv;
    }
    return null;
  };

  const onFrame = async (raw: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return close(WS_CLOSE.protocol, 'bad frame');
    }
    const frame = wsClientFrameSchema.safeParse(parsed);
    if (!frame.success) return close(WS_CLOSE.protocol, 'bad frame');
    const f = frame.data;
    if (!claims) {
      if (f.type !== 'auth') return close(WS_CLOSE.unauthenticated, 'auth first');
      return start(f.token, f.since);
    }
    if (!ready || !scope) return;
    const side: MessageSender = scope.side;
    switch (f.type) {
      case 'auth':
        return close(WS_CLOSE.protocol, 'already authenticated');
      case 'ping':
        return send({ type: 'pong' });
      case 'typing': {
        const now = Date.now();
        if (now - (lastTyping.get(f.conversationId) ?? 0) < 1000) return;
        lastTyping.set(f.conversationId, now);
        const conv = await conversationFor(f.conversationId);
        if (!conv) return;
        await publishChatEvent(deps.db, { t: 'y', p: conv.pageId, c: conv.id, u: conv.customerId, s: side, n: scope.side === 'STAFF' ? scope.name : null });
        return;
      }
      case 'read': {
        const conv = await conversationFor(f.conversationId);
        if (conv) await deps.repo.markRead(conv, side, f.upToId);
        return;
      }
    }
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) return close(WS_CLOSE.protocol, 'text frames only');
    void onFrame(data.toString()).catch((err: Error) => {
      deps.log.warn({ err: err.message }, 'live chat frame failed');
      close(1011, 'error');
    });
  });
  socket.on('close', () => {
    closed = true;
    cleanup();
  });
  socket.on('error', () => {
    closed = true;
    cleanup();
  });
}
