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

  // The job's end is announced in the bell; its item opens the report with the past exports listing the
  // file, which downloads again, the same bytes.
  await page.goto('/portal/app/welcome');
  await page.getByTestId('notification-bell').click();
  await page
    .getByRole('dialog', { name: t('portal.notifications.title') })
    .getByTestId('notification-item')
    .filter({ hasText: t('portal.notifications.kinds.EXPORT_READY', { fileName: download.suggestedFilename() }) })
    .click();
  await expect(page).toHaveURL(/\/portal\/app\/report-center\/transaction-report\?exports=past$/);
  const history = page.getByRole('dialog', { name: t('portal.reports.export.history') });
  const again = page.waitForEvent('download');
  await history.getByRole('button', { name: `${t('portal.reports.export.download')} ${download.suggestedFilename()}` }).click();
  const second = await again;
  expect(second.suggestedFilename()).toBe(download.suggestedFilename());
  expect((await readFile(await second.path())).equals(bytes)).toBe(true);
  // Closed, the list's address no longer asks for them.
  await history.getByRole('button', { name: t('portal.reports.close') }).click();
  await expect(page).toHaveURL(/\/portal\/app\/report-center\/transaction-report$/);
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

const REPORT_PATH = '/portal/app/report-center/transaction-report';
const TOTALS = /\/transaction-report\/totals\?/;

/** Signs in as the owner and opens the report in a language (the list answer is not awaited: it may be made to fail). */
async function openReportIn(page: Page, lng: 'vi' | 'en') {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  // A plain language value is sealed by the portal on its next load.
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  await page.goto(REPORT_PATH);
}

test('a list that fails to load says why and retries, never zeros and "nothing matches": a server error, then no network', async ({ page }) => {
  await page.route(LIST, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream exploded' }));
  await openReportIn(page, 'vi');
  const failure = page.getByRole('alert').filter({ hasText: t('portal.reports.loadFailed') });
  await expect(failure).toContainText(t('portal.reports.errors.server', { status: 500 }));
  await expect(page.getByText(t('resources.transaction-report.empty'))).toHaveCount(0);
  await expect(page.getByRole('region', { name: t('portal.reports.totals.label') })).toHaveCount(0);
  await expect(page.getByText(/^0\s?đ$/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: t('resources.transaction-report.name') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('portal.reports.export.button') })).toBeDisabled();

  // Retry once the server is back: the rows and totals come.
  await page.unroute(LIST);
  const recovered = page.waitForResponse((r) => LIST.test(r.url()) && r.status() === 200);
  await failure.getByRole('button', { name: t('portal.common.retry') }).click();
  const { data } = (await (await recovered).json()) as { data: { totalElements: number; content: Array<{ id: string }> } };
  await expect(failure).toHaveCount(0);
  const table = page.getByRole('table', { name: t('resources.transaction-report.name') });
  await expect(table.getByRole('row').nth(1)).toContainText(data.content[0]!.id);
  await expect(page.getByTestId(`total-${t('portal.reports.figures.count')}`)).toHaveText(String(data.totalElements));

  // No network: the same state, saying so; the filter stays to change.
  await page.route(LIST, (route) => route.abort('internetdisconnected'));
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') }).click();
  await page.getByRole('option', { name: t('portal.reports.dateRange.presets.last90Days'), exact: true }).click();
  await expect(failure).toContainText(t('portal.reports.errors.offline'));
  await expect(table).toHaveCount(0);
  await page.unroute(LIST);
  const back = page.waitForResponse((r) => LIST.test(r.url()) && r.status() === 200);
  await failure.getByRole('button', { name: t('portal.common.retry') }).click();
  const last90 = new URL((await back).url()).searchParams;
  expect(last90.get('from')).toBe(addDays(vietnamToday(), -89));
  await expect(table).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('totals that fail do not read as zeros: the rows show, the totals say why and retry (English)', async ({ page }) => {
  await page.route(TOTALS, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'busy' }));
  const listed = page.waitForResponse((r) => LIST.test(r.url()) && r.status() === 200);
  await openReportIn(page, 'en');
  const { data } = (await (await listed).json()) as { data: { totalElements: number; content: Array<{ id: string }> } };
  const table = page.getByRole('table', { name: t('resources.transaction-report.name', {}, 'en') });
  await expect(table.getByRole('row').nth(1)).toContainText(data.content[0]!.id);
  const failure = page.getByRole('alert').filter({ hasText: t('portal.reports.totalsFailed', {}, 'en') });
  await expect(failure).toContainText(t('portal.reports.errors.server', { status: 503 }, 'en'));
  await expect(page.getByRole('region', { name: t('portal.reports.totals.label', {}, 'en') })).toHaveCount(0);

  await page.unroute(TOTALS);
  const totals = page.waitForResponse((r) => TOTALS.test(r.url()) && r.status() === 200);
  await failure.getByRole('button', { name: t('portal.common.retry', {}, 'en') }).click();
  await totals;
  await expect(failure).toHaveCount(0);
  await expect(page.getByTestId(`total-${t('portal.reports.figures.count', {}, 'en')}`)).toHaveText(
    new Intl.NumberFormat('en-US').format(data.totalElements),
  );
});

