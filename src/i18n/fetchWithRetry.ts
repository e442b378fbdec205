/**
 * The locale-file retry policy of spec §7, as a pure function of its `fetch` and `sleep`:
 * up to 5 tries in all, waiting 350 ms and doubling (350, 700, 1400, 2800) between them; retried on a
 * network failure, a missing status or a 5xx; never on a 4xx (the file does not exist: asking again
 * will not create it). Any other non-2xx answer fails at once too.
 */

export const LOCALE_RETRY_POLICY = { tries: 5, firstDelayMs: 350 } as const;

/** The part of a fetch Response the policy and the backend read; `status` may be missing (§7). */
export interface LocaleResponse {
  status?: number;
  json(): Promise<unknown>;
}

export interface FetchWithRetryOptions {
  fetch?: (url: string) => Promise<LocaleResponse>;
  sleep?: (ms: number) => Promise<void>;
  tries?: number;
  firstDelayMs?: number;
}

export class LocaleFetchError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last answer; undefined after a network failure or a missing status. */
    readonly status: number | undefined,
    /** How many requests were made. */
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'LocaleFetchError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the first 2xx response; rejects with a LocaleFetchError once the policy gives up. */
export async function fetchWithRetry(url: string, options: FetchWithRetryOptions = {}): Promise<LocaleResponse> {
  const doFetch = options.fetch ?? ((u: string) => globalThis.fetch(u));
  const sleep = options.sleep ?? defaultSleep;
  const tries = options.tries ?? LOCALE_RETRY_POLICY.tries;
  const firstDelayMs = options.firstDelayMs ?? LOCALE_RETRY_POLICY.firstDelayMs;

  let lastStatus: number | undefined;
  let lastReason = '';
  for (let attempt = 1; attempt <= tries; attempt++) {
    let retryable: boolean;
    try {
      const response = await doFetch(url);
      const status = typeof response?.status === 'number' && response.status > 0 ? response.status : undefined;
      if (status !== undefined && status >= 200 && status < 300) return response;
      lastStatus = status;
      lastReason = status === undefined ? 'no status' : `HTTP ${status}`;
      retryable = status === undefined || status >= 500;
    } catch (error) {
      lastStatus = undefined;
      lastReason = error instanceof Error ? error.message : String(error);
      retryable = true;
    }
    if (!retryable) throw new LocaleFetchError(`Loading ${url} failed: ${lastReason}`, lastStatus, attempt);
    if (attempt < tries) await sleep(firstDelayMs * 2 ** (attempt - 1));
  }
  throw new LocaleFetchError(`Loading ${url} failed after ${tries} tries: ${lastReason}`, lastStatus, tries);
}
