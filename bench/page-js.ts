/**
 * The JS a page load downloads, gzip -9, as `npm run bench` reports it and the browser suite's budget test
 * (tests/e2e/bundle-budgets.spec.ts) holds it: one way of measuring for both.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';

/** Most JS each public screen may load, gzip KB (issue 19 for the login page and the welcome page). */
export const JS_BUDGETS_KB = { login: 140, welcome: 324, payer: 120, publicPage: 100 } as const;

/** Demo sign-in for the welcome page's measure: an admin, so the sidebar holds every screen. */
export const BENCH_USER = { username: 'admin_demo', password: 'Demo@1234' } as const;

/** Requests that stay open by design (the header bell's live notification stream): never waited for. */
const LIVE_REQUEST = /\/notification\/v2\/stream/;

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export interface PageJs {
  /** Sum of the gzip -9 sizes of every script the load fetched. */
  bytes: number;
  /** Each script's path and gzip size, largest first. */
  scripts: { url: string; gzipBytes: number }[];
}

/**
 * Opens `url` on `page` and waits until it is ready: `ready` (a locator's wait, e.g. the main landmark)
 * has resolved and no request, other than the live stream, has been in flight for `quietMs` (lazy chunks
 * a ready page still pulls in are counted). Playwright's 'networkidle' is not used: it never comes while
 * the bell's stream is open.
 */
export async function loadPageJs(
  page: Page,
  url: string,
  { ready, quietMs = 750, timeoutMs = 30_000 }: { ready?: (page: Page) => Promise<unknown>; quietMs?: number; timeoutMs?: number } = {},
): Promise<PageJs> {
  const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
  const pending = new Set<object>();
  let lastChange = Date.now();
  const settle = (request: object) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (LIVE_REQUEST.test(request.url())) return;
    pending.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const path = new URL(response.url()).pathname;
    scripts.push(response.body().then((body) => ({ url: path, gzipBytes: gzipSync(body, { level: 9 }).length })));
  });

  const deadline = Date.now() + timeoutMs;
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  if (ready) await ready(page);
  while (pending.size > 0 || Date.now() - lastChange < quietMs) {
    if (Date.now() > deadline) throw new Error(`${url}: requests still in flight after ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
  const measured = (await Promise.all(scripts)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { bytes: measured.reduce((sum, s) => sum + s.gzipBytes, 0), scripts: measured };
}

/** The main landmark is shown: the shell (and, signed in, the admin's layout) has rendered. */
export const mainVisible = (page: Page) => page.getByRole('main').waitFor({ state: 'visible' });

/** Signs `context` in on `base` through the login form, as a person would; resolves on the welcome page. */
export async function signInForBench(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/portal/auth/login`);
  await page.locator('input[name="username"]').fill(BENCH_USER.username);
  await page.locator('input[name="password"]').fill(BENCH_USER.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/portal/app/welcome', { timeout: 30_000 });
  await mainVisible(page);
  return page;
}

/** The JS of a fresh load of the welcome page, in a new tab of a signed-in context. */
export async function welcomePageJs(context: BrowserContext, base: string): Promise<PageJs> {
  const page = await context.newPage();
  try {
    return await loadPageJs(page, `${base}/portal/app/welcome`, {
      ready: (p) => p.getByRole('main').getByRole('heading', { level: 1 }).waitFor(),
    });
  } finally {
    await page.close();
  }
}
