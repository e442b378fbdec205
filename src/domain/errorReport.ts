/**
 * The pure half of the error-report webhooks (spec §7, §8): removing secrets from what is reported,
 * and the rules for not reporting at all. Sending (debounce, the two POSTs) lives with the caller.
 */
import { ApiStatus } from './api';

/** What replaces a secret. Kept visible so a reader knows a value was there. */
export const REDACTED = '[REDACTED]';

/**
 * A key names a secret when it contains one of these words, in any case and anywhere in the name
 * (`newPassword`, `x-auth-token`, `Set-Cookie`, `smartOtp`). Some harmless names also match
 * (`footprint` contains "otp"): over-redacting a report costs little, leaking a password costs much.
 */
export const SECRET_KEY_PATTERN = /password|passwd|pwd|token|otp|secret|authorization|cookie/i;

const MAX_DEPTH = 32;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY_PATTERN.test(key);
}

/** `Bearer <token>` / `Basic <credentials>` anywhere in a text (a raw header dumped into a message). */
const AUTH_SCHEME_VALUE = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** `Name: value` lines of raw HTTP headers whose name is a secret. */
const SECRET_HEADER_LINE = /^([ \t]*[\w-]*(?:password|passwd|pwd|token|otp|secret|authorization|cookie)[\w-]*[ \t]*:)[^\r\n]*/gim;
/** `token=abc` / `otp: 123456` pairs inside free text. */
const SECRET_PAIR = /([\w-]*(?:password|passwd|pwd|token|otp|secret|authorization|cookie)[\w-]*)([ \t]*[:=][ \t]*)(?!\[REDACTED\])([^\s&"',;]+)/gi;
/** `"password": "x"` inside text that is not valid JSON as a whole (truncated bodies, log lines). */
const SECRET_JSON_PAIR = /("[^"\n]*(?:password|passwd|pwd|token|otp|secret|authorization|cookie)[^"\n]*"\s*:\s*)("(?:[^"\\\n]|\\.)*"|[^,}\]\s]+)/gi;
/** A bare query string or form body: `a=1&b=2`. */
const FORM_ENCODED = /^[^\s=&?#]+=[^\s&]*(?:&[^\s=&?#]+=[^\s&]*)*$/;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Redacts the values of secret parameters in `a=1&password=2`, keeping the rest byte for byte. */
function redactParams(params: string): string {
  return params
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && isSecretKey(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** Redacts secret parameters in the query and fragment of a URL (`#access_token=` of OAuth too). */
function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? null : url.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : beforeHash.slice(queryAt + 1);
  return (
    base +
    (query === null ? '' : `?${redactParams(query)}`) +
    (hash === null ? '' : `#${hash.includes('=') ? redactParams(hash) : hash}`)
  );
}

function redactString(text: string, depth: number): string {
  const trimmed = text.trim();
  // A JSON body carried as text (request bodies usually are).
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    try {
      return JSON.stringify(redact(JSON.parse(trimmed), depth + 1, new WeakSet()));
    } catch {
      // Not JSON after all: fall through to the text rules.
    }
  }
  let result = text;
  if (/^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(trimmed) || /^\/\S*\?\S*$/.test(trimmed)) {
    result = redactUrl(trimmed);
  } else if (FORM_ENCODED.test(trimmed)) {
    result = redactParams(trimmed);
  } else {
    // Free text: URLs inside it, raw header lines, JSON fragments, name=value pairs, bearer values.
    result = result.replace(/(?:\bhttps?:\/\/|(?<![\w:/])\/)[^\s"'<>]*\?[^\s"'<>]*/gi, (url) => redactUrl(url));
    result = result.replace(SECRET_HEADER_LINE, `$1 ${REDACTED}`);
    result = result.replace(SECRET_JSON_PAIR, `$1"${REDACTED}"`);
    result = result.replace(SECRET_PAIR, `$1$2${REDACTED}`);
  }
  return result.replace(AUTH_SCHEME_VALUE, `$1 ${REDACTED}`);
}

function redact(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value, depth);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[Truncated]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (value instanceof Date) return value.toISOString();
    if (value instanceof Error) {
      return { name: value.name, message: redactString(value.message, depth) };
    }
    // fetch Headers, URLSearchParams, Map: entries of [name, value].
    if (typeof Headers !== 'undefined' && value instanceof Headers) return redactEntries([...value.entries()], depth, seen);
    if (typeof URLSearchParams !== 'undefined' && value instanceof URLSearchParams) {
      return redactParams(value.toString());
    }
    if (value instanceof Map) return redactEntries([...value.entries()].map(([k, v]) => [String(k), v]), depth, seen);
    if (Array.isArray(value)) {
      // A header list in the `[['Authorization', 'Bearer x'], ...]` form.
      return value.map((item) =>
        Array.isArray(item) && item.length === 2 && typeof item[0] === 'string' && isSecretKey(item[0])
          ? [item[0], REDACTED]
          : redact(item, depth + 1, seen),
      );
    }
    return redactEntries(Object.entries(value), depth, seen);
  } finally {
    seen.delete(value);
  }
}

function redactEntries(entries: Array<[string, unknown]>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    result[key] = isSecretKey(key) ? REDACTED : redact(item, depth + 1, seen);
  }
  return result;
}

/**
 * A copy of `value` with every secret replaced by '[REDACTED]': values under secret-looking keys at any
 * depth (objects, arrays, Maps, fetch Headers, `[name, value]` header lists), secret parameters in URLs,
 * query strings and form bodies, secrets inside JSON carried as text, raw `Authorization:`-style header
 * lines and Bearer/Basic credentials in free text. The input is never modified. Dates become ISO text,
 * Errors `{ name, message }`, cycles '[Circular]'.
 */
export function redactSecrets<T>(value: T): T extends string ? string : unknown {
  return redact(value, 0, new WeakSet()) as T extends string ? string : unknown;
}

// ---------------------------------------------------------------------------------------------
// When not to report (§8)
// ---------------------------------------------------------------------------------------------

/** Session statuses: an expired session or a bad token is routine, not a defect. */
export const UNREPORTED_STATUSES: readonly number[] = [ApiStatus.SESSION_EXPIRED, ApiStatus.TOKEN_INVALID];

/** Messages that are expected user-side failures (§8), matched as written, case-sensitive. */
export const UNREPORTED_MESSAGE_PARTS: readonly string[] = [
  'Token',
  'Mật khẩu',
  'Không tìm thấy tài khoản của số điện thoại này',
  'Network Error',
  'Không có quyền truy cập',
];

export interface ErrorReportCandidate {
  status?: number | null;
  message?: string | null;
  /** Whether a user is signed in: anonymous failures (login page, sign-up) are not reported. */
  hasUser: boolean;
}

/**
 * §8: report unless the status is 1326 or 78, there is no user, or the message contains one of the
 * listed parts. Vietnamese text is compared in NFC, because the same words can arrive decomposed.
 */
export function shouldReportError({ status, message, hasUser }: ErrorReportCandidate): boolean {
  if (!hasUser) return false;
  if (typeof status === 'number' && UNREPORTED_STATUSES.includes(status)) return false;
  const text = (message ?? '').normalize('NFC');
  return !UNREPORTED_MESSAGE_PARTS.some((part) => text.includes(part.normalize('NFC')));
}
