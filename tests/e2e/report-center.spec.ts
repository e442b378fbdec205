/**
 * Report center in the browser: role-gated reports hidden and refused, a report's filter, detail and
 * export (the file opened), the filter restored after navigating away, a report setting created and
 * its produced file listed and downloaded.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DemoMerchants, DemoUsers, sidebarLink, signIn, t, waitForQuiet } from './support';

const SME = DemoMerchants.sme;

async function accountantOnSme(page: Page) {
  await signIn(page, DemoUsers.accountant.username);
  // A single merchant is chosen on arrival.
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
}

test('a report the role lacks is hidden from the sidebar, refused by the page and by the API', async ({ page }) => {
  await accountantOnSme(page);
  const card = await sidebarLink(page, 'MERCHANT_CARD_PAYMENT_REPORT', 'MERCHANT_REPORTS_CENTER');
  await expect(card).toBeVisible();
  const nav = page.getByRole('navigation', { name: t('portal.layout.navigation') });
  await expect(nav.getByRole('link', { name: 'Báo cáo tài trợ vốn' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Báo cáo quyết toán' })).toHaveCount(0);

  await page.goto('/portal/app/report-center/financing-report');
  await expect(page.getByText(t('portal.accessDenied.title'))).toBeVisible();

  const token = await apiToken(page.request, DemoUsers.accountant.username);
  const res = await page.request.get(`/api/transaction/v2/merchants/${SME.id}/reports/financing-report?fromDate=2026-01-01&toDate=2026-01-31`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});

test('card payment report: filter, detail, export, filter restored on return', async ({ page }) => {
  await accountantOnSme(page);
  await (await sidebarLink(page, 'MERCHANT_CARD_PAYMENT_REPORT', 'MERCHANT_REPORTS_CENTER')).click();
  await expect(page).toHaveURL(/\/portal\/app\/report-center\/card-payment-report$/);
  const table = page.getByRole('table', { name: t('resources.card-payment-report.name') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The seeded daily schedule was due at start: the server's scheduler produced its file by itself.
  const produced = page.getByRole('region', { name: t('resources.report-center.generated.title') }).getByRole('row').filter({ hasText: 'Báo cáo thanh toán thẻ hằng ngày' });
  await expect(produced.getByText(t('portal.reports.statuses.READY'))).toBeVisible();

  // Last 90 days, failed payments only.
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') }).click();
  await page.getByRole('option', { name: t('portal.reports.dateRange.presets.last90Days') }).click();
  await page.getByRole('combobox', { name: t('portal.reports.status') }).click();
  await page.getByRole('option', { name: t('portal.reports.statuses.FAILED') }).click();
  await page.keyboard.press('Escape');
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(table.getByText(t('portal.reports.statuses.SUCCESS'), { exact: true })).toHaveCount(0);
  const statusCells = table.getByText(t('portal.reports.statuses.FAILED'), { exact: true });
  expect(await statusCells.count()).toBeGreaterThan(0);

  // Detail of the first row.
  const firstLink = rows.nth(1).getByRole('link');
  const transId = (await firstLink.textContent())!.trim();
  await firstLink.click();
  await expect(page).toHaveURL(new RegExp(`/report-center/card-payment-report/${transId}$`));
  await expect(page.getByText(transId, { exact: true })).toBeVisible();
  await expect(page.getByText(t('portal.reports.columns.issuerBank'))).toBeVisible();

  // Back on the list, the filter is the one left.
  await page.getByRole('link', { name: t('portal.reports.backToList') }).click();
  await expect(page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') })).toHaveText(t('portal.reports.dateRange.presets.last90Days'));
  await expect(page.getByRole('combobox', { name: t('portal.reports.status') })).toHaveText(t('portal.reports.statuses.FAILED'));

  // Export CSV: every filtered row, with the list's columns.
  // Two pagers on the page: the list's and the scheduled files' (in their region); the list's is the other one.
  const pagers = page.getByText(/[\d.]+-[\d.]+ trên [\d.]+/);
  await expect(pagers).toHaveCount(2);
  const filesPager = await page.getByRole('region', { name: t('resources.report-center.generated.title') }).getByText(/[\d.]+-[\d.]+ trên [\d.]+/).textContent();
  const texts = await pagers.allTextContents();
  texts.splice(texts.indexOf(filesPager!), 1);
  // Thousands are grouped with dots in Vietnamese ('1-20 trên 1.234').
  const total = Number((/trên ([\d.]+)/.exec(texts[0] ?? '')?.[1] ?? 'NaN').replaceAll('.', ''));
  const downloading = page.waitForEvent('download');
  const exportButton = page.getByRole('button', { name: t('portal.reports.export.button') });
  await exportButton.click();
  // The menu says what each format is, and offers one Excel entry.
  await expect(page.getByRole('menuitem')).toHaveText(['CSV (UTF-8)', 'Excel (XLSX)']);
  await page.getByRole('menuitem', { name: 'CSV (UTF-8)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^thanh-toan-the_${SME.partnerCode}_\\d{8}_\\d{8}_\\d{8}-\\d{4}\\.csv$`));
  // After the export the keyboard focus is back on the export button, not at the top of the page.
  await expect(exportButton).toBeFocused();
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Mã giao dịch,Thời gian tạo,Cửa hàng,Loại thẻ,Số thẻ,Số tiền (đ),Phí (đ),Trạng thái');
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).every((l) => l.endsWith(',Thất bại'))).toBe(true);
  expect(lines.some((l) => l.startsWith(`${transId},`))).toBe(true);
});

test('a report setting is created, produces its file and lists it for download', async ({ page }) => {
  await accountantOnSme(page);
  await page.goto('/portal/app/report-center/report-settings/create?type=NONPAID_REPORT');
  // A title that reads naturally, not "Tạo Cài đặt báo cáo".
  await expect(page.getByText(t('resources.report-settings.page.create')).first()).toBeVisible();
  await expect(page.getByText('Tạo Cài đặt báo cáo')).toHaveCount(0);
  // The report's default columns are ticked; "Chọn tất cả" ticks the rest.
  const columnBox = (key: string) => page.getByRole('checkbox', { name: t(`portal.reports.columns.${key}`), exact: true });
  await expect(columnBox('orderId')).toBeChecked();
  await expect(columnBox('customerPhone')).toBeChecked();
  await expect(columnBox('description')).not.toBeChecked();
  const selectAll = page.getByRole('checkbox', { name: t('portal.reportSettings.selectAll') });
  await selectAll.check();
  await expect(columnBox('description')).toBeChecked();
  await selectAll.uncheck();
  await expect(columnBox('orderId')).not.toBeChecked();
  await selectAll.check();

  const name = `Chưa thanh toán ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: t('portal.reportSettings.fields.name') }).fill(name);
  // A monthly schedule names the month the next run covers.
  await page.getByRole('radio', { name: t('portal.reportSettings.frequencies.MONTHLY') }).check();
  await page.getByRole('combobox', { name: t('portal.reportSettings.fields.dayOfMonth') }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect(page.getByTestId('next-period')).toContainText(t('portal.reportSettings.period.rule.MONTHLY'));
  await expect(page.getByTestId('next-period')).toContainText(/Tháng \d{2}\/\d{4} \(01\/\d{2}\/\d{4}–\d{2}\/\d{2}\/\d{4}\)/);
  await page.getByRole('radio', { name: t('portal.reportSettings.frequencies.WEEKLY') }).check();
  await page.getByRole('combobox', { name: t('portal.reportSettings.fields.dayOfWeek') }).click();
  await page.getByRole('option', { name: t('portal.reportSettings.weekdays.5') }).click();
  // The wrong recipient is named with its line and what was typed.
  const recipients = page.getByRole('textbox', { name: t('portal.reportSettings.fields.recipients') });
  await recipients.fill('ketoan@example.vn\nnot-an-email');
  await page.getByRole('radio', { name: t('portal.reportSettings.formats.csv') }).check();
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(t('portal.reportSettings.recipientLine', { line: 2, value: 'not-an-email' }))).toBeVisible();
  await recipients.fill('ketoan@example.vn\nchu@example.vn');
  // A double click on "Lưu" creates one setting.
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/report-settings$/.test(new URL(r.url()).pathname)) creates++;
  });
  await page.getByRole('button', { name: 'Lưu' }).dblclick();

  await expect(page).toHaveURL(/\/report-center\/report-settings\/\d+$/);
  expect(creates).toBe(1);
  await expect(page.getByTestId('next-run')).toContainText(t('portal.reportSettings.nextRun', { at: '' }).trim());
  // "Tạo báo cáo ngay" says it does not e-mail; a double click produces once.
  await expect(page.getByText(t('portal.reportSettings.runNowHelp'))).toBeVisible();
  let runs = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/run$/.test(new URL(r.url()).pathname)) runs++;
  });
  await page.getByRole('button', { name: t('portal.reportSettings.runNow') }).dblclick();
  const files = page.getByRole('region', { name: t('resources.report-center.generated.title') });
  const row = files.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  expect(runs).toBe(1);
  await expect(row.getByText(t('portal.reports.statuses.READY'))).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: new RegExp(t('resources.report-center.generated.download')) }).click();
  const download = await downloading;
  // Named like a manual export of the same report: report, partner, period, time made.
  expect(download.suggestedFilename()).toMatch(/^chua-thanh-toan_MC_SONGHAN_\d{8}_\d{8}_\d{8}-\d{4}\.csv$/);
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.slice(1).split('\r\n')[0]).toBe('Mã đơn hàng,Thời gian tạo,Hết hạn lúc,Cửa hàng,SĐT khách hàng,Nội dung,Số tiền (đ),Trạng thái');

  // The same file is in the generic list of its type, on the non-paid report.
  await page.goto('/portal/app/report-center/nonpaid-report');
  await expect(page.getByRole('region', { name: t('resources.report-center.generated.title') }).getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('in English, the disbursement report and its detail read in English', async ({ page }) => {
  await accountantOnSme(page);
  // The app's own redirect after choosing the merchant would abort the goto below (ERR_ABORTED, once in a full run).
  await waitForQuiet(page);
  // The language is the one readable key; the page reads it on load.
  await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  await page.goto('/portal/app/report-center/disbursement-report');
  const table = page.getByRole('table', { name: t('resources.disbursement-report.name', {}, 'en') });
  await expect(table.getByRole('columnheader', { name: t('portal.reports.columns.receiverName', {}, 'en'), exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: t('portal.reports.dateRange.preset', {}, 'en') })).toHaveText(t('portal.reports.dateRange.presets.last7Days', {}, 'en'));
  const link = table.getByRole('row').nth(1).getByRole('link');
  const tranId = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByText(t('portal.reports.columns.receiverBank', {}, 'en'))).toBeVisible();
  await expect(page.getByText(tranId, { exact: true })).toBeVisible();
});
