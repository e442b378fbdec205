/** What reaches a log line: secrets under any key casing and at any depth are censored, the rest kept whole. */
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactLogged } from '../../../server/logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { log: pino(loggerOptions({ logLevel: 'info' }, stream) as pino.LoggerOptions, stream), lines };
}

describe('log redaction', () => {
  it('censors secret keys at every depth and in any case, in objects and arrays, and keeps the rest', () => {
    const { log, lines } = capture();
    log.info({ body: { user: { profile: { contact: { pin: '1234', phone: '0963000111' } } }, items: [{ OTP: '123456' }, { Password: 'x' }] }, password: 'Secret#1' }, 'done');
    const line = lines[0]!;
    expect(line.password).toBe('[Redacted]');
    expect(line.msg).toBe('done');
    const body = line.body as { user: { profile: { contact: Record<string, string> } }; items: Record<string, string>[] };
    expect(body.user.profile.contact).toEqual({ pin: '[Redacted]', phone: '0963000111' });
    expect(body.items).toEqual([{ OTP: '[Redacted]' }, { Password: '[Redacted]' }]);
    expect(JSON.stringify(lines)).not.toMatch(/Secret#1|123456|"1234"/);
  });

  it('censors a secret carried on an Error, keeping its type, message and stack', () => {
    const { log, lines } = capture();
    const err = Object.assign(new TypeError('bad login'), { details: { refreshToken: 'rt-abc' } });
    log.error({ err }, 'failed');
    const logged = lines[0]!.err as Record<string, unknown>;
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('bad login');
    expect(String(logged.stack)).toContain('bad login');
    expect(logged.details).toEqual({ refreshToken: '[Redacted]' });
    expect(JSON.stringify(lines)).not.toContain('rt-abc');
  });

  it('censors credential headers of a logged call to another service, whatever their casing', () => {
    const { log, lines } = capture();
    log.warn({ upstream: { request: { headers: { Authorization: 'Bearer abc', Cookie: 'sid=1', accept: 'json' } }, response: { headers: { 'Set-Cookie': 'sid=2' } } } });
    expect(lines[0]!.upstream).toEqual({
      request: { headers: { Authorization: '[Redacted]', Cookie: '[Redacted]', accept: 'json' } },
      response: { headers: { 'Set-Cookie': '[Redacted]' } },
    });
  });

  it('copies nothing when there is nothing to censor, and survives cycles', () => {
    const plain = { a: { b: [1, { c: 'd' }] } };
    expect(redactLogged(plain)).toBe(plain);
    const cyclic: Record<string, unknown> = { token: 't' };
    cyclic.self = cyclic;
    const out = redactLogged(cyclic) as Record<string, unknown>;
    expect(out.token).toBe('[Redacted]');
    expect(cyclic.token).toBe('t');
  });
});
