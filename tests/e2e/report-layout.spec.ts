/**
 * The transaction report on a laptop and on a phone: at 1366 px the amount and status show without
 * sideways scrolling (store names without the brand every store starts with); at 375 px the rows are
 * cards (id, time, amount, status, store) that open the detail.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDateTimeSeconds, formatMoney } from '../../src/domain/format';
import type { TransactionRow } from '../../src/domain/transactionReport';
import { chooseMerchant, DemoMerchants, DemoUsers, signIn, t, type Lng } from './support';

const REPORT_PATH = '/portal/app/report-center/transaction-report';
const LIST = /\/transaction-report\?/;

/** Signs in as the owner at a viewport size, opens the report in a language; the first page the API answered. */
async function openReport(page: Page, size: { width: number; height: number }, lng: Lng): Promise<TransactionRow[]> {
  await page.setViewportSize(size);
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  // A plain language value is sealed by the portal on its next load.
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  const answer = page.waitForResponse((r) => LIST.test(r.url()) && r.status() === 200);
  await page.goto(REPORT_PATH);
  const rows = ((await (await answer).json()) as { data: { content: TransactionRow[] } }).data.content;
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

/** Nothing wider than the window: the page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element is shown whole between the window's left and right edges. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('at 1366 × 768 the first row shows its amount and status without sideways scrolling; store names drop the brand', async ({ page }) => {
  const rows = await openReport(page, { width: 1366, height: 768 }, 'vi');
  const table = page.getByRole('table', { name: t('resources.transaction-report.name') });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(rows[0]!.id);
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, first.getByRole('cell', { name: formatMoney(rows[0]!.amount, 'vi'), exact: true }));
  await expectWithinWidth(page, first.getByText(t(`resources.transaction-report.statuses.${rows[0]!.status}`), { exact: true }));
  // Every column of the default set is still there (none was dropped to make room).
  for (const column of ['id', 'createdAt', 'storeName', 'customerPhone', 'paymentMethod', 'status', 'amount', 'fee']) {
    await expect(table.getByRole('columnheader', { name: t(`resources.transaction-report.fields.${column}`), exact: true })).toBeVisible();
  }

  // A store's name without the merchant's brand, the whole name in its title.
  const withStore = rows.find((r) => r.storeName?.startsWith(`${DemoMerchants.sme.brandName} - `));
  expect(withStore).toBeDefined();
  const row = table.getByRole('row').filter({ hasText: withStore!.id });
  const store = row.locator(`[title="${withStore!.storeName}"]`);
  await expect(store).toHaveText(withStore!.storeName!.slice(`${DemoMerchants.sme.brandName} - `.length));
});

test('at 375 × 812 the report is a list of cards (id, time, amount, status, store) that open the detail, in English', async ({ page }) => {
  const rows = await openReport(page, { width: 375, height: 812 }, 'en');
  const cards = page.getByRole('list', { name: t('resources.transaction-report.name', {}, 'en') });
  const first = cards.getByRole('listitem').first();
  const row = rows[0]!;
  await expect(first).toContainText(row.id);
  await expect(first).toContainText(formatDateTimeSeconds(row.createdAt));
  await expect(first).toContainText(formatMoney(row.amount, 'en'));
  await expect(first).toContainText(t(`resources.transaction-report.statuses.${row.status}`, {}, 'en'));
  if (row.storeName) await expect(first).toContainText(row.storeName.replace(`${DemoMerchants.sme.brandName} - `, ''));
  // No table squeezed into the phone, and nothing wider than it.
  await expect(page.getByRole('table', { name: t('resources.transaction-report.name', {}, 'en') })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectWithinWidth(page, first.getByText(formatMoney(row.amount, 'en'), { exact: true }));
  await expectWithinWidth(page, first.getByText(t(`resources.transaction-report.statuses.${row.status}`, {}, 'en'), { exact: true }));
  // The list's actions stay reachable on the phone.
  await expectWithinWidth(page, page.getByRole('button', { name: t('portal.reports.export.button', {}, 'en'), exact: true }));
  await expectWithinWidth(page, page.getByRole('combobox', { name: t('portal.reports.dateRange.preset', {}, 'en') }));

  // A tap opens the payment's detail.
  await first.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/transaction-report/${row.id}$`));
  await expect(page.getByRole('table', { name: t('resources.transaction-report.detailTitle', {}, 'en') })).toBeVisible();
});

test('the other report lists too: cards on a phone that open the detail, no sideways page scroll at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DemoUsers.accountant.username);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  for (const report of ['card-payment-report', 'disbursement-report', 'nonpaid-report']) {
    const answer = page.waitForResponse((r) => new RegExp(`/reports/${report}\\?`).test(r.url()) && r.status() === 200);
    await page.goto(`/portal/app/report-center/${report}`);
    const rows = ((await (await answer).json()) as { data: { content: Array<Record<string, unknown>> } }).data.content;
    expect(rows.length).toBeGreaterThan(0);
    const first = page.getByRole('list', { name: t(`resources.${report}.name`) }).getByRole('listitem').first();
    await expect(first).toContainText(formatDateTimeSeconds(String(rows[0]!.createdAt)));
    await expect(first).toContainText(formatMoney(Number(rows[0]!.amount), 'vi'));
    await expect(first).toContainText(t(`portal.reports.statuses.${String(rows[0]!.status)}`));
    await expectNoSidewaysScroll(page);
  }
  // The card payment's card opens its detail.
  await page.goto('/portal/app/report-center/card-payment-report');
  const card = page.getByRole('list', { name: t('resources.card-payment-report.name') }).getByRole('listitem').first();
  const transId = (await card.getByTestId('report-card').locator('span').first().textContent())!.trim();
  await card.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/report-center/card-payment-report/${transId}$`));

  await page.setViewportSize({ width: 1366, height: 768 });
  for (const report of ['card-payment-report', 'disbursement-report', 'nonpaid-report']) {
    await page.goto(`/portal/app/report-center/${report}`);
    await expect(page.getByRole('table', { name: t(`resources.${report}.name`) }).getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test('report settings on a phone: the schedules are cards that open their form, the create action is on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  const answer = page.waitForResponse((r) => /\/report-settings\?/.test(r.url()) && r.status() === 200);
  await page.goto('/portal/app/report-center/report-settings');
  const settings = ((await (await answer).json()) as { data: { content: Array<{ id: number; name: string }> } }).data.content;
  expect(settings.length).toBeGreaterThan(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  const create = page.getByRole('link', { name: t('portal.reportSettings.create') });
  await expectWithinWidth(page, create);
  const first = page.getByRole('listitem').getByRole('button', { name: new RegExp(settings[0].name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await expectWithinWidth(page, first);
  await expectNoSidewaysScroll(page);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/report-center/report-settings/${settings[0].id}(\\?|$)`));
});
