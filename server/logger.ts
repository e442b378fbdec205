/**
 * Logger options (pino through Fastify). Secrets must never reach a log line: passwords, tokens, OTPs
 * and Authorization headers are redacted wherever they appear, and request URLs lose the values of
 * query parameters with secret-looking names.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';
import { isSecretKey } from '@/domain/errorReport';
import type { Config } from './config';

/**
 * A key whose value is never logged: the error reports' rule (src/domain/errorReport.ts: password, token,
 * otp, secret, authorization, cookie, in any case and inside longer names), plus a card or wallet PIN
 * (matched whole: "pin" inside other words such as "shipping" is no secret).
 */
const isLoggedSecret = (key: string) => isSecretKey(key) || key.toLowerCase() === 'pin';

const CENSOR = '[Redacted]';
const MAX_DEPTH = 16;

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The logged object with every key named like a secret (any case, any depth) replaced by the censor.
 * Plain objects, arrays and Errors are walked; other instances (the request, the reply) are left to
 * their serializers, which log fixed fields. Nothing is copied unless something is replaced, so a
 * line without secrets costs one walk. This runs only for lines that are written: pino's own
 * wildcard redaction ran on every child logger, that is on every request, whatever the log level.
 */
export function redactLogged(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return value;
  const error = value instanceof Error;
  if (!error && !Array.isArray(value) && !isPlain(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const redacted = redactLogged(item, depth + 1, seen);
      if (redacted !== item) (copy ??= [...value])[i] = redacted;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  const entries = Object.entries(value);
  for (const [key, item] of entries) {
    const redacted = isLoggedSecret(key) ? CENSOR : redactLogged(item, depth + 1, seen);
    if (redacted !== item) (copy ??= Object.fromEntries(entries))[key] = redacted;
  }
  if (!copy) return value;
  if (!error) return copy;
  // An Error with a secret among its fields: a copy of the same kind (type, message, stack kept).
  const clone = Object.create(Object.getPrototypeOf(value)) as Error;
  Object.defineProperties(clone, Object.getOwnPropertyDescriptors(value));
  return Object.assign(clone, copy);
}

const SECRET_QUERY_PARAM = /^(pass(word)?|token|access_?token|otp|pin|secret|code)$/i;

/** The URL with secret-looking query values replaced, so a token sent by mistake is not logged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_QUERY_PARAM.test(name) ? `${pair.slice(0, eq)}=[Redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value.slice(0, 200) : undefined;
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Options for Fastify's pino logger; `stream` replaces stdout (tests capture log lines with it). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: Writable,
): LoggerOptions {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    formatters: { log: (object) => redactLogged(object) as Record<string, unknown> },
    serializers: {
      // The spec §7 headers are logged (the merchant id only as the hint it is); nothing else is.
      req: (req: unknown) => {
        const request = req as unknown as FastifyRequest;
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          methodOverride: header(request, 'x-http-method-override'),
          userName: header(request, 'x-user-name'),
          merchantIdHint: header(request, 'x-merchant-id'),
        };
      },
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
