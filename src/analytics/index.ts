/**
 * Page views and events through the page's global analytics function (spec §7 "page tracking via
 * a global analytics function"). The global is Google's gtag by default — `gtag('event', name,
 * params)` — because that is what a marketing team drops into index.html; another tag manager
 * with the same call shape works by configuring its global name.
 *
 * Every hit carries (spec §3) merchant_code, user_id, service_name, page_location, user_agent and
 * app_version. Nothing personal or secret leaves: passwords, tokens and OTPs are redacted by the
 * shared redactSecrets, and phone numbers and e-mail addresses are masked here, in any value
 * (a user name can be a phone number; a URL can carry one).
 *
 * Analytics must never break the portal: with no global, a global that throws, or a context
 * getter that throws, calls do nothing.
 */
import { APP_VERSION } from '@/config';
import { isSecretKey, redactSecrets } from '@/domain/errorReport';

export const DEFAULT_ANALYTICS_GLOBAL = 'gtag';
export const DEFAULT_SERVICE_NAME = 'merchant-portal';

export interface AnalyticsContext {
  /** The chosen merchant's code (partnerCode). */
  merchantCode?: string | null;
  userId?: string | number | null;
  serviceName?: string | null;
  appVersion?: string | null;
}

export interface AnalyticsConfig {
  /** Read at every hit, so a merchant switch is reflected at once. */
  getContext?: () => AnalyticsContext | null | undefined;
  /** Name of the global function on window. Default 'gtag'. */
  globalName?: string;
  /**
   * Prefix for router locations: react-router's location.pathname leaves out the basename
   * ('/portal'), and the page location should be the address the user sees.
   */
  basePath?: string;
}

export type RouterLocation = { pathname: string; search?: string; hash?: string };
type Primitive = string | number | boolean;
type AnalyticsFunction = (command: 'event', name: string, params: Record<string, Primitive>) => void;

const MASKED_PHONE = '[PHONE]';
const MASKED_EMAIL = '[EMAIL]';
/** Vietnamese numbers: 0 or +84/84, then 9–10 digits, separators allowed; not inside a longer number. */
const PHONE = /(?<!\d)(?:\+?84|0)(?:[\s.-]?\d){8,10}(?!\d)/g;
const EMAIL = /[^\s@/?&=#:;,"'<>]+@[^\s@/?&=#:;,"'<>]+\.[A-Za-z]{2,}/g;
/** Parameters that name personal data are dropped whatever their value looks like. */
const PERSONAL_KEY = /phone|mobile|msisdn|email|e_mail/i;
/** Google Analytics' limits: parameter values 100 characters, page_location 1,000. */
const MAX_VALUE = 100;
const MAX_LOCATION = 1000;
/** GA event names: a letter, then letters, digits, underscores, 40 at most. */
const MAX_EVENT_NAME = 40;

let config: AnalyticsConfig = {};

export function configureAnalytics(next: AnalyticsConfig): void {
  config = { ...next };
}

function mask(text: string): string {
  return text.replace(EMAIL, MASKED_EMAIL).replace(PHONE, MASKED_PHONE);
}

function clean(text: string, max: number): string {
  return mask(redactSecrets(text)).slice(0, max);
}

function toPrimitive(value: unknown): Primitive | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return clean(value, MAX_VALUE);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  // Analytics parameters are flat; a structure is sent as (redacted, masked) JSON text.
  try {
    return mask(JSON.stringify(redactSecrets(value))).slice(0, MAX_VALUE);
  } catch {
    return undefined;
  }
}

function eventName(name: string): string | null {
  const cleaned = name.trim().replace(/[^A-Za-z0-9_]/g, '_').slice(0, MAX_EVENT_NAME);
  return /^[A-Za-z]/.test(cleaned) ? cleaned : null;
}

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

function pageLocation(location: string | RouterLocation | undefined): string {
  if (location === undefined) return currentHref();
  try {
    if (typeof location === 'string') return new URL(location, currentHref()).href;
    const base = (config.basePath ?? '').replace(/\/+$/, '');
    const path = base && !location.pathname.startsWith(`${base}/`) && location.pathname !== base ? base + location.pathname : location.pathname;
    return new URL(`${path}${location.search ?? ''}${location.hash ?? ''}`, currentHref()).href;
  } catch {
    return currentHref();
  }
}

function readContext(): AnalyticsContext {
  try {
    return config.getContext?.() ?? {};
  } catch {
    return {};
  }
}

function send(name: string, params: Record<string, unknown>, location: string): void {
  try {
    const globalName = config.globalName ?? DEFAULT_ANALYTICS_GLOBAL;
    const analytics = (window as unknown as Record<string, unknown>)[globalName];
    if (typeof analytics !== 'function') return;

    const context = readContext();
    const payload: Record<string, Primitive> = {};
    for (const [key, value] of Object.entries(params)) {
      // A secret or personal parameter is left out entirely rather than sent as a placeholder.
      if (isSecretKey(key) || PERSONAL_KEY.test(key)) continue;
      const primitive = toPrimitive(value);
      if (primitive !== undefined) payload[key] = primitive;
    }
    // The context comes last: a caller's parameter can never pose as another merchant or user.
    const attached: Record<string, unknown> = {
      merchant_code: context.merchantCode,
      user_id: context.userId,
      service_name: context.serviceName ?? DEFAULT_SERVICE_NAME,
      app_version: context.appVersion ?? APP_VERSION,
      user_agent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    };
    for (const [key, value] of Object.entries(attached)) {
      const primitive = toPrimitive(value);
      if (primitive === undefined) delete payload[key];
      else payload[key] = primitive;
    }
    payload.page_location = clean(location, MAX_LOCATION);

    (analytics as AnalyticsFunction)('event', name, payload);
  } catch {
    // Analytics is best effort; the page goes on.
  }
}

/** A page view (GA4 'page_view'); `location` is a URL, a path, or a react-router location. Default: the current address. */
export function trackPageView(location?: string | RouterLocation): void {
  send('page_view', {}, pageLocation(location));
}

/** A named event; the name is made GA-compatible (letters, digits, underscores, 40 max) or dropped. */
export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  const safeName = typeof name === 'string' ? eventName(name) : null;
  if (!safeName) return;
  send(safeName, params ?? {}, currentHref());
}
