import { useEffect, useRef, useState } from 'react';
import { LIVE_CHAT_LIMITS, LIVE_CHAT_WS_PATH, WS_CLOSE, type WsServerFrame } from '@/domain/liveChat';
import { API_BASE_URL } from '@/config';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { secureSession, StorageKeys } from '@/storage';
import { backoffDelay } from '@/features/notifications/eventStream';

/** The websocket address of the API (same origin as the API base URL, ws: or wss:). */
export function chatSocketUrl(apiBase: string = API_BASE_URL, origin: string = window.location.origin): string {
  const url = new URL(`${apiBase}${LIVE_CHAT_WS_PATH}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Frames kept while the socket is not ready (typing and receipts are small and soon stale). */
const PENDING_MAX = 20;

export type SocketState = 'connecting' | 'live' | 'down' | 'closed';

/**
 * Keeps the live-chat socket of the chosen merchant open while mounted: fetches a chat token (kept under
 * the spec §3 chat token key in encrypted session storage, never in a URL), sends it in the first frame
 * with `since` = the highest message id seen, and reconnects with backoff, so the server replays exactly
 * what was missed. 4403 (signed out, role lost) stops reconnecting. Returns the state and `send`, which
 * holds frames until the server has said ready (a reconnect, such as opening a conversation, loses none).
 */
export function useChatSocket(onFrame: (frame: WsServerFrame) => void): { state: SocketState; send: (frame: object) => void } {
  const api = usePortalApi();
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onFrame);
  const socket = useRef<WebSocket | null>(null);
  /** Whether the server has answered 'ready': it drops frames before, or closes a socket still checking its token. */
  const ready = useRef(false);
  /** Frames sent while (re)connecting, sent on 'ready' unless older than a typing indicator lasts. */
  const pending = useRef<{ text: string; at: number }[]>([]);
  useEffect(() => {
    handler.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    let stopped = false;
    let failures = 0;
    /** Highest message id seen; unknown before the first connection (the screen reads history itself). */
    let since: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const retry = () => {
      if (stopped) return;
      failures += 1;
      setState('down');
      timer = setTimeout(() => void connect(), backoffDelay(failures));
    };
    const connect = async () => {
      if (stopped) return;
      let token: string;
      try {
        token = (await api.liveChatToken()).token;
        secureSession.set(StorageKeys.chatTokenKey, token);
      } catch {
        return retry();
      }
      if (stopped) return;
      const ws = new WebSocket(chatSocketUrl());
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, ...(since === null ? {} : { since }) }));
      ws.onmessage = (event) => {
        let frame: WsServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as WsServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          failures = 0;
          ready.current = true;
          setState('live');
          const fresh = Date.now() - LIVE_CHAT_LIMITS.typingMs;
          for (const { text, at } of pending.current.splice(0)) if (at >= fresh) ws.send(text);
        }
        if (frame.type === 'ready') since = Math.max(since ?? 0, frame.lastId);
        if (frame.type === 'message') since = Math.max(since ?? 0, frame.message.id);
        handler.current(frame);
      };
      ws.onclose = (event) => {
        socket.current = null;
        ready.current = false;
        secureSession.remove(StorageKeys.chatTokenKey);
        if (stopped) return;
        if (event.code === WS_CLOSE.forbidden) {
          setState('closed');
          return;
        }
        retry();
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
      secureSession.remove(StorageKeys.chatTokenKey);
    };
  }, [api]);

  return {
    state,
    send: (frame) => {
      const text = JSON.stringify(frame);
      if (ready.current && socket.current?.readyState === WebSocket.OPEN) socket.current.send(text);
      else if (pending.current.push({ text, at: Date.now() }) > PENDING_MAX) pending.current.shift();
    },
  };
}
