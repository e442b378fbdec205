/**
 * Logger options (pino through Fastify). Secrets must never reach a log line: passwords, tokens, OTPs
 * and Authorization headers are redacted wherever they appear, and request URLs lose the values of
 * query parameters with secret-looking names.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from './config';

const SECRET_KEYS = [
  'password',
  'passwordConfirm',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'otp',
  'pin',
  'authorization',
  'cookie',
  'secret',
];

/** pino's redaction works on fixed paths; these cover the shapes we log, up to three levels deep. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
];

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
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
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
