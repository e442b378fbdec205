/**
 * Period and monthly control and the payout report as an accountant uses them: confirm a period (it
 * locks), dispute another (a ticket is opened), download the monthly statement PDF and read it; English.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { DemoMerchants, DemoUsers, signIn, t, waitForQuiet } from './support';

const R = 'resources.period-control';

async function openPeriods(page: Page) {
  await signIn(page, DemoUsers.accountant.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/period-control');
  await expect(page.getByRole('table', { name: t(`${R}.name`) })).toBeVisible();
}

/** Opens the newest period still to confirm. */
async function openReadyPeriod(page: Page) {
  const row = page.getByTestId('period-row').filter({ hasText: t(`${R}.statuses.READY`) }).first();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/portal\/app\/period-control\/\d+$/);
  await expect(page.getByTestId('period-status')).toHaveText(t(`${R}.statuses.READY`));
}

test('the accountant confirms a period (it locks) and disputes another (a ticket opens)', async ({ page }) => {
  await openPeriods(page);
  await openReadyPeriod(page);
  await expect(page.getByTestId('period-grossAmount')).toHaveText(/\d.*đ$/);
  await expect(page.getByRole('table', { name: t(`${R}.transactions.title`) }).getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: t(`${R}.confirm.button`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('portal.confirm.confirm') }).click();
  await expect(page.getByTestId('period-status')).toHaveText(t(`${R}.statuses.CONFIRMED`));
  await expect(page.getByTestId('period-confirmedBy')).toContainText(DemoUsers.accountant.username);
  await expect(page.getByText(t(`${R}.locked`))).toBeVisible();
  await expect(page.getByRole('button', { name: t(`${R}.confirm.button`) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t(`${R}.dispute.button`) })).toHaveCount(0);

  await page.getByRole('link', { name: t('portal.reports.backToList') }).click();
  await expect(page).toHaveURL(/\/portal\/app\/period-control$/);
  // A fresh list: the confirmed period is no longer to confirm.
  await page.reload();
  await openReadyPeriod(page);
  await page.getByRole('button', { name: t(`${R}.dispute.button`) }).click();
  const dialog = page.getByRole('dialog');
  // An empty reason is refused on the spot and nothing is sent.
  await dialog.getByRole('button', { name: t(`${R}.dispute.submit`) }).click();
  await expect(dialog.getByText(t('validation.required'))).toBeVisible();
  await dialog.getByRole('textbox', { name: t(`${R}.dispute.reason`) }).fill('Tổng phí ngày này cao hơn mức phí trong hợp đồng');
  await dialog.getByRole('button', { name: t(`${R}.dispute.submit`) }).click();
  await expect(page.getByTestId('period-status')).toHaveText(t(`${R}.statuses.DISPUTED`));
  await expect(page.getByTestId('period-disputeReason')).toHaveText('Tổng phí ngày này cao hơn mức phí trong hợp đồng');
  await expect(page.getByTestId('period-ticket')).toHaveText(/^#\d+$/);
});

test('the accountant downloads the monthly statement PDF and it reads in Vietnamese', async ({ page }) => {
  await signIn(page, DemoUsers.accountant.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/monthly-control');
  const today = new Date(Date.now() + 7 * 3_600_000);
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const month = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;
  const label = `${month.slice(5)}/${month.slice(0, 4)}`;
  const row = page.getByTestId(`month-${month}`);
  await expect(row).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: t('resources.monthly-control.downloadPdf', { month: label }) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`doi-soat-${DemoMerchants.sme.partnerCode}-${month}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  expect(doc.getTitle()).toBe(`Bảng đối soát tháng ${label}`);
  expect(doc.getSubject()).toBe(DemoMerchants.sme.name);
});

test('in English: periods, the payout report and a payout leading to its period', async ({ page }) => {
  await signIn(page, DemoUsers.accountant.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  await page.goto('/portal/app/period-control');
  await expect(page.getByRole('table', { name: t(`${R}.name`, {}, 'en') })).toBeVisible();
  await expect(page.getByTestId('period-row').first()).toBeVisible();
  await expect(page.getByText(t(`${R}.statuses.CONFIRMED`, {}, 'en')).first()).toBeVisible();

  await page.goto('/portal/app/payout-report');
  const table = page.getByRole('table', { name: t('resources.payout-report.name', {}, 'en') });
  await expect(table).toBeVisible();
  await expect(table.getByText(t('portal.reports.statuses.PAID', {}, 'en')).first()).toBeVisible();
  await expect(table.getByText(/^••••\d{4}$/).first()).toBeVisible();
  await table.getByRole('link', { name: /^PO\d+/ }).first().click();
  await expect(page).toHaveURL(/\/portal\/app\/payout-report\/PO\d+$/);
  await page.getByRole('link', { name: t('resources.payout-report.openPeriod', {}, 'en') }).click();
  await expect(page).toHaveURL(/\/portal\/app\/period-control\/\d+$/);
  await expect(page.getByTestId('period-payoutStatus')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Settlement period of \d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
});
