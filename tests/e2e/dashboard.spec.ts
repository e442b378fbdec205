/** Dashboard: revenue by day, store and method; the donation merchant's donation dashboard and history. */
import { expect, test } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, sidebarLink, signIn, t } from './support';

test('the owner sees revenue and payments with charts by day, store and method', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  await (await sidebarLink(page, 'MERCHANT_DASHBOARD')).click();
  await expect(page).toHaveURL(/\/portal\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: t('resources.dashboard.name') })).toBeVisible();
  await expect(page.getByTestId('dashboard-total-amount')).toHaveText(/\d[\d.]* đ/);
  await expect(page.getByRole('img', { name: t('portal.dashboard.byDay') })).toBeVisible();
  const byStore = page.getByRole('region', { name: t('portal.dashboard.byStore') });
  expect(await byStore.getByRole('listitem').count()).toBeGreaterThan(1);
  const byMethod = page.getByRole('region', { name: t('portal.dashboard.byMethod') });
  await expect(byMethod.getByText(t('portal.dashboard.methods.WALLET'))).toBeVisible();

  // A wider range shows at least as much.
  const monthTotal = await page.getByTestId('dashboard-total-count').textContent();
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') }).click();
  await page.getByRole('option', { name: t('portal.reports.dateRange.presets.last90Days') }).click();
  await expect(page.getByTestId('dashboard-total-count')).not.toHaveText(monthTotal ?? '');
});

test('the donation merchant gets the donation dashboard and the donation history', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.pagoda.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  await (await sidebarLink(page, 'MERCHANT_DASHBOARD_DONATION')).click();
  await expect(page.getByRole('heading', { level: 1, name: t('portal.dashboard.donationTitle') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('portal.dashboard.byCampaign') }).getByRole('listitem').first()).toBeVisible();

  await page.goto('/portal/app/transaction-history');
  const table = page.getByRole('table', { name: t('resources.donation-history.name') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: t('portal.reports.columns.donorName'), exact: true })).toBeVisible();
});