test('an end date before the start date is an error on the field, and no request is sent (English)', async ({ page }) => {
  const asked: URLSearchParams[] = [];
  page.on('request', (r) => {
    if (LIST.test(r.url()) || TOTALS.test(r.url())) asked.push(new URL(r.url()).searchParams);
  });
  const listed = page.waitForResponse((r) => LIST.test(r.url()) && r.status() === 200);
  await openReportIn(page, 'en');
  await listed;
  const table = page.getByRole('table', { name: t('resources.transaction-report.name', {}, 'en') });
  await expect(table).toBeVisible();
  const today = vietnamToday();
  const before = asked.length;

  // "To" typed ten days back, before "from" (six days back, the default 7 days).
  const to = page.getByRole('group', { name: t('portal.reports.dateRange.to', {}, 'en') });
  await to.getByRole('spinbutton').first().click();
  await page.keyboard.type(formatDay(addDays(today, -10)).replaceAll('/', ''));
  await expect(to.locator('input')).toHaveValue(formatDay(addDays(today, -10)));
  await expect(page.getByText(t('portal.reports.dateRange.errors.order', {}, 'en'), { exact: true })).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]').filter({ has: page.getByRole('spinbutton') })).toHaveCount(2);
  // Longer than the list's typing pause (400 ms): nothing was asked with the inverted range, the rows stay.
  await page.waitForTimeout(1_500);
  expect(asked.slice(before).filter((q) => (q.get('from') ?? '') > (q.get('to') ?? ''))).toEqual([]);
  await expect(table).toBeVisible();

  // A preset replaces the pair: the error goes and the list asks again.
  const call = page.waitForResponse((r) => LIST.test(r.url()) && new URL(r.url()).searchParams.get('from') === addDays(today, -89));
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset', {}, 'en') }).click();
  await page.getByRole('option', { name: t('portal.reports.dateRange.presets.last90Days', {}, 'en'), exact: true }).click();
  await call;
  await expect(page.getByText(t('portal.reports.dateRange.errors.order', {}, 'en'), { exact: true })).toHaveCount(0);
  expect(asked.filter((q) => (q.get('from') ?? '') > (q.get('to') ?? ''))).toEqual([]);
});

test('a store role is not offered the fee the server withholds: no fee column, no fee in the columns menu', async ({ page }) => {
  await openReport(page, DemoUsers.cashier.username);
  const totalsCall = page.waitForResponse((r) => TOTALS.test(r.url()) && r.status() === 200);
  await choosePreset(page, 'last90Days');
  const totals = ((await (await totalsCall).json()) as { data: { count: number; fee: number | null } }).data;
  expect(totals.count).toBeGreaterThan(0);
  expect(totals.fee).toBeNull();
  const table = page.getByRole('table', { name: t('resources.transaction-report.name') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: t('resources.transaction-report.fields.fee'), exact: true })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: t('resources.transaction-report.fields.amount'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: viRa.ra.action.select_columns }).click();
  await expect(page.getByRole('switch', { name: t('resources.transaction-report.fields.amount'), exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: t('resources.transaction-report.fields.fee'), exact: true })).toHaveCount(0);
});
