import { expect, test } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, PRODUCT, rawStorage, sidebarLink, signIn, storedLanguage, t } from './support';

test.describe('sign-in to welcome', () => {
  test('owner signs in, chooses the SME and lands on welcome with the merchant shown', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.sme.name);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    await expect(page.getByRole('heading', { name: t('portal.welcome.greeting', { name: DemoUsers.owner.name }) })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(DemoMerchants.sme.brandName);
    await expect(page.getByRole('main')).toContainText(t('portal.kyb.done'));
    // Footer of spec §1.
    await expect(page.getByRole('contentinfo')).toContainText('1900 636 652');
    await expect(page.getByRole('contentinfo')).toContainText('1.25.100');
    // The test server runs in demo mode: the header says so, so nobody takes it for production.
    await expect(page.getByTestId('demo-badge')).toHaveText(t('portal.layout.demoBadge'));
  });

  test('wrong password shows the server message and stays on login', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username, 'Wrong@1234');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });

  test('empty login form shows the required messages', async ({ page }) => {
    await page.goto('/portal/auth/login');
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page.getByText(t('validation.required'))).toHaveCount(2);
    await page.getByRole('textbox', { name: t('portal.login.username'), exact: true }).fill('0901234567');
    await page.getByRole('textbox', { name: t('portal.login.password'), exact: true }).fill('abc');
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page.getByText(t('validation.username'))).toBeVisible();
    await expect(page.getByText(t('validation.password'))).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });

  test('a protected URL sends to login and returns there after sign-in', async ({ page }) => {
    await page.goto('/portal/app/offline-stores');
    await expect(page).toHaveURL(/\/portal\/auth\/login\?redirect=/);
    // admin_demo has one merchant: it is chosen by itself, then the wanted page opens.
    await signIn(page, DemoUsers.admin.username);
    await expect(page).toHaveURL(/\/portal\/app\/offline-stores/);
    await expect(page.getByRole('main')).toContainText(t('resources.stores.fields.storeName'));
  });

  test('a P2M merchant shows the spec warning and stops', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.p2m.name, { stays: true });
    await expect(page.getByTestId('p2m-warning')).toHaveText(
      `Chưa hỗ trợ Doanh Nghiệp P2M. Vui lòng liên hệ ${PRODUCT} để được hỗ trợ thêm!`,
    );
    await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  });

  test('a SIGN_CONTRACT todo leads to e-contract onboarding', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.topBrand.name);
    await expect(page).toHaveURL(/\/portal\/onboard\/econtract-sign/);
    await expect(page.getByRole('heading', { name: t('portal.econtract.title') })).toBeVisible();
    // /app cannot skip the step by URL.
    await page.goto('/portal/app/welcome');
    await expect(page).toHaveURL(/\/portal\/onboard\/econtract-sign/);
  });

  test('a required biometric check cannot be skipped', async ({ page }) => {
    await signIn(page, DemoUsers.nfc.username);
    await expect(page).toHaveURL(/\/portal\/onboard\/authentication-nfc/);
    await expect(page.getByText(t('portal.nfc.requiredNotice'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('portal.nfc.skip') })).toHaveCount(0);
  });

  test('a user without merchant sees the empty state', async ({ page }) => {
    await signIn(page, DemoUsers.noMerchant.username);
    await expect(page.getByRole('heading', { name: t('portal.chooseMerchant.emptyTitle') })).toBeVisible();
  });
});

