/**
 * The live-chat bus: the same mechanism as notifications (server/lib/notifications/live.ts): a NOTIFY
 * on LIVE_CHAT_CHANNEL in the writer's transaction, delivered at commit to every process on PostgreSQL
 * (in-process on PGlite), where one LISTEN per process fans it out to the sockets of the page (staff)
 * and of the customer. Only ids and small fields travel (8,000-byte payload limit); sockets read rows
 * themselves, scoped to what they may see.
 */
import { sql } from 'drizzle-orm';
import type { MessageSender } from '@/domain/liveChat';
import type { Database } from '../../db/client';
import { channelSubscription, keyedListeners } from '../live/channel';
import type { Executor } from '../notifications';

export const LIVE_CHAT_CHANNEL = 'portal_live_chat';

export type ChatEvent =
  /** A new message (notes included: sockets of customers drop them after reading the row). */
  | { t: 'm'; p: number; c: number; u: number; id: number }
  /** `s` has read / received the other side's messages up to `id`. */
  | { t: 'r'; p: number; c: number; u: number; s: MessageSender; k: 'delivered' | 'read'; id: number }
  /** `s` is typing (`n`: a staff member's name, null for the customer). */
  | { t: 'y'; p: number; c: number; u: number; s: MessageSender; n: string | null }
  /** Status or assignee changed. */
  | { t: 'c'; p: number; c: number; u: number };

const positive = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

export function parseChatEvent(payload: string): ChatEvent | null {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!e || typeof e !== 'object' || !positive(e.p) || !positive(e.c) || !positive(e.u)) return null;
  const sender = e.s === 'CUSTOMER' || e.s === 'STAFF' ? e.s : null;
  switch (e.t) {
    case 'm':
      return positive(e.id) ? { t: 'm', p: e.p, c: e.c, u: e.u, id: e.id } : null;
    case 'r':
      return sender && positive(e.id) && (e.k === 'delivered' || e.k === 'read') ? { t: 'r', p: e.p, c: e.c, u: e.u, s: sender, k: e.k, id: e.id } : null;
    case 'y':
      return sender ? { t: 'y', p: e.p, c: e.c, u: e.u, s: sender, n: typeof e.n === 'string' ? e.n.slice(0, 200) : null } : null;
    case 'c':
      return { t: 'c', p: e.p, c: e.c, u: e.u };
    default:
      return null;
  }
}

/** Publishes `event`; inside a transaction it is delivered only if and when that commits. */
export async function publishChatEvent(ex: Executor, event: ChatEvent): Promise<void> {
  await ex.execute(sql`select pg_notify(${LIVE_CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}

export type ChatListener = (event: ChatEvent) => void;

export interface ChatHub {
  /** Every event of the page (staff sockets). */
  subscribePage(pageId: number, listener: ChatListener): () => void;
  /** Every event of the customer's conversations (customer sockets). */
  subscribeCustomer(customerId: number, listener: ChatListener): () => void;
  /** Told of every event once, after the sockets (delivered receipts). */
  onEvent(listener: ChatListener): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly size: number;
}

export function createChatHub(database: Database, log?: { warn(obj: object, msg: string): void }): ChatHub {
  const byPage = keyedListeners<ChatListener>();
  const byCustomer = keyedListeners<ChatListener>();
  const after: ChatListener[] = [];

  const call = (listener: ChatListener, event: ChatEvent) => {
    try {
      listener(event);
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'live chat listener failed');
    }
  };
  const dispatch = (payload: string) => {
    const event = parseChatEvent(payload);
    if (!event) return;
    for (const listener of byPage.of(event.p)) call(listener, event);
    for (const listener of byCustomer.of(event.u)) call(listener, event);
    for (const listener of after) call(listener, event);
  };
  const channel = channelSubscription(database, LIVE_CHAT_CHANNEL, dispatch);

  return {
    subscribePage: (pageId, listener) => byPage.add(pageId, listener),
    subscribeCustomer: (customerId, listener) => byCustomer.add(customerId, listener),
    onEvent(listener) {
      after.push(listener);
    },
    start: channel.start,
    stop: channel.stop,
    get size() {
      return byPage.size + byCustomer.size;
    },
  };
}
