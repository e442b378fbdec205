/**
 * Live delivery of notifications to open streams: one LISTEN per process on NOTIFICATION_CHANNEL
 * (PostgreSQL across processes, PGlite in-process), fanned out to the streams of the users named in the
 * payload. Only ids travel; each stream reads its own rows (scoped by user) before sending them.
 */
import type { Database } from '../../db/client';
import { channelSubscription, keyedListeners } from '../live/channel';
import { NOTIFICATION_CHANNEL } from './index';

export type LiveListener = (notificationIds: number[]) => void;

/** `userId:id,userId:id` → ids per user; malformed pairs are ignored. */
export function parsePayload(payload: string): Map<number, number[]> {
  const byUser = new Map<number, number[]>();
  for (const pair of payload.split(',')) {
    const match = /^(\d{1,10}):(\d{1,10})$/.exec(pair.trim());
    if (!match) continue;
    const userId = Number(match[1]);
    byUser.set(userId, [...(byUser.get(userId) ?? []), Number(match[2])]);
  }
  return byUser;
}

export interface NotificationHub {
  /** Calls `listener` with the ids of each new notification of `userId`; returns the unsubscribe. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Also told of every payload (the e-mail/SMS sender wakes on it). */
  onAny(listener: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly size: number;
}

export function createNotificationHub(database: Database, log?: { warn(obj: object, msg: string): void }): NotificationHub {
  const listeners = keyedListeners<LiveListener>();
  const anyListeners: (() => void)[] = [];

  const dispatch = (payload: string) => {
    for (const [userId, ids] of parsePayload(payload)) {
      for (const listener of listeners.of(userId)) {
        try {
          listener(ids);
        } catch (err) {
          log?.warn({ err: (err as Error).message }, 'notification listener failed');
        }
      }
    }
    for (const listener of anyListeners) listener();
  };
  const channel = channelSubscription(database, NOTIFICATION_CHANNEL, dispatch);

  return {
    subscribe: (userId, listener) => listeners.add(userId, listener),
    onAny(listener) {
      anyListeners.push(listener);
    },
    start: channel.start,
    stop: channel.stop,
    get size() {
      return listeners.size;
    },
  };
}
