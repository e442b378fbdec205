import { expect, test } from '@playwright/test';
import viPayer from '../../src/i18n/vi/payer.json' with { type: 'json' };
import { DemoMerchants, DemoUsers, signIn, t } from './support';

const payer = viPayer.payer;

test.describe('payment links', () => {
  test('create a link, share it, pay it on the public payer page, then see PAID and the transaction', async ({ page, browser }) => {
    // other_owner_demo has one merchant, chosen automatically.
    await signIn(page, DemoUsers.otherOwner.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);
    await page.goto('/portal/app/payment-links/create');
    const title = `Đặt cọc e2e ${Date.now()}`;
    await page.getByRole('textbox', { name: t('resources.payment-links.fields.title') }).fill(title);
    await page.getByRole('spinbutton', { name: t('resources.payment-links.fields.amount') }).fill('150000');
    await page.getByRole('textbox', { name: t('resources.payment-links.fields.reference') }).fill('E2E-1');
    await page.getByRole('button', { name: t('resources.payment-links.create.submit') }).click();

    await expect(page).toHaveURL(/\/portal\/app\/payment-links\/\d+$/);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByTestId('link-status')).toHaveText(t('resources.payment-links.statuses.ACTIVE'));
    await expect(page.getByRole('img', { name: /VietQR/ })).toBeVisible();
    const payUrl = await page.getByTestId('pay-url').inputValue();
    expect(payUrl).toMatch(/\/portal\/pay\/[A-Za-z0-9]{10}$/);
    const code = payUrl.split('/').pop()!;

    // The payer: a fresh browser context (no session), which must not load the admin bundle.
    const context = await browser.newContext();
    const payerPage = await context.newPage();
    const scripts: string[] = [];
    payerPage.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await payerPage.goto(payUrl);
    await expect(payerPage.getByText(DemoMerchants.other.brandName)).toBeVisible();
    await expect(payerPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(payerPage.getByText('150.000 đ')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((url) => !/\/assets\/main-/.test(url))).toBe(true);
    await payerPage.getByRole('button', { name: payer.pay }).click();
    await expect(payerPage.getByRole('status').filter({ hasText: payer.success })).toBeVisible();
    await payerPage.reload();
    await expect(payerPage.getByText(payer.states.PAID)).toBeVisible();
    await expect(payerPage.getByRole('button', { name: payer.pay })).toHaveCount(0);
    await context.close();

    // Back in the portal: the link is paid and its payment is a transaction of the report.
    await page.reload();
    await expect(page.getByTestId('link-status')).toHaveText(t('resources.payment-links.statuses.PAID'));
    const payments = page.getByRole('table', { name: t('resources.payment-links.payments.title') });
    const txLink = payments.getByRole('link');
    await expect(txLink).toHaveCount(1);
    await expect(payments).toContainText('150.000 đ');
    await txLink.click();
    await expect(page).toHaveURL(/\/portal\/app\/report-center\/transaction-report\/\d{13}$/);

    // The list finds it by code, paid.
    await page.goto('/portal/app/payment-links');
    await page.getByRole('searchbox', { name: t('portal.reports.search') }).fill(code);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('resources.payment-links.statuses.PAID'));
  });

  test('the payer page says in plain words when a link does not exist', async ({ page }) => {
    await page.goto('/portal/pay/zzzzzzzzzz');
    await expect(page.getByText(payer.notFound)).toBeVisible();
  });
});
