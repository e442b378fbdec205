/**
 * Browser-side defences in the headers (issue 13): each test names the attack the header stops.
 * Framing (clickjacking), injected markup calling or loading from another host, powerful browser
 * features, and an uploaded file opened directly running as a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { simplePdf, solidPng } from '../../server/db/seed-merchant-profile';
import { makeApp, type TestApp } from './helpers';

const clientDir = mkdtempSync(join(tmpdir(), 'portal-headers-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

/** The CSP as { directive: sources }. */
function cspOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** A multipart body with one file part named `file`. */
function multipart(fileName: string, content: Buffer, contentType: string) {
  const boundary = '----hd' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Documents: the portal page, the API docs page and a not-found outside the API. */
  const documents = ['/portal/', '/portal/app/dashboard', '/api/docs/', '/nothing-here'];
  /** API answers that are not pages: JSON, an API error (401), the OpenAPI document, an API not-found. */
  const apiAnswers = ['/api/health', '/api/profile/v1/me', '/api/docs/json', '/api/nothing-here'];

  it('forbids framing the portal anywhere (clickjacking): frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const url of [...documents, ...apiAnswers]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(cspOf(res.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets injected markup reach no other host: connect-src self only, images only from self, data: and blob:', async () => {
    for (const url of documents) {
      const csp = cspOf((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      expect(csp['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      expect(csp['form-action'], url).toEqual(["'self'"]);
    }
  });

  it('opened as a page, an API answer loads, runs and frames nothing (default-src none, sandbox), and is never cached', async () => {
    for (const url of apiAnswers) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = cspOf(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'none'"]);
      expect(csp.sandbox, url).toEqual([]);
      expect(csp['script-src'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // A browser feature policy means something only to a document.
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
    // The API docs page is a document under /api: the page policy, and not cached either.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['cache-control']).toBe('no-store');
  });

  it('turns off the browser features the portal does not use (Permissions-Policy)', async () => {
    for (const url of documents) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      const features = Object.fromEntries(policy.split(',').map((p) => p.trim().split('=')));
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'bluetooth', 'hid', 'midi', 'display-capture']) {
        expect(features[feature], `${url} ${feature}`).toBe('()');
      }
      // What the portal does use stays available.
      expect(features['clipboard-write']).toBeUndefined();
      expect(features.fullscreen).toBeUndefined();
    }
  });

  it('serves the portal page itself with the same policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an uploaded image or PDF as a sandboxed attachment with nosniff: opened directly, it runs nothing', async () => {
    const owner = await t.login(DemoUsers.owner.username);
    const sme = DemoMerchants.sme.id;
    const files = [
      { type: 'OTHER_PUBLIC_DOCUMENT', name: 'bang-gia.pdf', content: simplePdf('Bang gia'), contentType: 'application/pdf' },
      { type: 'Logo', name: 'logo.png', content: solidPng(8, 8, [165, 0, 100]), contentType: 'image/png' },
    ];
    for (const file of files) {
      const up = await t.call(owner, {
        method: 'POST',
        url: `/api/profile/v2/merchants/${sme}/documents?type=${file.type}`,
        ...multipart(file.name, file.content, file.contentType),
      });
      expect(up.statusCode, up.body).toBe(200);
      const res = await t.call(owner, { method: 'GET', url: `/api/profile/v2/merchants/${sme}/documents/${up.json().data.id}/file` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(file.contentType);
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = cspOf(res.headers['content-security-policy']);
      expect(csp.sandbox, file.name).toEqual([]);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.rawPayload.equals(file.content)).toBe(true);
    }
  });
});
