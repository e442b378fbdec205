/** Transaction report in the browser: presets, filters, restored filter, detail, export, refund by role. */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { addDays, formatDay, vietnamToday } from '../../src/domain/time';
import { parseRfc4180 } from '../api/csv';
import { chooseMerchant, DemoMerchants, DemoUsers, sidebarLink, signIn, t } from './support';
// react-admin's own button (its label is react-admin's string, not the portal's).
import viRa from '../../src/i18n/vi/ra.json' with { type: 'json' };

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const LIST = /\/transaction-report\?/;

async function openReport(page: Page, username: string) {
  await signIn(page, username);
  // The owner has several merchants and chooses; single-merchant users land on the welcome page.
  if (username === DemoUsers.owner.username) await chooseMerchant(page, DemoMerchants.sme.name);
  else await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  const link = await sidebarLink(page, 'MERCHANT_TRANS_REPORT', 'MERCHANT_REPORTS_CENTER');
  const firstLoad = page.waitForResponse((r) => LIST.test(r.url()));
  await link.click();
  await firstLoad;
  await expect(page).toHaveURL(/\/portal\/app\/report-center\/transaction-report$/);
  await expect(page.getByRole('table', { name: t('resources.transaction-report.name') })).toBeVisible();
}

async function choosePreset(page: Page, preset: string) {
  const listCall = page.waitForResponse((r) => LIST.test(r.url()));
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') }).click();
  await page.getByRole('option', { name: t(`portal.reports.dateRange.presets.${preset}`), exact: true }).click();
  return new URL((await listCall).url()).searchParams;
}

