/**
 * Issue 19, the JS budgets held by the suite: what a fresh load of the login page, the welcome page (signed
 * in as an administrator, whose sidebar holds every screen), a payer page and a public business page
 * downloads, summed gzip -9, measured on the built app the way `npm run bench` does (bench/page-js.ts).
 * The pages before sign-in and the public ones load none of the admin's code.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { JS_BUDGETS_KB, kb, loadPageJs, mainVisible, signInForBench, welcomePageJs, type PageJs } from '../../bench/page-js';
import { activePayerCode } from './support';

/** The figure with its scripts, largest first, so a failure says what grew. */
function report(name: string, js: PageJs): string {
  return `${name}: ${kb(js.bytes)} KB gzip\n${js.scripts.map((s) => `  ${kb(s.gzipBytes)} ${s.url}`).join('\n')}`;
}

function expectWithin(name: string, js: PageJs, budgetKB: number) {
  expect(js.scripts.length, `${name} loads scripts`).toBeGreaterThan(0);
  expect(kb(js.bytes), report(name, js)).toBeLessThanOrEqual(budgetKB);
}

/** Admin code a page outside the admin must not fetch: its lazy area and screens. */
const ADMIN_CHUNK = /\/(AdminApp|StoreList|WelcomePage)-/;


/** The scripts of `js` that are the admin shell's entry or the admin's own chunks. */
async function adminScripts(request: APIRequestContext, js: PageJs): Promise<string[]> {
  const shell = await (await request.get('/portal/')).text();
  const adminEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  expect(adminEntry, 'the admin shell names its entry script').toBeTruthy();
  return js.scripts.map((s) => s.url).filter((url) => url === adminEntry || ADMIN_CHUNK.test(url));
}

test.describe('JS budgets (gzip -9 of every script a fresh load fetches)', () => {
  test(`the login page: at most ${JS_BUDGETS_KB.login} KB, none of it the admin's`, async ({ page }) => {
    const js = await loadPageJs(page, '/portal/auth/login', { ready: mainVisible });
    expectWithin('login', js, JS_BUDGETS_KB.login);
    expect(js.scripts.map((s) => s.url).filter((url) => ADMIN_CHUNK.test(url))).toEqual([]);
  });

  test(`the welcome page, signed in as an administrator: at most ${JS_BUDGETS_KB.welcome} KB`, async ({ context }) => {
    await signInForBench(context, '');
    expectWithin('welcome', await welcomePageJs(context, ''), JS_BUDGETS_KB.welcome);
  });

  test(`a payer page: at most ${JS_BUDGETS_KB.payer} KB, none of it the admin's`, async ({ page, request }) => {
    const code = await activePayerCode(request);
    const js = await loadPageJs(page, `/portal/pay/${code}`, { ready: mainVisible });
    expectWithin('payer', js, JS_BUDGETS_KB.payer);
    expect(await adminScripts(request, js)).toEqual([]);
  });

  test(`a public business page: at most ${JS_BUDGETS_KB.publicPage} KB, none of it the admin's`, async ({ page, request }) => {
    const js = await loadPageJs(page, '/portal/p/ca_phe_song_han', { ready: mainVisible });
    expectWithin('public page', js, JS_BUDGETS_KB.publicPage);
    expect(await adminScripts(request, js)).toEqual([]);
  });
});
