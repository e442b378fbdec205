import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import viPortal from '../../src/i18n/vi/portal.json' with { type: 'json' };
import enPortal from '../../src/i18n/en/portal.json' with { type: 'json' };
import viValidation from '../../src/i18n/vi/validation.json' with { type: 'json' };
import enValidation from '../../src/i18n/en/validation.json' with { type: 'json' };
import viApi from '../../src/i18n/vi/api.json' with { type: 'json' };
import { DEMO_PASSWORD, DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { presetRange, vietnamToday } from '../../src/domain/time';
import { createDecipheriv, createHmac } from 'node:crypto';

export { DemoMerchants, DemoUsers, DEMO_PASSWORD } from '../../server/db/seed-fixtures';

const dictionaries = { vi: { ...viPortal, ...viValidation }, en: { ...enPortal, ...enValidation } } as const;
export type Lng = keyof typeof dictionaries;

/** The portal's own string for a key, so tests assert what a user reads without copying the text. */
export function t(key: string, vars: Record<string, string | number> = {}, lng: Lng = 'vi'): string {
  let node: unknown = dictionaries[lng];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing ${lng} string ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

export const PRODUCT = 'Ví Xanh';

/** Requests that stay open by design (the notification stream): never waited for. */
const LIVE_REQUEST = /\/notification\/v2\/stream/;
const inFlight = new WeakMap<Page, Set<object>>();

function trackRequests(page: Page): Set<object> {
  let open = inFlight.get(page);
  if (!open) {
    const pending = new Set<object>();
    page.on('request', (r) => {
      if (!LIVE_REQUEST.test(r.url())) pending.add(r);
    });
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    inFlight.set(page, pending);
    open = pending;
  }
  return open;
}

/**
 * Waits until no request has been in flight for `quietMs`, leaving out the live notification stream:
 * Playwright's 'networkidle' never comes once the bell keeps its stream open. Requests are tracked from
 * sign-in on (or from the first call, for a page that never signed in through signIn). After a sign-in,
 * call it before the test's own page.goto: the app's own redirect (merchant chosen, welcome) would undo it.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const open = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`requests still in flight after ${timeoutMs} ms`);
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  trackRequests(page);
  if (!page.url().includes('/portal/auth/login')) await page.goto('/portal/auth/login');
  await page.getByRole('textbox', { name: t('portal.login.username'), exact: true }).fill(username);
  await page.getByRole('textbox', { name: t('portal.login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('portal.login.submit') }).click();
}

/**
 * A fresh browser context signed in as `username` (its own cookies and storage, so several people can act
 * in one test), in `lng`: English is stored the way the language switch leaves it, then the page reloads.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  { lng = 'vi', width = 1280, height = 800, reload = true }: { lng?: Lng; width?: number; height?: number; reload?: boolean } = {},
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height }, acceptDownloads: true })).newPage();
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/portal\/auth\//);
  if (lng === 'en') {
    await page.evaluate(() => localStorage.setItem('langKey', 'en'));
    // `reload: false` for a test whose next step loads a page anyway (e.g. choosing the merchant first).
    if (reload) await page.reload();
  }
  // The app settles on its first screen before the test acts (a click racing its redirect is lost).
  await waitForQuiet(page);
  return page;
}

/** On the choose-merchant page, picks a merchant by its name. */
/** `stays`: the choice is refused on the page itself (P2M), so there is no navigation to wait for. */
export async function chooseMerchant(page: Page, name: string, { stays = false } = {}): Promise<void> {
  await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel') }).getByRole('button', { name: new RegExp(escapeRegExp(name)) }).click();
  // The choice is stored once the merchant's details arrive; navigating before that lands back here.
  if (!stays) {
    await expect(page).not.toHaveURL(/\/portal\/onboard\/merchants-choose/);
    // The app settles on its first screen (menu, merchant, a redirect to welcome) before a test navigates:
    // a page.goto racing the app's own redirect is cancelled by it.
    await waitForQuiet(page);
  }
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Everything the portal keeps in local and session storage, as raw text. */
/** The storage key of a build without VITE_STORAGE_KEY (src/storage/cipher.ts DEFAULT_STORAGE_KEY_HEX), as the e2e build is. */
const DEFAULT_STORAGE_KEY = Buffer.from('6d702e73746f726167652e64656d6f2e6b65792e323032352e7631000000aa55', 'hex');

/**
 * Opens a value the portal stored, with Node's own crypto rather than the portal's code, so the test
 * also proves the format docs/decisions.md describes: `v1.<iv>.<ciphertext>.<mac>`, AES-256-CBC under
 * HMAC(master, 'mp.storage.enc'), HMAC-SHA256 under HMAC(master, 'mp.storage.mac') over `v1|name|iv|ct`.
 */
export function openStoredValue(name: string, sealed: string): unknown {
  const [version, iv, ciphertext, mac] = sealed.split('.');
  expect(version).toBe('v1');
  const macKey = createHmac('sha256', DEFAULT_STORAGE_KEY).update('mp.storage.mac').digest();
  expect(createHmac('sha256', macKey).update(`v1|${name}|${iv}|${ciphertext}`).digest('base64')).toBe(mac);
  const encKey = createHmac('sha256', DEFAULT_STORAGE_KEY).update('mp.storage.enc').digest();
  const decipher = createDecipheriv('aes-256-cbc', encKey, Buffer.from(iv, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8'));
}

/** The language the portal stored under langKey (sealed like all stored data), or null. */
export async function storedLanguage(page: Page): Promise<unknown> {
  const raw = await page.evaluate(() => localStorage.getItem('langKey'));
  return raw === null ? null : openStoredValue('langKey', raw);
}

export async function rawStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        out[`${store === localStorage ? 'local' : 'session'}:${key}`] = store.getItem(key) ?? '';
      }
    }
    return out;
  });
}

/** The server's sidebar name of a route code (Vietnamese). */
export function sidebarName(code: string): string {
  const name = (viApi.sidebar as Record<string, string>)[code];
  if (!name) throw new Error(`no sidebar name for ${code}`);
  return name;
}

/** The sidebar link of a route code, opening its group first when it sits in a closed one. */
export async function sidebarLink(page: Page, code: string, group?: string) {
  const nav = page.getByRole('navigation', { name: t('portal.layout.navigation') });
  // The entries come from the server: wait until they replaced the skeleton.
  await nav.getByRole('link', { name: t('resources.welcome.name') }).waitFor();
  await waitForQuiet(page);
  const link = nav.getByRole('link', { name: sidebarName(code), exact: true });
  if (group && !(await link.isVisible())) {
    const toggle = nav.getByRole('button', { name: sidebarName(group), exact: true });
    if ((await toggle.count()) > 0) await toggle.click();
  }
  return link;
}

/** A user's bearer token (a demo user's by default), signed in through the API (for test set-up that needs no browser). */
export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/authentication/v1/login', { data: { username, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** An active payment link's payer code of the demo SME, through the API (for the signed-out payer page). */
export async function activePayerCode(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, DemoUsers.owner.username);
  const { from, to } = presetRange('last30Days', vietnamToday());
  const res = await request.get(`/api/payment-link/v1/merchants/${DemoMerchants.sme.id}/payment-links?${new URLSearchParams({ from, to, status: 'ACTIVE' })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const links = (await res.json()).data.content as Array<{ code: string }>;
  expect(links.length, 'the demo SME has an active payment link').toBeGreaterThan(0);
  return links[0].code;
}
