/** Security headers, caching, API-wide rate limit and what the logs must never contain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/logger';
import { DEMO_PASSWORD } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('sends a CSP without unsafe script sources, and the other protective headers', async () => {
    // API answers are never pages: nothing may load or run in them; the API docs page is a page.
    for (const [url, defaultSrc, scriptSrc] of [
      ['/api/health', "'none'", undefined],
      ['/api/nothing', "'none'", undefined],
      ['/api/docs/json', "'none'", undefined],
      ['/api/docs/', "'self'", ["'self'"]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      expect(directives['script-src'], url).toEqual(scriptSrc);
      expect(directives['default-src'], url).toEqual([defaultSrc]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      if (scriptSrc) expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('marks every API answer no-store, errors included', async () => {
    const token = await t.login('owner_demo');
    for (const [tokenUsed, url] of [
      [token, '/api/profile/v1/me'],
      [null, '/api/profile/v1/me'],
      [token, '/api/profile/v2/merchants?pageSize=7'],
    ] as const) {
      const res = await t.call(tokenUsed, { method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('API-wide rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ rateLimit: { apiPerMinute: 5, loginPerMinute: 100 } });
  });
  afterAll(() => t.close());

  it('answers the request over the limit with HTTP 429 status 29, before checking the token', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/profile/v1/me', remoteAddress: '10.7.0.1' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/v1/me?lang=en', remoteAddress: '10.7.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 29, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
    expect(res.headers['retry-after']).toBeDefined();
    // Another client is unaffected.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/v1/me', remoteAddress: '10.7.0.2' })).statusCode).toBe(401);
  });
});

describe('logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('never contain passwords, tokens or Authorization headers', async () => {
    const token = await t.login('owner_demo');
    await t.app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: 'owner_demo', password: 'Secret#Wrong9' } });
    await t.call(token, { method: 'GET', url: `/api/profile/v1/me?token=${token}` });
    await t.call(token, {
      method: 'GET',
      url: '/api/profile/v1/me',
      headers: { cookie: 'session=abc', 'x-user-name': 'owner_demo', 'x-merchant-id': '1', 'x-http-method-override': 'GET' },
    });
    // A failing request logs its error with details; those must not carry secrets either.
    await t.app.inject({ method: 'POST', url: '/api/authentication/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"password":"Leaky#Pass1",' });
    const all = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [DEMO_PASSWORD, 'Secret#Wrong9', 'Leaky#Pass1', token, 'Bearer', 'session=abc']) {
      expect(all, secret).not.toContain(secret);
    }
    // What is logged: the spec §7 headers and the redacted URL.
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.req?.userName === 'owner_demo');
    expect(line.req).toMatchObject({ method: 'GET', url: '/api/profile/v1/me', merchantIdHint: '1', methodOverride: 'GET' });
    expect(all).toContain('token=[Redacted]');
  });

  it('redacts secret-looking query values only', () => {
    expect(redactUrl('/a?lang=vi&password=x&otp=123456&token=abc&keyword=pass')).toBe(
      '/a?lang=vi&password=[Redacted]&otp=[Redacted]&token=[Redacted]&keyword=pass',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});
