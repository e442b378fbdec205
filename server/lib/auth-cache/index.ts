/**
 * The two lookups every API call makes before its own work (the session behind the token, the
 * caller's membership of the merchant) kept in memory for a few seconds. On the embedded database
 * every query waits its turn in one queue, so these two would otherwise cost every report call two
 * extra trips through it.
 *
 * Correctness comes from the epoch, not the time limit: every mutating request (anything but GET,
 * HEAD, OPTIONS) clears the cache when it starts and again just before its answer is sent, and a lookup that was in
 * flight across a clear is not stored. A mutating request itself never uses the cache, so it reads its
 * own writes. Writes in other processes on the same PostgreSQL clear it through a NOTIFY
 * (./broadcast.ts); the time limit only bounds writes made outside the API (a manual fix in the database).
 */
export interface CacheEntry<T> {
  value: T;
  epoch: number;
  until: number;
}

export class AuthCache {
  private epoch = 0;
  private readonly entries = new Map<string, CacheEntry<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Something that may change sessions, users, memberships or merchants happened (or is happening). */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  /** The cached value of `key`, or `load()`'s, remembered unless the cache was cleared meanwhile. */
  async remember<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key) as CacheEntry<T> | undefined;
    if (hit && hit.epoch === this.epoch && hit.until > now) return hit.value;
    const epoch = this.epoch;
    const value = await load();
    if (epoch === this.epoch) {
      // A flood of distinct tokens must not grow memory without bound: start over instead.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, epoch, until: now + this.ttlMs });
    }
    return value;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isMutating = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());
