/**
 * What the live hubs (notifications, live chat) share: listeners kept by key (a user, a page, a customer)
 * and one LISTEN per process on a channel (PostgreSQL LISTEN/NOTIFY across processes, PGlite in-process).
 */
import type { Database, ListenOptions } from '../../db/client';

export interface KeyedListeners<L> {
  /** Adds `listener` under `key`; returns the remove function (safe to call twice). */
  add(key: number, listener: L): () => void;
  of(key: number): Iterable<L>;
  readonly size: number;
}

export function keyedListeners<L>(): KeyedListeners<L> {
  const byKey = new Map<number, Set<L>>();
  let count = 0;
  return {
    add(key, listener) {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) byKey.delete(key);
      };
    },
    of: (key) => byKey.get(key) ?? [],
    get size() {
      return count;
    },
  };
}

/** The process's one subscription to `channel`: start is idempotent, stop waits for the unlisten. */
export function channelSubscription(database: Database, channel: string, dispatch: (payload: string) => void, options?: ListenOptions) {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start() {
      unlisten ??= await database.listen(channel, dispatch, options);
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}
