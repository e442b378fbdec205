import { expect, test, type Page } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, DEMO_PASSWORD, sidebarLink, signIn, t } from './support';

const SME = DemoMerchants.sme;

async function ownerOnSme(page: Page) {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, SME.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
}

/** The list row of a service, by its code. */
const row = (page: Page, code: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });

test.describe('service management', () => {
  test('the owner registers PROMOTION and the service then offers its campaigns instead of registration', async ({ page }) => {
    await ownerOnSme(page);
    const link = await sidebarLink(page, 'MERCHANT_SERVICE_INFORMATION', 'MERCHANT_ACCOUNT_MANAGEMENT');
    // The sidebar may still grow (server entries arriving) under the pointer: retry the click until it lands.
    await expect(async () => {
      await link.click();
      await expect(page).toHaveURL(/\/portal\/app\/service-management$/, { timeout: 2_000 });
    }).toPass();

    const promotion = row(page, 'PROMOTION');
    await expect(promotion).toContainText('Khuyến mãi');
    await expect(promotion).toContainText(t('resources.services.status.NONE'));
    await expect(promotion.getByRole('link', { name: t('resources.services.actions.myCampaigns') })).toHaveCount(0);
    // ADS is already ACTIVE for this merchant: §4 says it cannot be registered again.
    await expect(row(page, 'ADS')).toContainText(t('resources.services.status.ACTIVE'));
    await expect(row(page, 'ADS').getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Quảng cáo' }) })).toHaveCount(0);

    await promotion.getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Khuyến mãi' }) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('resources.services.confirmRegister', { name: 'Khuyến mãi' }));
    await dialog.getByRole('button', { name: t('portal.confirm.confirm') }).click();

    await expect(page.getByText(t('resources.services.notifications.registered', { name: 'Khuyến mãi' }))).toBeVisible();
    await expect(promotion).toContainText(t('resources.services.status.ACTIVE'));
    await expect(promotion.getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Khuyến mãi' }) })).toHaveCount(0);
    // Only the not-yet-registered PAYLATER is still offered for registration.
    await page.getByRole('combobox', { name: t('resources.services.filters.eligibleToSubscribe') }).click();
    await page.getByRole('option', { name: t('resources.services.filters.eligible'), exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, 'PAYLATER')).toBeVisible();
    // Back to every service (the list keeps its filter otherwise).
    await page.goto('/portal/app/service-management?filter=%7B%7D');

    await row(page, 'PROMOTION').getByRole('link', { name: t('resources.services.actions.myCampaigns') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/services\/promotion\/my-campaigns$/);
    await expect(page.getByRole('link', { name: t('resources.promotions.actions.create') })).toBeVisible();

    // The detail page of the service says why it cannot be registered again.
    await page.goto('/portal/app/service-management');
    await row(page, 'PROMOTION').getByRole('cell', { name: 'PROMOTION', exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/app\/service-management\/service\/\d+$/);
    await expect(page.getByText('Dịch vụ đã được đăng ký')).toBeVisible();
  });

  test('the PAYLATER page shows the terms and, once registered, the review state (English)', async ({ page }) => {
    await page.goto('/portal/auth/login');
    await page.getByRole('button', { name: t('portal.language.en') }).click();
    await page.getByRole('textbox', { name: t('portal.login.username', {}, 'en'), exact: true }).fill(DemoUsers.owner.username);
    await page.getByRole('textbox', { name: t('portal.login.password', {}, 'en'), exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('portal.login.submit', {}, 'en') }).click();
    await expect(page).toHaveURL(/merchants-choose/);
    await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel', {}, 'en') }).getByRole('button', { name: new RegExp(SME.name) }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);

    await page.goto('/portal/app/service-management/PAYLATER');
    const terms = page.getByRole('table', { name: t('resources.service-paylater.terms', {}, 'en') });
    await expect(terms).toContainText('3 months, 6 months, 9 months, 12 months');
    await expect(terms).toContainText('2.50 %');
    await expect(terms).toContainText('500,000 đ – 30,000,000 đ');
    await expect(page.getByText('Sell more with Buy now, pay later')).toBeVisible();
    await expect(page.getByText(t('resources.services.status.NONE', {}, 'en'))).toBeVisible();

    await page.getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Buy now, pay later' }, 'en') }).click();
    await page.getByRole('dialog').getByRole('button', { name: t('portal.confirm.confirm', {}, 'en') }).click();
    await expect(page.getByText(t('resources.service-paylater.pendingReview', {}, 'en'))).toBeVisible();
    await expect(page.getByText(t('resources.services.status.INITIALIZED', {}, 'en'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Buy now, pay later' }, 'en') })).toHaveCount(0);
  });

  test('a service template shows the landing page of its code', async ({ page }) => {
    await ownerOnSme(page);
    await page.goto('/portal/app/service-management/template/ADS');
    await expect(page.getByRole('heading', { name: 'Đưa thương hiệu đến hàng triệu người dùng' })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('resources.service-templates.benefits') })).toBeVisible();
  });

  test('the administrator has no service entry and is refused the page (§6: owner only)', async ({ page }) => {
    await signIn(page, DemoUsers.admin.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);
    const nav = page.getByRole('navigation', { name: t('portal.layout.navigation') });
    await nav.getByRole('link', { name: t('resources.welcome.name') }).waitFor();
    await expect(nav.getByRole('link', { name: 'Dịch vụ', exact: true })).toHaveCount(0);
    await page.goto('/portal/app/service-management');
    await expect(page.getByRole('heading', { name: t('portal.accessDenied.title') })).toBeVisible();
    await page.goto('/portal/app/services/promotion/my-campaigns');
    await expect(page.getByRole('heading', { name: t('portal.accessDenied.title') })).toBeVisible();
  });
});