test('presets, status filter, detail, and the filter restored after navigating away', async ({ page }) => {
  await openReport(page, DemoUsers.owner.username);
  const today = vietnamToday();

  const todayParams = await choosePreset(page, 'today');
  expect([todayParams.get('from'), todayParams.get('to')]).toEqual([today, today]);
  const last90 = await choosePreset(page, 'last90Days');
  expect([last90.get('from'), last90.get('to')]).toEqual([addDays(today, -89), today]);
  // The date fields read DD/MM/YYYY (§9) whatever the browser's locale.
  await expect(page.getByRole('group', { name: t('portal.reports.dateRange.from') }).locator('input')).toHaveValue(formatDay(addDays(today, -89)));

  // Status filter: every row then says "Thất bại", and the totals count equals the list's total.
  const filtered = page.waitForResponse((r) => LIST.test(r.url()) && new URL(r.url()).searchParams.get('status') === 'FAILED');
  await page.getByRole('combobox', { name: t('resources.transaction-report.filters.status') }).click();
  await page.getByRole('option', { name: t('resources.transaction-report.statuses.FAILED'), exact: true }).click();
  await page.keyboard.press('Escape');
  const { data } = (await (await filtered).json()) as { data: { totalElements: number; content: Array<{ id: string }> } };
  expect(data.totalElements).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: t('resources.transaction-report.name') });
  await expect(table.getByRole('row').nth(1)).toContainText(data.content[0]!.id);
  const statuses = await table.getByRole('row').locator('td').filter({ hasText: t('resources.transaction-report.statuses.FAILED') }).count();
  expect(statuses).toBe(Math.min(20, data.totalElements));
  await expect(page.getByTestId(`total-${t('portal.reports.figures.count')}`)).toHaveText(String(data.totalElements));

  // Away and back: the filter comes back from the encrypted store.
  await page.goto('/portal/app/offline-stores');
  await expect(page.getByRole('table')).toBeVisible();
  const restored = page.waitForResponse((r) => LIST.test(r.url()));
  await page.goBack();
  const params = new URL((await restored).url()).searchParams;
  expect(params.get('status')).toBe('FAILED');
  expect(params.get('from')).toBe(addDays(today, -89));
  await expect(page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') })).toHaveText(
    t('portal.reports.dateRange.presets.last90Days'),
  );
  const raw = await page.evaluate(() => JSON.stringify(localStorage));
  expect(raw).not.toContain('FAILED');

  // Detail of the first row, then its tracing.
  const firstId = data.content[0]!.id;
  await table.getByRole('link', { name: firstId }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction-report/${firstId}$`));
  await expect(page.getByRole('table', { name: t('resources.transaction-report.detailTitle') })).toContainText(
    t('resources.transaction-report.statuses.FAILED'),
  );
  await page.getByRole('link', { name: t('resources.transaction-tracing.name') }).click();
  const steps = page.locator('.MuiStepLabel-label');
  await expect(steps.first()).toHaveText(t('resources.transaction-tracing.steps.CREATED'));
  await expect(steps.last()).toHaveText(t('resources.transaction-tracing.steps.FAILED'));
});

test('exports the filtered list as CSV with the chosen columns through an export job, and re-downloads it from past exports', async ({ page }) => {
  await openReport(page, DemoUsers.accountant.username);
  const from90 = addDays(vietnamToday(), -89);
  const totalsCall = page.waitForResponse(
    (r) => /\/transaction-report\/totals\?/.test(r.url()) && new URL(r.url()).searchParams.get('from') === from90,
  );
  await choosePreset(page, 'last90Days');
  const totals = ((await (await totalsCall).json()) as { data: { count: number } }).data;
  expect(totals.count).toBeGreaterThan(0);

  // Hide the fee column: the file follows the list's columns.
  await page.getByRole('button', { name: viRa.ra.action.select_columns }).click();
  await page.getByRole('switch', { name: t('resources.transaction-report.fields.fee'), exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: t('resources.transaction-report.fields.fee'), exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: t('portal.reports.export.button') }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: t('portal.reports.export.csv') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giao-dich_MC_SONGHAN_\d{8}_\d{8}_\d{8}-\d{4}\.csv$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 3).equals(BOM)).toBe(true);
  const [header, ...records] = parseRfc4180(bytes.subarray(3).toString('utf8')).map((r) => r.map((f) => f.value));
  expect(header).toEqual(['Mã giao dịch', 'Thời gian tạo', 'Cửa hàng', 'SĐT khách hàng', 'Phương thức thanh toán', 'Trạng thái', 'Số tiền (đ)']);
  expect(records.filter((r) => r.length > 1)).toHaveLength(totals.count);
  await expect(page.getByText('Tải file thành công!')).toBeVisible();
  // More rows than EXPORT_SMALL_MAX_ROWS (300 in this suite): it went through a job, whose end is shown.
  expect(totals.count).toBeGreaterThan(300);
  const count = new Intl.NumberFormat('vi-VN').format(totals.count);
  await expect(page.getByRole('status').filter({ hasText: t('portal.reports.export.status.DONE', { total: count }) })).toBeVisible();

  // The past exports list the file; it downloads again, the same bytes.
  await page.getByRole('button', { name: t('portal.reports.export.history') }).click();
  const history = page.getByRole('dialog', { name: t('portal.reports.export.history') });
  const again = page.waitForEvent('download');
  await history.getByRole('button', { name: `${t('portal.reports.export.download')} ${download.suggestedFilename()}` }).click();
  const second = await again;
  expect(second.suggestedFilename()).toBe(download.suggestedFilename());
  expect((await readFile(await second.path())).equals(bytes)).toBe(true);
});

test('refund is offered to refund roles only, confirmed, and applied once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await openReport(page, DemoUsers.accountant.username);
  const call = page.waitForResponse((r) => LIST.test(r.url()) && new URL(r.url()).searchParams.get('status') === 'SUCCESS');
  await page.getByRole('combobox', { name: t('resources.transaction-report.filters.status') }).click();
  await page.getByRole('option', { name: t('resources.transaction-report.statuses.SUCCESS'), exact: true }).click();
  await page.keyboard.press('Escape');
  const row = ((await (await call).json()) as { data: { content: Array<{ id: string; amount: number }> } }).data.content[0]!;
  await page.getByRole('link', { name: row.id }).click();

  await page.getByRole('button', { name: t('resources.transaction-report.refund.button') }).click();
  const amount = page.getByRole('textbox', { name: t('resources.transaction-report.refund.amount') });
  await amount.fill('1000');
  await page.getByRole('button', { name: t('resources.transaction-report.refund.submit') }).click();
  const confirm = page.getByRole('dialog', { name: 'Vui lòng xác nhận' });
  await expect(confirm).toContainText(row.id);
  const refunded = page.waitForResponse((r) => /\/refunds\?/.test(r.url()) && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: t('portal.confirm.confirm') }).click();
  expect((await refunded).status()).toBe(200);
  const details = page.getByRole('table', { name: t('resources.transaction-report.detailTitle') });
  await expect(details).toContainText(t('resources.transaction-report.statuses.PARTIALLY_REFUNDED'));
  await expect(page.getByRole('table', { name: t('resources.transaction-report.refunds.title') }).getByRole('row')).toHaveCount(2);

  // A cashier sees the report but no refund button.
  const context = await browser.newContext();
  const cashierPage = await context.newPage();
  await openReport(cashierPage, DemoUsers.cashier.username);
  await choosePreset(cashierPage, 'last90Days');
  await cashierPage.getByRole('table', { name: t('resources.transaction-report.name') }).getByRole('link').first().click();
  await expect(cashierPage.getByRole('table', { name: t('resources.transaction-report.detailTitle') })).toBeVisible();
  await expect(cashierPage.getByRole('button', { name: t('resources.transaction-report.refund.button') })).toHaveCount(0);
  await context.close();
});

test.describe('in a browser set to US English', () => {
  test.use({ locale: 'en-US' });

  test('the date filter still shows and takes DD/MM/YYYY, from the keyboard', async ({ page }) => {
    await openReport(page, DemoUsers.accountant.username);
    const today = vietnamToday();
    const from = page.getByRole('group', { name: t('portal.reports.dateRange.from') });
    await expect(from.locator('input')).toHaveValue(formatDay(addDays(today, -6)));

    // Typed as day, month, year: the list asks for that day.
    const target = addDays(today, -10);
    const listCall = page.waitForResponse((r) => LIST.test(r.url()) && new URL(r.url()).searchParams.get('from') === target);
    await from.getByRole('spinbutton').first().click();
    await page.keyboard.type(formatDay(target).replaceAll('/', ''));
    await listCall;
    await expect(from.locator('input')).toHaveValue(formatDay(target));
    await expect(page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') })).toHaveText(t('portal.reports.dateRange.presets.custom'));
  });
});
