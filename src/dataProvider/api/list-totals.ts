/**
 * The filtered set's totals of lists whose config names an `endpoints.totals` (the report lists): getList
 * returns them in `meta.totals`. Paging through one filter reuses them for a short while instead of
 * summing a million rows again per page; a write that changes them (a refund) forgets them at once.
 */
const TOTALS_TTL_MS = 30_000;

interface Entry {
  at: number;
  totals: Promise<unknown>;
}

const cache = new Map<string, Entry>();

/** The totals of `resource` under `filterKey`, fetched by `load` unless fresh ones are at hand. */
export function cachedTotals(resource: string, filterKey: string, load: () => Promise<unknown>, now = Date.now()): Promise<unknown> {
  const key = `${resource}|${filterKey}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < TOTALS_TTL_MS) return hit.totals;
  const totals = load();
  cache.set(key, { at: now, totals });
  // A failed sum is not kept: the next page asks again.
  totals.catch(() => {
    if (cache.get(key)?.totals === totals) cache.delete(key);
  });
  return totals;
}

/** Forget the totals of one resource (after a write that changes them), or of all. */
export function forgetTotals(resource?: string): void {
  if (!resource) return cache.clear();
  for (const key of [...cache.keys()]) if (key.startsWith(`${resource}|`)) cache.delete(key);
}
