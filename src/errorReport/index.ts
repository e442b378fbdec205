/**
 * The portal's side of the error-report webhooks (spec §7, §8, §9): the httpClient calls
 * reportError for a failed API call; this decides whether it is worth reporting, strips secrets,
 * collapses repeats and hands the report to the injected sender (a POST to /api/error-reports,
 * where the server checks and redacts again before telling the chat service).
 *
 * It never throws and never reports its own failures: a failed send is dropped, and a report about
 * the error-report endpoint itself is ignored, so a broken endpoint cannot feed a loop.
 */
import { APP_VERSION } from '@/config';
import { redactSecrets, shouldReportError } from '@/domain/errorReport';

/** What the httpClient knows about a failed call. */
export interface ErrorDetails {
  request: { method: string; url: string; headers?: Record<string, unknown>; body?: unknown };
  /** `status` is the envelope status, `httpStatus` the HTTP one (0 when no answer came). */
  response: { status?: number | null; httpStatus?: number | null; message?: string | null; body?: unknown };
  /** Default: the current address. */
  page?: string;
}

/** What is sent: the body POST /api/error-reports validates. */
export interface ErrorReportPayload {
  request: { method: string; url: string; headers?: Record<string, unknown>; body?: unknown };
  response: { status?: number; httpStatus?: number; message?: string; body?: unknown };
  page?: string;
  merchantCode?: string;
  appVersion?: string;
}

export interface ErrorReporterConfig {
  /** Sends one report; its failure is swallowed. The httpClient should send it silently. */
  send: (payload: ErrorReportPayload) => unknown;
  /** The signed-in user (anything truthy), or null: anonymous failures are not reported (§8). */
  getUser: () => unknown;
  /** The chosen merchant's code, if any. */
  getMerchantCode?: () => string | null | undefined;
  /** Spec §9: 300 ms. */
  debounceMs?: number;
  /** Default: the portal's APP_VERSION (spec §1: 1.25.100). */
  appVersion?: string;
  /** The endpoint reports go to; failures of calls to it are never reported. */
  endpointPath?: string;
}

export const ERROR_REPORT_DEBOUNCE_MS = 300;
export const ERROR_REPORT_PATH = '/error-reports';
/** Distinct reports waiting at once: a storm of failures must not grow memory without bound. */
const MAX_PENDING = 50;
/** The server's limits (a report over them would be refused whole). */
const MAX_URL = 4096;
const MAX_MESSAGE = 4000;
const MAX_METHOD = 16;
const MAX_MERCHANT_CODE = 64;

interface Pending {
  details: ErrorDetails;
  timer: ReturnType<typeof setTimeout>;
}

let config: ErrorReporterConfig | null = null;
const pending = new Map<string, Pending>();

/** Sets (or, with null, removes) the reporter's dependencies; pending reports are dropped. */
export function configureErrorReporter(next: ErrorReporterConfig | null): void {
  cancelPendingErrorReports();
  config = next;
}

/** Drops reports not sent yet (logout: they belong to a session that is ending). */
export function cancelPendingErrorReports(): void {
  for (const entry of pending.values()) clearTimeout(entry.timer);
  pending.clear();
}

function safely<T>(read: (() => T) | undefined): T | undefined {
  try {
    return read?.();
  } catch {
    return undefined;
  }
}

function envelopeOf(body: unknown): { status?: unknown; message?: unknown } {
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as { status?: unknown; message?: unknown };
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as { status?: unknown };
    } catch {
      // Not JSON: nothing to look into.
    }
  }
  return {};
}

/** §8, applied to the report's status and message and to those of an envelope in its body. */
function isReportable(details: ErrorDetails, hasUser: boolean): boolean {
  const envelope = envelopeOf(details.response.body);
  const statuses = [details.response.status ?? undefined, typeof envelope.status === 'number' ? envelope.status : undefined];
  const message = [details.response.message, typeof envelope.message === 'string' ? envelope.message : undefined]
    .filter(Boolean)
    .join('\n');
  return statuses.every((status) => shouldReportError({ status, message, hasUser }));
}

function isOwnEndpoint(url: string, endpointPath: string): boolean {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '');
  return path.endsWith(endpointPath.replace(/\/+$/, ''));
}

function keyOf(details: ErrorDetails): string {
  const { request, response } = details;
  return JSON.stringify([request.method.toUpperCase(), request.url, response.httpStatus ?? null, response.status ?? null, response.message ?? null]);
}

const intOrUndefined = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

function toPayload(details: ErrorDetails, current: ErrorReporterConfig): ErrorReportPayload {
  const { request, response } = details;
  const merchantCode = safely(current.getMerchantCode);
  const page = details.page ?? (typeof window === 'undefined' ? undefined : window.location.href);
  const payload: ErrorReportPayload = {
    request: {
      method: request.method.slice(0, MAX_METHOD),
      url: request.url.slice(0, MAX_URL),
      ...(request.headers === undefined ? {} : { headers: request.headers }),
      ...(request.body === undefined ? {} : { body: request.body }),
    },
    response: {
      ...(intOrUndefined(response.status) === undefined ? {} : { status: response.status as number }),
      ...(intOrUndefined(response.httpStatus) === undefined ? {} : { httpStatus: response.httpStatus as number }),
      ...(response.message ? { message: response.message.slice(0, MAX_MESSAGE) } : {}),
      ...(response.body === undefined ? {} : { body: response.body }),
    },
    appVersion: current.appVersion ?? APP_VERSION,
    ...(page ? { page: page.slice(0, MAX_URL) } : {}),
    ...(typeof merchantCode === 'string' && merchantCode ? { merchantCode: merchantCode.slice(0, MAX_MERCHANT_CODE) } : {}),
  };
  return redactSecrets(payload) as ErrorReportPayload;
}

function flush(key: string): void {
  const entry = pending.get(key);
  pending.delete(key);
  const current = config;
  if (!entry || !current) return;
  try {
    // The session may have ended during the debounce.
    if (!safely(current.getUser)) return;
    const sent = current.send(toPayload(entry.details, current));
    if (sent && typeof (sent as Promise<unknown>).then === 'function') {
      (sent as Promise<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // Reporting is best effort and must not report itself.
  }
}

/**
 * Reports a failed API call. Identical reports (same call, same status and message) within the
 * debounce window are sent once, with the latest details; different failures are each sent.
 */
export function reportError(details: ErrorDetails): void {
  try {
    const current = config;
    if (!current || !details?.request || !details.response) return;
    if (typeof details.request.method !== 'string' || typeof details.request.url !== 'string') return;
    if (isOwnEndpoint(details.request.url, current.endpointPath ?? ERROR_REPORT_PATH)) return;
    if (!isReportable(details, Boolean(safely(current.getUser)))) return;

    const key = keyOf(details);
    const existing = pending.get(key);
    if (existing) clearTimeout(existing.timer);
    else if (pending.size >= MAX_PENDING) return;
    const timer = setTimeout(() => flush(key), current.debounceMs ?? ERROR_REPORT_DEBOUNCE_MS);
    pending.set(key, { details, timer });
  } catch {
    // Never let error reporting throw into the code that is handling an error.
  }
}
