import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_RETRY_POLICY, LocaleFetchError, fetchWithRetry, type LocaleResponse } from '@/i18n/fetchWithRetry';
import { createLocaleBackend } from '@/i18n/backend';

type Outcome = number | 'network' | 'no-status';

/** A fake fetch answering each call with the next outcome (the last one repeats). */
function fakeFetch(outcomes: Outcome[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string): Promise<LocaleResponse> => {
    calls.push(url);
    const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
    if (outcome === 'network') throw new TypeError('Failed to fetch');
    if (outcome === 'no-status') return { json: async () => ({}) } as LocaleResponse;
    return { status: outcome, json: async () => ({ portal: { ok: outcome } }) };
  });
  return { fetch, calls };
}

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

const URL_ = '/portal/locales/vi/portal.json';

describe('fetchWithRetry: the §7 policy', () => {
  it('is 5 tries from 350 ms doubling', () => {
    expect(LOCALE_RETRY_POLICY).toEqual({ tries: 5, firstDelayMs: 350 });
  });

  it('returns the first success without waiting', async () => {
    const { fetch } = fakeFetch([200]);
    const { sleep, delays } = recordingSleep();
    const response = await fetchWithRetry(URL_, { fetch, sleep });
    expect(response.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it.each([
    ['a 500', 500],
    ['a 502', 502],
    ['a 503', 503],
    ['a 599', 599],
    ['a network failure', 'network'],
    ['a missing status', 'no-status'],
    ['a zero status', 0],
  ] as Array<[string, Outcome]>)('retries after %s, then succeeds', async (_label, failure) => {
    const { fetch } = fakeFetch([failure, failure, 200]);
    const { sleep, delays } = recordingSleep();
    await expect(fetchWithRetry(URL_, { fetch, sleep })).resolves.toMatchObject({ status: 200 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([350, 700]);
  });

  it('stops after 5 tries with delays 350, 700, 1400, 2800', async () => {
    const { fetch, calls } = fakeFetch([500]);
    const { sleep, delays } = recordingSleep();
    const error = await fetchWithRetry(URL_, { fetch, sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocaleFetchError);
    expect(error).toMatchObject({ status: 500, attempts: 5 });
    expect(calls).toEqual(Array(5).fill(URL_));
    expect(delays).toEqual([350, 700, 1400, 2800]);
  });

  it('stops after 5 network failures', async () => {
    const { fetch } = fakeFetch(['network']);
    const { sleep, delays } = recordingSleep();
    await expect(fetchWithRetry(URL_, { fetch, sleep })).rejects.toMatchObject({ status: undefined, attempts: 5 });
    expect(delays).toEqual([350, 700, 1400, 2800]);
  });

  it.each([400, 401, 403, 404, 410, 429, 499])('never retries a %i', async (status) => {
    const { fetch } = fakeFetch([status, 200]);
    const { sleep, delays } = recordingSleep();
    await expect(fetchWithRetry(URL_, { fetch, sleep })).rejects.toMatchObject({ status, attempts: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it('stops retrying as soon as a 4xx follows a 5xx', async () => {
    const { fetch } = fakeFetch([503, 404, 200]);
    const { sleep, delays } = recordingSleep();
    await expect(fetchWithRetry(URL_, { fetch, sleep })).rejects.toMatchObject({ status: 404, attempts: 2 });
    expect(delays).toEqual([350]);
  });

  it('waits for real with timers (fake clock): 5.25 s in all before giving up', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = fakeFetch([500]);
      let settled = false;
      const promise = fetchWithRetry(URL_, { fetch }).catch(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 - 1);
      expect(fetch).toHaveBeenCalledTimes(4);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await promise;
      expect(fetch).toHaveBeenCalledTimes(5);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('locale backend', () => {
  afterEach(() => vi.restoreAllMocks());

  function read(backend: ReturnType<typeof createLocaleBackend>, lng: string, ns: string) {
    return new Promise<[unknown, unknown]>((resolve) =>
      backend.read(lng, ns, (error: unknown, data: unknown) => resolve([error, data])),
    );
  }

  it('loads /portal-style paths and hands the object to i18next', async () => {
    const { fetch, calls } = fakeFetch([200]);
    const backend = createLocaleBackend({ fetch, sleep: async () => {}, loadPath: (l, n) => `/portal/locales/${l}/${n}.json` });
    const [error, data] = await read(backend, 'en', 'ra');
    expect(error).toBeNull();
    expect(data).toEqual({ portal: { ok: 200 } });
    expect(calls).toEqual(['/portal/locales/en/ra.json']);
  });

  it('uses BASE_URL for the default path', async () => {
    const { fetch, calls } = fakeFetch([200]);
    await read(createLocaleBackend({ fetch }), 'vi', 'validation');
    expect(calls).toEqual([`${import.meta.env.BASE_URL}locales/vi/validation.json`]);
  });

  it('reports a failure without asking i18next to retry on top of the policy', async () => {
    const { fetch } = fakeFetch([404]);
    const [error, retry] = await read(createLocaleBackend({ fetch, sleep: async () => {} }), 'vi', 'portal');
    expect(error).toBeInstanceOf(LocaleFetchError);
    expect(retry).toBe(false);
  });

  it('refuses an answer that is not a translation object (e.g. an HTML fallback page)', async () => {
    const fetch = vi.fn(async () => ({ status: 200, json: async () => ['not', 'an', 'object'] }));
    const [error] = await read(createLocaleBackend({ fetch }), 'vi', 'portal');
    expect(error).toBeInstanceOf(Error);
    const badJson = vi.fn(async () => ({ status: 200, json: async () => JSON.parse('<!doctype html>') }));
    const [error2] = await read(createLocaleBackend({ fetch: badJson }), 'vi', 'portal');
    expect(error2).toBeInstanceOf(SyntaxError);
  });
});
