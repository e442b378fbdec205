/**
 * Live delivery of notifications to open streams: one LISTEN per process on NOTIFICATION_CHANNEL
 * (PostgreSQL across processes, PGlite in-process), fanned out to the streams of the users named in the
 * payload. Only ids travel; each stream reads its own rows (scoped by user) before sending them.
 */
import type { Database } from '../../db/client';
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
  const listeners = new Map<number, Set<LiveListener>>();
  const anyListeners: (() => void)[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  let count = 0;

  const dispatch = (payload: string) => {
    for (const [userId, ids] of parsePayload(payload)) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(ids);
        } catch (err) {
          log?.warn({ err: (err as Error).message }, 'notification listener failed');
        }
      }
    }
    for (const listener of anyListeners) listener();
  };

  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) listeners.delete(userId);
      };
    },
    onAny(listener) {
      anyListeners.push(listener);
    },
    async start() {
      unlisten ??= await database.listen(NOTIFICATION_CHANNEL, dispatch);
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
    get size() {
      return count;
    },
  };
}
