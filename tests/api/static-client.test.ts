/** Serving the built SPA under /portal/ with its history fallback and cache rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeApp, type TestApp } from './helpers';

const INDEX = '<!doctype html><html><head><script type="module" src="/portal/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

const PUBLIC_PAGE = '<!doctype html><html><body><div id="page"></div><script type="module" src="/portal/assets/page-abc123.js"></script></body></html>';

describe('static client', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    mkdirSync(join(clientDir, 'assets'));
    mkdirSync(join(clientDir, 'locales', 'vi'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), INDEX);
    writeFileSync(join(clientDir, 'page.html'), PUBLIC_PAGE);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(clientDir, 'locales', 'vi', 'portal.json'), '{"portal":{}}');
    t = await makeApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the public business page its own page.html (never the admin shell), never cached', async () => {
    for (const url of ['/portal/p/ca_phe_song_han', '/portal/p/ca_phe_song_han?lang=en']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(PUBLIC_PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Deeper paths are not public pages.
    expect((await t.app.inject({ method: 'GET', url: '/portal/p/a/b' })).body).toBe(INDEX);
  });

  it('redirects / and /portal to /portal/', async () => {
    for (const url of ['/', '/portal']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/portal/');
    }
  });

  it.each(['/portal/', '/portal/auth/login', '/portal/app/welcome?x=1', '/portal/onboard/merchants-choose', '/portal/health'])(
    'serves index.html for %s, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets with a long immutable cache and locales revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/portal/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await t.app.inject({ method: 'GET', url: '/portal/locales/vi/portal.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.json()).toEqual({ portal: {} });
    expect(locale.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or locale with 404, not the SPA shell', async () => {
    for (const url of ['/portal/assets/missing.js', '/portal/locales/vi/missing.json', '/portal/locales/fr/portal.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<!doctype html>');
    }
  });

  it('does not fall back for other methods or outside /portal/', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/portal/app/welcome' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.json()).toEqual({ status: 4, message: 'Không tìm thấy dữ liệu' });
  });
});
