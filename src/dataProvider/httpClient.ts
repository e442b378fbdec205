import { AUTH_FAILURE_ENVELOPE_STATUS, AUTH_FAILURE_HTTP_STATUS, Headers as ApiHeaders, type Envelope } from '@/domain/api';
import { getLanguage, i18n } from '@/i18n';
import { API_BASE_URL } from '@/config';
import { notify as portalNotify, type NotificationType } from '@/components/notifications/notifier';
import { forceLogout } from '@/authProvider/forceLogout';
import { getAuth, getChosenMerchantId, getCurrentMerchant } from '@/authProvider/session';
import { configureErrorReporter, ERROR_REPORT_PATH, reportError, type ErrorDetails } from '@/errorReport';

/**
 * The one HTTP client of the portal (architecture.md "Data"): the only code that calls fetch for the API,
 * and the only code that knows the envelope, the headers of spec §7, the `lang` param, the bearer token,
 * the method override, repeated-key arrays, the aborts of spec §5 and the error catalogue of spec §8.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[] | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; arrays are sent as repeated keys (a=1&a=2, spec §9). null/undefined are left out. */
  query?: QueryParams;
  /** JSON-encoded unless it is FormData or a Blob. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The call needs no bearer token (login, public lookups): none is sent and none is required. */
  noAuth?: boolean;
  /** The call acts on a merchant: X-Merchant-Id is sent, and the call is aborted when none is chosen. */
  merchantScoped?: boolean;
  /** The merchant to act on instead of the chosen one (choosing a merchant loads it before it is chosen). */
  merchantId?: number | string | null;
  /** Show a success toast: the call's successMessage, else the body message, else 'Thành công'. */
  showSuccess?: boolean;
  successMessage?: string;
  /** Show an error toast (default true). Callers that display the error themselves turn it off. */
  showError?: boolean;
  /** The call's own error message (used when no per-status message matches). */
  errorMessage?: string;
  /** Per-status messages: keys are HTTP statuses or envelope statuses. */
  statusMessages?: Record<number, string>;
  /** No toast of any kind and no forced logout (spec §7: POST /logout is silent). */
  silent?: boolean;
  /** Cancels the call without any toast (react-query passes one on unmount). */
  signal?: AbortSignal;
  /** Give up after this many ms (default 60 s): reported as a 'timeout' (spec §8). */
  timeoutMs?: number;
  /**
   * 'blob' for file downloads; an envelope answer is still read as an envelope (errors come as JSON).
   * 'stream' for server-sent events: `data` is the open body (ReadableStream); the caller's signal ends it.
   */
  responseType?: 'json' | 'blob' | 'stream';
}

export interface HttpResponse<T> {
  /** The envelope's data (or the Blob for responseType 'blob'). */
  data: T;
  /** The envelope's message ('' for a blob). */
  message: string;
  /** The envelope's status (0 = success). */
  status: number;
  httpStatus: number;
  headers: Headers;
}

/** Rejection of every failed call: { message, status, data } plus the envelope status as `code`. */
export class HttpError extends Error {
  /** HTTP status; 0 when no response arrived (aborted, timed out, network failure). */
  readonly status: number;
  /** Envelope status when the server answered with an envelope. */
  readonly code: number | undefined;
  /** The envelope's data (e.g. `errors` of a validation failure), else the raw body. */
  readonly data: unknown;
  /** The whole body as received. */
  readonly body: unknown;
  /** The underlying message before the §8 mapping (e.g. 'Request aborted: Merchant ID is required'). */
  readonly reason: string | undefined;

  constructor(message: string, status: number, body?: unknown, code?: number, reason?: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.data = isEnvelope(body) ? body.data : body;
    this.reason = reason;
  }
}

export type HttpClient = <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientDeps {
  fetch?: typeof fetch;
  getToken: () => string | null | undefined;
  getUsername: () => string | null | undefined;
  getMerchantId: () => number | string | null | undefined;
  getLanguage: () => string;
  translate: (key: string, params?: Record<string, unknown>) => string;
  notify: (message: string, options: { type: NotificationType }) => void;
  /** Forced logout (HTTP 401, envelope status 1326). */
  onAuthFailure: () => void;
  /** Told of every failed call (the error-report webhooks decide whether it is worth reporting). */
  onError?: (details: ErrorDetails) => void;
  requestId?: () => string;
  timeoutMs?: number;
}

