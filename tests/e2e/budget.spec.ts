import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/**
 * The login page's gzip JS ceiling (react-admin stays out of it). The sign-in pages and the authProvider
 * use the shell's calls only (src/dataProvider/shell.ts), not every domain's: 200 KB measured, where the
 * whole dataProvider had grown it to 228 KB. The scale issue's target is 140 KB.
 */
const LOGIN_JS_BUDGET_BYTES = 205 * 1024;

test('the login page stays within its JavaScript budget and loads no react-admin code', async ({ page }) => {
  const scripts: Promise<{ url: string; size: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) {
      scripts.push(res.body().then((body) => ({ url: res.url(), size: gzipSync(body, { level: 9 }).length })));
    }
  });
  await page.goto('/portal/auth/login', { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, s) => sum + s.size, 0);
  expect(loaded.length).toBeGreaterThan(0);
  expect(total, `login JS ${Math.round(total / 1024)} KB gzip`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // The whole react-admin area is the lazy AdminApp chunk: the login page never fetches it.
  expect(loaded.map((s) => s.url).filter((url) => /AdminApp|StoreList|WelcomePage/.test(url))).toEqual([]);
});

/** Issue 16: the public business page loads at most 100 KB of gzip JS, none of it the admin's. */
const PUBLIC_PAGE_JS_BUDGET_BYTES = 100 * 1024;

test('the public business page stays within its JavaScript budget and loads no admin code', async ({ page }) => {
  const scripts: Promise<{ url: string; size: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) {
      scripts.push(res.body().then((body) => ({ url: res.url(), size: gzipSync(body, { level: 9 }).length })));
    }
  });
  // The same code for every slug; an unknown one shows the plain not-found page.
  await page.goto('/portal/p/no-such-page', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, s) => sum + s.size, 0);
  expect(loaded.length).toBeGreaterThan(0);
  expect(total, `public page JS ${Math.round(total / 1024)} KB gzip`).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET_BYTES);
  // Not the admin shell's entry script, nor any of the admin's screens.
  const shell = await (await page.request.get('/portal/')).text();
  const adminEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  expect(adminEntry).toBeTruthy();
  expect(loaded.map((s) => new URL(s.url).pathname).filter((path) => path === adminEntry || /AdminApp|StoreList|WelcomePage/.test(path))).toEqual([]);
});