test.describe('access by route code', () => {
  test('the cashier does not see stores in the sidebar and is refused on its URL', async ({ page }) => {
    await signIn(page, DemoUsers.cashier.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    const nav = page.getByRole('navigation', { name: t('portal.layout.navigation') });
    await expect(nav.getByRole('link', { name: t('resources.welcome.name') })).toBeVisible();
    await expect(await sidebarLink(page, 'MERCHANT_STORES_OFFLINE', 'MERCHANT_ACCOUNT_MANAGEMENT')).toHaveCount(0);
    await page.goto('/portal/app/offline-stores');
    await expect(page.getByRole('heading', { name: t('portal.accessDenied.title') })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('the owner sees stores in the sidebar and opens the paged list', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.sme.name);
    await (await sidebarLink(page, 'MERCHANT_STORES_OFFLINE', 'MERCHANT_ACCOUNT_MANAGEMENT')).click();
    await expect(page).toHaveURL(/\/portal\/app\/offline-stores/);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(21); // header + default page size 20
  });
});

test.describe('pages outside the app', () => {
  test('unknown path under /app shows the not-found page', async ({ page }) => {
    await signIn(page, DemoUsers.admin.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    await page.goto('/portal/app/no-such-page');
    await expect(page.getByRole('heading', { name: t('portal.notFound.title') })).toBeVisible();
  });

  test('health page reports the API and offers login when signed out', async ({ page }) => {
    await page.goto('/portal/health');
    await expect(page.getByRole('heading', { name: t('portal.health.title') })).toBeVisible();
    await expect(page.getByText(t('portal.health.ok')).first()).toBeVisible();
    await expect(page.getByRole('link', { name: t('portal.health.toLogin') })).toBeVisible();
  });

  test('an unknown top-level path falls to the auth area', async ({ page }) => {
    await page.goto('/portal/whatever');
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });
});

test.describe('session', () => {
  test('a 401 from the API signs the user out', async ({ page }) => {
    await signIn(page, DemoUsers.admin.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    // Keep the signed-in browser state, sign out (the server revokes the token), then put the state
    // back: the portal now holds a revoked token, and the API's 401 must sign it out.
    const saved = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    await page.getByRole('button', { name: t('portal.layout.accountOf', { name: DemoUsers.admin.name }) }).click();
    await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
    await page.evaluate((entries) => {
      for (const [k, v] of JSON.parse(entries) as [string, string][]) localStorage.setItem(k, v);
    }, saved);
    const unauthorized = page.waitForResponse((res) => res.url().includes('/api/') && res.status() === 401);
    await page.goto('/portal/app/user-info');
    await unauthorized;
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
    const storage = await rawStorage(page);
    expect(Object.keys(storage).filter((k) => k.startsWith('local:mp.auth'))).toEqual([]);
  });

  test('logout from the user menu ends the session on the server', async ({ page }) => {
    await signIn(page, DemoUsers.admin.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    await page.getByRole('button', { name: t('portal.layout.accountOf', { name: DemoUsers.admin.name }) }).click();
    await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
    await page.goto('/portal/app/welcome');
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });

  test('language switch persists and reloads the page', async ({ page }) => {
    await page.goto('/portal/auth/login');
    await expect(page.getByRole('heading', { name: t('portal.login.title') })).toBeVisible();
    await page.getByRole('button', { name: t('portal.language.en') }).click();
    await expect(page.getByRole('heading', { name: t('portal.login.title', {}, 'en') })).toBeVisible();
    expect(await storedLanguage(page)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('langKey'))).toMatch(/^v1\./);
    await page.reload();
    await expect(page.getByRole('heading', { name: t('portal.login.title', {}, 'en') })).toBeVisible();
  });

  test('nothing secret or personal is kept in clear in the browser', async ({ page }) => {
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.sme.name);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    const storage = await rawStorage(page);
    expect(Object.keys(storage).length).toBeGreaterThan(2);
    const all = Object.entries(storage).map(([k, v]) => `${k}=${v}`).join('\n');
    for (const secret of [DemoUsers.owner.username, DemoUsers.owner.name, DemoUsers.owner.email, DemoUsers.owner.phone, DemoMerchants.sme.name, 'token']) {
      expect(all).not.toContain(secret);
    }
    for (const key of Object.keys(storage)) expect(key === 'local:langKey' || /^(local|session):mp\./.test(key)).toBe(true);
    // Spec §1: every stored value is sealed, the language included.
    for (const [key, value] of Object.entries(storage)) expect(value, key).toMatch(/^v1\./);
  });
});
