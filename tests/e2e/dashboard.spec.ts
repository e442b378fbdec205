/** Dashboard: the owner's money (net, fees, refunds, next payout) beside the previous period; the cashier's; donations. */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, formatNumber } from '../../src/domain/format';
import type { Dashboard } from '../../src/domain/reportCenter';
import { formatDay } from '../../src/domain/time';
import { chooseMerchant, DemoMerchants, DemoUsers, sidebarLink, signIn, t, type Lng } from './support';

const DASHBOARD_API = /\/transaction\/v2\/merchants\/\d+\/dashboard\?/;

/** Opens the dashboard in a language; the figures the page must show come from the API answer it got. */
async function openDashboard(page: Page, username: string, lng: Lng, { choose = true } = {}): Promise<Dashboard> {
  await signIn(page, username);
  // The cashier belongs to the SME only: no merchant to choose.
  if (choose) await chooseMerchant(page, DemoMerchants.sme.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  const answer = page.waitForResponse((r) => DASHBOARD_API.test(r.url()) && r.status() === 200);
  if (lng === 'en') await page.goto('/portal/app/dashboard');
  else await (await sidebarLink(page, 'MERCHANT_DASHBOARD')).click();
  await expect(page).toHaveURL(/\/portal\/app\/dashboard$/);
  return ((await (await answer).json()) as { data: Dashboard }).data;
}

for (const lng of ['vi', 'en'] as const) {
  test(`the owner sees net, fees, refunds and the next payout, with the previous period (${lng})`, async ({ page }) => {
    const d = await openDashboard(page, DemoUsers.owner.username, lng);
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    await expect(page.getByRole('heading', { level: 1, name: tr('resources.dashboard.name') })).toBeVisible();
    const f = d.figures;
    expect(f.netAmount).toBe(f.grossAmount - f.refundedAmount - f.feeAmount!);
    await expect(page.getByTestId('dashboard-netAmount')).toHaveText(formatMoney(f.netAmount, lng));
    await expect(page.getByTestId('dashboard-grossAmount')).toHaveText(formatMoney(f.grossAmount, lng));
    await expect(page.getByTestId('dashboard-feeAmount')).toHaveText(formatMoney(f.feeAmount, lng));
    await expect(page.getByTestId('dashboard-refundedAmount')).toHaveText(formatMoney(f.refundedAmount, lng));
    await expect(page.getByTestId('dashboard-successfulCount')).toHaveText(formatNumber(f.successfulCount, lng));
    // Each figure is labelled (its region's name) and compared with the previous period.
    const net = page.getByRole('region', { name: tr('portal.reports.figures.net'), exact: true });
    await expect(net).toContainText(tr('portal.reports.figures.netDetail'));
    await expect(page.getByTestId('dashboard-previous-netAmount')).toHaveText(
      tr('portal.dashboard.previous', { from: formatDay(d.previousFromDate), to: formatDay(d.previousToDate), value: formatMoney(d.previous.netAmount, lng) }),
    );
    const refunded = page.getByRole('region', { name: tr('portal.reports.figures.successful'), exact: true });
    await expect(refunded).toContainText(tr('portal.reports.figures.refundedIncluded', { count: formatNumber(f.refundedCount, lng) }));

    // The demo SME is paid T+1 to its Vietcombank account, shown masked.
    const payout = d.payout!;
    expect(payout).toMatchObject({ period: 'SRP.0001', destination: 'BANK', accountMasked: '••••3456' });
    await expect(page.getByTestId('dashboard-payout')).toHaveText(
      tr('portal.dashboard.payout.nextDay', { amount: formatMoney(payout.amount, lng), date: formatDay(payout.date) }),
    );
    await expect(page.getByTestId('dashboard-payout-destination')).toHaveText(tr('portal.dashboard.payout.to', { destination: 'Vietcombank ••••3456' }));
    await expect(page.getByText('0041000123456')).toHaveCount(0);

    // The chart's values are not only in tooltips: a table on demand, one row per day.
    const byDay = page.getByRole('region', { name: tr('portal.dashboard.byDay') });
    await expect(byDay.getByRole('img', { name: tr('portal.dashboard.byDay') })).toBeVisible();
    await byDay.getByRole('button', { name: tr('portal.dashboard.showTable') }).click();
    const table = byDay.getByRole('table', { name: tr('portal.dashboard.byDay') });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(d.byDay.length + 1);
    const last = d.byDay[d.byDay.length - 1]!;
    const lastRow = table.getByRole('row').last();
    await expect(lastRow.getByRole('rowheader')).toHaveText(formatDay(last.key));
    await expect(lastRow.getByRole('cell')).toHaveText([formatMoney(last.amount, lng), formatNumber(last.count, lng)]);
    // One word for the payment method, the report's.
    const byMethod = page.getByRole('region', { name: tr('portal.dashboard.byMethod') });
    await expect(byMethod.getByText(tr('resources.transaction-report.methods.WALLET'), { exact: true })).toBeVisible();
  });
}

test('a cashier sees the payments of their store, without fees, net or payout', async ({ page }) => {
  const d = await openDashboard(page, DemoUsers.cashier.username, 'vi', { choose: false });
  expect(d.figures.feeAmount).toBeNull();
  expect(d.payout).toBeNull();
  await expect(page.getByTestId('dashboard-grossAmount')).toHaveText(formatMoney(d.figures.grossAmount));
  await expect(page.getByText(t('portal.dashboard.storeScoped'))).toBeVisible();
  await expect(page.getByTestId('dashboard-netAmount')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-feeAmount')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-payout')).toHaveCount(0);
});

test('the donation merchant gets the donation dashboard and the donation history', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.pagoda.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  await (await sidebarLink(page, 'MERCHANT_DASHBOARD_DONATION')).click();
  await expect(page.getByRole('heading', { level: 1, name: t('portal.dashboard.donationTitle') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('portal.dashboard.byCampaign') }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-netAmount')).toHaveText(/\d[\d.]* đ/);

  await page.goto('/portal/app/transaction-history');
  const table = page.getByRole('table', { name: t('resources.donation-history.name') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: t('portal.reports.columns.donorName'), exact: true })).toBeVisible();
});
