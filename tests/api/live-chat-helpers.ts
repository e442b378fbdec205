/**
 * A websocket client for the live-chat tests: collects frames, waits for one matching a predicate,
 * resolves the close code.
 */
import WebSocket from 'ws';
import type { WsServerFrame } from '@/domain/liveChat';

export interface ChatClient {
  ws: WebSocket;
  frames: WsServerFrame[];
  /** The first frame (already received or coming) matching `pred`, else throws after `ms`. */
  next<T extends WsServerFrame>(pred: (f: WsServerFrame) => f is T, ms?: number): Promise<T>;
  next(pred: (f: WsServerFrame) => boolean, ms?: number): Promise<WsServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): Promise<void>;
}

export async function openChat(url: string): Promise<ChatClient> {
  const ws = new WebSocket(url);
  const frames: WsServerFrame[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as WsServerFrame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: ChatClient = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async next(pred: (f: WsServerFrame) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      let seen = 0;
      for (;;) {
        const found = frames.slice(seen).find(pred);
        if (found) return found;
        seen = 0;
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      if (ws.readyState === ws.OPEN) ws.close();
      await closed;
    },
  } as ChatClient;
  return client;
}

export const isMessage = (body: string) => (f: WsServerFrame): f is Extract<WsServerFrame, { type: 'message' }> =>
  f.type === 'message' && f.message.body === body;
export const isReady = (f: WsServerFrame): f is Extract<WsServerFrame, { type: 'ready' }> => f.type === 'ready';