/** Texts of spec §5 aborts. Kept in English like the original's, so they match the §8 'Request aborted' rule. */
export const ABORT_MERCHANT_REQUIRED = 'Request aborted: Merchant ID is required';
export const ABORT_TOKEN_REQUIRED = 'Request aborted: Token is required';
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Spec §8: an HTTP failure whose message carries one of these is shown as the "not found, retry" text. */
const TRANSIENT_MARKERS = ['Request failed with status code', 'timeout', 'Request aborted'];

/** i18n keys of the catalogue texts (portal.json; vi holds the spec's exact strings). */
export const HttpMessageKeys = {
  success: 'portal.http.success',
  failed: 'portal.http.failed',
  transient: 'portal.http.notFoundRetry',
  error: 'portal.http.error',
} as const;

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';
}

/** Query string with repeated keys for arrays (spec §9), `lang` last unless the caller set one. */
export function buildQuery(query: QueryParams | undefined, lang: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  if (!params.has('lang')) params.set('lang', lang);
  return params.toString();
}

function randomRequestId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A downloaded file, told apart from parsed JSON without instanceof (Blob classes differ across realms). */
interface DownloadedFile {
  file: Blob;
}

/** An event stream left open for the caller to read. */
interface OpenStream {
  stream: ReadableStream<Uint8Array>;
}

