/**
 * Issue 19, the JS budgets held by the suite: what a fresh load of the login page, the welcome page (signed
 * in as an administrator, whose sidebar holds every screen), a payer page and a public business page
 * downloads, summed gzip -9, measured on the built app the way `npm run bench` does (bench/page-js.ts).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { JS_BUDGETS_KB, kb, loadPageJs, mainVisible, signInForBench, welcomePageJs, type PageJs } from '../../bench/page-js';
import { presetRange, vietnamToday } from '../../src/domain/time';
import { DEMO_PASSWORD, DemoMerchants, DemoUsers } from './support';

/** The figure with its scripts, largest first, so a failure says what grew. */
function report(name: string, js: PageJs): string {
  return `${name}: ${kb(js.bytes)} KB gzip\n${js.scripts.map((s) => `  ${kb(s.gzipBytes)} ${s.url}`).join('\n')}`;
}

function expectWithin(name: string, js: PageJs, budgetKB: number) {
  expect(js.scripts.length, `${name} loads scripts`).toBeGreaterThan(0);
  expect(kb(js.bytes), report(name, js)).toBeLessThanOrEqual(budgetKB);
}

/** An active payment link's payer code of the demo SME, through the API. */
async function payerCode(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/authentication/v1/login', { data: { username: DemoUsers.owner.username, password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const { from, to } = presetRange('last30Days', vietnamToday());
  const res = await request.get(`/api/payment-link/v1/merchants/${DemoMerchants.sme.id}/payment-links?${new URLSearchParams({ from, to, status: 'ACTIVE' })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const links = (await res.json()).data.content as Array<{ code: string }>;
  expect(links.length, 'the demo SME has an active payment link').toBeGreaterThan(0);
  return links[0].code;
}

test.describe('JS budgets (gzip -9 of every script a fresh load fetches)', () => {
  test(`the login page: at most ${JS_BUDGETS_KB.login} KB`, async ({ page }) => {
    expectWithin('login', await loadPageJs(page, '/portal/auth/login', { ready: mainVisible }), JS_BUDGETS_KB.login);
  });

  test(`the welcome page, signed in as an administrator: at most ${JS_BUDGETS_KB.welcome} KB`, async ({ context }) => {
    await signInForBench(context, '');
    expectWithin('welcome', await welcomePageJs(context, ''), JS_BUDGETS_KB.welcome);
  });

  test(`a payer page: at most ${JS_BUDGETS_KB.payer} KB`, async ({ page, request }) => {
    const code = await payerCode(request);
    expectWithin('payer', await loadPageJs(page, `/portal/pay/${code}`, { ready: mainVisible }), JS_BUDGETS_KB.payer);
  });

  test(`a public business page: at most ${JS_BUDGETS_KB.publicPage} KB`, async ({ page }) => {
    expectWithin('public page', await loadPageJs(page, '/portal/p/ca_phe_song_han', { ready: mainVisible }), JS_BUDGETS_KB.publicPage);
  });
});