async function readBody(response: Response, responseType: 'json' | 'blob' | 'stream'): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (responseType === 'stream' && response.ok && response.body && type.includes('text/event-stream')) {
    return { stream: response.body } satisfies OpenStream;
  }
  if (responseType === 'blob' && !type.includes('json')) return { file: await response.blob() } satisfies DownloadedFile;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const newRequestId = deps.requestId ?? randomRequestId;

  return async function request<T>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = options.method ?? 'GET';
    const showError = options.showError !== false && !options.silent;
    const statusMessages = options.statusMessages ?? {};

    /** HTTP failure, or no response at all (spec §8 second rule). */
    const failHttp = (status: number, body: unknown, rawMessage?: string): never => {
      const code = isEnvelope(body) ? body.status : undefined;
      const authFailure =
        !options.noAuth && (status === AUTH_FAILURE_HTTP_STATUS || code === AUTH_FAILURE_ENVELOPE_STATUS);
      let text =
        statusMessages[status] ??
        (code !== undefined ? statusMessages[code] : undefined) ??
        options.errorMessage ??
        (isEnvelope(body) && body.message ? body.message : undefined) ??
        rawMessage;
      if (text && TRANSIENT_MARKERS.some((marker) => text!.includes(marker))) {
        text = deps.translate(HttpMessageKeys.transient, { status });
      }
      if (!text) text = deps.translate(HttpMessageKeys.error);
      deps.onError?.({
        request: { method, url, body: options.body instanceof FormData ? undefined : options.body },
        response: { status: code, httpStatus: status, message: text, body },
      });
      if (authFailure && !options.silent) {
        // The page is about to leave for the login page: a toast would only flash. A request of a session
        // that has since ended here (signed out, or someone else signed in) forces nobody out.
        if (sessionStillCurrent()) deps.onAuthFailure();
      } else if (showError) {
        deps.notify(text, { type: 'error' });
      }
      throw new HttpError(text, status, body, code, rawMessage);
    };

    // Spec §5: aborted before anything leaves the browser. Without a token the user is signed out (often
    // in another tab) and the guards are already taking them to the login page: nothing to toast.
    const token = deps.getToken();
    // A late 401 of a request sent before an explicit sign-out must not send the next person to the login
    // page with this page as their way back (it would carry the previous user's filters).
    const sessionStillCurrent = () => deps.getToken() === token;
    if (!options.noAuth && !token) throw new HttpError(ABORT_TOKEN_REQUIRED, 0, undefined, undefined, ABORT_TOKEN_REQUIRED);
    const merchantId = options.merchantId ?? (options.merchantScoped ? deps.getMerchantId() : undefined);
    if (options.merchantScoped && (merchantId === null || merchantId === undefined || merchantId === '')) {
      return failHttp(0, undefined, ABORT_MERCHANT_REQUIRED);
    }

    const headers: Record<string, string> = {
      Accept: 'application/json',
      [ApiHeaders.requestId]: newRequestId(),
      [ApiHeaders.methodOverride]: method,
    };
    const username = deps.getUsername();
    if (username) headers[ApiHeaders.userName] = username;
    if (merchantId !== null && merchantId !== undefined && merchantId !== '') {
      headers[ApiHeaders.merchantId] = String(merchantId);
    }
    if (!options.noAuth && token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (options.body instanceof FormData || options.body instanceof Blob || options.body instanceof URLSearchParams) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    Object.assign(headers, options.headers);

    const query = buildQuery(options.query, deps.getLanguage());
    const fullUrl = `${url}${url.includes('?') ? '&' : '?'}${query}`;

    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    let parsed: unknown;
    try {
      response = await doFetch(fullUrl, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
      parsed = await readBody(response, options.responseType ?? 'json');
    } catch (error) {
      if (options.signal?.aborted && !timedOut) {
        // Cancelled by the caller (a page left, a query superseded): not an error to show.
        throw error;
      }
      if (timedOut) return failHttp(0, undefined, `timeout of ${timeoutMs}ms exceeded`);
      // A network failure has no status and no message worth showing (browsers word it differently).
      return failHttp(0, undefined, undefined);
    } finally {
      clearTimeout(timer);
      // An open stream is ended by the caller's signal for as long as it is read.
      if (!(parsed && typeof parsed === 'object' && 'stream' in parsed)) options.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!response.ok) {
      return failHttp(response.status, parsed, `Request failed with status code ${response.status}`);
    }

    if (options.responseType === 'blob' && parsed && typeof parsed === 'object' && 'file' in parsed) {
      const { file } = parsed as DownloadedFile;
      return { data: file as T, message: '', status: 0, httpStatus: response.status, headers: response.headers };
    }
    if (options.responseType === 'stream' && parsed && typeof parsed === 'object' && 'stream' in parsed) {
      const { stream } = parsed as OpenStream;
      return { data: stream as T, message: '', status: 0, httpStatus: response.status, headers: response.headers };
    }
    if (parsed === undefined) {
      // An empty 2xx (204) carries nothing to check.
      return { data: undefined as T, message: '', status: 0, httpStatus: response.status, headers: response.headers };
    }
    if (!isEnvelope(parsed)) return failHttp(response.status, parsed, undefined);

    if (parsed.status === 0) {
      if (options.showSuccess && !options.silent) {
        deps.notify(options.successMessage || parsed.message || deps.translate(HttpMessageKeys.success), {
          type: 'success',
        });
      }
      return {
        data: parsed.data as T,
        message: parsed.message,
        status: parsed.status,
        httpStatus: response.status,
        headers: response.headers,
      };
    }

    // Spec §8 first rule: a body with a non-zero numeric status.
    const code = parsed.status;
    const text =
      statusMessages[code] ?? options.errorMessage ?? (parsed.message || undefined) ?? deps.translate(HttpMessageKeys.failed);
    deps.onError?.({
      request: { method, url, body: options.body instanceof FormData ? undefined : options.body },
      response: { status: code, httpStatus: response.status, message: text, body: parsed },
    });
    if (code === AUTH_FAILURE_ENVELOPE_STATUS && !options.noAuth && !options.silent) {
      if (sessionStillCurrent()) deps.onAuthFailure();
    } else if (showError) deps.notify(text, { type: 'error' });
    throw new HttpError(text, response.status, parsed, code);
  };
}

/** The portal's client, wired to the encrypted session, the current language and the one notifier. */
export const httpClient: HttpClient = createHttpClient({
  getToken: () => getAuth()?.token,
  getUsername: () => getAuth()?.username,
  getMerchantId: getChosenMerchantId,
  getLanguage: () => getLanguage(),
  translate: (key, params) => i18n.t(key, params),
  notify: (message, { type }) => portalNotify(message, { type }),
  onAuthFailure: forceLogout,
  onError: reportError,
});

// Error reports travel through this same client, silently: a failing report is dropped, never toasted.
configureErrorReporter({
  send: (payload) => httpClient(`${API_BASE_URL}${ERROR_REPORT_PATH}`, { method: 'POST', body: payload, silent: true }),
  getUser: () => getAuth()?.token ?? null,
  getMerchantCode: () => getCurrentMerchant()?.partnerCode,
});
